// Plane-stress material updates at one through-thickness point.
//
// MAT_001: Hooke's law in plane stress. MAT_024: von Mises with isotropic
// hardening, integrated by the closest-point (backward Euler) return of
// Simo & Taylor (1986), "A return mapping algorithm for plane stress
// elastoplasticity", IJNME 22; Simo & Hughes, Computational Inelasticity,
// sec. 3.4. In the eigenbasis of the projection P the returned stress is the
// trial stress with each mode scaled, so the return is one scalar equation
// in the plastic multiplier, solved by safeguarded Newton.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "miniapp/material_params.hpp"

namespace mc {

// Relative tolerance of the return: a few ulps of the working precision.
inline constexpr Real kReturnTolerance = 64 * std::numeric_limits<Real>::epsilon();

// Stress components: s[0]=sxx, s[1]=syy, s[2]=sxy; strain increments with
// de[2] the engineering shear increment (2 * tensor shear).
KOKKOS_INLINE_FUNCTION void elastic_plane_stress_update(const MaterialParams& m, const Real de[3],
                                                        Real s[3]) {
  const Real c = m.plate_modulus;
  s[0] += c * (de[0] + m.poisson * de[1]);
  s[1] += c * (de[1] + m.poisson * de[0]);
  s[2] += m.shear_modulus * de[2];
}

// Yield stress and hardening slope at effective plastic strain epsp.
KOKKOS_INLINE_FUNCTION void hardening(const MaterialParams& m, const Real* curve_x,
                                      const Real* curve_y, Real epsp, Real& sigy, Real& slope) {
  if (m.curve_end == m.curve_begin) {
    sigy = m.yield + m.plastic_modulus * epsp;
    slope = m.plastic_modulus;
    return;
  }
  int i = m.curve_begin;
  while (i + 2 < m.curve_end && curve_x[i + 1] < epsp) ++i;  // segment [i, i+1], last one extrapolates
  slope = (curve_y[i + 1] - curve_y[i]) / (curve_x[i + 1] - curve_x[i]);
  sigy = curve_y[i] + slope * (epsp - curve_x[i]);
}

// Returns the effective plastic strain increment (0 when elastic).
KOKKOS_INLINE_FUNCTION Real plastic_plane_stress_update(const MaterialParams& m, const Real* curve_x,
                                                        const Real* curve_y, const Real de[3],
                                                        Real s[3], Real epsp) {
  elastic_plane_stress_update(m, de, s);
  Real sigy, slope;
  hardening(m, curve_x, curve_y, epsp, sigy, slope);
  // Modes of the trial stress: mean, deviatoric-difference and shear parts.
  const Real sm = Real(0.5) * (s[0] + s[1]);
  const Real sd = Real(0.5) * (s[0] - s[1]);
  const Real ss = s[2];
  const Real dev2 = sd * sd + ss * ss;
  const Real vm2 = sm * sm + Real(3) * dev2;
  if (vm2 <= sigy * sigy) return 0;

  const Real alpha = m.youngs / (Real(3) * (Real(1) - m.poisson));
  const Real twog = Real(2) * m.shear_modulus;
  // g(x) = vm(x) - sigy(epsp + 2/3 x vm(x)) decreases in x. With no
  // hardening the slowest-decaying mode reaches sigy at hi, so for
  // non-softening materials the root lies in [0, hi].
  Real vm = std::sqrt(vm2), dep = 0;
  Real lo = 0, x = 0;
  Real hi = (vm / sigy - Real(1)) / std::min(alpha, twog);
  for (int iter = 0; iter < 60; ++iter) {
    const Real f1 = Real(1) / (Real(1) + alpha * x);
    const Real f2 = Real(1) / (Real(1) + twog * x);
    const Real v2 = sm * sm * f1 * f1 + Real(3) * dev2 * f2 * f2;
    vm = std::sqrt(v2);
    dep = Real(2) / Real(3) * x * vm;
    hardening(m, curve_x, curve_y, epsp + dep, sigy, slope);
    const Real g = vm - sigy;
    if (g > 0) lo = x; else hi = x;
    if (std::fabs(g) <= kReturnTolerance * sigy) break;
    const Real dvm = (-alpha * sm * sm * f1 * f1 * f1 - Real(6) * m.shear_modulus * dev2 * f2 * f2 * f2) / vm;
    const Real dg = dvm - slope * Real(2) / Real(3) * (vm + x * dvm);
    Real next = x - g / dg;
    if (!(next > lo && next < hi)) next = Real(0.5) * (lo + hi);  // Newton left the bracket: bisect
    x = next;
  }
  const Real f1 = Real(1) / (Real(1) + alpha * x);
  const Real f2 = Real(1) / (Real(1) + twog * x);
  const Real smr = sm * f1, sdr = sd * f2;
  s[0] = smr + sdr;
  s[1] = smr - sdr;
  s[2] = ss * f2;
  return dep;
}

}  // namespace mc
