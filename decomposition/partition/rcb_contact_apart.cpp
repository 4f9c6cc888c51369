// RCB with the contact elements decomposed apart: the elements that carry
// contact load (second_work > 0: the pairs a restart set measured, or the
// interfaces they are segments of) are cut by RCB into `parts` pieces of
// equal contact load, then the other elements by RCB into pieces that fill
// each part up to an equal share of the total work. Every rank gets its
// share of the contact, wherever in the car it is: a crash's pairs lie in
// the crush zone (against the rigid engine and wheels on the Neon-like
// deck), which one RCB of the whole model leaves on one or two ranks
// because the contact elements are a few per cent of its work.
//
// This is what LS-DYNA MPP does for the interfaces a user names in
// *CONTROL_MPP_DECOMPOSITION_CONTACT_DISTRIBUTE: their elements are
// decomposed separately and spread over all processors. The price is the
// same: a rank's contact piece and its other piece need not touch, so more
// nodes are shared (the partition summary counts them).
#include <algorithm>
#include <numeric>

#include "decomposition/partition/partition_methods.hpp"

namespace mc::detail {

namespace {

// The elements `pick` of `in`, with `work` as their work.
PartitionInput subset(const PartitionInput& in, const std::vector<std::size_t>& pick, const std::vector<double>& work) {
  PartitionInput out;
  out.num_nodes = in.num_nodes;
  for (std::size_t e : pick) {
    out.centroids.push_back(in.centroids[e]);
    out.nodes.push_back(in.nodes[e]);
    out.work.push_back(work.empty() ? 1.0 : work[e]);
  }
  return out;
}

}  // namespace

std::vector<int> rcb_contact_apart_partition(const PartitionInput& input, int parts) {
  const std::size_t ne = input.centroids.size();
  std::vector<std::size_t> contact, rest;
  for (std::size_t e = 0; e < ne; ++e) {
    const bool carries = !input.second_work.empty() && input.second_work[e] > 0;
    (carries ? contact : rest).push_back(e);
  }
  if (contact.size() < static_cast<std::size_t>(parts) || rest.size() < static_cast<std::size_t>(parts))
    return rcb_partition(input, parts);  // nothing to set apart (or everything): one RCB
  std::vector<int> part(ne, 0);
  const std::vector<int> contact_part = rcb_partition(subset(input, contact, input.second_work), parts);
  // What each part already holds, in element work; the rest fills it up.
  std::vector<double> held(static_cast<std::size_t>(parts), 0.0);
  for (std::size_t i = 0; i < contact.size(); ++i) {
    part[contact[i]] = contact_part[i];
    held[static_cast<std::size_t>(contact_part[i])] += input.work.empty() ? 1.0 : input.work[contact[i]];
  }
  const double total =
      input.work.empty() ? static_cast<double>(ne) : std::accumulate(input.work.begin(), input.work.end(), 0.0);
  std::vector<double> room(static_cast<std::size_t>(parts));
  double room_total = 0;
  for (std::size_t p = 0; p < room.size(); ++p) {
    room[p] = std::max(0.0, total / parts - held[p]);
    room_total += room[p];
  }
  if (!(room_total > 0)) room.clear();  // the contact pieces hold it all: share the rest equally
  const std::vector<int> rest_part = rcb_partition(subset(input, rest, input.work), parts, room);
  for (std::size_t i = 0; i < rest.size(); ++i) part[rest[i]] = rest_part[i];
  return part;
}

}  // namespace mc::detail
