#include "decomposition/halo/halo.hpp"

#include <algorithm>
#include <stdexcept>

#include "decomposition/halo/corner_terms_sum.hpp"
#include "decomposition/halo/partial_sums.hpp"
#include "decomposition/parallel/message_tags.hpp"

namespace mc {

HaloMode parse_halo_mode(const std::string& name) {
  if (name == "corners") return HaloMode::Corners;
  if (name == "sums") return HaloMode::Sums;
  throw std::invalid_argument("unknown halo mode '" + name + "' (corners, sums)");
}

Halo::Halo(const SubdomainPlan& plan, const std::unordered_map<GlobalId, int>& node_index, const NodeTerms& terms,
           const TermKeyOf& key_of, int rank, Communicator& comm, bool nodal_term, HaloMode mode)
    : neighbours_(plan.neighbours), owned_(static_cast<std::size_t>(terms.nodes()), 1) {
  const std::size_t nq = neighbours_.size();
  std::vector<std::vector<int>> shared(nq);
  std::vector<int> owner(owned_.size(), rank);  // lowest-ranked holder of each local node
  for (std::size_t q = 0; q < nq; ++q)
    for (GlobalId id : plan.shared[q]) {
      const int n = node_index.at(id);
      shared[q].push_back(n);
      shared_nodes_.push_back(n);
      owner[static_cast<std::size_t>(n)] = std::min(owner[static_cast<std::size_t>(n)], neighbours_[q]);
    }
  shared_with_ = shared;
  std::sort(shared_nodes_.begin(), shared_nodes_.end());
  shared_nodes_.erase(std::unique(shared_nodes_.begin(), shared_nodes_.end()), shared_nodes_.end());
  for (int n : shared_nodes_) owned_[static_cast<std::size_t>(n)] = owner[static_cast<std::size_t>(n)] == rank;
  // Owners' values: to each neighbour the shared nodes this rank owns;
  // from each neighbour the shared nodes it owns. Both sides list shared
  // nodes in the same (global) order, so the items line up.
  std::vector<int> send_ranks, recv_ranks, recv_counts;
  std::vector<std::vector<int>> send_items;
  for (std::size_t q = 0; q < nq; ++q) {
    std::vector<int> mine, theirs;
    for (int n : shared[q]) {
      if (owner[static_cast<std::size_t>(n)] == rank) mine.push_back(n);
      if (owner[static_cast<std::size_t>(n)] == neighbours_[q]) theirs.push_back(n);
    }
    if (!mine.empty()) {
      send_ranks.push_back(neighbours_[q]);
      send_items.push_back(std::move(mine));
    }
    if (!theirs.empty()) {
      recv_ranks.push_back(neighbours_[q]);
      recv_counts.push_back(static_cast<int>(theirs.size()));
      owner_of_.push_back(std::move(theirs));
    }
  }
  owner_values_ = ExchangePlan<Real>(std::move(send_ranks), std::move(send_items), std::move(recv_ranks),
                                     std::move(recv_counts));
  if (!active()) return;
  if (mode == HaloMode::Sums) sum_ = std::make_shared<PartialSums>(neighbours_, shared, shared_nodes_, terms, rank, nodal_term);
  else sum_ = std::make_shared<CornerTermsSum>(neighbours_, shared, shared_nodes_, terms, key_of, rank, nodal_term, comm);
}

void Halo::sum_shared(const CornerField& field, std::vector<Real>& sums, Communicator& comm) {
  if (!active()) return;
  Kokkos::fence();
  sum_->sum(field, sums, comm);
}

void Halo::gather(const Vec3View& field, Communicator& comm) {
  if (!active()) return;
  Kokkos::fence();
  owner_values_.forward(3, [&](int n, int k) { return field(n, k); }, comm, tags::kHaloGather);
  for (std::size_t q = 0; q < owner_of_.size(); ++q)
    for (std::size_t i = 0; i < owner_of_[q].size(); ++i)
      for (int k = 0; k < 3; ++k) field(owner_of_[q][i], k) = owner_values_.received(q)[3 * i + k];
}

void Halo::share_rows(int width, const std::function<double(int, int)>& value,
                      const std::function<void(int, const double*)>& take, Communicator& comm) const {
  if (!active()) return;
  std::vector<int> counts;
  for (const std::vector<int>& nodes : shared_with_) counts.push_back(static_cast<int>(nodes.size()));
  ExchangePlan<double> both_ways(neighbours_, shared_with_, neighbours_, counts);
  both_ways.forward(width, value, comm, tags::kHaloRows);
  for (std::size_t q = 0; q < shared_with_.size(); ++q)
    for (std::size_t i = 0; i < shared_with_[q].size(); ++i)
      take(shared_with_[q][i], &both_ways.received(q)[i * static_cast<std::size_t>(width)]);
}

}  // namespace mc
