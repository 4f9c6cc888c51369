// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET / _RIGID: closed-form checks of the three
// kinds of motion, BIRTH/DEATH and the work the constraint does (glstat's
// external work). The reader's cards and messages:
// test_prescribed_motion_cards.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "io/vec3.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

PrescribedMotion motion_of(std::vector<GlobalId> nodes, int component, PrescribedMotion::Kind kind, GlobalId curve) {
  PrescribedMotion motion;
  motion.nodes = std::move(nodes);
  motion.component = component;
  motion.kind = kind;
  motion.curve = curve;
  return motion;
}

void add_curve(Model& m, GlobalId id, std::vector<double> t, std::vector<double> value) {
  Curve curve;
  curve.id = id;
  curve.x = std::move(t);
  curve.y = std::move(value);
  m.curves[id] = curve;
}

std::vector<GlobalId> every_node(const Model& m) {
  std::vector<GlobalId> ids;
  for (const Node& node : m.nodes) ids.push_back(node.id);
  return ids;
}

double total_mass(const State& s) {
  double mass = 0;
  for (int n = 0; n < s.nodes.count(); ++n) mass += s.nodes.mass(n);
  return mass;
}

// A 10 x 2 mm steel strip, 1 mm thick, held in x at x = 0 and pulled at
// x = 10 by a displacement that ramps to delta over 0.5 ms (250 times the
// wave's transit) and then holds: uniaxial stress, so at the end the strip
// stores E A delta^2 / 2L, all of it supplied by the constraint's work.
TEST(PrescribedMotion, DisplacementRampStretchesAStripToItsStaticEnergy) {
  const test::PlateSpec spec = test::plate_spec(10, 2, 10.0, 2.0, 1.0);
  Model m = test::plate_model(spec);
  const double delta = 0.01;
  add_curve(m, 7, {0, 0.5, 10}, {0, 1, 1});
  std::vector<GlobalId> pulled;
  for (int j = 0; j <= spec.ny; ++j) {
    Spc spc;
    spc.node = test::plate_node_id(spec, 0, j);
    spc.fixed[0] = true;
    m.spcs.push_back(spc);
    pulled.push_back(test::plate_node_id(spec, spec.nx, j));
  }
  PrescribedMotion pull = motion_of(pulled, 0, PrescribedMotion::Kind::Displacement, 7);
  pull.scale = delta;
  m.prescribed_motions.push_back(pull);
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 1.0);
  for (int n = 0; n < s.nodes.count(); ++n) {
    if (std::abs(s.nodes.x0(n, 0) - 10.0) < 1e-9) {
      EXPECT_NEAR(s.nodes.x(n, 0), 10.0 + delta, 1e-12) << "node " << n;
    }
  }
  const double strain_energy = 0.5 * test::Steel::youngs * (2.0 * 1.0) * delta * delta / 10.0;  // 2.1e-3 kN mm
  const EnergyRecord& e = r.last;
  std::printf("strip: internal %.6e (E A delta^2 / 2L %.6e), kinetic %.3e, external work %.6e, ratio %.6f\n",
              e.internal, strain_energy, e.kinetic, e.external_work, e.ratio);
  EXPECT_NEAR(e.internal, strain_energy, 0.005 * strain_energy);
  EXPECT_LT(e.kinetic, 0.01 * strain_energy);
  EXPECT_NEAR(e.external_work, e.total, 1e-3 * e.total);  // started at rest: all of it came in through the end
  EXPECT_NEAR(e.ratio, 1.0, 1e-3);
}

// The same pull through a rigid part: the strip's last column of shells is
// *MAT_RIGID, and *BOUNDARY_PRESCRIBED_MOTION_RIGID moves the body's centre
// by the ramp (Poisson 0, so the rigid end does not stiffen the strip).
TEST(PrescribedMotion, RigidBodyDisplacementStretchesTheStripItHolds) {
  test::PlateSpec spec = test::plate_spec(11, 2, 11.0, 2.0, 1.0);
  spec.poisson = 0.0;
  Model m = test::plate_model(spec);
  test::make_rigid_part(m, [&](const Shell& shell) { return (shell.id - 1) % spec.nx == spec.nx - 1; });
  for (int j = 0; j <= spec.ny; ++j) {
    Spc spc;
    spc.node = test::plate_node_id(spec, 0, j);
    spc.fixed[0] = true;
    m.spcs.push_back(spc);
  }
  const double delta = 0.01;
  add_curve(m, 7, {0, 0.5, 10}, {0, 1, 1});
  PrescribedMotion pull = motion_of({}, 0, PrescribedMotion::Kind::Displacement, 7);
  pull.rigid_part = 2;
  pull.scale = delta;
  m.prescribed_motions.push_back(pull);
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 1.0);
  for (int n = 0; n < s.nodes.count(); ++n) {
    if (s.nodes.x0(n, 0) > 9.999) {
      EXPECT_NEAR(s.nodes.x(n, 0), s.nodes.x0(n, 0) + delta, 1e-11) << "node " << n;  // the steps' round-off
    }
  }
  const double strain_energy = 0.5 * test::Steel::youngs * (2.0 * 1.0) * delta * delta / 10.0;
  const EnergyRecord& e = r.last;
  std::printf("rigid grip: internal %.6e (E A delta^2 / 2L %.6e), kinetic %.3e, external work %.6e, ratio %.6f\n",
              e.internal, strain_energy, e.kinetic, e.external_work, e.ratio);
  EXPECT_NEAR(e.internal, strain_energy, 0.005 * strain_energy);
  EXPECT_NEAR(e.external_work, e.total, 1e-3 * e.total);
}

// A free plate at rest, every node given vx = 3 mm/ms from 0.2 to 0.6 ms:
// it is still before, moves with the curve meanwhile and keeps its
// velocity after (the node is free again); the work is exactly the
// kinetic energy it was given.
TEST(PrescribedMotion, VelocityActsBetweenBirthAndDeathAndTheNodesCoastAfter) {
  test::PlateSpec spec = test::plate_spec(4, 4, 10.0, 10.0, 1.0);
  Model m = test::plate_model(spec);
  add_curve(m, 3, {0, 1}, {3, 3});
  const std::vector<GlobalId> all = every_node(m);
  PrescribedMotion push = motion_of(all, 0, PrescribedMotion::Kind::Velocity, 3);
  push.birth = 0.2;
  push.death = 0.6;
  m.prescribed_motions.push_back(push);
  State s = build_state(m, whole_model_mesh(m));
  double started = -1;  // the end of the first step that moved
  const RunResult r = test::run_quietly(s, 1.0, [&](const State& st) {
    if (started < 0 && st.nodes.v(0, 0) != 0) started = st.time;
  });
  const double dt = s.dt_prev;
  EXPECT_NEAR(started, 0.2, 2 * dt);
  for (int n = 0; n < s.nodes.count(); ++n) {
    EXPECT_DOUBLE_EQ(s.nodes.v(n, 0), 3.0) << "node " << n;
    EXPECT_NEAR(s.nodes.x(n, 0) - s.nodes.x0(n, 0), 3.0 * (s.time - 0.2), 3 * 3.0 * dt) << "node " << n;
  }
  const double given = 0.5 * total_mass(s) * 9.0;
  EXPECT_NEAR(r.last.external_work, given, 1e-9 * given);
  EXPECT_NEAR(r.last.kinetic, given, 1e-9 * given);
  EXPECT_NEAR(r.last.ratio, 1.0, 1e-9);
}

// A motion can take energy out: a plate moving at 3 mm/ms is held still
// from 0.2 ms. Its external work is -1/2 M v^2 and nothing is left, so
// LS-DYNA's ratio, total / (initial + external work), is 0 / 0; the run
// still ends normally (the energy check measures against the initial total).
TEST(PrescribedMotion, AMotionThatStopsTheStructureTakesItsEnergyOut) {
  Model m = test::plate_model(test::plate_spec(3, 3, 6.0, 6.0, 1.0));
  InitialVelocity moving;
  moving.all_nodes = true;
  moving.v = {3, 0, 0};
  m.initial_velocities.push_back(moving);
  add_curve(m, 2, {0, 10}, {0, 0});
  const std::vector<GlobalId> all = every_node(m);
  PrescribedMotion hold = motion_of(all, 0, PrescribedMotion::Kind::Velocity, 2);
  hold.birth = 0.2;
  m.prescribed_motions.push_back(hold);
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 0.5);
  const double given = 0.5 * total_mass(s) * 9.0;
  EXPECT_NEAR(r.first.total, given, 1e-9 * given);
  EXPECT_NEAR(r.last.external_work, -given, 1e-9 * given);
  EXPECT_NEAR(r.last.total, 0.0, 1e-9 * given);
}

// An acceleration of 4 mm/ms^2 in z on a free plate: v = 4 t.
TEST(PrescribedMotion, AccelerationIntegratesToVelocity) {
  Model m = test::plate_model(test::plate_spec(3, 3, 6.0, 6.0, 1.0));
  add_curve(m, 2, {0, 10}, {4, 4});
  const std::vector<GlobalId> all = every_node(m);
  m.prescribed_motions.push_back(motion_of(all, 2, PrescribedMotion::Kind::Acceleration, 2));
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 0.5);
  const double dt = s.dt_prev;
  for (int n = 0; n < s.nodes.count(); ++n) {
    EXPECT_NEAR(s.nodes.v(n, 2), 4.0 * s.time, 4.0 * dt) << "node " << n;
    EXPECT_NEAR(s.nodes.x(n, 2), 2.0 * s.time * s.time, 4.0 * dt * s.time) << "node " << n;
  }
  EXPECT_NEAR(r.last.ratio, 1.0, 1e-3);
}

// DOF 10: a free 10 x 10 mm plate in x-y turns about the y axis (through
// z = 0, x = 0) by the angle curve, 0 to pi/2 over 0.5 ms, born at 0.2 ms:
// LS-DYNA reads the curve from BIRTH, so the plate turns from 0.2 to 0.7 ms
// and ends standing in the y-z plane. The step's velocity is the turn's
// rate at the step's end (no strain in the shells), so each step shortens
// the radius by 1 - cos(a), a turn by theta about r theta a / 2.
TEST(PrescribedMotion, TurnAboutAnAxisFollowsTheAngleCurveReadFromBirth) {
  const test::PlateSpec spec = test::plate_spec(4, 4, 10.0, 10.0, 1.0);
  Model m = test::plate_model(spec);
  const double quarter = 0.5 * kPi;
  add_curve(m, 4, {0, 0.5, 10}, {0, 1, 1});
  const std::vector<GlobalId> all = every_node(m);
  PrescribedMotion turn = motion_of(all, 0, PrescribedMotion::Kind::Displacement, 4);
  turn.axis = 1;
  turn.scale = -quarter;  // about -y: x turns toward +z
  turn.birth = 0.2;
  m.prescribed_motions.push_back(turn);
  const LocalMesh mesh = whole_model_mesh(m);
  State s = build_state(m, mesh);
  const int far = mesh.node_index.at(test::plate_node_id(spec, 4, 4));  // (10, 10, 0)
  ASSERT_DOUBLE_EQ(s.nodes.x0(far, 0), 10.0);
  ASSERT_DOUBLE_EQ(s.nodes.x0(far, 1), 10.0);
  double inertia = 0;  // about the axis
  for (int n = 0; n < s.nodes.count(); ++n) inertia += s.nodes.mass(n) * s.nodes.x0(n, 0) * s.nodes.x0(n, 0);
  const double turning = 0.5 * inertia * (quarter / 0.5) * (quarter / 0.5);  // 1/2 I w^2 while it turns
  double worst_angle = 0, largest_step = 0;
  const RunResult r = test::run_quietly(s, 1.0, [&](const State& st) {
    const double angle = std::atan2(st.nodes.x(far, 2), st.nodes.x(far, 0));
    const double expected = quarter * std::min(1.0, std::max(0.0, st.time - 0.2) / 0.5);
    worst_angle = std::max(worst_angle, std::abs(angle - expected));
    largest_step = std::max(largest_step, st.dt_prev);
  });
  const double shrink = 0.5 * quarter * (quarter / 0.5 * largest_step);  // theta a / 2, relative
  std::printf("turn: worst angle error %.3e rad; radius %.9f (10, shrink bound %.3e); internal %.3e, kinetic %.3e "
              "(1/2 I w^2 while turning: %.3e)\n",
              worst_angle, std::hypot(s.nodes.x(far, 0), s.nodes.x(far, 2)), shrink, r.last.internal, r.last.kinetic,
              turning);
  EXPECT_LT(worst_angle, 1e-9);
  for (int n = 0; n < s.nodes.count(); ++n) {
    EXPECT_NEAR(s.nodes.x(n, 0), 0.0, 1e-9) << "node " << n;
    EXPECT_NEAR(s.nodes.x(n, 1), s.nodes.x0(n, 1), 1e-12) << "node " << n;  // along the axis: untouched
    EXPECT_LE(s.nodes.x(n, 2), s.nodes.x0(n, 0) + 1e-12) << "node " << n;
    EXPECT_GE(s.nodes.x(n, 2), s.nodes.x0(n, 0) * (1 - shrink)) << "node " << n;
  }
  // Held at the curve's end value, the nodes' free rotations (DOF 9-11 set
  // translations only) ring down through the shells' transverse shear.
  EXPECT_LT(r.last.kinetic + r.last.internal, 0.01 * turning);
}

// DOF 11, VAD 0: the plate spins at 2 rad/ms about the z axis through its
// centre (OFFSET1 = x, OFFSET2 = y). Its kinetic energy is 1/2 I w^2 with I
// the nodes' sum of m r^2 (less the radii's theta a / 2 shrink, twice), all
// of it the constraint's work, and the shells store nothing.
TEST(PrescribedMotion, SpinAtAnAngularVelocityGivesTheRigidKineticEnergy) {
  const test::PlateSpec spec = test::plate_spec(4, 4, 10.0, 10.0, 1.0);
  Model m = test::plate_model(spec);
  const double omega = 2.0;
  add_curve(m, 6, {0, 10}, {omega, omega});
  const std::vector<GlobalId> all = every_node(m);
  PrescribedMotion spin = motion_of(all, 0, PrescribedMotion::Kind::Velocity, 6);
  spin.axis = 2;
  spin.offset = {5.0, 5.0};
  m.prescribed_motions.push_back(spin);
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 0.3);
  const double shrink = 0.5 * omega * s.time * omega * s.dt_prev;
  double inertia = 0;
  for (int n = 0; n < s.nodes.count(); ++n) {
    const double r0 = std::hypot(s.nodes.x0(n, 0) - 5.0, s.nodes.x0(n, 1) - 5.0);
    inertia += s.nodes.mass(n) * r0 * r0;
    EXPECT_NEAR(std::hypot(s.nodes.x(n, 0) - 5.0, s.nodes.x(n, 1) - 5.0), r0 * (1 - shrink), 1e-3 * shrink * r0)
        << "node " << n;
  }
  const double spin_energy = 0.5 * inertia * omega * omega;
  std::printf("spin: kinetic %.9e (1/2 I w^2 %.9e, shrink %.3e), internal %.3e, external work %.9e\n", r.last.kinetic,
              spin_energy, shrink, r.last.internal, r.last.external_work);
  EXPECT_NEAR(r.last.kinetic, spin_energy * (1 - 2 * shrink), 1e-5 * spin_energy);
  EXPECT_LT(std::abs(r.last.internal), 1e-9 * spin_energy);
  EXPECT_NEAR(r.last.external_work, r.last.total, 1e-9 * spin_energy);
}

// DOF -11, VAD 0: a 2 g bead on no element (an *ELEMENT_MASS node beside a
// plate that only sets the step) turned about z at w = 1 rad/ms with its
// radius free is a bead on a frictionless spinning rod: nothing pulls it
// in, so r = r0 cosh(w t), its angle is w t and its kinetic energy
// m w^2 r0^2 cosh(2 w t) / 2, all of it the constraint's work (Goldstein,
// Classical Mechanics, the bead on a rotating wire). With DOF 11 the same
// bead stays on its circle. (A deck may not put a mass on a node of no
// shell, so glstat has no part for the bead: its energy is taken here.)
TEST(PrescribedMotion, TurnWithTheRadiusFreeFlingsABeadOutAsCoshOfTheAngle) {
  const double omega = 1.0, r0 = 20.0, bead_mass = 2e-3, end = 1.0;
  for (const bool radius_free : {true, false}) {
    const test::PlateSpec spec = test::plate_spec(4, 4, 10.0, 10.0, 1.0);
    Model m = test::plate_model(spec);
    const GlobalId bead = 999;
    m.nodes.push_back({bead, {r0, 0.0, 50.0}});
    m.point_masses.push_back({bead, bead, bead_mass, 0, {}});
    add_curve(m, 6, {0, 10}, {omega, omega});
    PrescribedMotion spin = motion_of({bead}, 0, PrescribedMotion::Kind::Velocity, 6);
    spin.axis = 2;
    spin.radius_free = radius_free;
    m.prescribed_motions.push_back(spin);
    State s = build_state(m, whole_model_mesh(m));
    int b = -1;
    for (int n = 0; n < s.nodes.count(); ++n)
      if (s.nodes.x0(n, 2) > 40.0) b = n;
    ASSERT_GE(b, 0);
    double worst_angle = 0, largest_step = 0;
    const RunResult r = test::run_quietly(s, end, [&](const State& st) {
      const double angle = std::atan2(st.nodes.x(b, 1), st.nodes.x(b, 0));
      worst_angle = std::max(worst_angle, std::abs(angle - omega * st.time));
      largest_step = std::max(largest_step, st.dt_prev);
    });
    const double radius = std::hypot(s.nodes.x(b, 0), s.nodes.x(b, 1));
    // Held, the radius shrinks by theta a / 2 (turn_nodes); free, nothing pulls it in.
    const double held = r0 * (1 - 0.5 * omega * s.time * omega * largest_step);
    const double expected = radius_free ? r0 * std::cosh(omega * s.time) : held;
    const double energy = 0.5 * bead_mass * omega * omega * r0 * r0 *
                          (radius_free ? std::cosh(2 * omega * s.time) : 1.0);
    double v2 = 0;
    for (int k = 0; k < 3; ++k) v2 += s.nodes.v(b, k) * s.nodes.v(b, k);
    const double kinetic = 0.5 * s.nodes.mass(b) * v2;
    std::printf("bead, radius %s: r %.9f (%.9f), worst angle error %.3e rad, kinetic %.9e (%.9e), external work "
                "%.9e, step %.3e\n",
                radius_free ? "free" : "held", radius, expected, worst_angle, kinetic, energy, r.last.external_work,
                largest_step);
    EXPECT_DOUBLE_EQ(s.nodes.mass(b), bead_mass);
    EXPECT_LT(worst_angle, 1e-9);
    EXPECT_NEAR(s.nodes.x(b, 2), 50.0, 1e-12);  // along the axis: untouched
    EXPECT_NEAR(radius, expected, 1e-6 * expected);
    // v^{n+1/2} against the energy at t^{n+1}: within w dt ~ 4e-4.
    EXPECT_NEAR(kinetic, energy, 1e-3 * energy);
    EXPECT_NEAR(r.last.external_work, kinetic, 1e-3 * energy);
  }
}

}  // namespace
}  // namespace mc
