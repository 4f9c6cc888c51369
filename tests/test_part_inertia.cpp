// *PART_INERTIA (io/deck/keywords_part_inertia.cpp, miniapp/nodal/given_inertia.cpp):
// the reader and its checks, and rigid bodies that move with the given mass,
// centre, inertia tensor and starting velocity instead of their mesh's.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc::test {
namespace {

const std::string kHub =
    "*NODE\n11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n*ELEMENT_SHELL\n3,2,11,12,13,14\n"
    "*MAT_RIGID\n5,7.8e-9,210000.,0.3\n";

std::string hub_deck(const std::string& card3, const std::string& card4, const std::string& more = "",
                     const std::string& mid = "5") {
  return minimal_deck(kHub + "*PART_INERTIA\nhub\n2,1," + mid + "\n" + card3 + "\n" + card4 + "\n1,2,3,0.1,0.2,0.3\n" +
                      more);
}

// Cards 3-5 (and 6 with IRCS 1): centre, mass, tensor (IXX IXY IXZ IYY IYZ
// IZZ, tensor entries), velocity and spin; NODEID puts the centre on a node.
TEST(PartInertia, TheReaderTakesTheCardsAndNamesBadOnes) {
  const Model m = read(hub_deck("0.5,0.5,1.0,0.01", "2e-3,1e-4,0,3e-3,0,4e-3"));
  ASSERT_EQ(m.part_inertias.size(), 1u);
  const RigidInertia& given = m.part_inertias.at(2);
  EXPECT_EQ(m.parts.at(2).material, 5);
  EXPECT_EQ(given.mass, 0.01);
  EXPECT_EQ(given.center, (std::array<double, 3>{0.5, 0.5, 1.0}));
  EXPECT_EQ(given.inertia, (std::array<double, 6>{2e-3, 3e-3, 4e-3, 1e-4, 0, 0}));
  EXPECT_EQ(given.velocity, (std::array<double, 3>{1, 2, 3}));
  EXPECT_EQ(given.spin, (std::array<double, 3>{0.1, 0.2, 0.3}));
  std::ostringstream written;  // the deck writer keeps it
  write_deck(m, written);
  const RigidInertia again = read(written.str()).part_inertias.at(2);
  EXPECT_EQ(again.mass, given.mass);
  EXPECT_EQ(again.center, given.center);
  EXPECT_EQ(again.inertia, given.inertia);
  EXPECT_EQ(again.velocity, given.velocity);
  EXPECT_EQ(again.spin, given.spin);
  EXPECT_EQ(read(hub_deck("0,0,0,0.01,0,13", "2e-3,0,0,3e-3,0,4e-3")).part_inertias.at(2).center,
            (std::array<double, 3>{1, 1, 1}));
  // IRCS 1: local x along global y, local y in the plane of y and x: the
  // local tensor diag(1, 2, 3) is diag(2, 1, 3) in global axes.
  const Model local = read(hub_deck("0,0,0,0.01,1", "1e-3,0,0,2e-3,0,3e-3", "0,1,0,1,0,0\n"));
  const std::array<double, 6> turned = local.part_inertias.at(2).inertia;
  const std::array<double, 6> expected = {2e-3, 1e-3, 3e-3, 0, 0, 0};
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(turned[k], expected[k], 1e-18) << k;

  const std::string elastic = hub_deck("0,0,0,0.01", "2e-3,0,0,3e-3,0,4e-3", "", "1");
  EXPECT_EQ(error_of(elastic), "deck.k:" + std::to_string(line_of(elastic, "*PART_INERTIA") + 3) +
                                   ": *PART_INERTIA: part 2 is not rigid (*MAT_RIGID): only a rigid body takes a "
                                   "given inertia");
  EXPECT_TRUE(contains(error_of(hub_deck("0,0,0,0", "2e-3,0,0,3e-3,0,4e-3")), "TM")) << "a mass of 0";
  EXPECT_TRUE(contains(error_of(hub_deck("0,0,0,0", "2e-3,0,0,3e-3,0,4e-3")), "the body's mass must be positive"));
  const std::string flat = hub_deck("0,0,0,0.01", "1e-3,2e-3,0,1e-3,0,1e-3");
  EXPECT_EQ(error_of(flat), "deck.k:" + std::to_string(line_of(flat, "*PART_INERTIA") + 4) +
                                ": *PART_INERTIA: part 2: the inertia tensor is not positive definite");
  EXPECT_TRUE(contains(error_of(hub_deck("0,0,0,0.01,0,99", "2e-3,0,0,3e-3,0,4e-3")),
                       "*PART_INERTIA: part 2: NODEID 99 is not defined"));
  EXPECT_TRUE(contains(error_of(hub_deck("0,0,0,0.01,1", "2e-3,0,0,3e-3,0,4e-3", "0,1,0,1,0,0,7\n")),
                       "*PART_INERTIA (CID (a *DEFINE_COORDINATE system)) x1"));
  const std::string merged = hub_deck("0,0,0,0.01", "2e-3,0,0,3e-3,0,4e-3",
                                      "*NODE\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n*ELEMENT_SHELL\n"
                                      "4,3,15,16,17,18\n*PART\ncap\n3,1,5\n*CONSTRAINED_RIGID_BODIES\n2,3\n");
  EXPECT_TRUE(contains(error_of(merged), "merged with another by *CONSTRAINED_RIGID_BODIES")) << error_of(merged);
}

// A 20 x 10 mm steel plate whose left half is rigid part 2 (or, `nodal`,
// a *CONSTRAINED_NODAL_RIGID_BODY_INERTIA of its nodes), given the mass
// `mass_factor` times its mesh's, a centre off the plate and a tensor with
// products of inertia, and a loose shell far away (the time step when the
// whole plate is rigid).
Model plate_with_given_body(bool elastic_half, double mass_factor, const std::array<double, 3>& spin,
                            bool nodal = false) {
  Model m = test::plate_model(test::plate_spec(4, 2, 20, 10, 1));
  const auto left = [&](const Shell& s) { return !elastic_half || s.id % 4 == 1 || s.id % 4 == 2; };
  if (!nodal) test::make_rigid_part(m, left);
  const double mesh_mass = test::Steel::density * (elastic_half ? 100.0 : 200.0);
  RigidInertia given;
  given.mass = mass_factor * mesh_mass;
  given.center = {4.0, 3.0, 1.0};
  given.inertia = {3.0 * given.mass, 4.0 * given.mass, 5.0 * given.mass, 0.5 * given.mass, -0.3 * given.mass,
                   0.2 * given.mass};
  given.velocity = {0.0, 0.0, 1.0};
  given.spin = spin;
  test::add_loose_shell(m, 500.0);
  if (!nodal) {
    m.part_inertias[2] = given;
    return m;
  }
  NodalRigidBody body;
  body.id = 7;
  for (const Shell& s : m.shells)
    if (s.part == 1 && left(s)) body.nodes.insert(body.nodes.end(), s.nodes.begin(), s.nodes.end());
  std::sort(body.nodes.begin(), body.nodes.end());
  body.nodes.erase(std::unique(body.nodes.begin(), body.nodes.end()), body.nodes.end());
  body.given = true;
  body.inertia = given;
  body.energy_part = 1;
  m.nodal_rigid_bodies.push_back(body);
  return m;
}

// Spun about a principal axis of the given tensor, a free body keeps its
// spin, and every node turns about that axis through the centre as it
// moves: x(t) = c0 + V t + R(w t) (x0 - c0) (1e-9 mm). The energies count
// the given mass and 1/2 M V^2 + 1/2 w.I w (1e-12 relative) from start to end.
TEST(PartInertia, AFreeBodySpinsAboutAPrincipalAxisOfTheGivenTensor) {
  // The given tensor's principal axis of its smallest moment (Jacobi on the 3x3).
  const double i[6] = {3.0, 4.0, 5.0, 0.5, -0.3, 0.2};
  double axis[3] = {1, 0, 0};
  for (int iteration = 0; iteration < 200; ++iteration) {  // inverse power iteration by shifted power: (6 - I) a
    double next[3] = {6 * axis[0] - (i[0] * axis[0] + i[3] * axis[1] + i[5] * axis[2]),
                      6 * axis[1] - (i[3] * axis[0] + i[1] * axis[1] + i[4] * axis[2]),
                      6 * axis[2] - (i[5] * axis[0] + i[4] * axis[1] + i[2] * axis[2])};
    const double l = std::sqrt(next[0] * next[0] + next[1] * next[1] + next[2] * next[2]);
    for (int k = 0; k < 3; ++k) axis[k] = next[k] / l;
  }
  const double rate = 0.4;  // rad/ms
  const std::array<double, 3> spin = {rate * axis[0], rate * axis[1], rate * axis[2]};
  const Model m = plate_with_given_body(false, 3.0, spin);
  State s = build_state(m, whole_model_mesh(m));
  std::vector<std::array<double, 3>> x0;
  for (int n = 0; n < s.nodes.count(); ++n) x0.push_back({s.nodes.x(n, 0), s.nodes.x(n, 1), s.nodes.x(n, 2)});
  const double mass = m.part_inertias.at(2).mass;
  const RunResult run = test::run_quietly(s, 2.0);
  const double start_kinetic = run.first.kinetic;
  const RigidBody& body = s.rigid_bodies.front();
  const double t = s.time;
  double worst = 0;
  const double angle = rate * t, c = std::cos(angle), sn = std::sin(angle);
  for (int n : body.nodes) {
    double r[3], turned[3];
    for (int k = 0; k < 3; ++k) r[k] = x0[static_cast<std::size_t>(n)][k] - m.part_inertias.at(2).center[k];
    const double along = axis[0] * r[0] + axis[1] * r[1] + axis[2] * r[2];
    const double across[3] = {axis[1] * r[2] - axis[2] * r[1], axis[2] * r[0] - axis[0] * r[2],
                              axis[0] * r[1] - axis[1] * r[0]};
    for (int k = 0; k < 3; ++k) turned[k] = r[k] * c + across[k] * sn + axis[k] * along * (1 - c);
    for (int k = 0; k < 3; ++k) {
      const double expected = m.part_inertias.at(2).center[k] + (k == 2 ? t : 0.0) + turned[k];
      worst = std::max(worst, std::fabs(s.nodes.x(n, k) - expected));
    }
  }
  double w_i_w = 0;
  for (int a = 0; a < 3; ++a) {
    const int row[3][3] = {{0, 3, 5}, {3, 1, 4}, {5, 4, 2}};
    for (int b = 0; b < 3; ++b) w_i_w += spin[a] * i[row[a][b]] * mass * spin[b];
  }
  const double kinetic = 0.5 * mass * 1.0 + 0.5 * w_i_w;
  std::printf("turned %.3f rad in %d cycles: worst node off the closed form %.3e mm; spin %.12f rad/ms; "
              "kinetic %.9e at the start, %.9e closed form\n",
              angle, static_cast<int>(s.cycle), worst, std::sqrt(body.omega[0] * body.omega[0] +
                                                                  body.omega[1] * body.omega[1] +
                                                                  body.omega[2] * body.omega[2]),
              start_kinetic, kinetic);
  EXPECT_LT(worst, 1e-9);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(body.omega[k], spin[k], 1e-12);
  EXPECT_NEAR(start_kinetic, kinetic, 1e-12 * kinetic);
  EXPECT_NEAR(run.last.kinetic, kinetic, 1e-9 * kinetic);
  const double loose = test::Steel::density * 1.0;  // the far shell's mass, at rest
  EXPECT_NEAR(run.last.mass, mass + loose, 1e-12 * mass);
  EXPECT_NEAR(run.last.momentum[2], mass * 1.0, 1e-12 * mass);
}

// Half the plate elastic, half a body of five times its mesh's mass (a
// rigid part, or a nodal rigid body of those nodes), started moving and
// spinning: the elastic half is flung about, the momentum (the body's M V
// plus the elastic nodes') stays what it was (1e-9 relative: the body's
// given mass is the one the forces accelerate), and so does the energy (0.5 %).
class GivenBodies : public ::testing::TestWithParam<bool> {};

TEST_P(GivenBodies, AGivenBodyAndAnElasticPlateKeepTheirMomentum) {
  const Model m = plate_with_given_body(true, 5.0, {0.02, -0.01, 0.05}, GetParam());
  State s = build_state(m, whole_model_mesh(m));
  const RunResult run = test::run_quietly(s, 1.0);
  const EnergyRecord& first = run.first;
  const EnergyRecord& last = run.last;
  const double body_mass = 5.0 * test::Steel::density * 100.0;
  const double scale = std::fabs(first.momentum[2]);
  std::printf("momentum x %.9e -> %.9e, y %.9e -> %.9e, z %.9e -> %.9e; mass %.6e (body %.6e); "
              "kinetic %.6e -> %.6e, internal %.6e, ratio %.6f\n",
              first.momentum[0], last.momentum[0], first.momentum[1], last.momentum[1], first.momentum[2],
              last.momentum[2], first.mass, body_mass, first.kinetic, last.kinetic, last.internal, last.ratio);
  EXPECT_GT(first.mass, body_mass);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(last.momentum[k], first.momentum[k], 1e-9 * scale) << k;
  EXPECT_GT(last.internal, 0.0);  // the elastic half took some
  EXPECT_NEAR(last.ratio, 1.0, 5e-3);
}

INSTANTIATE_TEST_SUITE_P(PartInertia, GivenBodies, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& param) {
                           return param.param ? "NodalRigidBody" : "RigidPart";
                         });

// *CONSTRAINED_NODAL_RIGID_BODY_INERTIA: card 1 as the plain one, then the
// inertia cards of *PART_INERTIA; the body reports in the part of the
// lowest-id shell on its nodes.
TEST(PartInertia, NodalRigidBodyInertiaIsRead) {
  const Model m = read(minimal_deck("*SET_NODE_LIST\n3\n5,6\n*CONSTRAINED_NODAL_RIGID_BODY_INERTIA\n9,0,3\n"
                                    "0,0,0,0.01,0,5\n2e-3,0,0,3e-3,0,4e-3\n1,2,3,0.1,0.2,0.3\n"));
  ASSERT_EQ(m.nodal_rigid_bodies.size(), 1u);
  const NodalRigidBody& body = m.nodal_rigid_bodies[0];
  EXPECT_TRUE(body.given);
  EXPECT_EQ(body.inertia.mass, 0.01);
  EXPECT_EQ(body.inertia.center, (std::array<double, 3>{2, 0, 0}));  // NODEID 5
  EXPECT_EQ(body.inertia.spin, (std::array<double, 3>{0.1, 0.2, 0.3}));
  EXPECT_EQ(body.energy_part, 1);
  EXPECT_TRUE(contains(error_of(minimal_deck("*SET_NODE_LIST\n3\n5,6\n*CONSTRAINED_NODAL_RIGID_BODY_INERTIA\n9,0,3\n"
                                             "0,0,0,0.01\n1e-3,2e-3,0,1e-3,0,1e-3\n0,0,0\n")),
                       "*CONSTRAINED_NODAL_RIGID_BODY_INERTIA: body 9: the inertia tensor is not positive definite"));
}

}  // namespace
}  // namespace mc::test
