// MAT_024 with LCSS naming a *DEFINE_TABLE (io/deck/keywords_tables.cpp,
// miniapp/materials/flow_stress.hpp): a hardening curve per strain rate,
// interpolated linearly in the rate (or in its logarithm).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <sstream>

#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/materials/material_table.hpp"
#include "miniapp/materials/piecewise_linear_plasticity.hpp"
#include "uniaxial_stress_driver.hpp"

namespace mc::test {
namespace {

// Perfectly plastic flow at a fixed strain rate (equibiaxial stretch,
// rate = sqrt 6 e_dot, as the Cowper-Symonds test): the flow stress sxx.
double biaxial_flow_stress(const MaterialParams& m, const Real* cx, const Real* cy, double rate, double& epsp,
                           int steps = 3000) {
  const double dt = 1e-3;
  const Real e = Real(rate * dt / std::sqrt(6.0));
  Real s[3] = {0, 0, 0};
  Real ep = 0;
  for (int i = 0; i < steps; ++i) {
    const Real de[3] = {e, e, 0};
    ep += plastic_plane_stress_update<Real>(m, cx, cy, de, dt, s, ep);
  }
  epsp = ep;
  return s[0];
}

// Two flat curves, 0.3 GPa at 0.01 /ms and 0.5 GPa at 1 /ms: between them the
// flow stress is linear in the rate (or in its logarithm, LS-DYNA's
// _LOG_INTERPOLATION), and clamped outside (1e-12).
TEST(HardeningTables, FlowStressIsInterpolatedBetweenTheRatesCurves) {
  MaterialParams m = two_rate_table(0.3, 2, Real(0.01), 1);
  const Real cx[4] = {0, 1, 0, 1}, cy[4] = {Real(0.3), Real(0.3), Real(0.5), Real(0.5)};
  m.yield = Real(0.3);
  double epsp = 0;
  const double between = 0.3 + 0.2 * (0.1 - 0.01) / (1.0 - 0.01);
  EXPECT_NEAR(biaxial_flow_stress(m, cx, cy, 0.1, epsp), between, 1e-12);
  EXPECT_GT(epsp, 0.01);
  EXPECT_NEAR(biaxial_flow_stress(m, cx, cy, 0.001, epsp), 0.3, 1e-12);
  EXPECT_NEAR(biaxial_flow_stress(m, cx, cy, 10.0, epsp), 0.5, 1e-12);
  m.table_log = true;
  m.table_rates[0] = Real(std::log(0.01));
  m.table_rates[1] = 0;
  EXPECT_NEAR(biaxial_flow_stress(m, cx, cy, 0.1, epsp), 0.4, 1e-12);
}

// A table of rates 0 and R whose curves are a line and the line times
// 1 + R/C is, below R, the Cowper-Symonds law with P = 1: random strain
// paths (rates 0-5 /ms) give the same stresses and plastic strains (1e-12).
TEST(HardeningTables, ALinearTableIsCowperSymondsWithPOne) {
  MaterialParams cowper = steel_024(0.3, 0);
  const Real lx[2] = {0, 1}, ly[2] = {Real(0.2), Real(2.2)};
  cowper.curve_begin = 0;
  cowper.curve_end = 2;
  cowper.yield = Real(0.2);
  cowper.rate_c = Real(0.1);
  cowper.rate_inv_p = 1;
  MaterialParams table = cowper;
  table.rate_c = 0;
  table.table_count = 2;
  table.table_rates[0] = 0;
  table.table_rates[1] = 10;
  const Real top = 1 + Real(10) / Real(0.1);
  const Real tx[4] = {0, 1, 0, 1}, ty[4] = {Real(0.2), Real(2.2), Real(0.2) * top, Real(2.2) * top};
  Real s1[3] = {0, 0, 0}, s2[3] = {0, 0, 0}, ep1 = 0, ep2 = 0;
  std::uint64_t state = 12345;
  const auto next = [&]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return Real((state >> 11) * (1.0 / 9007199254740992.0));
  };
  double worst = 0;
  for (int i = 0; i < 2000; ++i) {
    const Real de[3] = {Real(4e-3) * next(), Real(-2e-3) * next(), Real(2e-3) * (next() - Real(0.5))};
    ep1 += plastic_plane_stress_update<Real>(cowper, lx, ly, de, Real(1e-3), s1, ep1);
    ep2 += plastic_plane_stress_update<Real>(table, tx, ty, de, Real(1e-3), s2, ep2);
    for (int j = 0; j < 3; ++j) worst = std::max(worst, double(std::fabs(s1[j] - s2[j])));
  }
  std::printf("plastic strain %.9f (Cowper-Symonds) and %.9f (table); largest stress difference %.2e GPa\n", ep1, ep2,
              worst);
  EXPECT_GT(ep1, 0.5);
  EXPECT_NEAR(ep2, ep1, 1e-12);
  EXPECT_LT(worst, 1e-12);
}

// Through the reader: the curves follow the table (their own abscissas),
// SFA and OFFA scale the values; the flow stress at 0.1 /ms after hardening
// is the rate-weighted mean of both curves at the point's plastic strain.
TEST(HardeningTables, ADeckTableHardensAlongItsCurves) {
  const std::string table =
      "*MAT_PIECEWISE_LINEAR_PLASTICITY\n5,7.8e-9,210.,0.3,0.2\n0.04,5,7\n"
      "*DEFINE_TABLE\n7,10.0,0.0\n0.001\n0.1\n"
      "*DEFINE_CURVE\n8\n0.0,0.3\n0.5,0.4\n"
      "*DEFINE_CURVE\n9\n0.0,0.5\n0.25,0.55\n";
  std::string warnings;
  const Model m = read(minimal_deck(table), &warnings);
  EXPECT_TRUE(contains(warnings, "material 5: C and P ignored: LCSS is a table")) << warnings;
  const Table& t = m.tables.at(7);
  EXPECT_EQ(t.values, (std::vector<double>{0.01, 1.0}));
  EXPECT_EQ(t.curves, (std::vector<GlobalId>{8, 9}));
  const Material& mat = m.materials.at(5);
  EXPECT_EQ(mat.hardening_table, 7);
  EXPECT_EQ(mat.hardening_curve, 0);
  EXPECT_EQ(mat.rate_c, 0.0);
  CurveTable curves;
  const MaterialParams p = material_params(mat, m, curves);
  EXPECT_EQ(p.table_count, 2);
  double epsp = 0;
  const double flow = biaxial_flow_stress(p, curves.x.data(), curves.y.data(), 0.1, epsp, 4500);
  const double w = (0.1 - 0.01) / (1.0 - 0.01);
  const double low = 0.3 + 0.2 * epsp, high = 0.5 + 0.2 * epsp;  // curve 9 extended past 0.25
  std::printf("epsp %.6f: flow stress %.12f, curves %.6f and %.6f, weight %.6f\n", epsp, flow, low, high, w);
  EXPECT_GT(epsp, 0.3);
  EXPECT_NEAR(flow, low + w * (high - low), 1e-9);
  // Written back (each value with its curve's id) and read again: the same table.
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_EQ(again.tables.at(7).values, t.values);
  EXPECT_EQ(again.tables.at(7).curves, t.curves);
  EXPECT_EQ(again.materials.at(5).hardening_table, 7);
}

TEST(HardeningTables, BadTablesAreNamed) {
  const std::string mat = "*MAT_PIECEWISE_LINEAR_PLASTICITY\n5,7.8e-9,210.,0.3,0.2\n,,7\n";
  const std::string curves = "*DEFINE_CURVE\n8\n0.0,0.3\n*DEFINE_CURVE\n9\n0.0,0.5\n";
  const std::string early = minimal_deck(mat + "*DEFINE_TABLE\n7\n0.01\n1.0\n*DEFINE_CURVE\n8\n0,0.3\n*NODE\n99,5,5,5\n");
  EXPECT_EQ(error_of(early), "deck.k:" + std::to_string(line_of(early, "99,5,5,5") - 1) +
                                 ": *NODE where table 7 (line " + std::to_string(line_of(early, "*DEFINE_TABLE") + 1) +
                                 ") still needs 1 of its 2 curves: a table's *DEFINE_CURVEs follow it, one per value");
  const std::string falling = minimal_deck(mat + "*DEFINE_TABLE\n7\n1.0\n0.01\n" + curves);
  EXPECT_TRUE(contains(error_of(falling), "the table's values must increase")) << error_of(falling);
  const std::string mixed = minimal_deck(mat + "*DEFINE_TABLE\n7\n0.01                   8\n1.0\n" + curves);
  EXPECT_TRUE(contains(error_of(mixed), "give every value its LCID, or none")) << error_of(mixed);
  const std::string shared = minimal_deck(mat + "*DEFINE_TABLE\n7\n0.01\n1.0\n" + curves + "*DEFINE_CURVE\n7\n0,1\n");
  EXPECT_TRUE(contains(error_of(shared), "LCSS 7 names both a curve and a table")) << error_of(shared);
  const std::string log_zero = minimal_deck("*MAT_024_LOG_INTERPOLATION\n5,7.8e-9,210.,0.3,0.2\n,,7\n"
                                            "*DEFINE_TABLE\n7\n0.0\n1.0\n" + curves);
  EXPECT_TRUE(contains(error_of(log_zero), "_LOG_INTERPOLATION needs positive strain rates")) << error_of(log_zero);
  // Listed, not passed over as output: the table forms that are not read.
  EXPECT_TRUE(contains(error_of(minimal_deck("*DEFINE_TABLE_2D\n7\n0.01,8\n")), "*DEFINE_TABLE_2D x1"));
}

}  // namespace
}  // namespace mc::test
