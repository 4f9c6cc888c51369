#include "decomposition/halo/corner_terms_sum.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

#include "decomposition/parallel/message_tags.hpp"

namespace mc {
namespace {

// The nodal term of rank r comes after every corner, in rank order.
TermKey nodal_key(int rank) { return {INT_MAX, rank}; }

}  // namespace

CornerTermsSum::CornerTermsSum(const std::vector<int>& neighbours, const std::vector<std::vector<int>>& shared,
                               const std::vector<int>& shared_nodes, const NodeTerms& terms,
                               const TermKeyOf& key_of, int rank, bool nodal_term, Communicator& comm) {
  // This rank's terms at node n: (key, local term).
  const auto node_terms = [&](int n) {
    std::vector<std::pair<TermKey, int>> list;
    for (int t = terms.offset(n); t < terms.offset(n + 1); ++t) list.emplace_back(key_of(terms.term(t)), terms.term(t));
    if (nodal_term) list.emplace_back(nodal_key(rank), -1 - n);
    return list;
  };
  const std::size_t nq = neighbours.size();
  // Setup message per neighbour: for each shared node the number of our
  // terms there, then their keys (block, element id).
  std::vector<std::vector<int>> send_items(nq);
  std::vector<std::vector<std::int64_t>> setup_out(nq), setup_in(nq);
  for (std::size_t q = 0; q < nq; ++q)
    for (int n : shared[q]) {
      const auto list = node_terms(n);
      setup_out[q].push_back(static_cast<std::int64_t>(list.size()));
      for (const auto& [key, term] : list) {
        send_items[q].push_back(static_cast<int>(local_terms_.size()));
        local_terms_.push_back(term);
        setup_out[q].push_back(key.block);
        setup_out[q].push_back(key.element);
      }
    }
  Requests requests;
  std::vector<std::int64_t> sizes_in(nq), sizes_out(nq);
  for (std::size_t q = 0; q < nq; ++q) {
    sizes_out[q] = static_cast<std::int64_t>(setup_out[q].size());
    comm.irecv(&sizes_in[q], sizeof(std::int64_t), neighbours[q], tags::kHaloSetup, requests);
    comm.isend(&sizes_out[q], sizeof(std::int64_t), neighbours[q], tags::kHaloSetup, requests);
  }
  comm.waitall(requests);
  for (std::size_t q = 0; q < nq; ++q) {
    setup_in[q].resize(static_cast<std::size_t>(sizes_in[q]));
    comm.irecv(setup_in[q].data(), sizes_in[q] * 8, neighbours[q], tags::kHaloSetup, requests);
    comm.isend(setup_out[q].data(), sizes_out[q] * 8, neighbours[q], tags::kHaloSetup, requests);
  }
  comm.waitall(requests);

  // Every term of every shared node: (key, source, position).
  std::map<int, std::vector<std::tuple<TermKey, int, int>>> all;
  std::vector<int> recv_counts(nq, 0);
  for (std::size_t q = 0; q < nq; ++q) {
    std::size_t at = 0;
    for (int n : shared[q]) {
      const std::int64_t count = setup_in[q][at++];
      for (std::int64_t k = 0; k < count; ++k, at += 2)
        all[n].emplace_back(TermKey{static_cast<int>(setup_in[q][at]), setup_in[q][at + 1]}, static_cast<int>(q),
                            recv_counts[q]++);
    }
  }
  term_offset_.push_back(0);
  for (int n : shared_nodes) {
    auto& list = all[n];
    for (const auto& [key, term] : node_terms(n)) list.emplace_back(key, -1, term);
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return std::get<0>(a) < std::get<0>(b) ||
             (!(std::get<0>(b) < std::get<0>(a)) && std::tie(std::get<1>(a), std::get<2>(a)) <
                                                        std::tie(std::get<1>(b), std::get<2>(b)));
    });
    for (const auto& [key, source, position] : list) terms_.emplace_back(source, position);
    term_offset_.push_back(static_cast<int>(terms_.size()));
  }
  plan_ = ExchangePlan<Real>(neighbours, std::move(send_items), neighbours, std::move(recv_counts));
}

Real CornerTermsSum::local_value(const CornerField& field, int term, int k) const {
  if (term >= 0) return field.corners[term + k];
  const int n = -1 - term;
  return k < static_cast<int>(field.nodal.extent(1)) && field.nodal.extent(0) > 0 ? field.nodal(n, k) : Real(0);
}

void CornerTermsSum::sum(const CornerField& field, std::vector<Real>& sums, Communicator& comm) {
  const int width = field.width;
  plan_.forward(width, [&](int item, int k) { return local_value(field, local_terms_[item], k); }, comm,
                tags::kHaloSum);
  const std::size_t shared = term_offset_.size() - 1;
  sums.assign(shared * width, Real(0));
  for (std::size_t s = 0; s < shared; ++s)
    for (int k = 0; k < width; ++k) {
      Real total = 0;
      for (int t = term_offset_[s]; t < term_offset_[s + 1]; ++t) {
        const auto [source, position] = terms_[t];
        total += source < 0 ? local_value(field, position, k)
                            : plan_.received(static_cast<std::size_t>(source))[static_cast<std::size_t>(position) * width + k];
      }
      sums[s * width + k] = total;
    }
}

}  // namespace mc
