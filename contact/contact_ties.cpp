// The bookkeeping of a tying interface's ties on this rank
// (contact_ties.hpp): which candidate pairs are tied, the tied pairs a sort
// must keep, the ties a cycle's contacts make (_TIEBREAK) and those a tied
// interface makes at its start (*CONTACT_TIED_...).
#include <algorithm>
#include <unordered_map>

#include "contact/contact_phase.hpp"

namespace mc {
namespace {

int find_tie(const std::vector<ContactTie>& ties, GlobalId node, GlobalId segment) {
  ContactTie key;
  key.node = node;
  key.segment = segment;
  const auto it = std::lower_bound(ties.begin(), ties.end(), key, tie_before);
  return it != ties.end() && it->node == node && it->segment == segment ? static_cast<int>(it - ties.begin()) : -1;
}

void look_up_pair_ties(InterfaceRun& run, const std::vector<ContactTie>& ties) {
  run.pair_tie.assign(run.pair_node.size(), -1);
  if (ties.empty()) return;
  for (std::size_t p = 0; p < run.pair_node.size(); ++p)
    run.pair_tie[p] = find_tie(ties, run.gid[static_cast<std::size_t>(run.pair_node[p])],
                               run.segment_gid[static_cast<std::size_t>(run.pair_segment[p])]);
}

}  // namespace

void add_tied_pairs(InterfaceRun& run, const std::vector<ContactTie>& ties) {
  look_up_pair_ties(run, ties);
  std::vector<char> listed(ties.size(), 0);
  for (int t : run.pair_tie)
    if (t >= 0) listed[static_cast<std::size_t>(t)] = 1;
  if (std::all_of(listed.begin(), listed.end(), [](char l) { return l != 0; })) return;
  // A tied node pulled farther than the search reach is still held: its
  // pair joins the candidates wherever the node is in this rank's table.
  std::unordered_map<GlobalId, int> slot_of, segment_of;
  for (std::size_t n = 0; n < run.gid.size(); ++n)
    if (run.bits[n] != 0) slot_of.emplace(run.gid[n], static_cast<int>(n));
  for (std::size_t g = 0; g < run.segment_gid.size(); ++g) segment_of.emplace(run.segment_gid[g], static_cast<int>(g));
  for (std::size_t t = 0; t < ties.size(); ++t) {
    if (listed[t] || ties[t].failed) continue;  // a broken tie holds nothing
    const auto node = slot_of.find(ties[t].node);
    const auto segment = segment_of.find(ties[t].segment);
    if (node == slot_of.end() || segment == segment_of.end()) continue;
    run.pair_node.push_back(node->second);
    run.pair_segment.push_back(segment->second);
    run.pair_tie.push_back(static_cast<int>(t));
  }
}

int form_ties(InterfaceRun& run, std::vector<ContactTie>& ties) {
  const InterfaceSetup& in = *run.setup;
  int formed = 0;
  for (std::size_t p = 0; p < run.pair.size(); ++p) {
    const int n = run.pair_node[p], g = run.pair_segment[p];
    if (run.pair_tie[p] >= 0) {
      double* at = ties[static_cast<std::size_t>(run.pair_tie[p])].node_at;
      for (int k = 0; k < 3; ++k) at[k] = run.x[3 * static_cast<std::size_t>(n) + k];
      continue;
    }
    if (!run.pair[p].active) continue;
    const int* slot = &run.segment_slot[4 * static_cast<std::size_t>(g)];
    double x[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) x[c][k] = run.x[3 * static_cast<std::size_t>(slot[c]) + k];
    const double reach = run.half[static_cast<std::size_t>(n)] + in.segment_half_thickness[static_cast<std::size_t>(g)];
    ties.push_back(make_tie(run.gid[static_cast<std::size_t>(n)], run.segment_gid[static_cast<std::size_t>(g)],
                            &run.x[3 * static_cast<std::size_t>(n)], x, slot[2] == slot[3], run.pair[p].weight, reach));
    formed += 1;
  }
  if (formed > 0) {
    std::sort(ties.begin(), ties.end(), tie_before);
    look_up_pair_ties(run, ties);
  }
  return formed;
}

int break_ties(InterfaceRun& run, std::vector<ContactTie>& ties) {
  const InterfaceSetup& in = *run.setup;
  int broken = 0;
  for (std::size_t p = 0; p < run.pair.size(); ++p) {
    const int t = run.pair_tie[p];
    if (t < 0 || ties[static_cast<std::size_t>(t)].failed) continue;
    ContactTie& tie = ties[static_cast<std::size_t>(t)];
    const std::size_t n_slot = static_cast<std::size_t>(run.pair_node[p]);
    const int* slot = &run.segment_slot[4 * static_cast<std::size_t>(run.pair_segment[p])];
    double x[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) x[c][k] = run.x[3 * static_cast<std::size_t>(slot[c]) + k];
    int corner[3];
    tie_triangle_corners(tie.triangle, corner);
    double normal[3];
    const double len = triangle_cross(x, corner, normal);
    const double* f = run.pair[p].f;  // the tie's force on its node
    const double n[3] = {normal[0] / len, normal[1] / len, normal[2] / len};
    if (!tie_fails(f, n, tie.height, run.area[n_slot], in.tie_normal_failure, in.tie_shear_failure)) continue;
    tie.failed = 1;
    broken += 1;
  }
  return broken;
}

int form_starting_ties(InterfaceRun& run, std::vector<ContactTie>& ties) {
  const InterfaceSetup& in = *run.setup;
  int formed = 0;
  for (std::size_t p = 0; p < run.pair_node.size(); ++p) {
    if (run.pair_tie[p] >= 0) continue;
    const int n = run.pair_node[p], g = run.pair_segment[p];
    const int* slot = &run.segment_slot[4 * static_cast<std::size_t>(g)];
    double x[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) x[c][k] = run.x[3 * static_cast<std::size_t>(slot[c]) + k];
    const double* at = &run.x[3 * static_cast<std::size_t>(n)];
    const bool triangle = slot[2] == slot[3];
    const double tolerance = in.tie_tolerance > 0 ? in.tie_tolerance
                                                  : run.half[static_cast<std::size_t>(n)] +
                                                        in.segment_half_thickness[static_cast<std::size_t>(g)];
    SegmentPoint closest;
    if (!ties_to(at, x, triangle, tolerance, closest)) continue;
    const int t = tie_triangle_of(triangle, closest.weight);
    ties.push_back(tie_at(run.gid[static_cast<std::size_t>(n)], run.segment_gid[static_cast<std::size_t>(g)], at, x, t));
    formed += 1;
  }
  if (formed > 0) {
    std::sort(ties.begin(), ties.end(), tie_before);
    look_up_pair_ties(run, ties);
  }
  return formed;
}

}  // namespace mc
