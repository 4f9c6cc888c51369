// vpow and whole_power (miniapp/elements/simd_pow.hpp), the powers that
// Cowper-Symonds' rate factor and VP 1's overstress law take a pack at
// once: every lane gets the scalar's bits (a shell's answer must not
// depend on its pack), and each value is within a few ulps of the exact
// power (long double's powl, itself within an ulp of the double result),
// in the working precision of the build.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "miniapp/elements/simd_pow.hpp"

namespace mc {
namespace {

constexpr Real kEps = std::numeric_limits<Real>::epsilon();
constexpr double kUlps = 8;  // the largest error seen here: 5.6 eps in double, 5.0 in single

// Packs of powers x^y: x = e^u, u uniform in [-range, range], y in [0.05, y_max].
template <class Check>
void each_power(double range, double y_max, Check&& check) {
  std::mt19937_64 random(18);
  std::uniform_real_distribution<double> u(-range, range), y(0.05, y_max);
  for (int pack = 0; pack < 40000; ++pack) {
    const Real power = static_cast<Real>(y(random));
    const SimdReal x([&](auto) { return static_cast<Real>(std::exp(u(random))); });
    const SimdReal lanes = vpow(x, power);
    for (int l = 0; l < Lanes<SimdReal>::width; ++l) check(Real(x[l]), power, Real(lanes[l]));
  }
}

TEST(SimdPow, EveryLaneHasTheScalarsBits) {
  long differ = 0;
  each_power(40, 8, [&](Real x, Real y, Real lane) {
    const Real scalar = vpow(x, y);
    differ += std::memcmp(&scalar, &lane, sizeof(Real)) != 0;
  });
  EXPECT_EQ(differ, 0);
}

TEST(SimdPow, WithinAFewUlpsOfTheExactPower) {
  const double range = sizeof(Real) == sizeof(double) ? 40 : 8;  // results inside the type's normal range
  double worst = 0;
  each_power(range, 6, [&](Real x, Real y, Real lane) {
    const long double exact = std::pow(static_cast<long double>(x), static_cast<long double>(y));
    if (!(exact > std::numeric_limits<Real>::min() && exact < std::numeric_limits<Real>::max())) return;
    worst = std::max(worst, static_cast<double>(std::fabs((lane - exact) / exact)));
  });
  EXPECT_LT(worst, kUlps * kEps) << "worst relative error " << worst / kEps << " eps";
  EXPECT_GT(worst, 0);  // the powers are not std::pow's, nor meant to be
}

TEST(SimdPow, ZeroOneNanAndTheEndsOfTheRange) {
  EXPECT_EQ(vpow(Real(0), Real(0.2)), Real(0));
  EXPECT_EQ(vpow(Real(1), Real(0.2)), Real(1));
  EXPECT_EQ(vpow(Real(1), Real(5)), Real(1));
  EXPECT_TRUE(std::isnan(vpow(std::numeric_limits<Real>::quiet_NaN(), Real(0.2))));
  const Real big = std::numeric_limits<Real>::max() / 4, small = std::numeric_limits<Real>::min() * 4;
  EXPECT_EQ(vpow(big, Real(5)), std::numeric_limits<Real>::infinity());
  EXPECT_EQ(vpow(small, Real(5)), Real(0));
  const SimdReal x([](auto l) { return l % 2 ? Real(0) : Real(4); });  // mixed lanes: 0 stays 0
  const SimdReal p = vpow(x, Real(0.5));
  for (int l = 0; l < Lanes<SimdReal>::width; ++l) EXPECT_NEAR(p[l], l % 2 ? 0 : 2, 4 * kEps) << l;
}

// whole_power, VP 1's x^P for a whole P: every lane the scalar's bits, and
// within n - 1 half-ulps of the exact power (each product rounded once;
// squaring doubles a relative error, so x^16 by four squarings carries
// 15 of them at most).
TEST(SimdPow, WholePowersHaveTheScalarsBitsWithinNMinusOneHalfUlps) {
  std::mt19937_64 random(5);
  std::uniform_real_distribution<double> u(-3, 3);
  long differ = 0;
  for (int n = 0; n <= 16; ++n) {
    double worst = 0;
    for (int pack = 0; pack < 4000; ++pack) {
      const SimdReal x([&](auto) { return static_cast<Real>(std::exp(u(random))); });
      const SimdReal lanes = whole_power(x, n);
      for (int l = 0; l < Lanes<SimdReal>::width; ++l) {
        const Real scalar = whole_power(Real(x[l]), n), lane = lanes[l];
        differ += std::memcmp(&scalar, &lane, sizeof(Real)) != 0;
        const long double exact = std::pow(static_cast<long double>(Real(x[l])), n);
        worst = std::max(worst, static_cast<double>(std::fabs((lane - exact) / exact)));
      }
    }
    EXPECT_LE(worst, std::max(n - 1, 0) * kEps / 2 * (1 + 1e-3)) << "x^" << n << ": " << worst / kEps << " eps";
  }
  EXPECT_EQ(differ, 0);
  EXPECT_EQ(whole_power(Real(0), 5), Real(0));
  EXPECT_EQ(whole_power(Real(0), 0), Real(1));
  EXPECT_EQ(whole_power(Real(2), 10), Real(1024));
}

}  // namespace
}  // namespace mc
