// The `sums` halo mode, as production codes exchange shared nodes: each
// holder adds its own terms at a shared node into one partial sum, sends
// that one value per node and neighbour, and adds every holder's partial
// sum in rank order. Deterministic for a fixed number of ranks and any
// thread count, but the rounding depends on how the terms are split over
// ranks (LS-DYNA's answers also change with np unless its consistency
// option is on). Fewer bytes than `corners`: one value per shared node per
// neighbour instead of one per corner meeting there.
#pragma once

#include <vector>

#include "decomposition/halo/exchange_plan.hpp"
#include "decomposition/halo/node_terms.hpp"
#include "decomposition/halo/shared_node_sum.hpp"

namespace mc {

class PartialSums final : public SharedNodeSum {
 public:
  // shared[q]: local nodes shared with neighbours[q], in the order both sides
  // list them; shared_nodes: every shared node once (the order of the sums).
  PartialSums(const std::vector<int>& neighbours, const std::vector<std::vector<int>>& shared,
              const std::vector<int>& shared_nodes, const NodeTerms& terms, int rank, bool nodal_term);
  const char* mode() const override { return "sums"; }
  void sum(const CornerField& field, std::vector<Real>& sums, Communicator& comm) override;

 private:
  ExchangePlan<Real> plan_;      // items: positions in shared_nodes
  std::vector<int> shared_nodes_;
  NodeTerms terms_;
  bool nodal_term_ = false;
  // Per shared node, its holders' partial sums in rank order:
  // (neighbour index, position in its message) or (-1, 0) for this rank's.
  std::vector<int> part_offset_;
  std::vector<std::pair<int, int>> parts_;
  std::vector<Real> partial_;    // this rank's partial sums, width per shared node
};

}  // namespace mc
