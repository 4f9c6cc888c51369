#include "miniapp/nodal_update.hpp"

namespace mc {

void update_velocities(State& s, Real dt_avg) {
  const auto offset = s.nodes.corner_offset;
  const auto corner = s.nodes.corner;
  const auto force = s.elements.force;
  const auto f = s.nodes.f;
  const auto mom = s.nodes.m;
  const auto v = s.nodes.v;
  const auto w = s.nodes.w;
  const auto mass = s.nodes.mass;
  const auto inertia = s.nodes.inertia;
  const auto fixed = s.nodes.fixed;
  Kokkos::parallel_for(
      "nodes::gather_and_accelerate", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        Real sum[6] = {0, 0, 0, 0, 0, 0};
        for (int i = offset(n); i < offset(n + 1); ++i) {
          const int e = corner(i) >> 2, c = corner(i) & 3;
          for (int k = 0; k < 6; ++k) sum[k] -= corner_force(force, e, c, k);
        }
        const std::uint8_t fix = fixed(n);
        const Real inv_m = mass(n) > 0 ? Real(1) / mass(n) : Real(0);
        const Real inv_i = inertia(n) > 0 ? Real(1) / inertia(n) : Real(0);
        for (int k = 0; k < 3; ++k) {
          f(n, k) = sum[k];
          mom(n, k) = sum[3 + k];
          v(n, k) = (fix & (1u << k)) ? Real(0) : v(n, k) + sum[k] * inv_m * dt_avg;
          w(n, k) = (fix & (8u << k)) ? Real(0) : w(n, k) + sum[3 + k] * inv_i * dt_avg;
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

}  // namespace mc
