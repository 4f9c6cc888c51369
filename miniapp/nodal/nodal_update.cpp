#include "miniapp/nodal/nodal_update.hpp"

namespace mc {
namespace {

// Sum of node n's terms, component by component, in table order.
template <int Width>
KOKKOS_INLINE_FUNCTION void sum_terms(const ConstView<IntView>& offset, const ConstView<IntView>& term, int stride,
                                      const Real* corners, int n, Real sum[Width]) {
  for (int k = 0; k < Width; ++k) sum[k] = 0;
  for (int i = offset(n); i < offset(n + 1); ++i) {
    const Real* t = corners + term(i);
    for (int k = 0; k < Width; ++k) sum[k] += t[k * stride];
  }
}

// How many nodes ahead the gather fetches corners: a node's corners lie in
// scattered packs, and waiting on them one node at a time was most of the
// gather's time (docs/studies.md, "Where the node phase goes"). 32 was the
// fastest of 8, 16, 32, 64 and 128 on the Neon-like window.
constexpr int kPrefetchNodes = 32;

// Writes the halo's sums at shared nodes through set(node, k, value).
template <class Set>
void complete_shared(State& s, Halo& halo, const CornerField& field, Set set, Communicator& comm) {
  if (!halo.active()) return;
  std::vector<Real> sums;
  halo.sum_shared(field, sums, comm);
  const std::vector<int>& nodes = halo.shared_nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (int k = 0; k < field.width; ++k) set(nodes[i], k, sums[i * field.width + k]);
}

}  // namespace

void gather_nodal_forces(State& s) {
  const auto offset = s.nodes.terms.offset;
  const auto term = s.nodes.terms.term;
  const int stride = s.nodes.terms.stride;
  const Real* corners = s.corners.data();
  const auto fc = s.nodes.fc;
  const auto f = s.nodes.f;
  const auto m = s.nodes.m;
  Kokkos::parallel_for(
      "nodes::gather", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        if (n + kPrefetchNodes + 1 < offset.extent_int(0))
          for (int i = offset(n + kPrefetchNodes); i < offset(n + kPrefetchNodes + 1); ++i) {
            __builtin_prefetch(corners + term(i));  // a corner's six components: one or two lines
            __builtin_prefetch(corners + term(i) + 5 * stride);
          }
        Real sum[6];
        sum_terms<6>(offset, term, stride, corners, n, sum);
        // After the corners, as the halo adds it at shared nodes.
        if (fc.extent(0) > 0)
          for (int k = 0; k < 3; ++k) sum[k] += fc(n, k);
        for (int k = 0; k < 3; ++k) {
          f(n, k) = sum[k];
          m(n, k) = sum[3 + k];
        }
      });
}

void sum_shared_forces(State& s, Halo& halo, Communicator& comm) {
  const auto f = s.nodes.f;
  const auto m = s.nodes.m;
  complete_shared(s, halo, {s.corners.data(), 6, s.nodes.fc},
                  [&](int n, int k, Real v) { (k < 3 ? f(n, k) : m(n, k - 3)) = v; }, comm);
}

void integrate_velocities(State& s, Real dt_avg) {
  const auto v = s.nodes.v, w = s.nodes.w, f = s.nodes.f, m = s.nodes.m;
  const auto mass = s.nodes.mass, inertia = s.nodes.inertia;
  const auto fixed = s.nodes.fixed;
  Kokkos::parallel_for(
      "nodes::accelerate", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        const std::uint8_t fix = fixed(n);
        const Real inv_m = mass(n) > 0 ? Real(1) / mass(n) : Real(0);
        const Real inv_i = inertia(n) > 0 ? Real(1) / inertia(n) : Real(0);
        for (int k = 0; k < 3; ++k) {
          v(n, k) = (fix & (1u << k)) ? Real(0) : v(n, k) + f(n, k) * inv_m * dt_avg;
          w(n, k) = (fix & (8u << k)) ? Real(0) : w(n, k) + m(n, k) * inv_i * dt_avg;
        }
      });
}

void update_positions(State& s, Real dt) {
  const auto x = s.nodes.x;
  const auto v = s.nodes.v;
  Kokkos::parallel_for(
      "nodes::advance_positions", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        for (int k = 0; k < 3; ++k) x(n, k) += v(n, k) * dt;
      });
}

void gather_nodal_masses(State& s) {
  const auto offset = s.nodes.terms.offset;
  const auto term = s.nodes.terms.term;
  const int stride = s.nodes.terms.stride;
  const Real* corners = s.corners.data();
  const auto mass = s.nodes.mass, inertia = s.nodes.inertia, point = s.nodes.point_mass;
  const bool points = point.extent(0) > 0;
  Kokkos::parallel_for(
      "nodes::gather_masses", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        Real sum[2];
        sum_terms<2>(offset, term, stride, corners, n, sum);
        mass(n) = points ? sum[0] + point(n) : sum[0];
        inertia(n) = sum[1];
      });
}

void sum_shared_masses(State& s, Halo& halo, Communicator& comm) {
  const auto mass = s.nodes.mass, inertia = s.nodes.inertia, point = s.nodes.point_mass;
  const bool points = point.extent(0) > 0;
  complete_shared(s, halo, {s.corners.data(), 2, Vec3View()},
                  [&](int n, int k, Real v) {
                    if (k == 1) inertia(n) = v;
                    else mass(n) = points ? v + point(n) : v;
                  }, comm);
}

}  // namespace mc
