// The flow stress of MAT_024 / MAT_003 at a point: the hardening line or
// curve at an effective plastic strain, and the Cowper-Symonds rate factor.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "miniapp/elements/simd.hpp"
#include "miniapp/elements/simd_pow.hpp"
#include "miniapp/materials/material_params.hpp"

namespace mc {

// The segment [i, i+1] of a curve's points [begin, end) that holds x: the
// first whose right end is not below x, or the last, which extrapolates
// (NaN: the first). V: Real in the kernels, double for the deck's curves.
template <class V>
KOKKOS_INLINE_FUNCTION int curve_segment(const V* curve_x, int begin, int end, V x) {
  int i = begin;
  while (i + 2 < end && curve_x[i + 1] < x) ++i;
  return i;
}

// The line through (x0, y0) and (x1, y1) at x: its value and slope, for a
// Real or, lane by lane in the same operations, a pack.
template <class T>
KOKKOS_INLINE_FUNCTION void line_at(const T& x0, const T& y0, const T& x1, const T& y1, const T& x, T& y, T& slope) {
  slope = (y1 - y0) / (x1 - x0);
  y = y0 + slope * (x - x0);
}

// A piecewise-linear curve's points [begin, end) (two at least) at x: its
// value and slope, the first and last segments extended beyond its ends.
// Returns the segment (curve_segment).
template <class V>
KOKKOS_INLINE_FUNCTION int curve_at(const V* curve_x, const V* curve_y, int begin, int end, V x, V& y, V& slope) {
  const int i = curve_segment(curve_x, begin, end, x);
  line_at(curve_x[i], curve_y[i], curve_x[i + 1], curve_y[i + 1], x, y, slope);
  return i;
}

// Cowper-Symonds factor 1 + (rate / C)^(1/P) on the yield stress and the
// hardening slope, where rate = sqrt(d_ij d_ij) of the total strain rate
// (LS-DYNA Keyword User's Manual vol. II, *MAT_024 and *MAT_003 remarks;
// Cowper & Symonds 1957). A shell point has its in-plane rates; its
// thickness rate is taken as -(dxx + dyy), plastic incompressibility (the
// rate matters where the point flows), and transverse shear is left out.
// de[2] is the engineering shear increment, so d_xy = de[2] / 2 dt.
template <class T>
KOKKOS_INLINE_FUNCTION T strain_increment(const T de[3]) {
  const T dzz = -(de[0] + de[1]);
  const T dxy = Real(0.5) * de[2];
  return vsqrt(de[0] * de[0] + de[1] * de[1] + dzz * dzz + Real(2) * dxy * dxy);
}

template <class T>
KOKKOS_INLINE_FUNCTION T strain_rate(const T de[3], Real dt) {
  return strain_increment(de) / dt;
}

// rate / C as the increment times 1 / (C dt), one multiply where two
// divides stood in the chain before the power (taken a pack at once:
// simd_pow.hpp).
template <class T>
KOKKOS_INLINE_FUNCTION T rate_factor(const MaterialParams& m, const T de[3], Real dt) {
  if (!(m.rate_c > 0) || !(dt > 0)) return T(1);
  return Real(1) + vpow(T(strain_increment(de) * (Real(1) / (m.rate_c * dt))), m.rate_inv_p);
}

// The abscissa of strain rate r in an LCSS table: r, or ln r where the
// table holds logarithms (ln 0 and below: the first rate). vlog, so that a
// pack takes its lanes' logarithms at once with the scalar's bits.
template <class T>
KOKKOS_INLINE_FUNCTION T table_abscissa(const MaterialParams& m, const T& r) {
  if (!m.table_log) return r;
  const auto positive = r > Real(0);
  return select(positive, vlog(select(positive, r, T(1))), T(m.table_rates[0]));
}

// LCSS a *DEFINE_TABLE: where rate r, at abscissa x (table_abscissa),
// falls among the table's rates, k + w for curve k and a weight w toward
// curve k + 1; clamped to the first and last curves. *per_rate (when
// given): its derivative in r, 0 where it is clamped.
KOKKOS_INLINE_FUNCTION Real table_position_at(const MaterialParams& m, Real r, Real x, Real* per_rate) {
  if (per_rate) *per_rate = 0;
  if (!(x > m.table_rates[0])) return Real(0);
  const int last = m.table_count - 1;
  if (!(x < m.table_rates[last])) return Real(last);
  int k = 0;
  while (m.table_rates[k + 1] <= x) ++k;
  const Real span = m.table_rates[k + 1] - m.table_rates[k];
  if (per_rate) *per_rate = m.table_log ? Real(1) / (span * r) : Real(1) / span;
  return Real(k) + (x - m.table_rates[k]) / span;
}

// table_position_at for a pack's lanes at once, each with the scalar's
// bits: for each inner rate in turn the lanes at or past it take the next
// span (the rates increase, keywords_tables.cpp, so this is the scalar's
// walk), then one divide for all. Lane by lane, VP 1 took two scalar
// divides a lane in every Newton trip.
template <class T>
KOKKOS_INLINE_FUNCTION T table_position_lanes(const MaterialParams& m, const T& r, const T& x, T* per_rate) {
  if constexpr (std::is_same_v<T, Real>) {
    return table_position_at(m, r, x, per_rate);
  } else {
    const int last = m.table_count - 1;
    const auto first_past = x > T(m.table_rates[0]);  // NaN: at the first curve, as the scalar's test
    const auto inside = first_past && x < T(m.table_rates[last]);
    T k(0), low(m.table_rates[0]), high(m.table_rates[last > 0 ? 1 : 0]);
    for (int j = 1; j < last; ++j) {
      const auto past = T(m.table_rates[j]) <= x;
      if (!Lanes<T>::any(past)) break;
      stdx::where(past, k) = T(Real(j));
      stdx::where(past, low) = T(m.table_rates[j]);
      stdx::where(past, high) = T(m.table_rates[j + 1]);
    }
    const T span = select(inside, T(high - low), T(1));
    if (per_rate) *per_rate = select(inside, T(m.table_log ? T(Real(1) / (span * r)) : T(Real(1) / span)), T(0));
    return select(inside, T(k + (x - low) / span), select(first_past, T(Real(last)), T(0)));
  }
}

// The table position of the point's strain rate (as rate_factor's).
template <class T>
KOKKOS_INLINE_FUNCTION T table_position(const MaterialParams& m, const T de[3], Real dt) {
  const T rate = dt > 0 ? strain_rate(de, dt) : T(0);
  return table_position_lanes(m, rate, table_abscissa(m, rate), static_cast<T*>(nullptr));
}

// The lines at epsp of a table's curves k and k + 1, where each lane's
// position is k + w (the curves share their abscissas; above the last
// curve, whose w is 0, the last again): the searches lane by lane, the
// lines as packs, each lane with the scalar's bits. segment: each lane's
// (curve_segment).
template <class T>
struct TableLines {
  T below, below_slope, above, above_slope, w;
  int segment[Lanes<T>::width];
};

template <class T>
KOKKOS_INLINE_FUNCTION void table_lines(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                        const T& epsp, const T& position, TableLines<T>& t) {
  using L = Lanes<T>;
  const int n = m.curve_end - m.curve_begin;
  int lower[L::width], upper[L::width];
  T curve;
  for (int l = 0; l < L::width; ++l) {
    const int k = static_cast<int>(L::get(position, l));
    L::set(curve, l, Real(k));
    t.segment[l] = curve_segment(curve_x, m.curve_begin, m.curve_end, L::get(epsp, l));
    lower[l] = k * n;
    upper[l] = std::min(k + 1, m.table_count - 1) * n;
  }
  const auto point = [&](const int* row, int next) {
    return L::make([&](int l) { return curve_y[row[l] + t.segment[l] + next]; });
  };
  const T x0 = L::make([&](int l) { return curve_x[t.segment[l]]; });
  const T x1 = L::make([&](int l) { return curve_x[t.segment[l] + 1]; });
  line_at(x0, point(lower, 0), x1, point(lower, 1), epsp, t.below, t.below_slope);
  line_at(x0, point(upper, 0), x1, point(upper, 1), epsp, t.above, t.above_slope);
  t.w = position - curve;
}

// Yield stress and slope between the two curves, linear in w (LS-DYNA's
// interpolation between the curves of MAT_024's table).
template <class T>
KOKKOS_INLINE_FUNCTION void table_blend(const TableLines<T>& t, T& sigy, T& slope) {
  const auto between = t.w > Real(0);
  sigy = select(between, T(t.below + t.w * (t.above - t.below)), t.below);
  slope = select(between, T(t.below_slope + t.w * (t.above_slope - t.below_slope)), t.below_slope);
}

// The segment's ends as the range (lo, hi] of abscissas it holds: its
// points, unbounded outward at the curve's first and last segments.
KOKKOS_INLINE_FUNCTION void segment_range(const Real* curve_x, int begin, int end, int i, Real& lo, Real& hi) {
  constexpr Real kUnbounded = std::numeric_limits<Real>::infinity();
  lo = i == begin ? -kUnbounded : curve_x[i];
  hi = i + 2 == end ? kUnbounded : curve_x[i + 1];
}

// curve_at, and the range of abscissas the segment holds. A pack finds its
// lanes' segments at once: the abscissas never decrease
// (model_validation.cpp), so for each inner point in turn the lanes past
// it take the next segment's ends, until a point no lane has passed (a NaN
// passes none, as curve_segment's walk stops at once for it). Lane by
// lane, the walks mispredicted their exits and the divides stood in a row.
// The value and slope are curve_at's operations: the same bits.
template <class T>
KOKKOS_INLINE_FUNCTION void curve_lanes(const Real* curve_x, const Real* curve_y, int begin, int end, const T& x,
                                        T& y, T& slope, T& lo, T& hi) {
  if constexpr (std::is_same_v<T, Real>) {
    segment_range(curve_x, begin, end, curve_at(curve_x, curve_y, begin, end, x, y, slope), lo, hi);
  } else {
    constexpr Real kUnbounded = std::numeric_limits<Real>::infinity();
    T x0(curve_x[begin]), y0(curve_y[begin]), x1(curve_x[begin + 1]), y1(curve_y[begin + 1]);
    lo = T(-kUnbounded);
    hi = T(begin + 2 == end ? kUnbounded : curve_x[begin + 1]);
    for (int k = begin + 1; k + 1 < end; ++k) {
      const auto below = T(curve_x[k]) < x;  // the segment is k's or a later one
      if (!Lanes<T>::any(below)) break;       // nor any later point
      stdx::where(below, x0) = T(curve_x[k]);
      stdx::where(below, y0) = T(curve_y[k]);
      stdx::where(below, x1) = T(curve_x[k + 1]);
      stdx::where(below, y1) = T(curve_y[k + 1]);
      stdx::where(below, lo) = T(curve_x[k]);
      stdx::where(below, hi) = T(k + 2 == end ? kUnbounded : curve_x[k + 1]);
    }
    line_at(x0, y0, x1, y1, x, y, slope);
  }
}

// MAT_024's LCSR: the yield stress's factor, its curve at the rate (any
// value, also below 1); a pack looks its lanes up at once (curve_lanes:
// curve_at's bits).
template <class T>
KOKKOS_INLINE_FUNCTION T rate_curve_factor(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                           const T de[3], Real dt) {
  const T rate = dt > 0 ? strain_rate(de, dt) : T(0);
  T factor, slope, lo, hi;
  curve_lanes(curve_x, curve_y, m.rate_curve_begin, m.rate_curve_end, rate, factor, slope, lo, hi);
  return factor;
}

// Yield stress and slope for T = Real or a pack; with a curve also the
// range (lo, hi] of plastic strains over which they stay on one line
// (segment_range), where lo and hi are given. position: a table's
// (table_position; its curves' lines as packs, table_lines), or nullptr
// for a plain curve.
template <class T>
KOKKOS_INLINE_FUNCTION void hardening_lanes(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                            const T& epsp, T& sigy, T& slope, const T* position = nullptr,
                                            T* lo = nullptr, T* hi = nullptr) {
  if (m.curve_end == m.curve_begin) {
    sigy = m.yield + m.plastic_modulus * epsp;
    slope = T(m.plastic_modulus);
    if (lo) *lo = T(-std::numeric_limits<Real>::infinity());  // one line throughout
    if (hi) *hi = T(std::numeric_limits<Real>::infinity());
    return;
  }
  T unused_lo, unused_hi;
  if (!position)
    return curve_lanes(curve_x, curve_y, m.curve_begin, m.curve_end, epsp, sigy, slope, lo ? *lo : unused_lo,
                       hi ? *hi : unused_hi);
  TableLines<T> lines;
  table_lines(m, curve_x, curve_y, epsp, *position, lines);
  table_blend(lines, sigy, slope);
  if (!lo && !hi) return;
  for (int l = 0; l < Lanes<T>::width; ++l) {
    Real lane_lo, lane_hi;
    segment_range(curve_x, m.curve_begin, m.curve_end, lines.segment[l], lane_lo, lane_hi);
    if (lo) Lanes<T>::set(*lo, l, lane_lo);
    if (hi) Lanes<T>::set(*hi, l, lane_hi);
  }
}

// VP 1 (viscoplastic) with LCSR or a table LCSS: the flow stress where the
// plastic strain grows by dep over dt to epsp (the new plastic strain), and
// its derivative in dep (the slope the return's Newton step needs), at the
// plastic strain rate r = dep / dt: the static curve times LCSR's value at
// r, or the table's curves interpolated at r (keyword manual, *MAT_024 VP
// and remarks). Cowper-Symonds under VP 1 has its own iteration
// (overstress_trip.hpp). LCSR: a pack looks both curves up for all its
// lanes at once (hardening_lanes, curve_lanes: the scalar lookups' bits);
// a table, its rates as packs (table_position_lanes), its curves' searches
// lane by lane and their lines as packs (table_lines).
template <class T>
KOKKOS_INLINE_FUNCTION void viscoplastic_flow(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                              const T& epsp, const T& dep, Real dt, T& flow, T& dflow) {
  const T rates = dt > 0 ? T(dep / dt) : T(0);
  if (m.table_count == 0) {
    T s, h, factor, factor_slope, lo, hi;
    hardening_lanes(m, curve_x, curve_y, epsp, s, h);
    curve_lanes(curve_x, curve_y, m.rate_curve_begin, m.rate_curve_end, rates, factor, factor_slope, lo, hi);
    flow = s * factor;
    dflow = h * factor + (dt > 0 ? T(s * factor_slope / dt) : T(0));
    return;
  }
  // A table: each lane's place among the rates, then the lines of the two
  // curves that bracket it (table_lines), blended; their step for the
  // rate's derivative.
  T per_rate;
  const T position = table_position_lanes(m, rates, table_abscissa(m, rates), &per_rate);
  TableLines<T> lines;
  table_lines(m, curve_x, curve_y, epsp, position, lines);
  table_blend(lines, flow, dflow);
  const auto bracketed = per_rate > Real(0);  // between two curves: the step between them, at epsp
  dflow = select(bracketed, T(dflow + (lines.above - lines.below) * per_rate / dt), dflow);
}

}  // namespace mc
