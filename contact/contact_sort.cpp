// The bucket sort of one interface: which node-segment pairs to check until
// the next sort, and in which order each node's contributions are summed.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <tuple>

#include "contact/bucket_search.hpp"
#include "contact/contact_phase.hpp"
#include "decomposition/parallel/parallel_sort.hpp"

namespace mc {
namespace {

SearchBoxes search_boxes(const InterfaceRun& run) {
  const InterfaceSetup& in = *run.setup;
  SearchBoxes boxes;
  const std::size_t m = in.segment_element.size();
  boxes.lo.assign(3 * m, 1e300);
  boxes.hi.assign(3 * m, -1e300);
  Kokkos::parallel_for("contact::search_boxes", HostRange(0, static_cast<int>(m)), [&](const int segment) {
    const std::size_t g = static_cast<std::size_t>(segment);
    const double grow = in.segment_half_thickness[g] + run.max_node_half + run.margin;
    for (int c = 0; c < 4; ++c) {
      const double* p = &run.x[3 * static_cast<std::size_t>(run.segment_slot[4 * g + c])];
      for (int k = 0; k < 3; ++k) {
        boxes.lo[3 * g + k] = std::min(boxes.lo[3 * g + k], p[k] - grow);
        boxes.hi[3 * g + k] = std::max(boxes.hi[3 * g + k], p[k] + grow);
      }
    }
  });
  return boxes;
}

// Slots' contributions sorted by (slot, node id, segment id, role): the
// order of the pairs in contact depends only on which pairs they are.
void build_entries(InterfaceRun& run) {
  // Pair p's node and corners, five places a pair (a triangle's fourth
  // corner left as a slot past the last, which sorts last and is dropped).
  const int pairs = static_cast<int>(run.pair_node.size());
  const int no_slot = static_cast<int>(run.gid.size());
  std::vector<std::tuple<int, GlobalId, GlobalId, int>> list(5 * run.pair_node.size());
  Kokkos::parallel_for("contact::entries", HostRange(0, pairs), [&](const int pair) {
    const std::size_t p = static_cast<std::size_t>(pair);
    const int node = run.pair_node[p], seg = run.pair_segment[p];
    const GlobalId a = run.gid[static_cast<std::size_t>(node)], b = run.segment_gid[static_cast<std::size_t>(seg)];
    list[5 * p] = {node, a, b, pair * 5};
    const int* corner = &run.segment_slot[4 * static_cast<std::size_t>(seg)];
    for (int c = 0; c < 4; ++c)
      list[5 * p + 1 + static_cast<std::size_t>(c)] = {c < 3 || corner[3] != corner[2] ? corner[c] : no_slot, a, b,
                                                       pair * 5 + 1 + c};
  });
  parallel_sort(list);
  while (!list.empty() && std::get<0>(list.back()) == no_slot) list.pop_back();
  run.entry_offset.assign(run.gid.size() + 1, 0);
  run.entry.resize(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    run.entry_offset[static_cast<std::size_t>(std::get<0>(list[i])) + 1] += 1;
    run.entry[i] = std::get<3>(list[i]);
  }
  for (std::size_t s = 0; s < run.gid.size(); ++s) run.entry_offset[s + 1] += run.entry_offset[s];
}

// Whether node slot n is a corner of a segment that shares a corner with g:
// g's own one-ring. Those pairs sit one element apart in the sheet; with the
// contact thickness capped at 0.4 of an edge they touch only when the sheet
// folds back within one element, so checking them every cycle is wasted
// work (they dominate the candidates when elements are smaller than twice
// the contact distance). The rings are model-wide, so a node that is a
// ghost here, or whose other segments another rank holds, is skipped
// exactly as on one rank.
bool neighbours(const InterfaceRun& run, int n, int g) {
  const InterfaceSetup& in = *run.setup;
  const GlobalId id = run.gid[static_cast<std::size_t>(n)];
  const int* gc = &run.segment_slot[4 * static_cast<std::size_t>(g)];
  for (int c = 0; c < 4; ++c) {
    const auto first = in.node_ring.begin() + in.node_ring_offset[static_cast<std::size_t>(gc[c])];
    const auto last = in.node_ring.begin() + in.node_ring_offset[static_cast<std::size_t>(gc[c]) + 1];
    if (std::binary_search(first, last, id)) return true;
  }
  return false;
}

}  // namespace

// The slots assemble() sums each cycle until the next sort: every slot with
// an entry, and every local slot that is an active ghost on another rank
// (its returned force is added to the slot's sum).
void list_force_slots(InterfaceRun& run) {
  std::vector<char> summed(run.gid.size(), 0);
  for (std::size_t s = 0; s < run.gid.size(); ++s) summed[s] = run.entry_offset[s + 1] > run.entry_offset[s];
  for (std::size_t d = 0; d < run.active.send_ranks().size(); ++d)
    for (int n : run.active.send_items(d)) summed[static_cast<std::size_t>(n)] = 1;
  run.force_slots.clear();
  for (std::size_t s = 0; s < summed.size(); ++s)
    if (summed[s]) run.force_slots.push_back(static_cast<int>(s));
  run.local_force_slots = static_cast<std::size_t>(
      std::lower_bound(run.force_slots.begin(), run.force_slots.end(), run.local) - run.force_slots.begin());
}

void search_interface(InterfaceRun& run, const ContactMesh& mesh, std::int64_t cycle,
                      const std::vector<ContactTie>& ties) {
  const InterfaceSetup& in = *run.setup;
  const auto pairs = bucket_candidates(run.x, search_boxes(run), [&](int n, int g) {
    const std::size_t sn = static_cast<std::size_t>(n), sg = static_cast<std::size_t>(g);
    if (run.bits[sn] == 0 || !sides_meet(run.bits[sn], in.segment_bits[sg])) return false;
    if (!mesh.alive(in.segment_element[sg])) return false;  // eroded
    const int* corner = &run.segment_slot[4 * sg];
    if (corner[0] == n || corner[1] == n || corner[2] == n || corner[3] == n) return false;  // its own segment
    if (neighbours(run, n, g)) return false;
    // Keep the pair only if it can close the gap before the next sort: the
    // box test alone keeps every in-plane neighbour of a flat sheet.
    double x[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) x[c][k] = run.x[3 * static_cast<std::size_t>(corner[c]) + k];
    const double reach = run.half[sn] + in.segment_half_thickness[sg] + run.margin;
    return closest_on_segment(&run.x[3 * sn], x, corner[2] == corner[3]).distance2 < reach * reach;
  });
  run.pair_node.resize(pairs.size());
  run.pair_segment.resize(pairs.size());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    run.pair_node[p] = pairs[p].first;
    run.pair_segment[p] = pairs[p].second;
  }
  if (in.ties()) add_tied_pairs(run, ties);
  run.pair.assign(run.pair_node.size(), PairForce{});
  build_entries(run);
  run.slot_force.assign(3 * run.gid.size(), 0.0);
  run.x_at_sort.assign(run.x.begin(), run.x.begin() + 3 * run.local);
  run.last_sort_cycle = cycle;
  run.travel_since_sort = 0;
  run.sorted = true;
}

}  // namespace mc
