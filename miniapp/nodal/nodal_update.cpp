#include "miniapp/nodal/nodal_update.hpp"

namespace mc {
namespace {

// v += (f/m) dt with SPC'd components held at zero, for one node.
KOKKOS_INLINE_FUNCTION void accelerate(const NodeData& nd, int n, const Real sum[6], Real dt_avg) {
  const std::uint8_t fix = nd.fixed(n);
  const Real inv_m = nd.mass(n) > 0 ? Real(1) / nd.mass(n) : Real(0);
  const Real inv_i = nd.inertia(n) > 0 ? Real(1) / nd.inertia(n) : Real(0);
  for (int k = 0; k < 3; ++k) {
    nd.v(n, k) = (fix & (1u << k)) ? Real(0) : nd.v(n, k) + sum[k] * inv_m * dt_avg;
    nd.w(n, k) = (fix & (8u << k)) ? Real(0) : nd.w(n, k) + sum[3 + k] * inv_i * dt_avg;
  }
}

// Minus the sum of the internal forces at the node's corners, in CSR order,
// stored as the node's net force and moment.
KOKKOS_INLINE_FUNCTION void gather(const NodeData& nd, const CornerForceView& force, int n, Real sum[6]) {
  for (int k = 0; k < 6; ++k) sum[k] = 0;
  for (int i = nd.corner_offset(n); i < nd.corner_offset(n + 1); ++i) {
    const int e = nd.corner(i) >> 2, c = nd.corner(i) & 3;
    for (int k = 0; k < 6; ++k) sum[k] -= corner_force(force, e, c, k);
  }
  // After the corners, as Halo adds it at shared nodes.
  if (nd.fc.extent(0) > 0)
    for (int k = 0; k < 3; ++k) sum[k] += nd.fc(n, k);
  for (int k = 0; k < 3; ++k) {
    nd.f(n, k) = sum[k];
    nd.m(n, k) = sum[3 + k];
  }
}

// The Views of NodeData without its host vectors, cheap to capture.
NodeData device_part(const NodeData& nd) {
  NodeData d;
  d.x = nd.x; d.v = nd.v; d.w = nd.w; d.f = nd.f; d.m = nd.m; d.fc = nd.fc;
  d.mass = nd.mass; d.inertia = nd.inertia; d.fixed = nd.fixed;
  d.corner_offset = nd.corner_offset; d.corner = nd.corner;
  return d;
}

}  // namespace

void update_velocities(State& s, Real dt_avg) {
  const NodeData nd = device_part(s.nodes);
  const auto force = s.elements.force;
  Kokkos::parallel_for(
      "nodes::gather_and_accelerate", RangePolicy(0, nd.count()), KOKKOS_LAMBDA(const int n) {
        Real sum[6];
        gather(nd, force, n, sum);
        accelerate(nd, n, sum, dt_avg);
      });
}

void gather_nodal_forces(State& s) {
  const NodeData nd = device_part(s.nodes);
  const auto force = s.elements.force;
  Kokkos::parallel_for(
      "nodes::gather", RangePolicy(0, nd.count()), KOKKOS_LAMBDA(const int n) {
        Real sum[6];
        gather(nd, force, n, sum);
      });
}

void integrate_velocities(State& s, Real dt_avg) {
  const NodeData nd = device_part(s.nodes);
  Kokkos::parallel_for(
      "nodes::accelerate", RangePolicy(0, nd.count()), KOKKOS_LAMBDA(const int n) {
        const Real sum[6] = {nd.f(n, 0), nd.f(n, 1), nd.f(n, 2), nd.m(n, 0), nd.m(n, 1), nd.m(n, 2)};
        accelerate(nd, n, sum, dt_avg);
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

}  // namespace mc
