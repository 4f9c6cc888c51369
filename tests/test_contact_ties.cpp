// The tie of a _TIEBREAK pair (contact/contact_ties.hpp): made where the
// penalty contact touched, its force is the gradient of its energy, it turns
// with the segment, and it conserves momentum and angular momentum.
#include <gtest/gtest.h>

#include <cmath>

#include "contact/contact_ties.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::kFixedCorners;

constexpr double kMasses[4] = {2.0, 3.0, 1.5, 2.5};

// A warped quad, so that the two triangles' normals differ.
void warped_quad(double x[4][3]) {
  const double q[4][3] = {{0, 0, 0}, {1.1, 0.05, 0.02}, {1.0, 0.9, -0.08}, {-0.05, 1.0, 0.03}};
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < 3; ++k) x[c][k] = q[c][k];
}

double tie_energy(const double* p, double (*x)[3], const ContactTie& tie, double k, double dt) {
  return tied_node_force(p, 1.0, kMasses, x, tie, k, dt).pair.penalty_energy;
}

// On the cycle a tie is made, its force is the penalty force that made it.
TEST(ContactTie, FormedTieCarriesThePenaltyForceThatMadeIt) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double v[4][3] = {};
  const double p[3] = {0.3, 0.7, 0.4}, vp[3] = {0, 0, 0};
  const PairForce contact = node_segment_force(p, vp, 1.0, kFixedCorners, x, v, false, 1.0, 2.0, FrictionLaw{}, 0.0, 1e-3);
  ASSERT_TRUE(contact.active);
  const ContactTie tie = make_tie(7, 9, p, x, false, contact.weight, 1.0);
  EXPECT_EQ(tie.triangle, 1);  // (0.3, 0.7) lies in triangle (0, 2, 3)
  EXPECT_NEAR(tie.height, 1.0, 0);
  const TieForce held = tied_node_force(p, 1.0, kFixedCorners, x, tie, 2.0, 1e-3);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(held.pair.f[k], contact.f[k], 1e-12) << k;
  EXPECT_NEAR(held.pair.penalty_energy, contact.penalty_energy, 1e-12);
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(held.pair.weight[c], contact.weight[c], 1e-12) << c;
}

// A node caught beside a segment's edge (its contact pushes it away from the
// edge, mostly along the plane) is tied where the contact's spring is at
// rest: with k_t = k the tie starts with the contact's force and energy, and
// with k_t < k with no more energy than the contact had. Tied at the contact
// distance off the plane instead, it would be thrown off the plane with
// k (reach - 0.1) on its first cycle, energy from nowhere.
TEST(ContactTie, ATieMadeBesideAnEdgeTakesOverTheContactsForce) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double v[4][3] = {};
  const double p[3] = {1.3, 0.5, 0.1}, vp[3] = {0, 0, 0};
  const double k = 2.0, reach = 0.5;
  const PairForce contact = node_segment_force(p, vp, 1.0, kFixedCorners, x, v, false, reach, k, FrictionLaw{}, 0.0, 1e-3);
  ASSERT_TRUE(contact.active);
  const double pen = reach - std::sqrt(0.3 * 0.3 + 0.1 * 0.1);
  EXPECT_NEAR(contact.penalty_energy, 0.5 * k * pen * pen, 1e-12);
  const ContactTie tie = make_tie(7, 9, p, x, false, contact.weight, reach);
  EXPECT_NEAR(tie.height, reach * 0.1 / std::sqrt(0.1), 1e-12);  // the rest point's height, not the reach
  const TieForce held = tied_node_force(p, 1.0, kFixedCorners, x, tie, k, 0.0);  // dt 0: k_t = k
  for (int k3 = 0; k3 < 3; ++k3) EXPECT_NEAR(held.pair.f[k3], contact.f[k3], 1e-12) << k3;
  EXPECT_NEAR(held.pair.penalty_energy, contact.penalty_energy, 1e-12);
  const TieForce soft = tied_node_force(p, 1.0, kFixedCorners, x, tie, k, 0.1);  // k_t = 0.05 / dt^2 = 5 > k: k
  const TieForce softer = tied_node_force(p, 1.0, kFixedCorners, x, tie, 1e3, 0.1);  // k_t = 5 < k
  EXPECT_NEAR(soft.pair.penalty_energy, contact.penalty_energy, 1e-12);
  EXPECT_LE(softer.pair.penalty_energy, 0.5 * 1e3 * pen * pen);
}

// Pulled off along the normal, the tie holds with the penalty stiffness k;
// slid across, with k_t = min(k, 0.05 m* / dt^2), m* = 1 / (1/m + sum w^2/m_c).
TEST(ContactTie, HoldsInTensionAndAcrossWithTheStableStiffness) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double made_at[3] = {0.5, 0.25, 0.5};
  const double w[4] = {0.5, 0.25, 0.25, 0};  // (0.5, 0.25) in triangle (0, 1, 2)
  const ContactTie tie = make_tie(1, 2, made_at, x, false, w, 0.5);
  const double pulled[3] = {0.5, 0.25, 0.6};
  EXPECT_NEAR(tied_node_force(pulled, 1.0, kFixedCorners, x, tie, 4.0, 1e-3).pair.f[2], -4.0 * 0.1, 1e-12);
  const double slid[3] = {0.52, 0.25, 0.5};
  const double dt = 0.1;  // k_t = 0.05 m / dt^2 = 5 m for a node of mass m on a fixed segment
  const double bound = 0.05 * 2.0 / (dt * dt);
  EXPECT_NEAR(tied_node_force(slid, 2.0, kFixedCorners, x, tie, 4.0e3, dt).pair.f[0], -bound * 0.02, 1e-12);
  EXPECT_NEAR(tied_node_force(slid, 2.0, kFixedCorners, x, tie, 4.0, dt).pair.f[0], -4.0 * 0.02, 1e-12);  // k < bound
}

// The forces are minus the gradient of the energy, at the node and at every
// corner (the corners' share includes the turning of the normal), checked by
// central differences; they sum to zero, and so do their moments.
TEST(ContactTie, ForcesAreTheEnergyGradientAndConserveMomenta) {
  double x[4][3];
  warped_quad(x);
  const double touch[3] = {0.62, 0.55, 0.3};
  const double w[4] = {0.2, 0.1, 0.45, 0.25};  // a point of triangle (0, 2, 3)
  const ContactTie tie = make_tie(3, 4, touch, x, false, w, 0.35);
  ASSERT_EQ(tie.triangle, 1);
  const double p[3] = {0.7, 0.5, 0.37};  // moved off the tied point every way
  x[2][2] += 0.04;                       // and the segment bent
  for (const double dt : {0.0, 0.05}) {  // k_t = k, and k_t bounded below k
    const double k = 30.0;
    const TieForce t = tied_node_force(p, 1.0, kMasses, x, tie, k, dt);
    const double h = 1e-6;
    for (int k3 = 0; k3 < 3; ++k3) {
      double pp[3] = {p[0], p[1], p[2]}, pm[3] = {p[0], p[1], p[2]};
      pp[k3] += h;
      pm[k3] -= h;
      const double grad = (tie_energy(pp, x, tie, k, dt) - tie_energy(pm, x, tie, k, dt)) / (2 * h);
      EXPECT_NEAR(t.pair.f[k3], -grad, 1e-7) << "node, dt " << dt << " dir " << k3;
      for (int c = 0; c < 4; ++c) {
        const double keep = x[c][k3];
        x[c][k3] = keep + h;
        const double ep = tie_energy(p, x, tie, k, dt);
        x[c][k3] = keep - h;
        const double em = tie_energy(p, x, tie, k, dt);
        x[c][k3] = keep;
        const double corner = -t.pair.weight[c] * t.pair.f[k3] + t.corner_extra[c][k3];
        EXPECT_NEAR(corner, -(ep - em) / (2 * h), 1e-7) << "corner " << c << ", dt " << dt << " dir " << k3;
      }
    }
    double sum[3] = {0, 0, 0}, moment[3] = {0, 0, 0};
    auto add = [&](const double* r, const double* f) {
      for (int k3 = 0; k3 < 3; ++k3) sum[k3] += f[k3];
      moment[0] += r[1] * f[2] - r[2] * f[1];
      moment[1] += r[2] * f[0] - r[0] * f[2];
      moment[2] += r[0] * f[1] - r[1] * f[0];
    };
    add(p, t.pair.f);
    for (int c = 0; c < 4; ++c) {
      double f[3];
      for (int k3 = 0; k3 < 3; ++k3) f[k3] = -t.pair.weight[c] * t.pair.f[k3] + t.corner_extra[c][k3];
      add(x[c], f);
    }
    for (int k3 = 0; k3 < 3; ++k3) {
      EXPECT_NEAR(sum[k3], 0, 1e-12) << "force, dt " << dt;
      EXPECT_NEAR(moment[k3], 0, 1e-12) << "moment, dt " << dt;
    }
  }
}

// A tied pair moved and turned as one rigid body feels nothing.
TEST(ContactTie, TurnsWithTheSegment) {
  double x[4][3];
  warped_quad(x);
  const double touch[3] = {0.6, 0.3, 0.2};
  const double w[4] = {0.2, 0.5, 0.3, 0};
  const ContactTie tie = make_tie(3, 4, touch, x, false, w, 0.25);
  const double at_rest = tied_node_force(touch, 1.0, kMasses, x, tie, 10.0, 0.0).pair.penalty_energy;
  // 0.25 reach against the touch's 0.2 height: at rest the spring holds 0.05 of penetration.
  const double a = 0.7;  // radians about z, then about x, then a shift
  auto move = [&](const double* r, double* out) {
    const double y1[3] = {std::cos(a) * r[0] - std::sin(a) * r[1], std::sin(a) * r[0] + std::cos(a) * r[1], r[2]};
    out[0] = y1[0] + 3.0;
    out[1] = std::cos(a) * y1[1] - std::sin(a) * y1[2] - 1.0;
    out[2] = std::sin(a) * y1[1] + std::cos(a) * y1[2] + 0.5;
  };
  double moved[4][3], p[3];
  for (int c = 0; c < 4; ++c) move(x[c], moved[c]);
  move(touch, p);
  const TieForce t = tied_node_force(p, 1.0, kMasses, moved, tie, 10.0, 0.0);
  EXPECT_NEAR(t.pair.penalty_energy, at_rest, 1e-12);
  const TieForce before = tied_node_force(touch, 1.0, kMasses, x, tie, 10.0, 0.0);
  const double before_size = std::sqrt(before.pair.f[0] * before.pair.f[0] + before.pair.f[1] * before.pair.f[1] +
                                        before.pair.f[2] * before.pair.f[2]);
  const double after_size =
      std::sqrt(t.pair.f[0] * t.pair.f[0] + t.pair.f[1] * t.pair.f[1] + t.pair.f[2] * t.pair.f[2]);
  EXPECT_NEAR(after_size, before_size, 1e-12);
}

}  // namespace
}  // namespace mc
