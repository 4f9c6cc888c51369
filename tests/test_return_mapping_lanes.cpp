// The vectorised MAT_024 / MAT_003 update (a column of five points on SIMD
// packs, as the shell kernel runs it) against the scalar update of each
// point alone: every lane of every point, in columns that mix elastic and
// plastic points, must get bit for bit the scalar answer (a point's result
// may not depend on its pack or column, or results would depend on the
// decomposition), and every plastic answer must sit on the yield surface of
// its new plastic strain.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "miniapp/materials/material_table.hpp"
#include "uniaxial_stress_driver.hpp"

namespace mc {
namespace {

constexpr int W = Lanes<SimdReal>::width;
constexpr int kColumn = 5;  // points through the thickness

// One point's input and the return's output.
struct Point {
  Real s[3], back[3], de[3], epsp;
  Real dep = 0;
};

// Deterministic pseudo-random numbers in [lo, hi).
struct Lcg {
  std::uint64_t state = 0x2545F4914F6CDD1Dull;
  Real next(Real lo, Real hi) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * Real((state >> 11) * (1.0 / 9007199254740992.0));
  }
};

// A point with its old stress: every second point gets a strain increment
// that takes it well past yield, the others stay near or inside it.
Point random_point(Lcg& rng, int i, const MaterialParams& m, Real epsp_max, bool kinematic) {
  Point p;
  const Real reach = i % 2 ? Real(0.01) : Real(0.001);
  for (int j = 0; j < 3; ++j) {
    p.s[j] = rng.next(-0.2, 0.2);
    p.back[j] = kinematic ? rng.next(-0.05, 0.05) : Real(0);
    p.de[j] = rng.next(-reach, reach);
  }
  p.epsp = rng.next(0, epsp_max);
  return p;
}

void update_scalar(const MaterialParams& m, const Real* cx, const Real* cy, Real dt, bool kinematic, Point& p) {
  p.dep = plastic_plane_stress_update<Real>(m, cx, cy, p.de, dt, p.s, p.epsp, kinematic ? p.back : nullptr);
}

// kColumn x W points as one column of packs (point i, lane l: p[i * W + l]).
void update_column(const MaterialParams& m, const Real* cx, const Real* cy, Real dt, bool kinematic, Point* p) {
  using L = Lanes<SimdReal>;
  PointColumn<SimdReal> c;
  c.n = kColumn;
  for (int i = 0; i < kColumn; ++i) {
    const Point* q = p + i * W;
    for (int j = 0; j < 3; ++j) {
      c.s[i][j] = L::make([&](int l) { return q[l].s[j]; });
      c.back[i][j] = L::make([&](int l) { return q[l].back[j]; });
      c.de[i][j] = L::make([&](int l) { return q[l].de[j]; });
    }
    c.epsp[i] = L::make([&](int l) { return q[l].epsp; });
  }
  material_update<SimdReal>(m, cx, cy, dt, kinematic, c);
  for (int i = 0; i < kColumn; ++i)
    for (int l = 0; l < W; ++l) {
      Point& q = p[i * W + l];
      for (int j = 0; j < 3; ++j) {
        q.s[j] = L::get(c.s[i][j], l);
        q.back[j] = L::get(c.back[i][j], l);
      }
      q.dep = L::get(c.dep[i], l);
    }
}

// Runs 64 columns of a material through both paths; returns how many points flowed.
int check_lanes(const MaterialParams& m, const Real* cx, const Real* cy, Real epsp_max, Real dt,
                const std::string& name) {
  const bool kinematic = m.kinematic_modulus > 0;
  Lcg rng;
  int plastic = 0;
  for (int column = 0; column < 64; ++column) {
    std::vector<Point> scalar(kColumn * W), lanes(kColumn * W);
    for (int l = 0; l < kColumn * W; ++l) scalar[l] = lanes[l] = random_point(rng, l, m, epsp_max, kinematic);
    for (Point& p : scalar) update_scalar(m, cx, cy, dt, kinematic, p);
    update_column(m, cx, cy, dt, kinematic, lanes.data());
    for (int l = 0; l < kColumn * W; ++l) {
      const std::string where = name + " column " + std::to_string(column) + " point " + std::to_string(l / W) +
                                " lane " + std::to_string(l % W);
      EXPECT_EQ(lanes[l].dep, scalar[l].dep) << where;
      for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(lanes[l].s[j], scalar[l].s[j]) << where << " stress " << j;
        EXPECT_EQ(lanes[l].back[j], scalar[l].back[j]) << where << " back stress " << j;
      }
      plastic += scalar[l].dep > 0;
    }
  }
  return plastic;
}

// Von Mises of a plane stress relative to its back stress.
Real von_mises(const Point& p) {
  const Real x = p.s[0] - p.back[0], y = p.s[1] - p.back[1], xy = p.s[2] - p.back[2];
  return std::sqrt(x * x - x * y + y * y + 3 * xy * xy);
}

TEST(ReturnMappingLanes, LinearHardeningLanesMatchTheScalarReturnBitwise) {
  const int plastic = check_lanes(test::steel_024(0.3, 0.5), nullptr, nullptr, 0.3, 1e-3, "linear");
  EXPECT_GT(plastic, 64 * kColumn * W / 3);
  EXPECT_LT(plastic, 64 * kColumn * W);
}

TEST(ReturnMappingLanes, PerfectlyPlasticLanesMatchTheScalarReturnBitwise) {
  EXPECT_GT(check_lanes(test::steel_024(0.3, 0), nullptr, nullptr, 0.3, 1e-3, "perfectly plastic"), 64 * kColumn * W / 3);
}

// The curve's ends: points start before its second abscissa, between, and
// past its last one (the last segment extrapolates), so returns cross knots.
TEST(ReturnMappingLanes, HardeningCurveLanesMatchTheScalarReturnBitwiseAcrossItsEnds) {
  MaterialParams m = test::steel_024(0.3, 0);
  const Real cx[3] = {0.0, 0.02, 0.1};
  const Real cy[3] = {0.3, 0.34, 0.4};
  m.curve_begin = 0;
  m.curve_end = 3;
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "curve"), 64 * kColumn * W / 3);
}

// A hardening curve of seven points (five inner ones: several segments to
// cross), starting below and ending beyond a step's plastic strain.
constexpr Real kCurveX[7] = {0.0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1};
constexpr Real kCurveY[7] = {0.3, 0.31, 0.318, 0.326, 0.335, 0.35, 0.37};

MaterialParams seven_point_steel() {
  MaterialParams m = test::steel_024(0.3, 0);
  m.curve_begin = 0;
  m.curve_end = 7;
  return m;
}

TEST(ReturnMappingLanes, SevenPointCurveLanesMatchTheScalarReturnBitwise) {
  EXPECT_GT(check_lanes(seven_point_steel(), kCurveX, kCurveY, 0.06, 1e-3, "seven-point curve"),
            64 * kColumn * W / 3);
}

// The pack's curve lookup (curve_lanes) against curve_at, lane by lane: the
// same value and slope bits, and the range (lo, hi] of its segment, at and
// between every abscissa, beyond both ends and at NaN and infinities.
TEST(ReturnMappingLanes, CurveLookupLanesGiveCurveAtsBitsAndTheSegmentsRange) {
  const Real* cx = kCurveX;
  const Real* cy = kCurveY;
  const Real inf = std::numeric_limits<Real>::infinity();
  std::vector<Real> xs = {-1, -inf, inf, std::numeric_limits<Real>::quiet_NaN(), 0.3};
  for (int i = 0; i < 7; ++i) xs.insert(xs.end(), {cx[i], Real(cx[i] + 1e-4), Real(cx[i] - 1e-4)});
  for (int begin = 0; begin < 5; ++begin)  // curves of 7 down to 3 points, by their first
    for (std::size_t at = 0; at < xs.size(); at += W) {
      const SimdReal x = Lanes<SimdReal>::make([&](int l) { return xs[(at + l) % xs.size()]; });
      SimdReal y, slope, lo, hi;
      curve_lanes(cx, cy, begin, 7, x, y, slope, lo, hi);
      for (int l = 0; l < W; ++l) {
        const Real xl = Lanes<SimdReal>::get(x, l);
        Real y1, slope1;
        curve_at(cx, cy, begin, 7, xl, y1, slope1);
        const int i = curve_segment(cx, begin, 7, xl);
        const std::string where = "x " + std::to_string(xl) + " curve from point " + std::to_string(begin);
        EXPECT_EQ(std::isnan(Lanes<SimdReal>::get(y, l)), std::isnan(y1)) << where;
        if (!std::isnan(y1)) {
          EXPECT_EQ(Lanes<SimdReal>::get(y, l), y1) << where;
        }
        EXPECT_EQ(Lanes<SimdReal>::get(slope, l), slope1) << where;
        EXPECT_EQ(Lanes<SimdReal>::get(lo, l), i == begin ? -inf : cx[i]) << where;
        EXPECT_EQ(Lanes<SimdReal>::get(hi, l), i == 5 ? inf : cx[i + 1]) << where;
        if (std::isfinite(xl)) {
          EXPECT_LT(Lanes<SimdReal>::get(lo, l), xl) << where;
          EXPECT_LE(xl, Lanes<SimdReal>::get(hi, l)) << where;
        }
      }
    }
}

// A *DEFINE_TABLE (LCSS): two curves on the same abscissas, the lanes'
// random strain rates falling below, between and above their rates; and an
// LCSR curve over the same rates.
TEST(ReturnMappingLanes, RateTableAndCurveLanesMatchTheScalarReturnBitwise) {
  // The points' rates: about 0-1.5 /ms and 0-15 /ms.
  MaterialParams m = test::two_rate_table(0.3, 3, Real(0.7), Real(6.0));
  const Real cx[6] = {0.0, 0.02, 0.1, 0.0, 0.02, 0.1};
  const Real cy[6] = {0.3, 0.34, 0.4, 0.36, 0.41, 0.5};
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "rate table"), 64 * kColumn * W / 3);
  // An LCSR curve (points 3-5: a factor of 0.9 to 1.5 over the same rates).
  MaterialParams lcsr = test::steel_024(0.3, 0.5);
  const Real rx[6] = {0, 0, 0, 0.0, 0.7, 6.0}, ry[6] = {0, 0, 0, 0.9, 1.1, 1.5};
  lcsr.rate_curve_begin = 3;
  lcsr.rate_curve_end = 6;
  EXPECT_GT(check_lanes(lcsr, rx, ry, 0.15, 1e-3, "rate curve"), 64 * kColumn * W / 3);
}

TEST(ReturnMappingLanes, KinematicHardeningAndRateLanesMatchTheScalarReturnBitwise) {
  MaterialParams m = test::steel_024(0.3, 0.5);
  m.kinematic_modulus = m.plastic_modulus / 2;  // BETA 0.5
  m.plastic_modulus /= 2;
  EXPECT_GT(check_lanes(m, nullptr, nullptr, 0.3, 1e-3, "kinematic"), 64 * kColumn * W / 3);
  MaterialParams rate = test::steel_024(0.3, 0.5);
  rate.rate_c = 0.0404;
  rate.rate_inv_p = 0.2;
  EXPECT_GT(check_lanes(rate, nullptr, nullptr, 0.3, 1e-3, "Cowper-Symonds"), 64 * kColumn * W / 3);
}

// VP 1: the plastic strain rate inside the return, Cowper-Symonds added
// (MAT_024, SIGY > 0) or scaling, and an LCSR curve, over a hardening curve.
TEST(ReturnMappingLanes, ViscoplasticLanesMatchTheScalarReturnBitwise) {
  MaterialParams m = test::steel_024(0.3, 0);
  const Real cx[6] = {0.0, 0.02, 0.1, 0.0, 0.7, 6.0};
  const Real cy[6] = {0.3, 0.34, 0.4, 0.9, 1.1, 1.5};
  m.curve_begin = 0;
  m.curve_end = 3;
  m.viscoplastic = true;
  m.rate_c = Real(0.0404);
  m.rate_inv_p = Real(0.2);
  m.viscoplastic_yield = Real(0.3);
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "VP 1 added"), 64 * kColumn * W / 4);
  m.viscoplastic_yield = 0;
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "VP 1 scaling"), 64 * kColumn * W / 4);
  m.rate_p_whole = 5;  // P = 5 by products (whole_power)
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "VP 1 scaling, whole P"), 64 * kColumn * W / 4);
  m.viscoplastic_yield = Real(0.3);
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "VP 1 added, whole P"), 64 * kColumn * W / 4);
  m.rate_p_whole = 0;
  m.viscoplastic_yield = 0;
  m.rate_c = 0;
  m.rate_curve_begin = 3;
  m.rate_curve_end = 6;
  EXPECT_GT(check_lanes(m, cx, cy, 0.15, 1e-3, "VP 1 LCSR"), 64 * kColumn * W / 4);
  // A table of two curves (points 0-2 and 3-5) at rates 0.7 and 6 /ms, in ln(rate) too.
  MaterialParams table = test::two_rate_table(0.3, 3, Real(0.7), Real(6.0));
  const Real ty[6] = {0.3, 0.34, 0.4, 0.36, 0.41, 0.5};
  table.viscoplastic = true;
  EXPECT_GT(check_lanes(table, cx, ty, 0.15, 1e-3, "VP 1 table"), 64 * kColumn * W / 4);
  table.table_log = true;
  table.table_rates[0] = Real(std::log(0.7));
  table.table_rates[1] = Real(std::log(6.0));
  EXPECT_GT(check_lanes(table, cx, ty, 0.15, 1e-3, "VP 1 log table"), 64 * kColumn * W / 4);
}

// With a curve the return takes the line of the segment that holds the
// iterate's plastic strain: a returned point lies on the curve at its new
// plastic strain, also where the step crossed one or more of its points.
TEST(ReturnMappingLanes, ReturnedStressLiesOnTheHardeningCurveAcrossItsPointsTo1em13) {
  const MaterialParams m = seven_point_steel();
  const Real* cx = kCurveX;
  const Real* cy = kCurveY;
  Lcg rng;
  int crossed = 0;
  for (int i = 0; i < 400; ++i) {
    Point p = random_point(rng, 2 * i + 1, m, 0.06, false);
    update_scalar(m, cx, cy, 1e-3, false, p);
    if (!(p.dep > 0)) continue;
    crossed += curve_segment(cx, 0, 7, p.epsp) != curve_segment(cx, 0, 7, p.epsp + p.dep);
    Real sigy, slope;
    curve_at(cx, cy, 0, 7, p.epsp + p.dep, sigy, slope);
    EXPECT_NEAR(von_mises(p), sigy, 1e-13 * sigy) << "point " << i;
  }
  EXPECT_GT(crossed, 10);  // the steps that left their segment
}

// Consistency: a returned point lies on the yield surface of its new
// plastic strain, SIGY + Ep (epsp + dep), to the return's tolerance.
TEST(ReturnMappingLanes, ReturnedStressLiesOnTheYieldSurfaceTo1em13) {
  for (const bool kinematic : {false, true}) {
    MaterialParams m = test::steel_024(0.3, 1.0);
    if (kinematic) m.kinematic_modulus = m.plastic_modulus / 2, m.plastic_modulus /= 2;
    Lcg rng;
    for (int i = 0; i < 400; ++i) {
      Point p = random_point(rng, 2 * i + 1, m, 0.3, kinematic);
      update_scalar(m, nullptr, nullptr, 1e-3, kinematic, p);
      if (!(p.dep > 0)) continue;
      const Real sigy = m.yield + m.plastic_modulus * (p.epsp + p.dep);
      EXPECT_NEAR(von_mises(p), sigy, 1e-13 * sigy) << "point " << i << " kinematic " << kinematic;
    }
  }
}

}  // namespace
}  // namespace mc
