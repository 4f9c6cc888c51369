// *ELEMENT_INERTIA: a lumped mass with an isotropic rotary inertia on a node
// (io/deck/keywords_mesh.cpp); the node's rotations, and the rigid body it
// belongs to, take the inertia.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "deck_test_helpers.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::error_of;
using test::minimal_deck;
using test::read;

// EID NID CSID / IXX IXY IXZ IYY IYZ IZZ MASS (/ X-OFF Y-OFF Z-OFF): an
// isotropic tensor is the node's rotary inertia, written back as it came;
// products, unequal moments or an offset are listed (run with the mean
// moment and no offset); negative moments are errors.
TEST(ElementInertia, AnIsotropicTensorIsReadAndTheRestListed) {
  const Model m = read(minimal_deck("*ELEMENT_INERTIA\n7,2,0\n0.5,0,0,0.5,0,0.5,0.01\n"));
  ASSERT_EQ(m.point_masses.size(), 1u);
  EXPECT_EQ(m.point_masses[0].id, 7);
  EXPECT_EQ(m.point_masses[0].node, 2);
  EXPECT_DOUBLE_EQ(m.point_masses[0].mass, 0.01);
  EXPECT_DOUBLE_EQ(m.point_masses[0].rotary, 0.5);
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  ASSERT_EQ(again.point_masses.size(), 1u);
  EXPECT_DOUBLE_EQ(again.point_masses[0].rotary, 0.5);
  EXPECT_DOUBLE_EQ(again.point_masses[0].mass, 0.01);

  const std::string anisotropic = minimal_deck("*ELEMENT_INERTIA\n7,2,0\n1,0,0,2,0,3,0\n");
  EXPECT_NE(error_of(anisotropic).find("  *ELEMENT_INERTIA (an anisotropic inertia tensor) x1"), std::string::npos)
      << error_of(anisotropic);
  std::ostringstream warnings;
  const Model allowed = read_deck_string(anisotropic, "deck.k", warnings, DeckReadOptions{true});
  EXPECT_DOUBLE_EQ(allowed.point_masses.at(0).rotary, 2.0);
  const std::string offset = minimal_deck("*ELEMENT_INERTIA_OFFSET\n7,2,0\n1,0,0,1,0,1,0\n0,0,5\n");
  EXPECT_NE(error_of(offset).find("  *ELEMENT_INERTIA_OFFSET (a mass offset from its node) x1"), std::string::npos)
      << error_of(offset);
  EXPECT_EQ(error_of(minimal_deck("*ELEMENT_INERTIA_OFFSET\n7,2,0\n1,0,0,1,0,1,0\n0,0,0\n")), "<accepted>");
  EXPECT_NE(error_of(minimal_deck("*ELEMENT_INERTIA\n7,2,0\n-1,0,0,-1,0,-1,0\n")).find("inertia must not be negative"),
            std::string::npos);
}

// A rigid plate turned about z at a prescribed omega: a node of it given
// *ELEMENT_INERTIA J adds J omega^2 / 2 to the kinetic energy (the body's
// and the node's rotation take it), and so to the work of the motion.
TEST(ElementInertia, ARigidBodyTurnsWithTheAddedInertia) {
  const double omega = 2.0, inertia = 0.25;
  auto run = [&](double j) {
    test::PlateSpec spec = test::plate_spec(4, 4, 8, 8, 1.0);
    Model m = test::plate_model(spec);
    test::make_rigid_part(m, [](const Shell&) { return true; });
    test::add_loose_shell(m, 100.0);
    PointMass point;
    point.id = 1;
    point.node = test::plate_node_id(spec, 4, 4);
    point.rotary = j;
    m.point_masses.push_back(point);
    Curve steady;
    steady.id = 5;
    steady.x = {0, 1};
    steady.y = {omega, omega};
    m.curves[5] = steady;
    PrescribedMotion spin;
    spin.rigid_part = 2;
    spin.component = 2;
    spin.rotation = true;
    spin.direction = {0, 0, 1};
    spin.kind = PrescribedMotion::Kind::Velocity;
    spin.curve = 5;
    m.prescribed_motions.push_back(spin);
    State s = build_state(m, whole_model_mesh(m));
    return test::run_quietly(s, 0.01).last;
  };
  const EnergyRecord plain = run(0), added = run(inertia);
  const double hand = 0.5 * inertia * omega * omega;
  std::printf("element inertia: kinetic %.12g -> %.12g (+%.12g, J omega^2 / 2 = %.12g), work %.12g -> %.12g\n",
              plain.kinetic, added.kinetic, added.kinetic - plain.kinetic, hand, plain.external_work,
              added.external_work);
  EXPECT_NEAR(added.kinetic - plain.kinetic, hand, 1e-9 * added.kinetic);
  EXPECT_NEAR(added.external_work - plain.external_work, hand, 1e-6 * added.external_work);
}

}  // namespace
}  // namespace mc
