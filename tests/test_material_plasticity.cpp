// MAT_024 (piecewise linear plasticity) against the closed-form uniaxial curve.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "miniapp/materials/piecewise_linear_plasticity.hpp"
#include "uniaxial_stress_driver.hpp"

namespace mc {
namespace {

// Uniaxial stress after `steps` equal increments up to `strain`.
double uniaxial_stress_at(const MaterialParams& m, const Real* cx, const Real* cy, double strain, int steps,
                          double& epsp) {
  test::UniaxialPoint p;
  for (int i = 0; i < steps; ++i) test::uniaxial_step(m, cx, cy, p, strain / steps);
  epsp = p.epsp;
  return p.s[0];
}

// Linear hardening: sigma = SIGY + Ep epsp, Ep = E Etan / (E - Etan), and the
// total strain is sigma / E + epsp. The return mapping must follow it to 1e-8.
TEST(MaterialPlasticity, UniaxialPathFollowsLinearHardeningClosedFormTo1em8) {
  const MaterialParams m = test::steel_024(0.3, 1.0);
  const double ep_mod = 210.0 * 1.0 / (210.0 - 1.0);
  for (double strain : {0.001, 0.002, 0.01, 0.05, 0.2}) {
    double epsp = 0;
    const double sigma = uniaxial_stress_at(m, nullptr, nullptr, strain, 400, epsp);
    const double sigma_yield_strain = 0.3 / 210.0;
    const double closed = strain <= sigma_yield_strain ? 210.0 * strain
                                                       : (0.3 + ep_mod * strain) / (1 + ep_mod / 210.0);
    EXPECT_NEAR(sigma, closed, 1e-8 * closed) << "strain " << strain;
    if (strain > sigma_yield_strain) {
      EXPECT_NEAR(epsp, strain - sigma / 210.0, 1e-8) << "strain " << strain;
    }
  }
}

// With a hardening curve (LCSS) the yield stress follows the curve points.
TEST(MaterialPlasticity, UniaxialPathFollowsHardeningCurveTo1em8) {
  MaterialParams m = test::steel_024(0.3, 0);
  const Real cx[3] = {0.0, 0.1, 0.5};
  const Real cy[3] = {0.3, 0.5, 0.6};
  m.curve_begin = 0;
  m.curve_end = 3;
  for (double strain : {0.05, 0.15, 0.4}) {
    double epsp = 0;
    const double sigma = uniaxial_stress_at(m, cx, cy, strain, 2000, epsp);
    double yield = epsp < 0.1 ? 0.3 + 2.0 * epsp : 0.5 + 0.25 * (epsp - 0.1);
    EXPECT_NEAR(sigma, yield, 1e-8) << "strain " << strain;
    EXPECT_NEAR(strain, sigma / 210.0 + epsp, 1e-10) << "strain " << strain;
  }
}

// Cowper-Symonds (MAT_024 C/P, VP 0): perfectly plastic flow at a fixed
// strain rate settles on SIGY (1 + (rate / C)^(1/P)), rate = sqrt(d_ij d_ij)
// with d_zz = -(d_xx + d_yy). Mild steel's C = 40.4 /s, P = 5, at 100 /s
// (ms units): beta = 2.1987. Two paths with closed-form rates: pure shear
// (rate = gamma_dot / sqrt 2, sxy = beta SIGY / sqrt 3) and equibiaxial
// stretch (rate = sqrt 6 e_dot, sxx = syy = beta SIGY).
TEST(MaterialPlasticity, CowperSymondsFlowStressIsTheClosedFormFactorTimesYieldTo1em12) {
  MaterialParams m = test::steel_024(0.3, 0);
  m.rate_c = 0.0404;
  m.rate_inv_p = 0.2;
  const double rate = 0.1, dt = 1e-3;
  const double beta = 1 + std::pow(rate / 0.0404, 0.2);
  auto flow = [&](Real exx, Real eyy, Real gxy) {
    Real s[3] = {0, 0, 0};
    Real epsp = 0;
    for (int i = 0; i < 300; ++i) {
      const Real de[3] = {exx, eyy, gxy};
      epsp += plastic_plane_stress_update<Real>(m, nullptr, nullptr, de, dt, s, epsp);
    }
    EXPECT_GT(epsp, 0.01);
    return std::array<Real, 3>{s[0], s[1], s[2]};
  };
  const auto shear = flow(0, 0, Real(std::sqrt(2.0) * rate * dt));
  EXPECT_NEAR(std::sqrt(3.0) * shear[2], beta * 0.3, 1e-12 * 0.3);
  const Real e = Real(rate * dt / std::sqrt(6.0));
  const auto biaxial = flow(e, e, 0);
  EXPECT_NEAR(biaxial[0], beta * 0.3, 1e-12 * 0.3);
  EXPECT_NEAR(biaxial[1], beta * 0.3, 1e-12 * 0.3);
  // C 0: the factor is exactly 1, rate-independent flow at SIGY.
  m.rate_c = 0;
  EXPECT_NEAR(flow(e, e, 0)[0], 0.3, 1e-12 * 0.3);
}

// LCSR (MAT_024): the yield stress times the curve's value at the rate,
// here 0.8 + 2 rate (/ms): 1.0 at 0.1 /ms, and 0.9 at 0.05 /ms, below the
// static yield stress (the point must flow there too). Perfectly plastic
// equibiaxial flow settles on the factor times SIGY (1e-12).
TEST(MaterialPlasticity, RateCurveScalesTheFlowStressTo1em12) {
  MaterialParams m = test::steel_024(0.3, 0);
  const Real cx[2] = {0, 1}, cy[2] = {Real(0.8), Real(2.8)};
  m.rate_curve_begin = 0;
  m.rate_curve_end = 2;
  const double dt = 1e-3;
  for (const double rate : {0.1, 0.05, 0.5}) {
    const Real e = Real(rate * dt / std::sqrt(6.0));
    Real s[3] = {0, 0, 0};
    Real epsp = 0;
    for (int i = 0; i < 300; ++i) {
      const Real de[3] = {e, e, 0};
      epsp += plastic_plane_stress_update<Real>(m, cx, cy, de, dt, s, epsp);
    }
    EXPECT_GT(epsp, 0.001) << rate;
    EXPECT_NEAR(s[0], (0.8 + 2 * rate) * 0.3, 1e-12 * 0.3) << rate;
  }
}

}  // namespace
}  // namespace mc
