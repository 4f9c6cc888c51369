// Element partitioners for the domain decomposition. Rank 0 partitions the
// global mesh (no MPI here); each rank then takes the elements of its part.
// RCB is the production crash code default: cheap, geometric, and its cuts
// stay straight as the structure folds. METIS k-way minimises the cut on the
// element dual graph; the multi-constraint variant balances a second load
// (contact) alongside the element work. rcb-contact cuts the elements with
// contact load apart from the others, so each rank gets a share of both.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <unordered_map>
#include <vector>

#include "decomposition/partition/work_weights.hpp"
#include "io/model.hpp"

namespace mc {

enum class PartitionMethod { Rcb, Metis, MetisMultiConstraint, RcbContactApart };
// "rcb", "metis", "metis-mc", "rcb-contact"; throws InputError("command
// line: unknown partitioner 'x' (rcb, rcb-contact, metis, metis-mc)") otherwise.
PartitionMethod parse_partition_method(const std::string& name);
const char* partition_method_name(PartitionMethod m);

struct PartitionInput {
  std::vector<std::array<double, 3>> centroids;   // one per element
  std::vector<std::array<std::int64_t, 4>> nodes; // element corner node indices 0..num_nodes-1 (n3==n4: triangle)
  std::int64_t num_nodes = 0;
  std::vector<double> work;        // per element compute cost (e.g. NIP-dependent); empty = 1 each
  std::vector<double> second_work; // contact load: METIS' second constraint (metis-mc), what rcb-contact sets apart; empty = 1 each
};

// What a restart set measured of each element's work in its last cycle, by
// element id (elements with none left out): points that yielded, and
// candidate contact pairs its segments checked.
struct MeasuredWork {
  std::unordered_map<GlobalId, int> yielding, contact_pairs;
};

// Centroids from the node coordinates; work = the element-phase cost of the
// element by `weights` (its kind, its section's NIP, and, when `measured`
// gives them, its points that yielded and its contact pairs in a restart
// set's last cycle); second_work = the contact load: the element's measured
// pairs, or without a measure the number of contact interfaces the element
// is a segment of. Throws InputError for an element naming an unknown node,
// part or section.
PartitionInput partition_input(const Model& model, const WorkWeights& weights = {},
                               const MeasuredWork* measured = nullptr);

// Element -> part (0..parts-1). Every element gets exactly one part; any
// parts >= 1 works. No part is empty unless parts > elements. Deterministic:
// the same input gives the same output on any machine and thread count.
// Throws std::invalid_argument for an inconsistent input (sizes, node
// indices, negative or non-finite work or coordinates) or parts < 1, and
// InputError when the mesh is too large for METIS' index type.
std::vector<int> partition_elements(const PartitionInput& input, int parts, PartitionMethod method);

struct PartitionSummary {  // per part: elements, work, shared nodes (nodes also touched by another part), neighbour parts
  std::vector<std::int64_t> elements, shared_nodes; std::vector<int> neighbours; std::vector<double> work;
  double imbalance = 1; // max work / mean work
};
PartitionSummary summarize_partition(const PartitionInput& input, const std::vector<int>& part, int parts);
// A compact table; with many parts, min/avg/max rows plus the first few parts.
void print_partition_summary(const PartitionSummary& s, PartitionMethod m, std::ostream& out);

}  // namespace mc
