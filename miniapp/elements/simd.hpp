// SIMD across elements: the shell kernel is written once for a scalar Real
// and for a pack of Reals (std::experimental::simd, Parallelism TS v2, in
// libstdc++ since GCC 11), and these helpers make both spellings the same.
// Lanes<T> reads and writes single lanes, so gathers from nodes and
// scatters to element state stay explicit.
#pragma once

#include <cmath>
#include <utility>

#include "decomposition/parallel/views.hpp"

namespace mc {

namespace stdx = std::experimental;
using SimdReal = stdx::native_simd<Real>;

template <class T>
struct Lanes;

// The lane mask of a comparison: bool for Real, the pack's mask for a pack.
template <class T>
using MaskOf = decltype(std::declval<T>() > std::declval<T>());

template <>
struct Lanes<Real> {
  static constexpr int width = 1;
  static Real get(Real v, int) { return v; }
  static void set(Real& v, int, Real x) { v = x; }
  template <class F>
  static Real make(F&& f) { return f(0); }
  static bool any(bool m) { return m; }
  static Real min_lane(Real v) { return v; }
  static Real load(const Real* p) { return *p; }
  static void store(Real* p, Real v) { *p = v; }
};

template <>
struct Lanes<SimdReal> {
  static constexpr int width = static_cast<int>(SimdReal::size());
  static Real get(const SimdReal& v, int l) { return v[l]; }
  static void set(SimdReal& v, int l, Real x) { v[l] = x; }
  template <class F>
  static SimdReal make(F&& f) {
    return SimdReal([&](auto l) { return f(static_cast<int>(l)); });
  }
  static bool any(const SimdReal::mask_type& m) { return stdx::any_of(m); }
  static Real min_lane(const SimdReal& v) { return stdx::hmin(v); }
  // p: lane 0 of kPackWidth contiguous values (a packed View entry).
  static SimdReal load(const Real* p) { return SimdReal(p, stdx::element_aligned); }
  static void store(Real* p, const SimdReal& v) { v.copy_to(p, stdx::element_aligned); }
};

KOKKOS_FORCEINLINE_FUNCTION Real vsqrt(Real a) { return std::sqrt(a); }
KOKKOS_FORCEINLINE_FUNCTION SimdReal vsqrt(const SimdReal& a) { return stdx::sqrt(a); }
KOKKOS_FORCEINLINE_FUNCTION Real vmax(Real a, Real b) { return a > b ? a : b; }
KOKKOS_FORCEINLINE_FUNCTION SimdReal vmax(const SimdReal& a, const SimdReal& b) { return stdx::max(a, b); }
KOKKOS_FORCEINLINE_FUNCTION Real vmin(Real a, Real b) { return a < b ? a : b; }
KOKKOS_FORCEINLINE_FUNCTION SimdReal vmin(const SimdReal& a, const SimdReal& b) { return stdx::min(a, b); }
// m ? a : b, lane by lane.
KOKKOS_FORCEINLINE_FUNCTION Real select(bool m, Real a, Real b) { return m ? a : b; }
KOKKOS_FORCEINLINE_FUNCTION SimdReal select(const SimdReal::mask_type& m, const SimdReal& a, const SimdReal& b) {
  SimdReal r = b;
  stdx::where(m, r) = a;
  return r;
}

}  // namespace mc
