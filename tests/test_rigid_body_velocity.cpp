// *INITIAL_VELOCITY_RIGID_BODY (io/deck/keywords_rigid_body_velocity.cpp,
// initialize_rigid_bodies): a rigid body starts with the given velocity of
// its centre of mass and spin, over every other initial velocity.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc::test {
namespace {

// minimal_deck's plate as MAT_RIGID (nodes 1-6), its nodes given 5000 mm/s
// in x, the body (1000, 2000, 0) mm/s and 5000 rad/s about z; a loose
// elastic shell far away sets the time step (0.1 ms: half a radian).
const std::string kRigid = "*MAT_RIGID\n1,7.8e-9,210000.,0.3\n";
const std::string kStart =
    "*SET_NODE_LIST\n8\n1,2,3,4,5,6\n*INITIAL_VELOCITY\n8\n5000,0,0\n"
    "*INITIAL_VELOCITY_RIGID_BODY\n1,1000.0,2000.0,0,0,0,5000.0\n"
    "*NODE\n11,100,0,0\n12,101,0,0\n13,101,1,0\n14,100,1,0\n*ELEMENT_SHELL\n3,2,11,12,13,14\n"
    "*PART\nloose\n2,1,2\n*MAT_ELASTIC\n2,7.8e-9,210000.,0.3\n";
constexpr double kVx = 1000, kVy = 2000, kSpin = 5000, kEnd = 1e-4;

// It starts with the body's velocity and spin, and kinetic energy
// 1/2 M V^2 + 1/2 Izz w^2 of its nodes' masses and rotary inertias
// (1e-12); free, it keeps
// them, each node on c + V t + R(w t)(x0 - c) (1e-9 mm).
TEST(RigidBodyVelocity, ARigidPartStartsWithTheGivenVelocityAndSpin) {
  const Model m = read(with_material_card(kRigid + kStart));
  State s = build_state(m, whole_model_mesh(m));
  const std::vector<int> nodes = s.rigid_bodies.front().nodes;
  double mass = 0, cx = 0, cy = 0;
  std::vector<std::array<double, 3>> x0(static_cast<std::size_t>(s.nodes.count()));
  for (int n : nodes) {
    mass += s.nodes.mass(n);
    cx += s.nodes.mass(n) * s.nodes.x(n, 0);
    cy += s.nodes.mass(n) * s.nodes.x(n, 1);
    x0[n] = {s.nodes.x(n, 0), s.nodes.x(n, 1), s.nodes.x(n, 2)};
  }
  cx /= mass;
  cy /= mass;
  double izz = 0;  // the nodes' masses about the centre, and their own rotary inertias (they spin with the body)
  for (int n : nodes)
    izz += s.nodes.mass(n) * ((x0[n][0] - cx) * (x0[n][0] - cx) + (x0[n][1] - cy) * (x0[n][1] - cy)) + s.nodes.inertia(n);
  const RunResult run = run_quietly(s, kEnd);
  const double kinetic = 0.5 * mass * (kVx * kVx + kVy * kVy) + 0.5 * izz * kSpin * kSpin;
  const RigidBody& body = s.rigid_bodies.front();
  const double t = s.time, c = std::cos(kSpin * t), sn = std::sin(kSpin * t);
  double worst = 0;
  for (int n : nodes) {
    const double rx = x0[n][0] - cx, ry = x0[n][1] - cy;
    worst = std::max(worst, std::fabs(s.nodes.x(n, 0) - (cx + kVx * t + c * rx - sn * ry)));
    worst = std::max(worst, std::fabs(s.nodes.x(n, 1) - (cy + kVy * t + sn * rx + c * ry)));
  }
  std::printf("kinetic %.12e at the start, closed form %.12e; after %.3f rad the worst node is %.3e mm off\n",
              run.first.kinetic, kinetic, kSpin * t, worst);
  EXPECT_NEAR(run.first.kinetic, kinetic, 1e-12 * kinetic);
  EXPECT_NEAR(body.velocity[0], kVx, 1e-12 * kVx);
  EXPECT_NEAR(body.velocity[1], kVy, 1e-12 * kVy);
  EXPECT_NEAR(body.omega[2], kSpin, 1e-12 * kSpin);
  EXPECT_GT(kSpin * t, 0.49);
  EXPECT_LT(worst, 1e-9);
}

// A nodal rigid body (element 1's nodes) given (0, 0, 3000) mm/s and spin
// 200 rad/s about x, the elastic shell 2 hanging on it (its two other nodes
// at rest): the kinetic energy at the start is the body's, 1/2 M V^2 +
// 1/2 Ixx w^2 of its nodes (1e-12).
TEST(RigidBodyVelocity, ANodalRigidBodyStartsWithTheGivenVelocityAndSpin) {
  const Model m = read(minimal_deck("*CONSTRAINED_NODAL_RIGID_BODY\n5,,7\n*SET_NODE_LIST\n7\n1,2,3,4\n"
                                    "*INITIAL_VELOCITY_RIGID_BODY\n5,0,0,3000.0,200.0,0,0\n"));
  State s = build_state(m, whole_model_mesh(m));
  const std::vector<int> nodes = s.rigid_bodies.front().nodes;
  ASSERT_EQ(nodes.size(), 4u);
  double mass = 0, cy = 0;
  for (int n : nodes) {
    mass += s.nodes.mass(n);
    cy += s.nodes.mass(n) * s.nodes.x(n, 1);
  }
  cy /= mass;
  double ixx = 0;
  for (int n : nodes) ixx += s.nodes.mass(n) * (s.nodes.x(n, 1) - cy) * (s.nodes.x(n, 1) - cy) + s.nodes.inertia(n);
  const RunResult run = run_quietly(s, 1e-6);
  const double kinetic = 0.5 * mass * 3000.0 * 3000.0 + 0.5 * ixx * 200.0 * 200.0;
  std::printf("kinetic %.12e at the start, closed form %.12e\n", run.first.kinetic, kinetic);
  EXPECT_NEAR(run.first.kinetic, kinetic, 1e-12 * kinetic);
}

TEST(RigidBodyVelocity, BadCardsAreNamedAndTheWriterKeepsIt) {
  const std::string deformable = minimal_deck("*INITIAL_VELOCITY_RIGID_BODY\n1,1.0\n");
  const int line = line_of(deformable, "*INITIAL_VELOCITY_RIGID_BODY") + 1;
  EXPECT_EQ(error_of(deformable), "deck.k:" + std::to_string(line) +
                                      ": *INITIAL_VELOCITY_RIGID_BODY: PID 1 is a deformable part, not a rigid body");
  const std::string missing = minimal_deck("*INITIAL_VELOCITY_RIGID_BODY\n9,1.0\n");
  EXPECT_EQ(error_of(missing), "deck.k:" + std::to_string(line) +
                                   ": *INITIAL_VELOCITY_RIGID_BODY: PID 9 is neither a rigid part nor a "
                                   "*CONSTRAINED_NODAL_RIGID_BODY");
  const Model m = read(with_material_card(kRigid + kStart));
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  ASSERT_EQ(again.rigid_body_velocities.size(), 1u);
  EXPECT_EQ(again.rigid_body_velocities[0].v, m.rigid_body_velocities[0].v);
  EXPECT_EQ(again.rigid_body_velocities[0].omega, m.rigid_body_velocities[0].omega);
}

}  // namespace
}  // namespace mc::test
