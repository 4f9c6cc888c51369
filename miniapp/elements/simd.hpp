// SIMD across elements: the shell kernel is written once for a scalar Real
// and for a pack of Reals (std::experimental::simd, Parallelism TS v2, in
// libstdc++ since GCC 11), and these helpers make both spellings the same.
// Lanes<T> reads and writes single lanes, so gathers from nodes and
// scatters to element state stay explicit.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

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

// Writes six packs lane-major, dst[6 l + d] = v[d][l], as a pack of corner
// forces is laid out (views.hpp): each lane's six components side by side
// for the nodes' gather. The element phase writes the corners and never
// reads them; with `stream` (AVX-512 doubles only) the 6 x 8 transpose runs
// in registers and leaves as six non-temporal stores of whole cache lines,
// which are not first read from memory. The streamed lines reach memory
// before the phase's closing barrier: a locked instruction drains the
// write-combining buffers (Intel SDM vol. 3, 11.3.1).
#if defined(__AVX512F__) && !defined(MINICRASH_SINGLE_PRECISION)
#define MINICRASH_STREAMED_CORNER_STORES 1
inline constexpr bool kStreamedCornerStores = true;
static_assert(SimdReal::size() == 8, "AVX-512 doubles: 8 lanes");
#else
inline constexpr bool kStreamedCornerStores = false;
#endif
KOKKOS_FORCEINLINE_FUNCTION void store_lane_major(const Real v[6], Real* dst, bool /*stream*/) {
  for (int d = 0; d < 6; ++d) dst[d] = v[d];
}
KOKKOS_FORCEINLINE_FUNCTION void store_lane_major(const SimdReal v[6], Real* dst, bool stream) {
#ifdef MINICRASH_STREAMED_CORNER_STORES
  if (stream && reinterpret_cast<std::uintptr_t>(dst) % 64 == 0) {  // a pack's corner is 6 whole lines
    __m512d a[6];
    for (int d = 0; d < 6; ++d) a[d] = static_cast<__m512d>(v[d]);
    // The zero-masked forms with every lane kept are the plain instructions;
    // the plain intrinsics trip GCC 12's -Wmaybe-uninitialized.
    constexpr __mmask8 kAll = 0xFF;
    // 128-bit chunks: lo[e] holds (v[2e][l], v[2e+1][l]) for the even
    // lanes l = 0, 2, 4, 6, hi[e] for the odd ones.
    __m512d lo[3], hi[3];
    for (int e = 0; e < 3; ++e) {
      lo[e] = _mm512_maskz_unpacklo_pd(kAll, a[2 * e], a[2 * e + 1]);
      hi[e] = _mm512_maskz_unpackhi_pd(kAll, a[2 * e], a[2 * e + 1]);
    }
    // Memory holds chunk (l, e) at 3 l + e; each store takes four of them:
    // chunks 0 and 2, or 1 and 3, of p then of q.
    const auto evens = [&](__m512d p, __m512d q) { return _mm512_maskz_shuffle_f64x2(kAll, p, q, 0x88); };
    const auto odds = [&](__m512d p, __m512d q) { return _mm512_maskz_shuffle_f64x2(kAll, p, q, 0xDD); };
    const __m512d x1 = evens(lo[0], lo[1]), x2 = evens(lo[2], hi[0]);
    const __m512d y1 = evens(hi[1], hi[2]), y2 = odds(lo[0], lo[1]);
    const __m512d z1 = odds(lo[2], hi[0]), z2 = odds(hi[1], hi[2]);
    _mm512_stream_pd(dst, evens(x1, x2));
    _mm512_stream_pd(dst + 8, evens(y1, y2));
    _mm512_stream_pd(dst + 16, evens(z1, z2));
    _mm512_stream_pd(dst + 24, odds(x1, x2));
    _mm512_stream_pd(dst + 32, odds(y1, y2));
    _mm512_stream_pd(dst + 40, odds(z1, z2));
    return;
  }
#endif
  for (int l = 0; l < static_cast<int>(SimdReal::size()); ++l)
    for (int d = 0; d < 6; ++d) dst[6 * l + d] = v[d][l];
}

// Orders the streamed stores above before this thread's later stores to the
// same lines (a pack rerun element by element rewrites its corners).
KOKKOS_FORCEINLINE_FUNCTION void fence_streamed_stores() {
#ifdef MINICRASH_STREAMED_CORNER_STORES
  _mm_sfence();
#endif
}

}  // namespace mc
