// *BOUNDARY_PRESCRIBED_MOTION along a *DEFINE_VECTOR (DOF 4, 8, -4, -8) and
// rotations (DOF 5-7): a rigid body's spin held against the coupling of its
// inertia, the work the constraint does, and the reader's cards and messages.
// (Motions of nodes along a vector and a flat plate's spin against their
// closed forms: tests/checkers/pydyna_vector_spin_motion.py.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/vec3.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::contains;
using test::error_of;
using test::minimal_deck;
using test::read;

constexpr double kSpin = 2.0;  // rad/ms

// A rigid 10 x 5 mm plate (4 x 2 shells) tilted 30 degrees about x, so that
// z is not a principal axis of its inertia (I_yz != 0): spinning it about z
// takes a moment about x as well.
Model tilted_rigid_plate() {
  Model m = test::plate_model(test::plate_spec(4, 2, 10.0, 5.0, 1.0));
  const double tilt = kPi / 6;
  for (Node& node : m.nodes) {
    const double y = node.x[1];
    node.x[1] = y * std::cos(tilt);
    node.x[2] = y * std::sin(tilt);
  }
  test::make_rigid_part(m, [](const Shell&) { return true; });
  // A free 5 mm elastic shell far off sets the step (rigid shells set none).
  for (GlobalId k = 0; k < 4; ++k) m.nodes.push_back({1001 + k, {100.0 + 5.0 * (k == 1 || k == 2), 100.0 + 5.0 * (k >= 2), 0.0}});
  Shell still;
  still.id = 1001;
  still.part = 1;
  still.nodes = {1001, 1002, 1003, 1004};
  m.shells.push_back(still);
  Curve constant;
  constant.id = 6;
  constant.x = {0, 10};
  constant.y = {1, 1};
  m.curves[6] = constant;
  return m;
}

PrescribedMotion spin(int dof, double rate, std::array<double, 3> direction = {}) {
  PrescribedMotion motion;
  motion.rigid_part = 2;
  motion.rotation = true;
  motion.exclusive = dof < 0;
  motion.component = std::abs(dof) == 8 ? -1 : dof - 5;
  if (motion.component >= 0) direction[static_cast<std::size_t>(motion.component)] = 1;
  motion.direction = direction;
  motion.curve = 6;
  motion.scale = rate;
  return motion;
}

struct SpinRun {
  State state;
  RunResult result;
};

SpinRun run_spin(const std::vector<PrescribedMotion>& motions) {
  Model m = tilted_rigid_plate();
  m.prescribed_motions = motions;
  SpinRun run{build_state(m, whole_model_mesh(m)), {}};
  run.result = test::run_quietly(run.state, 0.5);
  return run;
}

// DOF 5, 6, 7 at (0, 0, W): the body spins about z and nothing else. The
// constraint's moment about x and y holds it there (the plate's nodes keep
// their z) and does no work: all of it is the first step's, 1/2 W^2 I_zz,
// and the kinetic energy stays that (the nodes turn on their circles:
// rigid_bodies.cpp, turn_velocity). DOF -8 about (0, 0, 1) is the same
// constraint: the same motion to round-off.
TEST(RigidSpin, ThreeRotationsHoldATiltedPlateSpinningAboutZ) {
  const SpinRun all = run_spin({spin(5, 0.0), spin(6, 0.0), spin(7, kSpin)});
  const State& s = all.state;
  const RigidBody& body = s.rigid_bodies.at(0);
  EXPECT_NEAR(body.omega[0], 0.0, 1e-12);
  EXPECT_NEAR(body.omega[1], 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(body.omega[2], kSpin);
  double inertia_z = 0;
  for (const int n : body.nodes) {
    EXPECT_NEAR(s.nodes.x(n, 2), s.nodes.x0(n, 2), 1e-12) << "node " << n;
    const double dx = s.nodes.x0(n, 0) - body.center[0], dy = s.nodes.x0(n, 1) - body.center[1];
    inertia_z += s.nodes.mass(n) * (dx * dx + dy * dy) + s.nodes.inertia(n);
  }
  const EnergyRecord& e = all.result.last;
  std::printf("tilted plate, DOF 5-7: kinetic %.9e, external work %.9e (1/2 W^2 I_zz %.9e)\n", e.kinetic,
              e.external_work, 0.5 * kSpin * kSpin * inertia_z);
  EXPECT_NEAR(e.external_work, 0.5 * kSpin * kSpin * inertia_z, 1e-9 * e.external_work);
  EXPECT_NEAR(e.kinetic / e.external_work, 1.0, 1e-5);
  const SpinRun about_vector = run_spin({spin(-8, kSpin, {0, 0, 1})});
  for (int n = 0; n < s.nodes.count(); ++n)
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(about_vector.state.nodes.x(n, k), s.nodes.x(n, k), 1e-12);
  EXPECT_NEAR(about_vector.result.last.external_work, e.external_work, 1e-12 * e.external_work);
}

// DOF 7 alone: x and y are free, so the tilted plate wobbles (its z
// coordinates move), while the spin about z stays W; the constraint's
// moment about z then works as the wobble takes energy (its work ends 1.4 %
// below the first step's), and the energy balance closes on that work to
// the explicit integration of the free rotation (Euler's equations, 1e-4).
TEST(RigidSpin, OneRotationLeavesTheOthersFreeAndCountsItsWork) {
  const SpinRun one = run_spin({spin(7, kSpin)});
  const State& s = one.state;
  EXPECT_DOUBLE_EQ(s.rigid_bodies.at(0).omega[2], kSpin);
  double wobble = 0;
  for (int n = 0; n < s.nodes.count(); ++n) wobble = std::max(wobble, double(std::abs(s.nodes.x(n, 2) - s.nodes.x0(n, 2))));
  const EnergyRecord& e = one.result.last;
  std::printf("tilted plate, DOF 7: largest z move %.4e mm, kinetic %.9e, external work %.9e, omega (%.4e, %.4e)\n",
              wobble, e.kinetic, e.external_work, s.rigid_bodies[0].omega[0], s.rigid_bodies[0].omega[1]);
  EXPECT_GT(wobble, 0.1);
  EXPECT_NEAR(e.kinetic / e.external_work, 1.0, 5e-4);
}

TEST(PrescribedMotionVectors, VectorAndRotationCardsAreRead) {
  const Model m = read(minimal_deck(
      "*DEFINE_CURVE\n5\n0,0\n1,2\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,4,0,5,1,3\n2,-4,0,5,1,3\n3,6,2,5\n"
      "*DEFINE_VECTOR_TITLE\nalong the diagonal\n3,1,1,1,2,2,1\n"));
  ASSERT_EQ(m.prescribed_motions.size(), 3u);
  const PrescribedMotion& a = m.prescribed_motions[0];
  EXPECT_EQ(a.component, -1);
  EXPECT_FALSE(a.rotation);
  EXPECT_FALSE(a.exclusive);
  EXPECT_NEAR(a.direction[0], std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(a.direction[1], std::sqrt(0.5), 1e-15);
  EXPECT_EQ(a.direction[2], 0.0);
  EXPECT_EQ(prescribed_components(a), (std::vector<int>{0, 1}));
  EXPECT_TRUE(m.prescribed_motions[1].exclusive);
  EXPECT_EQ(prescribed_components(m.prescribed_motions[1]), (std::vector<int>{0, 1, 2}));
  const Model by_nodes = read(minimal_deck("*DEFINE_CURVE\n5\n0,0\n1,2\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,-8,0,5,1,4\n"
                                          "*DEFINE_VECTOR_NODES_TITLE\nfrom 1 to 6\n4,1,6\n"));
  EXPECT_NEAR(by_nodes.prescribed_motions.at(0).direction[0], 2 / std::sqrt(5.0), 1e-15);  // (2, 1, 0) / sqrt 5
  EXPECT_NEAR(by_nodes.prescribed_motions.at(0).direction[1], 1 / std::sqrt(5.0), 1e-15);
  EXPECT_TRUE(by_nodes.prescribed_motions.at(0).rotation);
  const PrescribedMotion& c = m.prescribed_motions[2];
  EXPECT_TRUE(c.rotation);
  EXPECT_EQ(c.component, 1);
  EXPECT_EQ(prescribed_components(c), (std::vector<int>{4}));
}

TEST(PrescribedMotionVectors, BadVectorsAndClashingRotationsAreRefusedWithTheirLine) {
  const std::string curve = "*DEFINE_CURVE\n5\n0,0\n1,2\n";
  const auto error = [&](const std::string& cards) { return error_of(minimal_deck(curve + cards)); };
  EXPECT_EQ(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,4,0,5,1,9\n"),
            "deck.k:27: *BOUNDARY_PRESCRIBED_MOTION_NODE: vector VID 9 is not defined (*DEFINE_VECTOR)");
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,8,0,5\n"),
                       "deck.k:27: field 6 (VID) of *BOUNDARY_PRESCRIBED_MOTION_NODE: must name a *DEFINE_VECTOR "
                       "for DOF 8"));
  EXPECT_TRUE(contains(error("*DEFINE_VECTOR\n3,1,2,3,1,2,3\n"),
                       "deck.k:27: field 5 (XH) of *DEFINE_VECTOR: the head is the tail: the vector has no "
                       "direction"));
  EXPECT_EQ(error("*DEFINE_VECTOR_NODES\n3,1,77\n"), "deck.k:27: *DEFINE_VECTOR_NODES: node 77 is not defined");
  EXPECT_EQ(error("*NODE\n7,1,1,0\n*DEFINE_VECTOR_NODES\n3,3,7\n"),
            "deck.k:29: *DEFINE_VECTOR_NODES: nodes 3 and 7 are at one place: the vector has no direction");
  EXPECT_TRUE(contains(error("*DEFINE_VECTOR\n3,0,0,0,1,0,0,4\n"),
                       "  *DEFINE_VECTOR (CID (a local system)) x1 (first at deck.k:27)"));
  EXPECT_TRUE(contains(error("*BOUNDARY_SPC_NODE\n2,0,0,0,0,1\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n2,5,0,5\n"),
                       "deck.k:29: prescribed motion: node 2's rx is already held by an SPC"));
  const std::string lid = "*PART\nlid\n2,1,2\n*NODE\n7,0,2,0\n8,1,2,0\n*ELEMENT_SHELL\n3,2,4,3,8,7\n";
  const std::string rigid = "*MAT_RIGID\n2,7.8e-9,210000.,0.3\n";
  EXPECT_TRUE(contains(error(lid + rigid + "*BOUNDARY_PRESCRIBED_MOTION_RIGID\n2,7,0,5\n2,-8,0,5,1,3\n"
                               "*DEFINE_VECTOR\n3,0,0,0,1,0,0\n"),
                       "deck.k:38: prescribed motion: body 2's rz is already prescribed at line 37"));
  // CON2 = 7: every rotation of the body is held.
  EXPECT_TRUE(contains(error(lid + "*MAT_RIGID\n2,7.8e-9,210000.,0.3\n1.0,0,7\n*BOUNDARY_PRESCRIBED_MOTION_RIGID\n"
                                   "2,6,0,5\n"),
                       "deck.k:38: prescribed motion: body 2's ry is already held by its *MAT_RIGID CON1/CON2"));
}

}  // namespace
}  // namespace mc
