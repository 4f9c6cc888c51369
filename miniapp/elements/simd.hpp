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
  static void gather_triples(const Real* base, const int* offset, Real out[3]) {
    for (int d = 0; d < 3; ++d) out[d] = base[offset[0] + d];
  }
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
  // out[d] holds base[offset[l] + d] in lane l, d = 0, 1, 2: the lanes'
  // nodal triples (x, v or w) as three packs.
  static void gather_triples(const Real* base, const int* offset, SimdReal out[3]) {
#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512DQ__) && defined(MINICRASH_SINGLE_PRECISION)
    // 16 lanes (128- and 256-bit masked loads and inserts: VL and DQ): each triple by one masked 128-bit load (its fourth float
    // is not read), four a register, then a 4 x 4 transpose within each
    // 128-bit lane: a third of the shuffles of building each pack lane by
    // lane, and a sixth of the loads.
    constexpr __mmask8 kTriple = 0x7;
    const auto triple = [&](int l) { return _mm_maskz_loadu_ps(kTriple, base + offset[l]); };
    __m512 row[4];  // row[j], 128-bit lane q: (x, y, z, 0) of lane 4 q + j
    for (int j = 0; j < 4; ++j) {
      const __m256 low = _mm256_insertf128_ps(_mm256_castps128_ps256(triple(j)), triple(j + 4), 1);
      const __m256 high = _mm256_insertf128_ps(_mm256_castps128_ps256(triple(j + 8)), triple(j + 12), 1);
      row[j] = _mm512_insertf32x8(_mm512_castps256_ps512(low), high, 1);
    }
    constexpr __mmask16 kAll = 0xFFFF;  // zero-masked forms: see transpose_lane_major
    const __m512 xy01 = _mm512_maskz_unpacklo_ps(kAll, row[0], row[1]);  // x0 x1 y0 y1 a 128-bit lane
    const __m512 xy23 = _mm512_maskz_unpacklo_ps(kAll, row[2], row[3]);  // x2 x3 y2 y3
    const __m512 z01 = _mm512_maskz_unpackhi_ps(kAll, row[0], row[1]);   // z0 z1 0 0
    const __m512 z23 = _mm512_maskz_unpackhi_ps(kAll, row[2], row[3]);   // z2 z3 0 0
    out[0] = SimdReal(_mm512_shuffle_ps(xy01, xy23, 0x44));
    out[1] = SimdReal(_mm512_shuffle_ps(xy01, xy23, 0xEE));
    out[2] = SimdReal(_mm512_shuffle_ps(z01, z23, 0x44));
#else
    for (int d = 0; d < 3; ++d) out[d] = make([&](int l) { return base[offset[l] + d]; });
#endif
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
// for the nodes' gather. With AVX-512, where dst starts a cache line, the
// transpose runs in registers and leaves as six stores of whole lines. The
// element phase writes the corners and never reads them: with `stream`
// those stores are non-temporal, so the lines are not first read from
// memory. The streamed lines reach memory before the phase's closing
// barrier: a locked instruction drains the write-combining buffers (Intel
// SDM vol. 3, 11.3.1).
#if defined(__AVX512F__)
#define MINICRASH_STREAMED_CORNER_STORES 1
inline constexpr bool kStreamedCornerStores = true;
static_assert(SimdReal::size() * sizeof(Real) == 64, "AVX-512: a pack is one 64-byte register");
#else
inline constexpr bool kStreamedCornerStores = false;
#endif
KOKKOS_FORCEINLINE_FUNCTION void store_lane_major(const Real v[6], Real* dst, bool /*stream*/) {
  for (int d = 0; d < 6; ++d) dst[d] = v[d];
}
#ifdef MINICRASH_STREAMED_CORNER_STORES
#ifndef MINICRASH_SINGLE_PRECISION
// 8 doubles a pack: six unpacks and twelve 128-bit shuffles. (The
// zero-masked forms with every lane kept are the plain instructions; the
// plain intrinsics trip GCC 12's -Wmaybe-uninitialized.)
KOKKOS_FORCEINLINE_FUNCTION void transpose_lane_major(const SimdReal v[6], Real* dst, bool stream) {
  __m512d a[6];
  for (int d = 0; d < 6; ++d) a[d] = static_cast<__m512d>(v[d]);
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
  const __m512d out[6] = {evens(x1, x2), evens(y1, y2), evens(z1, z2), odds(x1, x2), odds(y1, y2), odds(z1, z2)};
  for (int k = 0; k < 6; ++k)
    if (stream) _mm512_stream_pd(dst + 8 * k, out[k]);
    else _mm512_store_pd(dst + 8 * k, out[k]);
}
#else
// 16 floats a pack. Store k holds dst[16 k + j], i.e. v[d][l] with
// 6 l + d = 16 k + j: each of its floats comes from one of the six packs,
// so three two-source permutes (packs 0-1, 2-3, 4-5) and two blends make it.
struct LaneMajorFloatTables {
  alignas(64) int index[6][3][16];  // store, pair of packs, float
  __mmask16 from[6][2];             // the floats that packs 2-3 and 4-5 supply
  constexpr LaneMajorFloatTables() : index{}, from{} {
    for (int k = 0; k < 6; ++k)
      for (int j = 0; j < 16; ++j) {
        const int f = 16 * k + j, l = f / 6, d = f % 6;
        index[k][d / 2][j] = 16 * (d % 2) + l;  // permutex2var: 16 and up name the second pack
        if (d >= 2) from[k][d / 2 - 1] = static_cast<__mmask16>(from[k][d / 2 - 1] | (1u << j));
      }
  }
};
inline constexpr LaneMajorFloatTables kLaneMajorFloat{};
KOKKOS_FORCEINLINE_FUNCTION void transpose_lane_major(const SimdReal v[6], Real* dst, bool stream) {
  __m512 a[6];
  for (int d = 0; d < 6; ++d) a[d] = static_cast<__m512>(v[d]);
  for (int k = 0; k < 6; ++k) {
    __m512 pair[3];
    for (int q = 0; q < 3; ++q) {
      const __m512i index = _mm512_load_si512(kLaneMajorFloat.index[k][q]);
      pair[q] = _mm512_permutex2var_ps(a[2 * q], index, a[2 * q + 1]);
    }
    const __m512 low = _mm512_mask_blend_ps(kLaneMajorFloat.from[k][0], pair[0], pair[1]);
    const __m512 out = _mm512_mask_blend_ps(kLaneMajorFloat.from[k][1], low, pair[2]);
    if (stream) _mm512_stream_ps(dst + 16 * k, out);
    else _mm512_store_ps(dst + 16 * k, out);
  }
}
#endif
#endif
KOKKOS_FORCEINLINE_FUNCTION void store_lane_major(const SimdReal v[6], Real* dst, bool stream) {
#ifdef MINICRASH_STREAMED_CORNER_STORES
  if (reinterpret_cast<std::uintptr_t>(dst) % 64 == 0) {  // a pack's corner is 6 whole lines
    transpose_lane_major(v, dst, stream);
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
