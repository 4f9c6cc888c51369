// The *CONTACT options that change a pair's force against closed forms:
// contact damping (VDC), the viscous friction cap (VC) and the soft
// constraint stiffness (SOFT 1).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "contact/contact_phase.hpp"
#include "contact/node_segment_penalty.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "io/vec3.hpp"
#include "miniapp/state/contact_mesh_of.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

constexpr double kHeldCorners[4] = {1e300, 1e300, 1e300, 1e300};
const double kUnitQuad[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
const double kAtRest[4][3] = {};

struct Bounce {
  double rebound_speed = 0;  // after the node leaves the contact distance
  double dissipated = 0;     // the kernel's damping work over the bounce
};

// A node of mass m falls at v0 onto a held unit quad (reach 1, stiffness k)
// and is integrated by central differences as the time loop does: the
// force from x at step n and the half-step velocity.
Bounce bounce(double m, double k, double ratio, double v0, double dt) {
  double z = 1.0, vz = -v0;
  Bounce b;
  for (int step = 0; step < 1000000; ++step) {
    const double p[3] = {0.5, 0.5, z}, vp[3] = {0, 0, vz};
    const PairForce f = node_segment_force(p, vp, m, kHeldCorners, kUnitQuad, kAtRest, false, 1.0, k, FrictionLaw{},
                                           ratio, dt);
    b.dissipated += f.dissipated_power * dt;
    vz += f.f[2] / m * dt;
    z += vz * dt;
    if (z > 1.0 && vz > 0) break;
  }
  b.rebound_speed = vz;
  return b;
}

// A spring k and dashpot c = 2 xi sqrt(k m) in parallel that cannot pull:
// the penetration d = v0/wd e^(-xi w t) sin(wd t) (w^2 = k/m,
// wd = w sqrt(1 - xi^2)) lasts until k d + c d' = 0, at
// wd t = pi - atan(2 xi sqrt(1 - xi^2) / (1 - 2 xi^2)) (xi < 1/sqrt 2); the
// node leaves with d' there, e = e^(-xi w t) (cos wd t - xi/sqrt(1-xi^2) sin wd t).
double restitution(double xi) {
  const double s = std::sqrt(1 - xi * xi);
  const double phase = kPi - std::atan(2 * xi * s / (1 - 2 * xi * xi));  // wd t
  return std::exp(-xi * phase / s) * (-std::cos(phase) + xi / s * std::sin(phase));
}

TEST(ContactDamping, ABounceOnAHeldSegmentLosesWhatTheSpringDashpotLoses) {
  const double m = 2.0, k = 50.0, v0 = 0.1;
  const double dt = 2e-3 * std::sqrt(m / k);  // w dt = 0.002
  for (double xi : {0.0, 0.1, 0.2, 0.5}) {
    const Bounce b = bounce(m, k, xi, v0, dt);
    EXPECT_NEAR(b.rebound_speed / v0, restitution(xi), 2e-3) << "xi " << xi;
    // The damping work is the kinetic energy lost.
    const double lost = 0.5 * m * (v0 * v0 - b.rebound_speed * b.rebound_speed);
    EXPECT_NEAR(b.dissipated, lost, 1e-5 * 0.5 * m * v0 * v0) << "xi " << xi;
  }
  // The closed form itself, against a fine integration of m d'' = -max(0, k d + c d'):
  EXPECT_NEAR(restitution(0.1), 0.74408, 1e-5);
  EXPECT_NEAR(restitution(0.2), 0.57174, 1e-5);
}

// LS-DYNA's c = VDC/100 * 2 m_min w, w^2 = k (m_s + m_m) / (m_s m_m): a node
// of mass 2 at the centre of a quad of unit corner masses (weights 1/2 on
// corners 0 and 2, the diagonal of the quad's triangles) meets a segment
// point of mass 1 / (2 (1/2)^2 / 1) = 2; w^2 = k, m_min = 2, so VDC 10 and
// k 4 give c = 0.1 * 2 * 2 * 2 = 0.8: approaching at 1 the node is pushed
// 0.8 more, receding at 1 pulled 0.8 back, but never below zero.
TEST(ContactDamping, CoefficientTakesTheSmallerMassAndThePairFrequency) {
  const double corner_mass[4] = {1, 1, 1, 1};
  const double p[3] = {0.5, 0.5, 0.5};  // penetration 0.5, fn = 2
  const double in[3] = {0, 0, -1}, out[3] = {0, 0, 1};
  const double dt = 1e-6;
  const PairForce approach = node_segment_force(p, in, 2.0, corner_mass, kUnitQuad, kAtRest, false, 1.0, 4.0,
                                                FrictionLaw{}, 0.1, dt);
  EXPECT_NEAR(approach.f[2], 2.0 + 0.8, 1e-12);
  // Its work: 0.8 times the mean approach speed over the step, which the
  // whole normal force 2.8 slows (compliance 1/2 + 1/2).
  EXPECT_NEAR(approach.dissipated_power, 0.8 * (1 - 0.5 * 2.8 * dt * 1.0), 1e-12);
  const PairForce recede = node_segment_force(p, out, 2.0, corner_mass, kUnitQuad, kAtRest, false, 1.0, 4.0,
                                              FrictionLaw{}, 0.1, dt);
  EXPECT_NEAR(recede.f[2], 2.0 - 0.8, 1e-12);
  const double fast[3] = {0, 0, 10};
  const PairForce never_pulls = node_segment_force(p, fast, 2.0, corner_mass, kUnitQuad, kAtRest, false, 1.0, 4.0,
                                                   FrictionLaw{}, 0.1, dt);
  EXPECT_EQ(never_pulls.f[2], 0.0);
  EXPECT_EQ(never_pulls.dissipated_power, 2.0 * 10);  // no normal force: the speed stays 10
}

// The damping force stops at half of what would stop the normal motion in
// one step, as friction stops at half of what would stop the slip: with a
// huge ratio the approach speed is halved, not reversed.
TEST(ContactDamping, OverdampedPairIsSlowedNotReversed) {
  const double p[3] = {0.5, 0.5, 0.99};
  const double in[3] = {0, 0, -1};
  const double dt = 1e-3, m = 1.0;
  const PairForce f = node_segment_force(p, in, m, kHeldCorners, kUnitQuad, kAtRest, false, 1.0, 4.0, FrictionLaw{},
                                         1e6, dt);
  const double damping = f.f[2] - 4.0 * 0.01;
  EXPECT_NEAR(damping * dt / m, 0.5, 1e-9);
}

// VC caps the friction force at VC times the contacted segment's area: on
// the unit quad (area 1) mu fn = 0.3 * 2 = 0.6 becomes 0.1 with VC 0.1,
// and on a 2 x 1 quad (area 2) 0.2; VC 0 leaves Coulomb alone.
TEST(ContactDamping, ViscousFrictionCapsTheFrictionByTheSegmentArea) {
  const double p[3] = {0.5, 0.5, 0.5};
  const double slide[3] = {10, 0, 0};
  const double wide[4][3] = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0}};
  const FrictionLaw capped{0.3, 0.3, 0, 0.1};
  EXPECT_NEAR(node_segment_force(p, slide, 1.0, kHeldCorners, kUnitQuad, kAtRest, false, 1.0, 4.0, capped, 0.0, 1e-3).f[0],
              -0.1, 1e-12);
  EXPECT_NEAR(node_segment_force(p, slide, 1.0, kHeldCorners, wide, kAtRest, false, 1.0, 4.0, capped, 0.0, 1e-3).f[0],
              -0.2, 1e-12);
  const FrictionLaw coulomb{0.3, 0.3, 0};
  EXPECT_NEAR(node_segment_force(p, slide, 1.0, kHeldCorners, kUnitQuad, kAtRest, false, 1.0, 4.0, coulomb, 0.0, 1e-3).f[0],
              -0.6, 1e-12);
}

// Two 20 x 20 mm plates meet head on at 15 m/s (nodes to surface: the
// bottom plate's nodes on the top plate). With VDC 20 they part slower than
// without, the damping work is in the contact energy (the total is kept as
// without damping), and the damping forces, action equal to reaction, keep
// the momentum.
TEST(ContactDamping, DampedPlatesPartSlowerKeepingEnergyAndMomentum) {
  auto run = [](double vdc) {
    Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
    m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
    m.contacts[0].damping = vdc;
    State s = build_state(m, whole_model_mesh(m));
    const RunResult r = test::run_quietly(s, 0.2);
    const auto [bottom, top] = test::plates_mean_vz(s);
    std::printf("VDC %g: parting speed %.6f m/s, total energy %.6g -> %.6g (contact %.6g), z momentum %.9g -> %.9g\n",
                vdc, top - bottom, r.first.total, r.last.total, r.last.contact, r.first.momentum[2],
                r.last.momentum[2]);
    EXPECT_NEAR(r.last.total, r.first.total, 0.03 * r.first.total) << "VDC " << vdc;
    const double scale = std::abs(r.first.momentum[2]) + r.first.mass * 5.0;
    EXPECT_NEAR(r.last.momentum[2], r.first.momentum[2], 1e-6 * scale) << "VDC " << vdc;
    return std::make_pair(top - bottom, r.last.contact);
  };
  const auto [free_speed, free_contact] = run(0);
  const auto [damped_speed, damped_contact] = run(20);
  EXPECT_GT(free_speed, 0);
  EXPECT_GT(damped_speed, 0);
  EXPECT_LT(damped_speed, 0.9 * free_speed);
  EXPECT_GT(damped_contact, free_contact);
}

// SOFT 1: k = max(k0, SOFSCL m* / (2 dt_c^2)). Two plates 0.5 mm apart
// (contact distance 1) with SFS = SFM = 1e-12 (k0 negligible, as LSTC
// suggests for SOFT 1 alone) push an interior node with the same pairs as
// SOFT 0 does, so its force is SOFT 0's times k_soft / k0, every node
// around it of the same mass m*; SOFSCL 0, and a clock with no step yet,
// give SOFT 0's k.
TEST(ContactSoftConstraint, StiffnessIsTheSpringWhoseStepIsTheSolutions) {
  auto force_at = [](double scale, double soft_scale, double soft_dt, int node, double* k0, double* m) {
    Model model = test::colliding_plates(0.5, 0.0, 0.0, 0.0);
    model.contacts[0].slave_scale = model.contacts[0].master_scale = scale;
    model.contacts[0].soft_scale = soft_scale;
    State s = build_state(model, whole_model_mesh(model));
    Communicator comm;
    const ContactMesh mesh = contact_mesh_of(s);
    const ContactClock clock{0, 0, 1e-4, soft_dt};
    std::vector<double> work;
    std::vector<std::vector<ContactTie>> ties;
    ContactPhase contact(s.contact, mesh, comm);
    contact.load_motion(mesh, clock);
    contact.compute(mesh, clock, work, ties, comm, true);
    if (k0) *k0 = s.contact.interfaces[0].segment_stiffness[0];
    if (m) *m = s.nodes.mass(node);
    return double(s.nodes.fc(node, 2));
  };
  const int node = 5 + 11 * 5;  // the bottom plate's centre (11 x 11 nodes)
  double k0 = 0, m = 0;
  const double standard = force_at(1.0, 0.0, 0.0, node, &k0, &m);
  ASSERT_LT(standard, 0);  // the top plate pushes the bottom one down
  const double dt_c = 2e-4, sofscl = 0.1;
  const double k_soft = sofscl * 0.5 * m / (dt_c * dt_c);
  const double soft = force_at(1e-12, sofscl, dt_c, node, nullptr, nullptr);
  std::printf("SOFT 1: k0 %.6g, k_soft %.6g (m* %.6g, dt_c %g): force %.9g against %.9g\n", k0, k_soft, m, dt_c,
              soft, standard * k_soft / k0);
  EXPECT_NEAR(soft, standard * k_soft / k0, 1e-12 * std::abs(soft));
  EXPECT_EQ(force_at(1.0, 0.0, dt_c, node, nullptr, nullptr), standard);
  EXPECT_EQ(force_at(1.0, sofscl, 0.0, node, nullptr, nullptr), standard);  // no step agreed yet
  // The larger stiffness wins: SOFT 1 with k_soft below k0 is SOFT 0.
  EXPECT_EQ(force_at(1.0, sofscl, 1e3, node, nullptr, nullptr), standard);
}

// SFST and SFMT scale the shells' contact thickness (SST, MST absent): the
// bottom (slave) plate's 1 mm shells touch at half of 0.5 mm, the top
// (master) plate's at half of 1.5 mm, each side's segments and nodes alike.
TEST(ContactSetup, ThicknessScalesSetEachSidesContactThickness) {
  Model m = test::colliding_plates(1.5, 0.0, 0.0, 0.0);
  m.contacts[0].slave_thickness_scale = 0.5;
  m.contacts[0].master_thickness_scale = 1.5;
  const State s = build_state(m, whole_model_mesh(m));
  const InterfaceSetup& in = s.contact.interfaces.at(0);
  for (std::size_t g = 0; g < in.segment_element.size(); ++g)
    EXPECT_DOUBLE_EQ(in.segment_half_thickness[g], s.elements.part(in.segment_element[g]) == 0 ? 0.25 : 0.75) << g;
  for (std::size_t n = 0; n < in.node_local.size(); ++n)  // the bottom plate is the slave side
    EXPECT_DOUBLE_EQ(in.node_half_thickness[n], test::on_bottom_plate(s, in.node_local[n]) ? 0.25 : 0.75) << n;
}

}  // namespace
}  // namespace mc
