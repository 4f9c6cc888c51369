#include "decomposition/halo/halo.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace mc {
namespace {
constexpr int kHaloSetupTag = 200;
constexpr int kHaloTag = 201;
// Global "element id" of rank r's contact term: after every real element.
constexpr GlobalId kContactTermId = GlobalId{1} << 62;

// Local corners (element, corner) at each node, in element order.
std::vector<std::vector<std::pair<int, int>>> node_corners(const LocalMesh& mesh) {
  std::vector<std::vector<std::pair<int, int>>> corners(mesh.node_ids.size());
  for (std::size_t e = 0; e < mesh.element_nodes.size(); ++e) {
    const auto& n = mesh.element_nodes[e];
    const int count = n[3] == n[2] ? 3 : 4;
    for (int c = 0; c < count; ++c) corners[n[c]].emplace_back(static_cast<int>(e), c);
  }
  return corners;
}
}  // namespace

Halo::Halo(const SubdomainPlan& plan, const LocalMesh& mesh, int rank, Communicator& comm, bool contact_terms)
    : element_count_(static_cast<int>(mesh.element_ids.size())), neighbours_(plan.neighbours),
      owned_(mesh.node_ids.size(), 1) {
  auto corners = node_corners(mesh);
  if (contact_terms)
    for (std::size_t n = 0; n < corners.size(); ++n) corners[n].emplace_back(element_count_ + static_cast<int>(n), 0);
  const auto global_id = [&](int e) {
    return e < element_count_ ? mesh.element_ids[static_cast<std::size_t>(e)] : kContactTermId + rank;
  };
  const std::size_t nq = neighbours_.size();
  send_corners_.resize(nq);
  // Setup message per neighbour: for each shared node (agreed order) the
  // number of our corners there, then their global element ids.
  std::vector<std::vector<std::int64_t>> setup_out(nq), setup_in(nq);
  std::vector<std::vector<int>> shared_nodes(nq);
  for (std::size_t q = 0; q < nq; ++q) {
    for (GlobalId id : plan.shared[q]) {
      const int n = mesh.node_index.at(id);
      shared_nodes[q].push_back(n);
      if (plan.neighbours[q] < rank) owned_[n] = 0;
      setup_out[q].push_back(static_cast<std::int64_t>(corners[n].size()));
      for (const auto& [e, c] : corners[n]) {
        send_corners_[q].emplace_back(e, c);
        setup_out[q].push_back(global_id(e));
      }
    }
  }
  Requests requests;
  std::vector<std::int64_t> sizes_in(nq), sizes_out(nq);
  for (std::size_t q = 0; q < nq; ++q) {
    sizes_out[q] = static_cast<std::int64_t>(setup_out[q].size());
    comm.irecv(&sizes_in[q], sizeof(std::int64_t), neighbours_[q], kHaloSetupTag, requests);
    comm.isend(&sizes_out[q], sizeof(std::int64_t), neighbours_[q], kHaloSetupTag, requests);
  }
  comm.waitall(requests);
  for (std::size_t q = 0; q < nq; ++q) {
    setup_in[q].resize(static_cast<std::size_t>(sizes_in[q]));
    comm.irecv(setup_in[q].data(), sizes_in[q] * 8, neighbours_[q], kHaloSetupTag, requests);
    comm.isend(setup_out[q].data(), sizes_out[q] * 8, neighbours_[q], kHaloSetupTag, requests);
  }
  comm.waitall(requests);

  // Terms of every shared node: (global element id, source, position).
  std::map<int, std::vector<std::tuple<GlobalId, int, int>>> terms;
  recv_count_.assign(nq, 0);
  for (std::size_t q = 0; q < nq; ++q) {
    std::size_t at = 0;
    for (int n : shared_nodes[q]) {
      const std::int64_t count = setup_in[q][at++];
      for (std::int64_t k = 0; k < count; ++k) terms[n].emplace_back(setup_in[q][at++], static_cast<int>(q), recv_count_[q]++);
    }
  }
  term_offset_.push_back(0);
  for (auto& [n, list] : terms) {
    for (const auto& [e, c] : corners[n]) list.emplace_back(global_id(e), -1, 4 * e + c);
    std::sort(list.begin(), list.end());
    shared_node_.push_back(n);
    for (const auto& [id, source, position] : list) terms_.emplace_back(source, position);
    term_offset_.push_back(static_cast<int>(terms_.size()));
  }
  send_buffer_.resize(nq);
  recv_buffer_.resize(nq);
}

template <class Value, class Set>
void Halo::sum_corners(int width, Value value, Set set, Communicator& comm) {
  if (!active()) return;
  Kokkos::fence();
  Requests requests;
  for (std::size_t q = 0; q < neighbours_.size(); ++q) {
    recv_buffer_[q].resize(static_cast<std::size_t>(recv_count_[q]) * width);
    comm.irecv(recv_buffer_[q].data(), static_cast<std::int64_t>(recv_buffer_[q].size() * sizeof(Real)),
               neighbours_[q], kHaloTag, requests);
  }
  for (std::size_t q = 0; q < neighbours_.size(); ++q) {
    std::vector<Real>& buf = send_buffer_[q];
    buf.resize(send_corners_[q].size() * width);
    for (std::size_t i = 0; i < send_corners_[q].size(); ++i)
      for (int k = 0; k < width; ++k) buf[i * width + k] = value(send_corners_[q][i].first, send_corners_[q][i].second, k);
    comm.isend(buf.data(), static_cast<std::int64_t>(buf.size() * sizeof(Real)), neighbours_[q], kHaloTag, requests);
  }
  comm.waitall(requests);
  for (std::size_t s = 0; s < shared_node_.size(); ++s)
    for (int k = 0; k < width; ++k) {
      Real sum = 0;
      for (int t = term_offset_[s]; t < term_offset_[s + 1]; ++t) {
        const auto [source, position] = terms_[t];
        sum += source < 0 ? value(position >> 2, position & 3, k) : recv_buffer_[source][position * width + k];
      }
      set(shared_node_[s], k, sum);
    }
}

void Halo::sum_shared_forces(const CornerForceView& force, const Vec3View& fc, const Vec3View& f, const Vec3View& m,
                             Communicator& comm) {
  sum_corners(
      6,
      [&](int e, int c, int k) {
        if (e >= element_count_) return k < 3 ? fc(e - element_count_, k) : Real(0);
        return -corner_force(force, e, c, k);
      },
      [&](int n, int k, Real v) { (k < 3 ? f(n, k) : m(n, k - 3)) = v; }, comm);
}

void Halo::sum_shared_masses(const std::vector<Real>& mass_share, const std::vector<Real>& inertia_share,
                             const RealView& mass, const RealView& inertia, Communicator& comm) {
  sum_corners(
      2,
      [&](int e, int, int k) {
        if (e >= element_count_) return Real(0);
        return k == 0 ? mass_share[e] : inertia_share[e];
      },
      [&](int n, int k, Real v) { (k == 0 ? mass(n) : inertia(n)) = v; }, comm);
}

}  // namespace mc
