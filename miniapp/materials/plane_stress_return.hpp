// The plastic return of MAT_024 / MAT_003 in plane stress, for a column
// of through-thickness points: von Mises with isotropic hardening,
// integrated by the closest-point (backward Euler) return of Simo & Taylor
// (1986), "A return mapping algorithm for plane stress elastoplasticity",
// IJNME 22; Simo & Hughes, Computational Inelasticity, sec. 3.4. In the
// eigenbasis of the projection P the returned stress is the trial stress
// with each mode scaled, so the return is one scalar equation in the
// plastic multiplier x, solved by safeguarded Newton (the first trip in
// double by Halley's step: newton_trip).
//
// With BETA < 1 (MAT_003) linear kinematic hardening is added: Prager's
// back stress, alpha' = 2/3 Hk eps_p' (deviators), Hk = (1 - BETA) Ep,
// while the radius grows with BETA Ep. Kept in its plane-stress form (the
// deviator minus its zz part), alpha' = 2/3 Hk x' xi with xi = sigma -
// alpha, since eps_p' = x' P xi. The same return then runs on xi: xi =
// [1 + x (C P + 2/3 Hk)]^-1 xi_trial, whose mode rates are the isotropic
// return's plus 2/3 Hk; then sigma = sigma_trial - x C P xi (Simo & Hughes
// sec. 3.4 with combined hardening). In uniaxial stress this is the
// bilinear 1-D model: back stress Hk eps_p, radius SIGY + BETA Ep eps_p.
//
// The equation. The returned modes are sm / a1 and (sd, ss) / a2 with
// a1 = 1 + alpha x, a2 = 1 + twog x, so vm(x) a1 a2 = sqrt(P), P = sm^2
// a2^2 + 3 dev2 a1^2. Along a hardening line sigy = s0 + H (2/3 x vm) the
// consistency condition g = vm - sigy = 0 times a1 a2 > 0 reads
//   h(x) = sqrt(P) (1 - 2/3 H x) - s0 a1 a2 = 0,
// whose Newton step needs one divide and one square root (g's needs
// three divides). h and g share their root and their sign, so the bracket
// and the tolerance |g| <= tol sigy (|h| <= tol a1 a2 sigy) are g's.
//
// Lanes and points iterate independently: a converged lane is frozen, so
// each gets exactly the answer of the scalar iteration of its own point,
// whatever pack or column it shares (results must not depend on the
// decomposition). The points of a column take their Newton trips in turn,
// so the core overlaps one point's divide and square root with the next's.
#pragma once

#include <algorithm>
#include <cmath>

#include "miniapp/elements/simd.hpp"
#include "miniapp/materials/elastic.hpp"
#include "miniapp/materials/flow_stress.hpp"
#include "miniapp/materials/overstress_trip.hpp"
#include "miniapp/materials/point_column.hpp"
#include "miniapp/materials/return_point.hpp"

namespace mc {

// Whether the first trip takes Halley's step (newton_trip). In double, one
// Newton step from begin_return's start (about 1e-3 off) does not meet the
// tolerance, and Halley's saves a trip; in single it does (bench plate:
// every point-pack took 2 trips either way), so the step's products would
// only cost.
inline constexpr bool kHalleyFirstTrip = sizeof(Real) == sizeof(double);

// How a material's flow stress depends on the strain rate: Cowper-Symonds
// (or not at all), an LCSR curve, or an LCSS table, each at the total
// strain rate; or (VP 1) Cowper-Symonds, LCSR or the table at the plastic
// strain rate, which the return itself finds (overstress_trip for
// Cowper-Symonds, viscoplastic_flow's linearization for the others). Each
// has its own copy of the return, so the plain materials run the code they
// always ran.
enum class RateForm { Factor, Curve, Table, PlasticFactor, PlasticCurve };

template <RateForm Form>
inline constexpr bool kViscoplastic = Form == RateForm::PlasticFactor || Form == RateForm::PlasticCurve;

// The plastic strain increments over which a hardening curve's point stays
// on the line of one segment: lo < dep <= hi (hardening_lanes' range, less
// the plastic strain before the step).
template <class T>
struct SegmentRange {
  T lo, hi;
};

// Modes, yield test and the starting iterate of one point; s: its trial
// stress. Table: *position gets the point's place in the table. OnCurve
// (a hardening curve or table, not a viscoplastic form): *range gets the
// segment's.
template <RateForm Form, bool OnCurve, class T>
KOKKOS_FORCEINLINE_FUNCTION void begin_return(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                         const ReturnRates& k, const T s[3], const T* back, const T& epsp,
                                         const T de[3], Real dt, ReturnPoint<T>& p, T* position,
                                         SegmentRange<T>* range) {
  using L = Lanes<T>;
  T sigy, slope;
  if constexpr (Form == RateForm::Table) *position = table_position(m, de, dt);
  hardening_lanes(m, curve_x, curve_y, epsp, sigy, slope, Form == RateForm::Table ? position : nullptr,
                  OnCurve ? &range->lo : nullptr, OnCurve ? &range->hi : nullptr);
  // xi: the trial stress relative to the back stress.
  const T xi[3] = {back ? T(s[0] - back[0]) : s[0], back ? T(s[1] - back[1]) : s[1],
                   back ? T(s[2] - back[2]) : s[2]};
  p.sm = Real(0.5) * (xi[0] + xi[1]);
  p.sd = Real(0.5) * (xi[0] - xi[1]);
  p.ss = xi[2];
  p.sm2 = p.sm * p.sm;
  p.dev3 = Real(3) * (p.sd * p.sd + p.ss * p.ss);
  const T vm2 = p.sm2 + p.dev3;
  // Cowper-Symonds' factor is 1 or more: a point below the static yield
  // stays elastic without it. An LCSR curve may scale below 1: first.
  if constexpr (Form == RateForm::Curve) {
    p.rate_scale = rate_curve_factor(m, curve_x, curve_y, de, dt);
    sigy *= p.rate_scale;
    slope *= p.rate_scale;
  } else if constexpr (Form == RateForm::Table) {
    p.rate_scale = T(1);  // the table's curves carry the rate
  } else if constexpr (kViscoplastic<Form>) {
    // The elastic limit: the flow stress at no plastic strain rate (LCSR's factor at 0).
    Real at_rest = 1, unused;
    if (m.rate_curve_end != m.rate_curve_begin)
      curve_at(curve_x, curve_y, m.rate_curve_begin, m.rate_curve_end, Real(0), at_rest, unused);
    p.rate_scale = T(1);
    sigy *= at_rest;
    slope *= at_rest;
  }
  p.flowing = L::any(vm2 > sigy * sigy);
  if (!p.flowing) return;
  if constexpr (Form == RateForm::Factor) {
    p.rate_scale = rate_factor(m, de, dt);
    sigy *= p.rate_scale;
    slope *= p.rate_scale;
  }
  p.yielding = vm2 > sigy * sigy;
  p.flowing = p.iterating = L::any(p.yielding);
  if (!p.flowing) return;
  p.epsp = epsp;
  p.s0 = sigy;
  p.hs = slope;
  if constexpr (OnCurve) {  // the segment's range as plastic strain increments
    range->lo -= epsp;
    range->hi -= epsp;
  }
  // g(x) decreases; with no hardening the slowest-decaying mode reaches
  // sigy at hi, so for non-softening materials the root lies in [0, hi].
  const T vm_trial = vsqrt(vm2);
  p.lo = 0;
  p.hi = (vm_trial - sigy) / (sigy * std::min(k.alpha, k.twog));
  // Start from the root of the first-order model vm = vm_trial / (1 + c x),
  // c = (alpha sm^2 + 3 twog dev2) / vm_trial^2, exact when one mode
  // carries the trial stress: vm (1 - 2/3 H x) = s0 with vm from it.
  const T c_vm2 = k.alpha * p.sm2 + k.twog * p.dev3;
  T x = (vm_trial - sigy) * vm2 / (c_vm2 * sigy + Real(2) / Real(3) * slope * vm2 * vm_trial);
  if constexpr (Form == RateForm::PlasticFactor) {
    x = T(0);  // overstress_trip's g is convex from the left: Newton from 0 stays in the bracket
  } else if constexpr (Form == RateForm::PlasticCurve) {
    // The same with the flow stress at the step's effective strain, taken as
    // all plastic (steady flow), so the rate term starts near its answer.
    const T dep = std::sqrt(Real(2) / Real(3)) * strain_rate(de, dt) * dt;
    T flow, unused;
    viscoplastic_flow(m, curve_x, curve_y, T(epsp + dep), dep, dt, flow, unused);
    const T steady = (vm_trial - flow) * vm2 / (c_vm2 * flow + Real(2) / Real(3) * slope * vm2 * vm_trial);
    x = select(steady > 0, steady, x);
  }
  p.x = select(p.yielding, x, T(0));
  p.x = select(p.x < p.hi, p.x, T(Real(0.5) * p.hi));
  p.active = p.yielding;
}

// One trip of the lanes still iterating; false once all have converged.
// halley: Halley's step instead of Newton's (cubic convergence; T. R. Scavo
// and J. B. Thoo, "On the geometry of Halley's method", Amer. Math. Monthly
// 102, 1995), for the first trip in double (kHalleyFirstTrip): Newton
// needed three steps and a fourth trip to see them converge, a Halley step
// then a Newton step converge in three (bench plate: 99.7 % of the
// point-packs took 4 trips before, nearly all 3 now). It costs a few
// products and no divide or square root. The rate-dependent flow stress of
// PlasticCurve has no h'' here: Newton's step throughout.
template <RateForm Form, bool OnCurve, class T>
KOKKOS_FORCEINLINE_FUNCTION bool newton_trip(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                        const ReturnRates& k, Real dt, ReturnPoint<T>& p, const T* position,
                                        SegmentRange<T>* range, bool halley) {
  using L = Lanes<T>;
  const T a1 = Real(1) + k.alpha * p.x, a2 = Real(1) + k.twog * p.x;
  const T a12 = a1 * a2;
  const T p2 = squared_modes(p, a1, a2);
  const T root = vsqrt(p2);
  T scaled_sigy;  // a1 a2 sigy at this iterate
  if constexpr (Form == RateForm::PlasticCurve) {
    // The flow stress at this iterate's plastic strain and rate, and its line.
    const T dep = Real(2) / Real(3) * p.x * root / a12;
    T flow;
    viscoplastic_flow(m, curve_x, curve_y, T(p.epsp + dep), dep, dt, flow, p.hs);
    scaled_sigy = flow * a12;
    p.s0 = flow - p.hs * dep;
  } else {
    if constexpr (OnCurve) {
      // The line of the curve's segment at the last iterate (begin_return's
      // at first), as for a hardening line; where this iterate's plastic
      // strain left that segment, the line of the segment that holds it. So
      // the lookup is off the Newton chain but in the rare trip that crosses
      // a curve point, and the test needs no divide: dep a1 a2 = 2/3 x
      // sqrt(P), a1 a2 > 0.
      const T dep_a12 = Real(2) / Real(3) * p.x * root;
      const auto moved = !(range->lo * a12 < dep_a12 && dep_a12 <= range->hi * a12);
      if (L::any(moved)) {
        const T dep = dep_a12 / a12;
        const T epsp = p.epsp + dep;
        T sigy, slope, lo, hi;
        hardening_lanes(m, curve_x, curve_y, epsp, sigy, slope, Form == RateForm::Table ? position : nullptr, &lo,
                        &hi);
        const T hs = slope * p.rate_scale;
        p.hs = select(moved, hs, p.hs);
        p.s0 = select(moved, T(sigy * p.rate_scale - hs * dep), p.s0);
        range->lo = select(moved, T(lo - p.epsp), range->lo);
        range->hi = select(moved, T(hi - p.epsp), range->hi);
      }
    }
    scaled_sigy = p.s0 * a12 + Real(2) / Real(3) * p.hs * p.x * root;
  }
  const T h = root - scaled_sigy;
  p.lo = select(h > 0, p.x, p.lo);
  p.hi = select(h > 0, p.hi, p.x);
  p.active = p.active && (h > kReturnTolerance * scaled_sigy || h < -kReturnTolerance * scaled_sigy);
  if (!L::any(p.active)) {
    p.root = root;  // at the answer: finish_return's
    return false;
  }
  // h' sqrt(P) = P'/2 (1 - c x) - c P - s0 (alpha a2 + twog a1) sqrt(P), c = 2/3 H.
  const T half_dp = half_modes_slope(k, p, a1, a2);
  const T c = Real(2) / Real(3) * p.hs;
  const T unloaded = Real(1) - c * p.x;
  const T dh_root = half_dp * unloaded - c * p2 - p.s0 * (k.alpha * a2 + k.twog * a1) * root;
  T next;
  if (Form != RateForm::PlasticCurve && halley) {
    // h'' R^3 = (P''/2 P - (P'/2)^2)(1 - c x) - 2 c P'/2 P - 2 alpha twog s0 P R, P''/2 below.
    const T half_ddp = p.sm2 * (k.twog * k.twog) + p.dev3 * (k.alpha * k.alpha);
    const T ddh_root3 = (half_ddp * p2 - half_dp * half_dp) * unloaded - Real(2) * c * half_dp * p2 -
                        Real(2) * k.alpha * k.twog * p.s0 * p2 * root;
    // x - 2 h h' / (2 h'^2 - h h''), with h' = dh_root / R and h'' = ddh_root3 / R^3.
    next = p.x - Real(2) * h * dh_root * p2 / (Real(2) * dh_root * dh_root * root - h * ddh_root3);
  } else {
    next = p.x - h * root / dh_root;
  }
  next = select(next > p.lo && next < p.hi, next, T(Real(0.5) * (p.lo + p.hi)));  // left the bracket: bisect
  p.x = select(p.active, next, p.x);
  return true;
}

// The returned stress (and back stress) of one point; returns its effective
// plastic strain increment (0 in elastic lanes, whose trial stands bit for bit).
// The last trip left every lane's iterate as it found it and kept its
// sqrt(P), the answer's (squared_modes, no contraction): a square
// root saved a yielding point, unless the trips stopped at their cap.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T finish_return(const ReturnRates& k, const ReturnPoint<T>& p, T s[3], T* back) {
  if (!p.flowing) return T(0);
  const T a1 = Real(1) + k.alpha * p.x, a2 = Real(1) + k.twog * p.x;
  const T r = Real(1) / (a1 * a2);
  const T f1 = a2 * r, f2 = a1 * r;
  const T root = p.iterating ? vsqrt(squared_modes(p, a1, a2)) : p.root;
  const T vm = root * r;
  const T smr = p.sm * f1, sdr = p.sd * f2, ssr = p.ss * f2;
  const T dep = select(p.yielding, T(Real(2) / Real(3) * p.x * vm), T(0));
  if (back) {
    // sigma = sigma_trial - x C P xi; alpha = sigma - xi.
    const T sig[3] = {s[0] - p.x * (k.alpha_e * smr + k.twog_e * sdr),
                      s[1] - p.x * (k.alpha_e * smr - k.twog_e * sdr), s[2] - p.x * k.twog_e * ssr};
    const T xi[3] = {smr + sdr, smr - sdr, ssr};
    for (int j = 0; j < 3; ++j) {
      back[j] = select(p.yielding, T(sig[j] - xi[j]), back[j]);
      s[j] = select(p.yielding, sig[j], s[j]);
    }
    return dep;
  }
  s[0] = select(p.yielding, T(smr + sdr), s[0]);
  s[1] = select(p.yielding, T(smr - sdr), s[1]);
  s[2] = select(p.yielding, ssr, s[2]);
  return dep;
}

// The return of every point of a column: c.s holds the elastic trial
// stresses on entry, the returned ones on exit; c.dep the plastic strain
// increments. kinematic: the points carry back stresses (c.back). de and dt
// give the rate factor: Cowper-Symonds' only where a trial stress passes the
// static yield stress (it is >= 1; exactly 1 changes nothing), an LCSR
// curve's for every point (begin_return).
template <RateForm Form, bool OnCurve, class T>
KOKKOS_INLINE_FUNCTION void return_column(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                          Real dt, bool kinematic, PointColumn<T>& c) {
  const ReturnRates k(m, kinematic);
  ReturnPoint<T> p[kMaxThicknessPoints];
  constexpr bool table = Form == RateForm::Table;
  T position[table ? kMaxThicknessPoints : 1];
  SegmentRange<T> range[OnCurve ? kMaxThicknessPoints : 1];
  bool iterating = false;
  for (int i = 0; i < c.n; ++i) {
    begin_return<Form, OnCurve>(m, curve_x, curve_y, k, c.s[i], kinematic ? c.back[i] : nullptr, c.epsp[i], c.de[i],
                                dt, p[i], table ? &position[i] : nullptr, OnCurve ? &range[i] : nullptr);
    iterating = iterating || p[i].iterating;
  }
  for (int iter = 0; iter < 60 && iterating; ++iter) {
    iterating = false;
    for (int i = 0; i < c.n; ++i) {
      if (!p[i].iterating) continue;
      if constexpr (Form == RateForm::PlasticFactor)
        p[i].iterating = overstress_trip(m, curve_x, curve_y, k, dt, p[i]);
      else
        p[i].iterating =
            newton_trip<Form, OnCurve>(m, curve_x, curve_y, k, dt, p[i], table ? &position[i] : nullptr,
                                       OnCurve ? &range[i] : nullptr, kHalleyFirstTrip && iter == 0);
      iterating = iterating || p[i].iterating;
    }
  }
  for (int i = 0; i < c.n; ++i) c.dep[i] = finish_return(k, p[i], c.s[i], kinematic ? c.back[i] : nullptr);
}

template <class T>
KOKKOS_INLINE_FUNCTION void plastic_return(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                           Real dt, bool kinematic, PointColumn<T>& c) {
  const bool on_curve = m.curve_end != m.curve_begin;
  if (m.viscoplastic && (m.table_count > 0 || m.rate_curve_end != m.rate_curve_begin))
    return_column<RateForm::PlasticCurve, false>(m, curve_x, curve_y, dt, kinematic, c);
  else if (m.viscoplastic)
    return_column<RateForm::PlasticFactor, false>(m, curve_x, curve_y, dt, kinematic, c);
  else if (m.table_count > 0)
    return_column<RateForm::Table, true>(m, curve_x, curve_y, dt, kinematic, c);
  else if (m.rate_curve_end != m.rate_curve_begin && on_curve)
    return_column<RateForm::Curve, true>(m, curve_x, curve_y, dt, kinematic, c);
  else if (m.rate_curve_end != m.rate_curve_begin)
    return_column<RateForm::Curve, false>(m, curve_x, curve_y, dt, kinematic, c);
  else if (on_curve)
    return_column<RateForm::Factor, true>(m, curve_x, curve_y, dt, kinematic, c);
  else
    return_column<RateForm::Factor, false>(m, curve_x, curve_y, dt, kinematic, c);
}

}  // namespace mc
