// MAT_003 with BETA < 1: kinematic and mixed hardening against the closed-
// form bilinear 1-D model, loaded in uniaxial stress to eps1 and back.
// Ep = E Et / (E - Et). Forward: s = SIGY + Et (eps - SIGY / E) up to s1,
// with plastic strain p1 = (s1 - SIGY) / Ep. Then the back stress is
// (1 - BETA) Ep p1 = (1 - BETA)(s1 - SIGY) and the radius SIGY + BETA (s1 -
// SIGY), so reversed loading yields again at
//   s_r = (1 - 2 BETA)(s1 - SIGY) - SIGY
// (BETA 0: s1 - 2 SIGY, the Bauschinger effect; BETA 1: -s1) and follows
// slope Et from there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "miniapp/materials/piecewise_linear_plasticity.hpp"
#include "uniaxial_stress_driver.hpp"

namespace mc {
namespace {

constexpr double kE = 210, kNu = 0.3, kSigy = 0.3, kEt = 2.1;

MaterialParams steel_003(double beta) {
  MaterialParams m;
  m.kind = kPlastic;
  m.youngs = kE;
  m.poisson = kNu;
  m.shear_modulus = kE / (2 * (1 + kNu));
  m.plate_modulus = kE / (1 - kNu * kNu);
  m.yield = kSigy;
  const double ep = kE * kEt / (kE - kEt);
  m.plastic_modulus = beta * ep;
  m.kinematic_modulus = (1 - beta) * ep;
  return m;
}

// Strain eps1 = 0.02 in 200 steps, then back to -0.02 in 400: the stress at
// every step against the 1-D model (elastic unloading to s_r, then slope Et).
void expect_bilinear_cycle(double beta) {
  const MaterialParams m = steel_003(beta);
  const double eps1 = 0.02, de = eps1 / 200;
  const double s1 = kSigy + kEt * (eps1 - kSigy / kE);
  const double s_r = (1 - 2 * beta) * (s1 - kSigy) - kSigy;
  const double eps_r = eps1 - (s1 - s_r) / kE;  // where reversed yielding starts
  test::UniaxialPoint p;
  double eps = 0, worst = 0;
  for (int i = 0; i < 600; ++i) {
    const double step = i < 200 ? de : -de;
    eps += step;
    test::uniaxial_step(m, nullptr, nullptr, p, step, true);
    double hand;
    if (i < 200) hand = eps < kSigy / kE ? kE * eps : kSigy + kEt * (eps - kSigy / kE);
    else hand = eps > eps_r ? s1 - kE * (eps1 - eps) : s_r - kEt * (eps_r - eps);
    worst = std::max(worst, std::fabs(p.s[0] - hand));
  }
  // A step that crosses a yield point is returned exactly by backward Euler;
  // the bilinear curve is then followed to round-off.
  EXPECT_LT(worst, 1e-9) << "BETA " << beta;
}

TEST(KinematicHardening, KinematicBetaZeroReyieldsAtS1MinusTwoSigy) { expect_bilinear_cycle(0.0); }

TEST(KinematicHardening, MixedBetaHalfReyieldsAtMinusSigy) { expect_bilinear_cycle(0.5); }

TEST(KinematicHardening, IsotropicBetaOneReyieldsAtMinusS1) { expect_bilinear_cycle(1.0); }

// BETA 1 through the back-stress path is the isotropic MAT_024 update: the
// back stress stays zero and the stress matches to round-off.
TEST(KinematicHardening, BackStressStaysZeroWithBetaOne) {
  const MaterialParams m = steel_003(1.0);
  test::UniaxialPoint p;
  for (int i = 0; i < 50; ++i) test::uniaxial_step(m, nullptr, nullptr, p, 1e-4, true);
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(p.back[j], 0.0, 1e-15);
}

}  // namespace
}  // namespace mc
