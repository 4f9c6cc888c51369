// Drives one plane-stress material point in uniaxial stress (the MAT_024 and
// MAT_003 tests): each axial increment is paired with the lateral increment
// that keeps syy = 0, found by secant iterations.
#pragma once

#include <algorithm>
#include <cmath>

#include "miniapp/materials/piecewise_linear_plasticity.hpp"

namespace mc::test {

// MAT_024 steel (GPa, mm, ms, kg): SIGY sigy, linear hardening from ETAN.
inline MaterialParams steel_024(double sigy, double etan) {
  MaterialParams m;
  m.kind = kPlastic;
  m.density = 7.85e-6;
  m.youngs = 210;
  m.poisson = 0.3;
  m.shear_modulus = 210 / 2.6;
  m.plate_modulus = 210 / (1 - 0.09);
  m.yield = sigy;
  m.plastic_modulus = etan > 0 ? 210 * etan / (210 - etan) : 0;
  return m;
}

// steel_024(sigy, 0) hardening by a *DEFINE_TABLE of two curves of
// `points` points each (curve_x/y indices 0.. and points..), at strain
// rates r0 and r1.
inline MaterialParams two_rate_table(double sigy, int points, Real r0, Real r1) {
  MaterialParams m = steel_024(sigy, 0);
  m.curve_begin = 0;
  m.curve_end = points;
  m.table_count = 2;
  m.table_rates[0] = r0;
  m.table_rates[1] = r1;
  return m;
}

struct UniaxialPoint {
  Real s[3] = {0, 0, 0};
  Real back[3] = {0, 0, 0};  // used with kinematic hardening
  double epsp = 0;
};

// One axial increment de; `kinematic`: the point carries a back stress.
inline void uniaxial_step(const MaterialParams& m, const Real* cx, const Real* cy, UniaxialPoint& p, double de,
                          bool kinematic = false) {
  double lateral = -m.poisson * de, previous = 0, r_prev = 0;
  Real trial[3], back[3];
  double dep = 0;
  for (int it = 0; it < 50; ++it) {
    std::copy(p.s, p.s + 3, trial);
    std::copy(p.back, p.back + 3, back);
    const Real inc[3] = {Real(de), Real(lateral), 0};
    dep = plastic_plane_stress_update<Real>(m, cx, cy, inc, Real(1), trial, Real(p.epsp), kinematic ? back : nullptr);
    const double r = trial[1];
    if (std::fabs(r) < 1e-14) break;
    const double next = it == 0 ? lateral - r / m.plate_modulus : lateral - r * (lateral - previous) / (r - r_prev);
    previous = lateral;
    r_prev = r;
    lateral = next;
  }
  std::copy(trial, trial + 3, p.s);
  std::copy(back, back + 3, p.back);
  p.epsp += dep;
}

}  // namespace mc::test
