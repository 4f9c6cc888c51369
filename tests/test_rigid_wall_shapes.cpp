// *RIGIDWALL_GEOMETRIC_*: a plate falls onto a sphere, a bounded cylinder,
// a finite flat wall and a prism. No node may end inside the shape; nodes
// beyond a bounded shape's extent fly on untouched; what the walls take out
// is the stonewall energy (total energy kept).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::PlateSpec;

constexpr double kSpeed = 10.0;     // mm/ms, toward -z
constexpr double kEndTime = 0.25;   // ms: the plate would move 2.5 mm, 2 mm past z = 0
constexpr double kHeight = 0.5;     // mm, the plate's start above z = 0

struct Fall {
  PlateSpec spec;
  Model model;
  State state;
  RunResult result;
  std::vector<std::array<double, 3>> x;  // final positions, node order of the mesh
};

// A 20 x 20 mm plate at z = 0.5 falling at 10 mm/ms onto `wall`; with
// `rigid` its nodes are one nodal rigid body (*CONSTRAINED_NODAL_RIGID_BODY).
Fall fall_onto(const RigidWall& wall, std::function<void(const State&)> probe = {}, bool rigid = false) {
  Fall f;
  f.spec.nx = f.spec.ny = 20;
  f.spec.lx = f.spec.ly = 20;
  f.model = test::plate_model(f.spec);
  if (rigid) {
    NodalRigidBody body;
    for (const Node& n : f.model.nodes) body.nodes.push_back(n.id);
    f.model.nodal_rigid_bodies.push_back(body);
  }
  for (Node& n : f.model.nodes) n.x[2] = kHeight;
  InitialVelocity iv;
  iv.all_nodes = true;
  iv.v = {0, 0, -kSpeed};
  f.model.initial_velocities.push_back(iv);
  f.model.rigid_walls.push_back(wall);
  f.state = build_state(f.model, whole_model_mesh(f.model));
  f.result = test::run_quietly(f.state, kEndTime, probe);
  auto x = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f.state.nodes.x);
  for (int i = 0; i < f.state.nodes.count(); ++i) f.x.push_back({x(i, 0), x(i, 1), x(i, 2)});
  return f;
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

void expect_energy_kept(const Fall& f) {
  const EnergyRecord& e = f.result.last;
  const double kept = e.kinetic + e.internal + e.hourglass + e.stonewall;
  EXPECT_GT(e.stonewall, 0.0) << "the wall took no energy: never touched";
  EXPECT_NEAR(kept, f.result.first.total, 0.02 * f.result.first.total);
}

// A free node ends where its flight takes it: z = 0.5 - 10 * 0.25 = -2.
constexpr double kFreeZ = kHeight - kSpeed * kEndTime;

TEST(RigidWallShapes, SphereStopsThePlateAndNoNodeEverGoesInside) {
  RigidWall wall;
  wall.shape.kind = WallShape::Kind::Sphere;
  wall.shape.radius = 5;
  wall.tail = {10, 10, -5};  // top at z = 0 under the plate's centre
  wall.head = {10, 10, 0};
  double closest = 1e30;  // over every node and cycle
  const Fall f = fall_onto(wall, [&](const State& s) {
    for (int i = 0; i < s.nodes.count(); ++i)
      closest = std::min(closest, distance({s.nodes.x(i, 0), s.nodes.x(i, 1), s.nodes.x(i, 2)}, wall.tail));
  });
  EXPECT_GE(closest, 5 * (1 - 1e-9)) << "a node went inside the sphere";
  EXPECT_LT(closest, 5.01) << "the plate never reached the sphere";
  expect_energy_kept(f);
}

TEST(RigidWallShapes, BoundedCylinderHoldsOnlyTheNodesOverItsLength) {
  RigidWall wall;
  wall.shape.kind = WallShape::Kind::Cylinder;
  wall.shape.radius = 5;
  wall.shape.length = 8;      // x from 0 to 8
  wall.tail = {0, 10, -5};    // axis along x, top line at z = 0, y = 10
  wall.head = {1, 10, -5};
  const Fall f = fall_onto(wall);
  for (const auto& x : f.x) {
    const double radial = std::hypot(x[1] - 10, x[2] + 5);
    if (x[0] < 7.5) {
      EXPECT_GE(radial, 5 * (1 - 1e-9)) << "node inside the cylinder at x " << x[0] << " y " << x[1];
    }
  }
  // Far beyond the cylinder's end the plate has flown on (bending aside).
  for (const auto& x : f.x) {
    if (x[0] > 19.5) {
      EXPECT_NEAR(x[2], kFreeZ, 0.5);
    }
  }
  expect_energy_kept(f);
}

// FLAT and PRISM alike: a face at z = 0 under x in [0, 10] only.
void expect_held_over_half(const RigidWall& wall) {
  const Fall f = fall_onto(wall);
  for (const auto& x : f.x) {
    if (x[0] < 9.5) {
      EXPECT_GE(x[2], -1e-9) << "node through the face at x " << x[0];
    }
    if (x[0] > 19.5) {
      EXPECT_NEAR(x[2], kFreeZ, 0.5);
    }
  }
  expect_energy_kept(f);
}

TEST(RigidWallShapes, FiniteFlatWallHoldsOnlyWhatIsOverIt) {
  RigidWall wall;
  wall.shape.kind = WallShape::Kind::Flat;
  wall.tail = {0, 0, 0};
  wall.head = {0, 0, 1};
  wall.shape.edge = {1, 0, 0};
  wall.shape.length_l = 10;
  wall.shape.length_m = 20;
  expect_held_over_half(wall);
}

TEST(RigidWallShapes, PrismHoldsOnItsTopFace) {
  RigidWall wall;
  wall.shape.kind = WallShape::Kind::Prism;
  wall.tail = {0, 0, -3};  // a 10 x 20 x 3 box with its top face at z = 0
  wall.head = {0, 0, -2};
  wall.shape.edge = {1, 0, 0};
  wall.shape.length_l = 10;
  wall.shape.length_m = 20;
  wall.shape.length_p = 3;
  expect_held_over_half(wall);
}

// A rigid body meets the wall through its body: the wall's impulse on its
// nodes goes to the body, which stops (a stonewall takes the normal
// velocity out) and stays on the plane. Before, the wall set the nodes'
// velocities and the body, never told, drove them back in each cycle: the
// stonewall energy grew without end (a public pole-impact deck with welds
// on the pole's node set stopped on "the run creates energy").
TEST(RigidWallShapes, RigidPlateStopsOnAPlanarWallAsOneBody) {
  RigidWall wall;  // the plane z = 0, normal +z
  wall.tail = {0, 0, 0};
  wall.head = {0, 0, 1};
  double lowest = 1e30;
  const Fall f = fall_onto(wall, [&](const State& s) {
    for (int i = 0; i < s.nodes.count(); ++i) lowest = std::min(lowest, static_cast<double>(s.nodes.x(i, 2)));
  }, true);
  EXPECT_GT(lowest, -1e-9) << "a node of the body went through the wall";
  EXPECT_LT(lowest, 1e-9) << "the body never reached the wall";
  const EnergyRecord& e = f.result.last;
  EXPECT_LT(e.kinetic, 1e-6 * f.result.first.kinetic) << "the body still moves";
  EXPECT_NEAR(e.stonewall, f.result.first.kinetic, 1e-6 * f.result.first.kinetic);
  expect_energy_kept(f);
}

}  // namespace
}  // namespace mc
