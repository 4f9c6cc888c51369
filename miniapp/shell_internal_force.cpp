// Element phase of a cycle: for every shell, strain increment from the
// current velocities, stress update at each through-thickness point,
// resultants, nodal forces (plus hourglass), written per corner in the
// global frame. Each element writes only its own corners, so the phase is
// race-free; nodes gather the corners afterwards (nodal_update.cpp).
#include "miniapp/shell_internal_force.hpp"

#include <limits>

#include "miniapp/hourglass_bt.hpp"
#include "miniapp/plane_stress_plasticity.hpp"
#include "miniapp/shell_bt.hpp"

namespace mc {

double shell_internal_force(State& s, Real dt) {
  const auto x = s.nodes.x;
  const auto v = s.nodes.v;
  const auto w = s.nodes.w;
  const auto conn = s.elements.conn;
  const auto part = s.elements.part;
  const auto alive = s.elements.alive;
  const auto points = s.elements.points;
  const auto shear = s.elements.shear;
  const auto hg_q = s.elements.hourglass_q;
  const auto force = s.elements.force;
  const auto ie = s.elements.internal_energy;
  const auto he = s.elements.hourglass_energy;
  const auto density_scale = s.elements.density_scale;
  const auto parts = s.parts;
  const auto mats = s.materials;
  const auto cx = s.curve_x;
  const auto cy = s.curve_y;
  const bool scaled = density_scale.extent(0) > 0;
  const bool stiffness_hg = hg_q.extent(0) > 0;
  constexpr Real kNoLimit = std::numeric_limits<Real>::max();

  Real dt_min = kNoLimit;
  Kokkos::parallel_reduce(
      "shell_bt::internal_force", RangePolicy(0, s.elements.count()),
      KOKKOS_LAMBDA(const int e, Real& local_min) {
        const PartParams& p = parts(part(e));
        const MaterialParams& m = mats(p.material);
        if (!alive(e) || p.rigid_body >= 0) {
          for (int c = 0; c < 4; ++c)
            for (int k = 0; k < 6; ++k) force(e, c, k) = 0;
          return;
        }
        Real xe[4][3], ve[4][3], we[4][3];
        for (int c = 0; c < 4; ++c) {
          const int n = conn(e, c);
          for (int k = 0; k < 3; ++k) {
            xe[c][k] = x(n, k);
            ve[c][k] = v(n, k);
            we[c][k] = w(n, k);
          }
        }
        ShellGeometry g;
        shell_geometry(xe, g);
        const bool triangle = conn(e, 3) == conn(e, 2);
        const Real scale = scaled ? density_scale(e) : Real(1);
        const Real dt_e = shell_characteristic_length(xe, g.area, triangle) / m.wave_speed * std::sqrt(scale);
        // A collapsed/inverted element or NaN geometry reports a negative step.
        local_min = (g.area > 0 && dt_e > 0) ? (dt_e < local_min ? dt_e : local_min) : Real(-1);
        if (!(g.area > 0)) return;

        Real vl[4][3], wl[4][3];
        to_local(g, ve, vl);
        to_local(g, we, wl);
        ShellRates r;
        shell_rates(g, vl, wl, r);

        // Through-thickness integration of the stress update.
        const Real t = p.thickness;
        ShellResultants res = {{0, 0, 0}, {0, 0, 0}, {0, 0}};
        Real energy_density = 0;  // work per unit area this step
        bool failed = false;
        for (int k = 0; k < p.nip; ++k) {
          const Real z = p.zeta[k] * t;
          const Real wt = p.weight[k] * t;
          Real* sp = &points(e, 4 * k);
          const Real de[3] = {(r.membrane[0] + z * r.curvature[0]) * dt,
                              (r.membrane[1] + z * r.curvature[1]) * dt,
                              (r.membrane[2] + z * r.curvature[2]) * dt};
          Real sig[3] = {sp[0], sp[1], sp[2]};
          const Real old_work = sig[0] * de[0] + sig[1] * de[1] + sig[2] * de[2];
          if (m.kind == kPlastic) {
            sp[3] += plastic_plane_stress_update(m, cx.data(), cy.data(), de, sig, sp[3]);
            failed = failed || (m.fail_strain > 0 && sp[3] >= m.fail_strain);
          } else {
            elastic_plane_stress_update(m, de, sig);
          }
          sp[0] = sig[0];
          sp[1] = sig[1];
          sp[2] = sig[2];
          energy_density += Real(0.5) * wt * (old_work + sig[0] * de[0] + sig[1] * de[1] + sig[2] * de[2]);
          for (int j = 0; j < 3; ++j) {
            res.n[j] += wt * sig[j];
            res.m[j] += wt * z * sig[j];
          }
        }
        // Transverse shear: elastic, constant through the thickness.
        const Real kg = p.shear_factor * m.shear_modulus;
        for (int j = 0; j < 2; ++j) {
          const Real dg = r.shear[j] * dt;
          const Real old_tau = shear(e, j);
          const Real tau = old_tau + kg * dg;
          shear(e, j) = tau;
          energy_density += Real(0.5) * t * (old_tau + tau) * dg;
          res.q[j] = t * tau;
        }
        ie(e) += static_cast<double>(energy_density * g.area);

        Real fl[4][5];
        shell_local_forces(g, res, fl);
        if (p.ihq != 0 && !triangle) {
          HourglassModes h;
          hourglass_modes(g, m.youngs, m.poisson, t, h);
          const Real mass = scale * m.density * t * g.area;
          const Real rotary = mass * (t * t + g.area) / Real(12);
          Real* q = stiffness_hg && p.ihq == 4 ? &hg_q(e, 0) : nullptr;
          const Real power = hourglass_forces(h, vl, wl, p.qh, mass, rotary, dt, q, fl);
          he(e) += static_cast<double>(power * dt);
        }
        // Back to the global frame, one corner at a time.
        for (int c = 0; c < 4; ++c) {
          for (int k = 0; k < 3; ++k) {
            force(e, c, k) = fl[c][0] * g.e[0][k] + fl[c][1] * g.e[1][k] + fl[c][2] * g.e[2][k];
            force(e, c, 3 + k) = fl[c][3] * g.e[0][k] + fl[c][4] * g.e[1][k];
          }
        }
        if (failed) alive(e) = 0;  // erosion: the element stops carrying load next cycle
      },
      Kokkos::Min<Real>(dt_min));
  return static_cast<double>(dt_min);
}

}  // namespace mc
