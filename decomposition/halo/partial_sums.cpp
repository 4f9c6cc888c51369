#include "decomposition/halo/partial_sums.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "decomposition/parallel/message_tags.hpp"

namespace mc {

PartialSums::PartialSums(const std::vector<int>& neighbours, const std::vector<std::vector<int>>& shared,
                         const std::vector<int>& shared_nodes, const NodeTerms& terms, int rank, bool nodal_term)
    : shared_nodes_(shared_nodes), terms_(terms), nodal_term_(nodal_term) {
  std::map<int, int> position;  // local node -> its position in shared_nodes
  for (std::size_t s = 0; s < shared_nodes.size(); ++s) position.emplace(shared_nodes[s], static_cast<int>(s));
  std::vector<std::vector<std::tuple<int, int, int>>> holders(shared_nodes.size());  // (rank, source, position)
  std::vector<std::vector<int>> send_items(neighbours.size());
  std::vector<int> recv_counts(neighbours.size());
  for (std::size_t q = 0; q < neighbours.size(); ++q) {
    for (std::size_t i = 0; i < shared[q].size(); ++i) {
      const int s = position.at(shared[q][i]);
      send_items[q].push_back(s);
      holders[static_cast<std::size_t>(s)].emplace_back(neighbours[q], static_cast<int>(q), static_cast<int>(i));
    }
    recv_counts[q] = static_cast<int>(shared[q].size());
  }
  part_offset_.push_back(0);
  for (auto& list : holders) {
    list.emplace_back(rank, -1, 0);
    std::sort(list.begin(), list.end());
    for (const auto& [r, source, at] : list) parts_.emplace_back(source, at);
    part_offset_.push_back(static_cast<int>(parts_.size()));
  }
  plan_ = ExchangePlan<Real>(neighbours, std::move(send_items), neighbours, std::move(recv_counts));
}

void PartialSums::sum(const CornerField& field, std::vector<Real>& sums, Communicator& comm) {
  const int width = field.width;
  const std::size_t count = shared_nodes_.size();
  // This rank's partial sums: its corners in table order, then its nodal term.
  partial_.assign(count * width, Real(0));
  for (std::size_t s = 0; s < count; ++s) {
    const int n = shared_nodes_[s];
    for (int k = 0; k < width; ++k) {
      Real total = 0;
      for (int t = terms_.offset(n); t < terms_.offset(n + 1); ++t)
        total += field.corners[terms_.term(t) + k];
      if (nodal_term_ && k < static_cast<int>(field.nodal.extent(1)) && field.nodal.extent(0) > 0)
        total += field.nodal(n, k);
      partial_[s * width + k] = total;
    }
  }
  plan_.forward(width, [&](int s, int k) { return partial_[static_cast<std::size_t>(s) * width + k]; }, comm,
                tags::kHaloSum);
  sums.assign(count * width, Real(0));
  for (std::size_t s = 0; s < count; ++s)
    for (int k = 0; k < width; ++k) {
      Real total = 0;
      for (int p = part_offset_[s]; p < part_offset_[s + 1]; ++p) {
        const auto [source, at] = parts_[p];
        total += source < 0 ? partial_[s * width + k]
                            : plan_.received(static_cast<std::size_t>(source))[static_cast<std::size_t>(at) * width + k];
      }
      sums[s * width + k] = total;
    }
}

}  // namespace mc
