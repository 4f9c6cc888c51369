// The Newton trip of MAT_024's VP 1 with Cowper-Symonds: the rate law
// solved for the plastic multiplier (plane_stress_return.hpp runs it in
// place of newton_trip).
#pragma once

#include "miniapp/elements/simd_pow.hpp"
#include "miniapp/materials/flow_stress.hpp"
#include "miniapp/materials/return_point.hpp"

namespace mc {

// VP 1 with Cowper-Symonds: one Newton trip on the rate law itself,
//   g(x) = dep - C dt q^P = 0,  dep = 2/3 x vm,
// q the overstress, (vm - s) / SIGY where the term is added, vm / s - 1
// where it scales, s the static flow stress at epsp + dep. Written on the
// flow stress instead (newton_trip's h), the term (dep / C dt)^(1/P) has an
// infinite slope at dep = 0, and a small overstress put the root so close
// to 0 that the safeguard bisected for 30 trips; g is smooth there (q^P,
// P > 1 for steels), rises from -C dt q_trial^P at x = 0 and is positive at
// the static return's bound, so [lo, hi] brackets it as before.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION bool overstress_trip(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                            const ReturnRates& k, Real dt, ReturnPoint<T>& p) {
  using L = Lanes<T>;
  const T a1 = Real(1) + k.alpha * p.x, a2 = Real(1) + k.twog * p.x;
  const T a12 = a1 * a2;
  // Divides are the trip's slowest steps (one unit serves them and the
  // square roots): each quotient below by one reciprocal taken once.
  const T per_a12 = Real(1) / a12;
  const T root = vsqrt(squared_modes(p, a1, a2));
  const T vm = root * per_a12;
  const T dep = Real(2) / Real(3) * p.x * vm;
  T sigy, slope;
  hardening_lanes(m, curve_x, curve_y, T(p.epsp + dep), sigy, slope);
  // d vm / dx from P'/2 = sm^2 a2 twog + 3 dev2 a1 alpha and (a1 a2)'.
  const T dvm = (half_modes_slope(k, p, a1, a2) / root - vm * (k.alpha * a2 + k.twog * a1)) * per_a12;
  const T ddep = Real(2) / Real(3) * (vm + p.x * dvm);
  const bool added = m.viscoplastic_yield > 0;
  T q, dq;
  if (added) {
    const Real per_yield = Real(1) / m.viscoplastic_yield;
    q = (vm - sigy) * per_yield;
    dq = (dvm - slope * ddep) * per_yield;
  } else {
    const T per_sigy = Real(1) / sigy;
    q = vm * per_sigy - Real(1);
    dq = (dvm * sigy - vm * slope * ddep) * (per_sigy * per_sigy);
  }
  // C dt q^P and its slope, 0 where the stress is below the static flow
  // stress. A whole P (Cowper & Symonds' 5 for mild steel, 4 for aluminium
  // alloys) by products, q^(P-1) first, so the slope needs no divide; else
  // a pack at once by vpow (simd_pow.hpp).
  const Real scale = m.rate_c * dt;
  const auto over = q > Real(0);
  T law, dlaw;
  if (m.rate_p_whole > 0) {
    const T qp1 = select(over, whole_power(q, m.rate_p_whole - 1), T(0));
    law = scale * (qp1 * q);
    dlaw = scale * Real(m.rate_p_whole) * qp1 * dq;
  } else {
    const Real power = Real(1) / m.rate_inv_p;
    const T qp = select(over, vpow(q, power), T(0));
    law = scale * qp;
    dlaw = select(over, T(scale * power * qp / select(over, q, T(1)) * dq), T(0));
  }
  const T g = dep - law;
  p.lo = select(g < 0, p.x, p.lo);
  p.hi = select(g < 0, p.hi, p.x);
  p.active = p.active && (g > kReturnTolerance * dep || g < -kReturnTolerance * dep);
  if (!L::any(p.active)) {
    p.root = root;  // at the answer: finish_return's
    return false;
  }
  T next = p.x - g / (ddep - dlaw);
  next = select(next > p.lo && next < p.hi, next, T(Real(0.5) * (p.lo + p.hi)));  // left the bracket: bisect
  p.x = select(p.active, next, p.x);
  return true;
}

}  // namespace mc
