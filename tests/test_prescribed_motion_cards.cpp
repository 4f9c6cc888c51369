// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET / _RIGID as the reader takes
// them: LS-DYNA's defaults, the turns' offsets, and what it refuses, with
// the line and the cause. (The motions themselves: test_prescribed_motion.cpp.)
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "deck_test_helpers.hpp"

namespace mc {
namespace {

using test::contains;
using test::error_of;
using test::minimal_deck;
using test::read;

TEST(PrescribedMotion, NodeAndSetCardsAreReadWithLsDynasDefaults) {
  const Model m = read(minimal_deck("*DEFINE_CURVE\n5\n0,0\n1,2\n*SET_NODE_LIST\n8\n5,6\n"
                                    "*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,3,2,5\n2,1,0,5,0.5,0,0.8,0.1\n"
                                    "*BOUNDARY_PRESCRIBED_MOTION_SET_ID\n4,pull the end\n8,2,1,5\n"
                                    "*PART\ngrip\n2,1,2\n*MAT_RIGID\n2,7.8e-9,210000.,0.3\n*NODE\n7,0,2,0\n8,1,2,0\n"
                                    "*ELEMENT_SHELL\n3,2,4,3,8,7\n*BOUNDARY_PRESCRIBED_MOTION_RIGID\n2,1,0,5,-3\n"));
  ASSERT_EQ(m.prescribed_motions.size(), 4u);
  const PrescribedMotion& a = m.prescribed_motions[0];
  EXPECT_EQ(a.nodes, (std::vector<GlobalId>{1}));
  EXPECT_EQ(a.component, 2);
  EXPECT_EQ(a.kind, PrescribedMotion::Kind::Displacement);
  EXPECT_EQ(a.curve, 5);
  EXPECT_DOUBLE_EQ(a.scale, 1.0);    // SF 0 is 1
  EXPECT_DOUBLE_EQ(a.death, 1e28);   // DEATH 0 is never
  const PrescribedMotion& b = m.prescribed_motions[1];
  EXPECT_EQ(b.kind, PrescribedMotion::Kind::Velocity);
  EXPECT_DOUBLE_EQ(b.scale, 0.5);
  EXPECT_DOUBLE_EQ(b.death, 0.8);
  EXPECT_DOUBLE_EQ(b.birth, 0.1);
  const PrescribedMotion& c = m.prescribed_motions[2];
  EXPECT_EQ(c.nodes, (std::vector<GlobalId>{5, 6}));
  EXPECT_EQ(c.component, 1);
  EXPECT_EQ(c.kind, PrescribedMotion::Kind::Acceleration);
  const PrescribedMotion& d = m.prescribed_motions[3];
  EXPECT_TRUE(d.nodes.empty());
  EXPECT_EQ(d.rigid_part, 2);
  EXPECT_DOUBLE_EQ(d.scale, -3.0);
  const Model turn = read(minimal_deck("*DEFINE_CURVE\n5\n0,0\n1,2\n*PARAMETER\nrcrease,2.0\n"
                                       "*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,10,2,5,-1,0,2.1,1.0\n&crease,-1.5\n"));
  ASSERT_EQ(turn.prescribed_motions.size(), 1u);
  const PrescribedMotion& e = turn.prescribed_motions[0];
  EXPECT_EQ(e.axis, 1);
  EXPECT_EQ(e.offset, (std::array<double, 2>{2.0, -1.5}));  // DOF 10: OFFSET1 is z, OFFSET2 x
  EXPECT_EQ(prescribed_components(e), (std::vector<int>{2, 0}));
  EXPECT_DOUBLE_EQ(e.birth, 1.0);
  EXPECT_FALSE(e.radius_free);
  const Model free = read(minimal_deck("*DEFINE_CURVE\n5\n0,0\n1,2\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,-10,2,5\n"
                                       "2.0,-1.5\n"));
  ASSERT_EQ(free.prescribed_motions.size(), 1u);
  EXPECT_EQ(free.prescribed_motions[0].axis, 1);
  EXPECT_TRUE(free.prescribed_motions[0].radius_free);
}

TEST(PrescribedMotion, WhatIsNotSupportedIsRefusedWithItsLineAndCause) {
  const std::string curve = "*DEFINE_CURVE\n5\n0,0\n1,2\n";
  const auto error = [&](const std::string& cards) { return error_of(minimal_deck(curve + cards)); };
  // Motions minicrash does not model join the unsupported list; a turn's
  // second card is read past, so the card after it is read as the next motion.
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,12,2,5\n1,1,3,5\n1,11,1,5\n0,0\n"
                             "*BOUNDARY_PRESCRIBED_MOTION_RIGID\n1,-9,2,5\n0,0\n"),
                       "deck.k:27: the deck uses keywords minicrash does not support, and they change the answer "
                       "(--allow-unsupported runs without them):\n"
                       "  *BOUNDARY_PRESCRIBED_MOTION_NODE (DOF 12) x1 (first at deck.k:27)\n"
                       "  *BOUNDARY_PRESCRIBED_MOTION_NODE (VAD 3) x1 (first at deck.k:28)\n"
                       "  *BOUNDARY_PRESCRIBED_MOTION_NODE (VAD 1) x1 (first at deck.k:29)\n"
                       "  *BOUNDARY_PRESCRIBED_MOTION_RIGID (DOF -9) x1 (first at deck.k:32)"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,-5,2,5\n"),
                       "deck.k:27: field 2 (DOF) of *BOUNDARY_PRESCRIBED_MOTION_NODE: must be one of LS-DYNA's"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,13,2,5\n"),
                       "deck.k:27: field 2 (DOF) of *BOUNDARY_PRESCRIBED_MOTION_NODE: must be one of LS-DYNA's"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,1,0,9\n"),
                       "deck.k:27: prescribed motion: curve LCID 9 is not defined"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n77,1,0,5\n"),
                       "deck.k:27: prescribed motion: node 77 is not defined"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n1,1,0,5,1,0,0.5,0.5\n"), "DEATH"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_SET\n3,1,0,5\n"), "node set 3"));
  EXPECT_TRUE(contains(error("*BOUNDARY_SPC_NODE\n2,0,0,0,1\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n2,3,0,5\n"),
                       "deck.k:29: prescribed motion: node 2's z is already held by an SPC (one constraint a "
                       "component)"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n2,1,0,5\n4,2,0,5\n2,1,2,5\n"),
                       "deck.k:29: prescribed motion: node 2's x is already prescribed at line 27"));
  // A turn about z sets x and y; one after another in time is fine.
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_NODE\n2,2,0,5,1,0,0.5\n2,11,2,5\n0,0\n"),
                       "deck.k:28: prescribed motion: node 2's y is already prescribed at line 27"));
  EXPECT_EQ(read(minimal_deck(curve + "*BOUNDARY_PRESCRIBED_MOTION_NODE\n2,2,0,5,1,0,0.5\n2,11,2,5,1,0,0,0.5\n"
                                      "0,0\n"))
                .prescribed_motions.size(),
            2u);
  const std::string rigid = "*PART\nlid\n2,1,2\n*MAT_RIGID\n2,7.8e-9,210000.,0.3\n*NODE\n7,0,2,0\n8,1,2,0\n"
                            "*ELEMENT_SHELL\n3,2,4,3,8,7\n";
  EXPECT_TRUE(contains(error(rigid + "*BOUNDARY_PRESCRIBED_MOTION_NODE\n8,1,0,5\n"),
                       "prescribed motion: node 8 moves with rigid part 2 (prescribe the body with "
                       "*BOUNDARY_PRESCRIBED_MOTION_RIGID)"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_RIGID\n1,1,0,5\n"),
                       "deck.k:27: prescribed motion: part 1 is not rigid (*MAT_RIGID) nor a nodal rigid body"));
  EXPECT_TRUE(contains(error("*BOUNDARY_PRESCRIBED_MOTION_RIGID\n9,1,0,5\n"),
                       "deck.k:27: prescribed motion: part 9 is not defined"));
}

}  // namespace
}  // namespace mc
