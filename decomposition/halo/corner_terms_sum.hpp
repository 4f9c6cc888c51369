// The `corners` halo mode: every holder of a shared node receives every
// other holder's terms at it (one message per neighbour each way) and adds
// all of them in the model-wide order (TermKey): the same additions as on
// one rank, so the sum is bitwise independent of the number of ranks. Which
// terms meet at each shared node is agreed once, at construction.
#pragma once

#include <vector>

#include "decomposition/halo/exchange_plan.hpp"
#include "decomposition/halo/node_terms.hpp"
#include "decomposition/halo/shared_node_sum.hpp"

namespace mc {

class CornerTermsSum final : public SharedNodeSum {
 public:
  // Collective. shared[q]: local nodes shared with neighbours[q], in the
  // order both sides list them; shared_nodes: every shared node once, the
  // order of the sums. With nodal_term each holder adds its nodal value
  // after its corners, in rank order.
  CornerTermsSum(const std::vector<int>& neighbours, const std::vector<std::vector<int>>& shared,
                 const std::vector<int>& shared_nodes, const NodeTerms& terms, const TermKeyOf& key_of, int rank, bool nodal_term,
                 Communicator& comm);
  const char* mode() const override { return "corners"; }
  void sum(const CornerField& field, std::vector<Real>& sums, Communicator& comm) override;

 private:
  // A local term: a corner's flat offset (>= 0) or -1 - node for the nodal term.
  Real local_value(const CornerField& field, int term, int k) const;
  ExchangePlan<Real> plan_;       // items: indices into local_terms_
  std::vector<int> local_terms_;  // the terms this rank sends, in message order
  // Per shared node, its terms in model-wide order: (neighbour index,
  // position in its message) or (-1, local term).
  std::vector<int> term_offset_;
  std::vector<std::pair<int, int>> terms_;
};

}  // namespace mc
