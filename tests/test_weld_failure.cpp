// Welds that let go (*CONSTRAINED_SPOTWELD SN SS N M TF, _GENERALIZED_WELD_SPOT).
// The criterion and the split of a force into normal and shear parts are
// checked by hand; then three point masses welded on a circle of radius r
// (a generalized weld) spin at w about its centre: the weld holds each with
// the centripetal force m w^2 r along the line to the centre (pure
// tension), so with N = 2 it must hold for SN = 1.005 m w^2 r and fail at once
// for SN = 0.995 m w^2 r, after which the masses fly off along their tangents
// at w r. A failure time releases it on the first cycle at or after TF.
// (Three masses, not two: point masses on a line have no inertia about it.)
#include <gtest/gtest.h>

#include <cmath>

#include "decomposition/subdomain/local_mesh.hpp"
#include "io/vec3.hpp"
#include "miniapp/nodal/weld_failure.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

constexpr double kMass = 0.01, kRadius = 10.0, kOmega = 1.0;  // t, mm, rad/ms
constexpr GlobalId kFirst = 901;  // the masses are nodes 901, 902, 903

TEST(WeldFailure, CriterionAddsTheNormalAndShearTermsAndIgnoresCompression) {
  WeldFailure f;
  f.normal = 100;
  f.shear = 50;
  f.normal_exponent = 2;
  f.shear_exponent = 3;
  EXPECT_DOUBLE_EQ(weld_failure_measure(f, 50, 25), 0.25 + 0.125);
  EXPECT_DOUBLE_EQ(weld_failure_measure(f, -500, 25), 0.125);  // compression does not count
  EXPECT_DOUBLE_EQ(weld_failure_measure(f, 0, -50), 1.0);
  f.shear = 0;  // SS 0: no shear term
  EXPECT_DOUBLE_EQ(weld_failure_measure(f, 100, 1e9), 1.0);
}

TEST(WeldFailure, ForceSplitsAlongTheLineToTheCentre) {
  // Node at the origin, centre at (3, 4, 0): e = (0.6, 0.8, 0).
  const auto parts = weld_force_parts({6, 8, 5}, {0, 0, 0}, {3, 4, 0});
  EXPECT_NEAR(parts[0], 10.0, 1e-14);  // pulled towards the centre: tension
  EXPECT_NEAR(parts[1], 5.0, 1e-14);
  const auto pushed = weld_force_parts({-3, -4, 0}, {0, 0, 0}, {3, 4, 0});
  EXPECT_NEAR(pushed[0], -5.0, 1e-14);
  EXPECT_NEAR(pushed[1], 0.0, 1e-14);
}

// An elastic 10 mm plate sets the time step; above it three point masses at
// 90, 210 and 330 degrees on a circle about (5, 5, 50) form the weld.
Model spinning_weld(double sn, double tf) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 2;
  Model m = test::plate_model(spec);
  NodalRigidBody weld;
  weld.weld = true;
  for (int k = 0; k < 3; ++k) {
    const double angle = kPi / 2 + k * 2 * kPi / 3;
    const GlobalId id = kFirst + k;
    m.nodes.push_back({id, {5 + kRadius * std::cos(angle), 5 + kRadius * std::sin(angle), 50}});
    m.point_masses.push_back({k + 1, id, kMass, 0, {}});
    weld.nodes.push_back(id);
  }
  weld.failure.normal = sn;
  weld.failure.normal_exponent = 2;
  weld.failure.time = tf;
  m.nodal_rigid_bodies.push_back(weld);
  return m;
}

struct Spin {
  State state;
  int first = -1, second = -1;  // two of the three masses
};

Spin start_spinning(const Model& m) {
  const LocalMesh mesh = whole_model_mesh(m);
  Spin spin{build_state(m, mesh)};
  spin.first = mesh.node_index.at(kFirst);
  spin.second = mesh.node_index.at(kFirst + 1);
  for (int k = 0; k < 3; ++k) {
    const int n = mesh.node_index.at(kFirst + k);
    const double rx = spin.state.nodes.x(n, 0) - 5, ry = spin.state.nodes.x(n, 1) - 5;  // v = w z x r
    spin.state.nodes.v(n, 0) = -kOmega * ry;
    spin.state.nodes.v(n, 1) = kOmega * rx;
    spin.state.nodes.w(n, 2) = kOmega;
  }
  return spin;
}

double distance(const State& s, int a, int b) {
  return std::hypot(s.nodes.x(a, 0) - s.nodes.x(b, 0), s.nodes.x(a, 1) - s.nodes.x(b, 1),
                    s.nodes.x(a, 2) - s.nodes.x(b, 2));
}

TEST(WeldFailure, ASpinningWeldHoldsJustBelowItsStrengthAndFailsJustAboveIt) {
  const double pull = kMass * kOmega * kOmega * kRadius;
  Spin holding = start_spinning(spinning_weld(1.005 * pull, 1e20));
  test::run_quietly(holding.state, 0.5);
  EXPECT_TRUE(holding.state.rigid_bodies.back().holds());
  const double chord = std::sqrt(3.0) * kRadius;
  EXPECT_NEAR(distance(holding.state, holding.first, holding.second), chord, 1e-3 * chord);

  Spin failing = start_spinning(spinning_weld(0.995 * pull, 1e20));
  test::run_quietly(failing.state, 0.5);
  const RigidBody& weld = failing.state.rigid_bodies.back();
  ASSERT_FALSE(weld.holds());
  EXPECT_LT(weld.failed_at, 0.01) << "it should let go within the first cycles";
  // Free, each mass keeps its tangential speed w r: every position turns and
  // stretches alike, so a chord grows as sqrt(3) sqrt(r^2 + (w r t)^2).
  const double t = failing.state.time - weld.failed_at;
  const double expected = std::sqrt(3.0) * std::hypot(kRadius, kOmega * kRadius * t);
  EXPECT_NEAR(distance(failing.state, failing.first, failing.second), expected, 0.01 * expected);
  for (int n : {failing.first, failing.second})
    EXPECT_NEAR(std::hypot(failing.state.nodes.v(n, 0), failing.state.nodes.v(n, 1)), kOmega * kRadius,
                1e-6 * kOmega * kRadius);
}

TEST(WeldFailure, AFailureTimeReleasesTheWeldOnTheFirstCycleAtOrAfterIt) {
  Spin spin = start_spinning(spinning_weld(0, 0.2));
  test::run_quietly(spin.state, 0.5);
  const RigidBody& weld = spin.state.rigid_bodies.back();
  ASSERT_FALSE(weld.holds());
  EXPECT_GE(weld.failed_at, 0.2);
  EXPECT_LT(weld.failed_at, 0.2 + 2 * spin.state.dt_prev);
  EXPECT_GT(distance(spin.state, spin.first, spin.second), std::sqrt(3.0) * kRadius * 1.01);
}

}  // namespace
}  // namespace mc
