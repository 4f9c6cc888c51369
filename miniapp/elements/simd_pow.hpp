// x^y for a Real or a pack, lane by lane in the same operations, so that a
// pack's lanes get the scalar's bits (the kernels' rule: results must not
// depend on which lanes a point shares). std::pow is a library call per
// lane, some 15 ns, and Cowper-Symonds' rate factor and VP 1's overstress
// law (where P is not whole: whole_power, below) take one at every
// flowing point, a table in ln(rate) its logarithm
// (docs/speed.md, "The strain-rate forms as packs"). Here x^y = exp(y ln x), both by textbook series after the usual
// range reductions (J.-M. Muller, Elementary Functions, 3rd ed., 2016,
// ch. 11: ln through atanh of s = f / (2 + f), exp through n ln 2 + r with
// ln 2 split so that n ln2_hi is exact). The error is a few ulps of y ln x
// in the result (std::pow's is below one ulp): round-off, not physics.
#pragma once

#include <array>
#include <cmath>

#include "miniapp/elements/simd.hpp"

namespace mc {

namespace simd_pow_detail {

// ln 2 = hi + lo, hi with its low mantissa bits zero: n hi is exact for
// any exponent n of the type.
template <class R>
struct Ln2;
template <>
struct Ln2<double> {
  static constexpr double hi = 0x1.62e42p-1, lo = 0x1.fdf473de6af28p-22;
  static constexpr int log_terms = 10, exp_degree = 13;  // series cut below 1e-17 (z <= 0.0295, |r| <= 0.347)
  static constexpr double round_shift = 0x1.8p52, limit = 1100, split = 0x1p27 + 1;
};
template <>
struct Ln2<float> {
  static constexpr float hi = 0x1.62ep-1f, lo = 0x1.0bfbe8p-15f;
  static constexpr int log_terms = 5, exp_degree = 7;  // below 3e-9
  static constexpr float round_shift = 0x1.8p23f, limit = 200, split = 0x1p12f + 1;
};

// The series' coefficients, each rounded once: 1 / (2k + 1) for ln, 1 / k! for exp.
template <int N>
constexpr std::array<Real, N> atanh_coefficients() {
  std::array<Real, N> c{};
  for (int k = 0; k < N; ++k) c[k] = static_cast<Real>(1.0 / (2 * k + 1));
  return c;
}
template <int N>
constexpr std::array<Real, N + 1> exp_coefficients() {
  std::array<Real, N + 1> c{};
  double factorial = 1;  // exact: 13! < 2^53
  for (int k = 0; k <= N; ++k) {
    factorial *= k > 1 ? k : 1;
    c[k] = static_cast<Real>(1.0 / factorial);
  }
  return c;
}

// sum c[k] x^k by Estrin's scheme (D. E. Knuth, TAOCP vol. 2, 4.6.4):
// pairs c[2i] + x c[2i+1], then pairs of those with x^2, x^4, ...: a chain
// of log2 N multiply-adds where Horner's rule chains N, for the same
// multiplies.
template <std::size_t N, class T>
KOKKOS_FORCEINLINE_FUNCTION T estrin(const std::array<Real, N>& c, const T& x) {
  T a[(N + 1) / 2];
  for (std::size_t i = 0; i < N / 2; ++i) a[i] = c[2 * i] + x * c[2 * i + 1];
  if (N % 2) a[N / 2] = T(c[N - 1]);
  T power = x * x;
  for (std::size_t m = (N + 1) / 2; m > 1; m = (m + 1) / 2) {
    for (std::size_t i = 0; i < m / 2; ++i) a[i] = a[2 * i] + power * a[2 * i + 1];
    if (m % 2) a[m / 2] = a[m - 1];
    if (m > 2) power = power * power;
  }
  return a[0];
}

// x = m 2^e with m in [1/2, 1), the significand and the exponent (x > 0,
// finite): frexp's, or with AVX-512 its two instructions inline.
KOKKOS_FORCEINLINE_FUNCTION void split(Real x, Real& m, Real& e) {
  int k = 0;
  m = std::frexp(x, &k);
  e = static_cast<Real>(k);
}
KOKKOS_FORCEINLINE_FUNCTION void split(const SimdReal& x, SimdReal& m, SimdReal& e) {
#if defined(__AVX512F__) && !defined(MINICRASH_SINGLE_PRECISION)
  // The zero-masked forms with every lane kept: the plain intrinsics trip
  // GCC 12's -Wmaybe-uninitialized (as in simd.hpp).
  const __m512d v = static_cast<__m512d>(x);
  m = SimdReal(_mm512_maskz_getmant_pd(0xFF, v, _MM_MANT_NORM_p5_1, _MM_MANT_SIGN_src));
  e = SimdReal(_mm512_maskz_getexp_pd(0xFF, v)) + Real(1);  // getexp: floor(log2 x); frexp's m is in [1/2, 1)
#elif defined(__AVX512F__)
  const __m512 v = static_cast<__m512>(x);
  m = SimdReal(_mm512_maskz_getmant_ps(0xFFFF, v, _MM_MANT_NORM_p5_1, _MM_MANT_SIGN_src));
  e = SimdReal(_mm512_maskz_getexp_ps(0xFFFF, v)) + Real(1);
#else
  stdx::fixed_size_simd<int, SimdReal::size()> k;
  m = stdx::frexp(x, &k);
  e = stdx::static_simd_cast<SimdReal>(k);
#endif
}

// p 2^n for an integral n.
inline Real scale2(Real p, Real n) { return std::ldexp(p, static_cast<int>(n)); }
inline SimdReal scale2(const SimdReal& p, const SimdReal& n) {
  return stdx::ldexp(p, stdx::static_simd_cast<stdx::fixed_size_simd<int, SimdReal::size()>>(n));
}

}  // namespace simd_pow_detail

// ln x for finite x > 0 as hi + lo, lo below hi's last bit.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void vlog2sum(const T& x, T& hi, T& lo) {
  using C = simd_pow_detail::Ln2<Real>;
  T m, e;
  simd_pow_detail::split(x, m, e);
  const auto low = m < Real(0x1.6a09e667f3bcdp-1);  // m < sqrt(1/2): m in [sqrt(1/2), sqrt(2)) after
  m = select(low, T(m + m), m);
  e = select(low, T(e - Real(1)), e);
  const T f = m - Real(1);
  const T s = f / (Real(2) + f);  // ln m = 2 atanh s, |s| <= 0.172
  const T z = s * s;
  constexpr auto c = simd_pow_detail::atanh_coefficients<C::log_terms>();
  const T q = simd_pow_detail::estrin(c, z);  // atanh(s) / s = sum z^k / (2k + 1)
  // e ln2_hi (exact) + the rest, |rest| <= 0.35 < ln 2 <= |e ln2_hi| unless e = 0: Fast2Sum's exact error.
  const T whole = e * C::hi, rest = e * C::lo + Real(2) * s * q;
  hi = whole + rest;
  lo = (whole - hi) + rest;
}

// ln x for finite x > 0, within an ulp or two (vlog2sum's rounded sum).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T vlog(const T& x) {
  T hi, lo;
  vlog2sum(x, hi, lo);
  return hi;
}

// e^(hi + lo), |lo| below hi's last bit (0 below the type's range, infinity above it).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T vexp2sum(const T& hi, const T& lo) {
  using C = simd_pow_detail::Ln2<Real>;
  const T u = vmin(vmax(hi, T(-C::limit)), T(C::limit));
  // n: u / ln 2 rounded to the nearest integer (adding and taking away
  // 1.5 2^(digits - 1) leaves no fraction bits); r = u - n ln 2, |r| <= ln 2 / 2.
  const T n = (u * Real(0x1.71547652b82fep0) + C::round_shift) - C::round_shift;
  const T r = ((u - n * C::hi) - n * C::lo) + lo;
  constexpr auto c = simd_pow_detail::exp_coefficients<C::exp_degree>();
  return simd_pow_detail::scale2(simd_pow_detail::estrin(c, r), n);  // sum r^k / k!
}

// x^y for finite x >= 0 and y > 0 (0 at x = 0, NaN for a NaN x). y ln x is
// formed to twice the working precision (Dekker's product, T. J. Dekker,
// Numer. Math. 18, 1971, with Veltkamp's split), so that the result's
// error does not grow with |y ln x|.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T vpow(const T& x, Real y) {
  using C = simd_pow_detail::Ln2<Real>;
  const auto positive = x > Real(0);
  T l_hi, l_lo;
  vlog2sum(select(positive, x, T(1)), l_hi, l_lo);
  const auto halves = [](const auto& v, auto& high, auto& low) {  // v = high + low, each of half the digits
    const auto scaled = v * C::split;
    high = scaled - (scaled - v);
    low = v - high;
  };
  Real y_high, y_low;
  T l_high, l_low;
  halves(y, y_high, y_low);
  halves(l_hi, l_high, l_low);
  const T t_hi = y * l_hi;
  const T t_lo = (((y_high * l_high - t_hi) + y_high * l_low) + y_low * l_high) + y_low * l_low + y * l_lo;
  return select(positive, vexp2sum(t_hi, t_lo), T(x * Real(0)));
}

// x^n for a whole n >= 0 by repeated squaring: a few products, each
// rounded once, so within n - 1 half-ulps of the exact power; a pack's
// lanes take the scalar's operations. VP 1 raises its overstress to a
// whole Cowper-Symonds P this way (overstress_trip), a short chain where
// vpow's is long.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T whole_power(const T& x, int n) {
  T result(1), square = x;
  for (; n > 0; n >>= 1) {
    if (n & 1) result = result * square;
    if (n > 1) square = square * square;
  }
  return result;
}

}  // namespace mc
