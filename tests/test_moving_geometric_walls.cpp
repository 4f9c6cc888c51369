// *RIGIDWALL_GEOMETRIC_..._MOTION: a wall that moves as a curve prescribes.
// A plate falling at 1 mm/ms meets a flat wall rising at 2 mm/ms; from then
// on every node rides on the wall (a stonewall takes the normal velocity
// away, frictionless), so the end position, velocity and energies are
// closed-form: the wall's work is what the stonewall energy gives back.
#include <gtest/gtest.h>

#include <cmath>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::contains;
using test::error_of;
using test::line_of;
using test::minimal_deck;
using test::read;

constexpr double kFall = 1.0;    // mm/ms, the plate's speed toward -z
constexpr double kRise = 2.0;    // mm/ms, the wall's speed along +z
constexpr double kStart = -1.5;  // mm, the wall's plane at t = 0 (the plate at z = 0)
constexpr double kEnd = 1.5;     // ms; they meet at 0.5 ms, at z = -0.5

struct Ride {
  double mass = 0, time = 0;
  RunResult result;
  std::vector<double> z, vz;
};

// The wall moves along `direction` (unit) at a speed whose normal (z) part
// is kRise; `displacement`: the curve gives displacement (OPT 1).
Ride ride(const std::array<double, 3>& direction, bool displacement) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 5;
  Model m = test::plate_model(spec);
  InitialVelocity iv;
  iv.all_nodes = true;
  iv.v = {0, 0, -kFall};
  m.initial_velocities.push_back(iv);
  RigidWall wall;
  wall.shape.kind = WallShape::Kind::Flat;
  wall.shape.edge = {1, 0, 0};
  wall.shape.length_l = wall.shape.length_m = 100;
  wall.tail = {-50, -50, kStart};
  wall.head = {-50, -50, kStart + 1};
  const double speed = kRise / direction[2];
  Curve curve;
  curve.id = 4;
  curve.x = {0, 10};
  curve.y = displacement ? std::vector<double>{0, 10 * speed} : std::vector<double>{speed, speed};
  m.curves[curve.id] = curve;
  wall.motion.curve = curve.id;
  wall.motion.displacement = displacement;
  wall.motion.direction = direction;
  m.rigid_walls.push_back(wall);
  State s = build_state(m, whole_model_mesh(m));
  Ride r;
  r.result = test::run_quietly(s, kEnd);
  r.time = s.time;
  for (int n = 0; n < s.nodes.count(); ++n) {
    r.mass += s.nodes.mass(n);
    r.z.push_back(s.nodes.x(n, 2));
    r.vz.push_back(s.nodes.v(n, 2));
  }
  return r;
}

void expect_riding_the_wall(const Ride& r) {
  // The last step ends at or just past kEnd; the wall is then here.
  const double end_z = kStart + kRise * r.time;
  for (std::size_t n = 0; n < r.z.size(); ++n) {
    EXPECT_NEAR(r.z[n], end_z, 1e-9) << "node " << n;
    EXPECT_NEAR(r.vz[n], kRise, 1e-9) << "node " << n;
  }
  // Initial 1/2 M 1; final 1/2 M 4; the wall's impulse M (1 + 2) works
  // through the mean velocity (-1 + 2) / 2, so it gives back 3/2 M.
  const EnergyRecord& e = r.result.last;
  EXPECT_NEAR(e.kinetic, 0.5 * r.mass * kRise * kRise, 1e-9 * e.kinetic);
  EXPECT_NEAR(e.stonewall, -0.5 * r.mass * (kFall + kRise) * (kRise - kFall), 1e-9 * e.kinetic);
  EXPECT_NEAR(e.total, r.result.first.total, 1e-9 * r.result.first.total);
}

TEST(MovingGeometricWalls, PlateRidesAWallWhoseVelocityCurveIsConstant) { expect_riding_the_wall(ride({0, 0, 1}, false)); }

TEST(MovingGeometricWalls, DisplacementCurveMovesTheWallTheSame) { expect_riding_the_wall(ride({0, 0, 1}, true)); }

// Moving along (1, 0, 1)/sqrt(2) at sqrt(2) kRise: only the normal part
// pushes; sliding along a frictionless wall drags nothing.
TEST(MovingGeometricWalls, OnlyTheNormalPartOfAnObliqueMotionPushes) {
  const double c = 1 / std::sqrt(2.0);
  const Ride r = ride({c, 0, c}, false);
  expect_riding_the_wall(r);
}

TEST(MovingGeometricWalls, MotionCardIsReadAfterTheShapeAndBeforeTheDisplayCard) {
  const std::string curve = "*DEFINE_CURVE\n4\n0,0\n10,20\n";
  const Model m = read(minimal_deck(curve +
                                    "*RIGIDWALL_GEOMETRIC_FLAT_MOTION\n\n0,0,0,0,0,1\n1,0,0,10,20\n4,1,0,0,3\n"
                                    "*RIGIDWALL_GEOMETRIC_CYLINDER_MOTION_DISPLAY\n\n0,0,0,0,0,1\n5.0\n0,0\n4,0,3,4\n99\n"
                                    "*RIGIDWALL_GEOMETRIC_SPHERE_MOTION_ID\n7,ball\n\n1,2,3,1,2,4\n2.5\n4,0,0,1,0\n"));
  ASSERT_EQ(m.rigid_walls.size(), 3u);
  EXPECT_EQ(m.rigid_walls[0].motion.curve, 4);
  EXPECT_TRUE(m.rigid_walls[0].motion.displacement);
  EXPECT_EQ(m.rigid_walls[0].motion.direction, (std::array<double, 3>{0, 0, 1}));
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].shape.length_m, 20.0);
  EXPECT_FALSE(m.rigid_walls[1].motion.displacement);
  EXPECT_DOUBLE_EQ(m.rigid_walls[1].motion.direction[0], 0.6);
  EXPECT_DOUBLE_EQ(m.rigid_walls[1].motion.direction[1], 0.8);
  EXPECT_DOUBLE_EQ(m.rigid_walls[1].shape.radius, 5.0);
}

TEST(MovingGeometricWalls, BadMotionCardsAreRefusedWithTheirLine) {
  const std::string wall = "*RIGIDWALL_GEOMETRIC_SPHERE_MOTION\n\n1,2,3,1,2,4\n2.5\n";
  EXPECT_TRUE(contains(error_of(minimal_deck(wall + "9,0,1,0,0\n")), "rigid wall motion: curve LCID 9 is not defined"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*DEFINE_CURVE\n9\n0,0\n1,1\n" + wall + "9,2,1,0,0\n")),
                       "field 2 (OPT) of *RIGIDWALL_GEOMETRIC_SPHERE_MOTION: must be 0 (velocity) or 1 (displacement)"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*RIGIDWALL_GEOMETRIC_SPHERE_MOTION\n\n1,2,3,1,2,4\n2.5\n")),
                       "the motion card (LCID OPT VX VY VZ)"));
  const std::string still = minimal_deck("*DEFINE_CURVE\n9\n0,0\n1,1\n" + wall + "9,0,0,0,0\n");
  EXPECT_EQ(error_of(still), "deck.k:" + std::to_string(line_of(still, "9,0,0")) +
                                 ": field 3 (VX) of *RIGIDWALL_GEOMETRIC_SPHERE_MOTION: the direction of motion "
                                 "(VX VY VZ) is zero");
}

// A curve that ends before ENDTIM (minimal_deck: 1.0) is read with a warning.
TEST(MovingGeometricWalls, ACurveEndingBeforeEndtimIsWarnedAbout) {
  std::string warnings;
  read(minimal_deck("*DEFINE_CURVE\n9\n0,0\n0.5,1\n*RIGIDWALL_GEOMETRIC_SPHERE_MOTION\n\n1,2,3,1,2,4\n2.5\n"
                    "9,1,1,0,0\n"),
       &warnings);
  EXPECT_TRUE(contains(warnings, "rigid wall motion: curve LCID 9 ends at t = 0.5, before ENDTIM 1; the wall keeps "
                                 "its last displacement from then on"))
      << warnings;
}

}  // namespace
}  // namespace mc
