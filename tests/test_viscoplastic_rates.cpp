// MAT_024 / MAT_003 VP 1 (miniapp/materials/flow_stress.hpp,
// viscoplastic_flow; the return's RateForm::Viscoplastic): the rate in the
// Cowper-Symonds term or the LCSR curve is the plastic strain rate, found
// by the return itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "deck_test_helpers.hpp"
#include "miniapp/materials/material_table.hpp"
#include "uniaxial_stress_driver.hpp"

namespace mc::test {
namespace {

constexpr double kC = 0.0404, kInvP = 0.2, kDt = 1e-3;  // mild steel's C (/ms) and P; ms

// Equibiaxial stretch at total rate e_dot (sxx = syy = vm; the effective
// plastic strain grows by 2 dexx, plastic incompressibility): returns the
// stress after `steps`, and checks every step's stress against the flow
// stress at its own plastic strain and plastic strain rate (1e-12).
double equibiaxial(const MaterialParams& m, const Real* cx, const Real* cy, double e_dot, int steps,
                   const std::function<double(double, double)>& flow) {
  Real s[3] = {0, 0, 0};
  Real epsp = 0;
  const Real de[3] = {Real(e_dot * kDt), Real(e_dot * kDt), 0};
  for (int i = 0; i < steps; ++i) {
    const Real dep = plastic_plane_stress_update<Real>(m, cx, cy, de, kDt, s, epsp);
    epsp += dep;
    if (dep > 0) {
      EXPECT_NEAR(s[0], flow(epsp, dep / kDt), 1e-12 * s[0]) << "step " << i;
    }
  }
  EXPECT_GT(epsp, 0.01);
  return s[0];
}

// C-S with VP 1: each step returns onto SIGY + H ep + SIGY (r / C)^(1/P)
// (MAT_024 with SIGY > 0) or (SIGY + H ep)(1 + (r / C)^(1/P)) (MAT_003),
// r = dep / dt. Perfectly plastic, the stress settles where all the stretch
// is plastic, r = 2 e_dot: SIGY (1 + (2 e_dot / C)^(1/P)), below VP 0's
// factor at the total rate sqrt(6) e_dot. Both ways of taking q^P: vpow,
// and by products where P is whole (rate_p_whole, what a deck's P = 5
// gives: CowperSymondsPIsWholeOnlyWhereItIs).
TEST(Viscoplastic, CowperSymondsActsOnThePlasticStrainRate) {
  const double e_dot = 0.1 / std::sqrt(6.0), sigy = 0.3;
  for (const int whole : {0, 5}) {
    for (const double h_tangent : {0.0, 2.0}) {
      MaterialParams m = steel_024(sigy, h_tangent);
      m.rate_c = Real(kC);
      m.rate_inv_p = Real(kInvP);
      m.rate_p_whole = whole;
      m.viscoplastic = true;
      const double h = m.plastic_modulus;
      const auto term = [](double rate) { return std::pow(rate / kC, kInvP); };
      m.viscoplastic_yield = Real(sigy);
      const double added = equibiaxial(m, nullptr, nullptr, e_dot, 300,
                                       [&](double ep, double r) { return sigy + h * ep + sigy * term(r); });
      m.viscoplastic_yield = 0;
      const double scaled = equibiaxial(m, nullptr, nullptr, e_dot, 300,
                                        [&](double ep, double r) { return (sigy + h * ep) * (1 + term(r)); });
      if (h_tangent == 0.0) {
        const double steady = sigy * (1 + term(2 * e_dot));
        std::printf("perfectly plastic, VP 1 (P %s): %.12f and %.12f against %.12f; VP 0's factor gives %.12f\n",
                    whole ? "by products" : "by vpow", added, scaled, steady, sigy * (1 + term(0.1)));
        EXPECT_NEAR(added, steady, 1e-9 * steady);
        EXPECT_NEAR(scaled, steady, 1e-9 * steady);
      } else {
        EXPECT_GT(scaled, added);  // the factor scales the hardening too
      }
    }
  }
}

// LCSR with VP 1: the static flow stress times the curve (0.8 + 2 r /ms) at
// the plastic strain rate: perfectly plastic, 0.3 (0.8 + 2 (2 e_dot)).
TEST(Viscoplastic, RateCurveActsOnThePlasticStrainRate) {
  MaterialParams m = steel_024(0.3, 0);
  const Real cx[2] = {0, 1}, cy[2] = {Real(0.8), Real(2.8)};
  m.rate_curve_begin = 0;
  m.rate_curve_end = 2;
  m.viscoplastic = true;
  for (const double e_dot : {0.05, 0.2}) {
    const double stress = equibiaxial(m, cx, cy, e_dot, 400, [](double, double r) { return 0.3 * (0.8 + 2 * r); });
    EXPECT_NEAR(stress, 0.3 * (0.8 + 4 * e_dot), 1e-9) << e_dot;
  }
}

// A table with VP 1: its curves (0.3 + 0.1 ep at rate 0, twice that at
// 10 /ms) interpolated at the plastic strain rate, 0.3 + 0.1 ep times
// 1 + r / 10 up to 10 /ms and clamped to the top curve beyond it: checked
// every step (1e-12), in each span.
TEST(Viscoplastic, ATableIsReadAtThePlasticStrainRate) {
  MaterialParams m = two_rate_table(0.3, 2, 0, 10);
  const Real cx[4] = {0, 1, 0, 1}, cy[4] = {Real(0.3), Real(0.4), Real(0.6), Real(0.8)};
  m.viscoplastic = true;
  for (const double e_dot : {0.5, 2.0, 8.0}) {
    equibiaxial(m, cx, cy, e_dot, 400,
                [](double ep, double r) { return (0.3 + 0.1 * ep) * (1 + std::min(r, 10.0) / 10); });
  }
}

// A whole P from 1 to kMaxWholeRatePower is taken by products; any other
// by vpow.
TEST(Viscoplastic, CowperSymondsPIsWholeOnlyWhereItIs) {
  const auto whole_of = [](double p) {
    const std::string cards = "*MAT_PIECEWISE_LINEAR_PLASTICITY\n1,7.8e-9,210000.,0.3,300.,0.\n40.4," +
                              std::to_string(p) + ",,,1\n";
    const Model model = read(with_material_card(cards));
    CurveTable curves;
    return material_params(model.materials.at(1), model, curves).rate_p_whole;
  };
  EXPECT_EQ(whole_of(5), 5);
  EXPECT_EQ(whole_of(1), 1);
  EXPECT_EQ(whole_of(kMaxWholeRatePower), kMaxWholeRatePower);
  EXPECT_EQ(whole_of(3.91), 0);
  EXPECT_EQ(whole_of(0.5), 0);
  EXPECT_EQ(whole_of(kMaxWholeRatePower + 1), 0);
}

TEST(Viscoplastic, TheFlagIsRead) {
  const auto mat024 = [](const std::string& card2) {
    return with_material_card("*MAT_PIECEWISE_LINEAR_PLASTICITY\n1,7.8e-9,210000.,0.3,300.,0.\n" + card2);
  };
  const Model vp = read(mat024("40.4,5,,,1\n"));
  EXPECT_TRUE(vp.materials.at(1).viscoplastic);
  EXPECT_EQ(vp.materials.at(1).viscoplastic_yield, 300.0);
  const Model kinematic =
      read(with_material_card("*MAT_PLASTIC_KINEMATIC\n1,7.8e-9,210000.,0.3,300.,1000.,1\n40.4,5,,1\n"));
  EXPECT_TRUE(kinematic.materials.at(1).viscoplastic);
  EXPECT_EQ(kinematic.materials.at(1).viscoplastic_yield, 0.0);
  const std::string two = mat024("40.4,5,,,2\n");
  EXPECT_EQ(error_of(two), "deck.k:" + std::to_string(line_of(two, "40.4")) +
                               ": field 5 (VP) of *MAT_PIECEWISE_LINEAR_PLASTICITY: must be -1, 0, 1 or 3");
  EXPECT_TRUE(contains(error_of(mat024("40.4,5,,,-1\n")),
                       "*MAT_PIECEWISE_LINEAR_PLASTICITY (VP -1 (deviatoric strain rate)) x1"));
  EXPECT_TRUE(contains(error_of(mat024("40.4,5,,,3\n")),
                       "*MAT_PIECEWISE_LINEAR_PLASTICITY (VP 3 (filtered strain rates)) x1"));
  std::string table = mat024(",,7,,1\n");
  table.insert(table.find("*END"), "*DEFINE_TABLE\n7\n0\n10\n*DEFINE_CURVE\n8\n0,300\n1,500\n*DEFINE_CURVE\n9\n"
                                   "0,400\n1,600\n");
  const Model tabled = read(table);
  EXPECT_TRUE(tabled.materials.at(1).viscoplastic);
  EXPECT_EQ(tabled.materials.at(1).hardening_table, 7);
}

}  // namespace
}  // namespace mc::test
