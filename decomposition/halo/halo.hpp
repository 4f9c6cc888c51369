// The neighbour exchange of shared nodes ("many ranks, one answer"). A
// shared node's force is the sum of terms held by several ranks; the halo
// completes such sums (sum_shared, through a SharedNodeSum mode) and copies
// a field from each shared node's owner to its other holders (gather). It
// sees nodes and their terms (node_terms.hpp), never elements.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "decomposition/halo/exchange_plan.hpp"
#include "decomposition/halo/node_terms.hpp"
#include "decomposition/halo/shared_node_sum.hpp"
#include "decomposition/subdomain/subdomain.hpp"

namespace mc {

// How holders agree on a shared node's sum (shared_node_sum.hpp): every
// term in the model-wide order (np-independent answers), or one partial
// sum per node and neighbour (production codes' bytes).
enum class HaloMode { Corners, Sums };
// "corners" or "sums"; throws std::invalid_argument otherwise.
HaloMode parse_halo_mode(const std::string& name);

class Halo {
 public:
  Halo() = default;  // one rank: nothing shared
  // Collective over this rank's neighbours. With nodal_term, each holder's
  // nodal value at a shared node (the contact share) is one more term,
  // after the corners, in rank order.
  Halo(const SubdomainPlan& plan, const std::unordered_map<GlobalId, int>& node_index, const NodeTerms& terms,
       const TermKeyOf& key_of, int rank, Communicator& comm, bool nodal_term = false,
       HaloMode mode = HaloMode::Corners);

  bool active() const { return !neighbours_.empty(); }
  const char* mode() const { return sum_ ? sum_->mode() : "none"; }
  // Local nodes whose lowest-ranked holder is this rank: they count in sums
  // over the whole model (energies, momenta, rigid-body and wall totals).
  const std::vector<std::uint8_t>& owned() const { return owned_; }
  // Every shared node once, ascending: the order of sum_shared's result.
  const std::vector<int>& shared_nodes() const { return shared_nodes_; }

  // Collective: sums[s * width + k] is component k of the complete sum of
  // `field` at shared_nodes()[s]. Nothing to do on one rank.
  void sum_shared(const CornerField& field, std::vector<Real>& sums, Communicator& comm);
  // Collective: every holder of a shared node takes its owner's value of `field`.
  void gather(const Vec3View& field, Communicator& comm);
  // Collective, for set-up: each holder of a shared node n sends its row
  // value(n, 0 .. width - 1) to the node's other holders, and take(n, row)
  // gets each row that came, neighbour by neighbour in rank order (after
  // all sends, so take may change what value reads). Holders agree on a
  // value by combining rows in a way that does not depend on their order.
  void share_rows(int width, const std::function<double(int, int)>& value,
                  const std::function<void(int, const double*)>& take, Communicator& comm) const;

 private:
  std::vector<int> neighbours_;
  std::vector<std::uint8_t> owned_;
  std::vector<int> shared_nodes_;
  std::vector<std::vector<int>> shared_with_;  // per neighbour: the local nodes it also holds, in global order
  std::shared_ptr<SharedNodeSum> sum_;
  ExchangePlan<Real> owner_values_;        // items: local nodes this rank owns, to each other holder
  std::vector<std::vector<int>> owner_of_;  // per recv rank: the local nodes it owns here, in message order
};

}  // namespace mc
