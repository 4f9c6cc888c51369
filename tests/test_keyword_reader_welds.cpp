// Welds and nodal rigid bodies as LS-DYNA decks write them:
// *CONSTRAINED_NODAL_RIGID_BODY (PNODE too), *CONSTRAINED_SPOTWELD and
// *CONSTRAINED_GENERALIZED_WELD_SPOT (_ID cards, failure by force and time).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "deck_test_helpers.hpp"

namespace mc::test {
namespace {

TEST(KeywordReaderLsDyna, WeldsAndNodalRigidBodiesBecomeRigidBodiesOfNodes) {
  const Model m = read(minimal_deck(
      "*SET_NODE_LIST\n3\n1,2\n*SET_NODE_LIST\n4\n5,6\n"
      "*CONSTRAINED_NODAL_RIGID_BODY\n9,0,3\n"
      "*CONSTRAINED_GENERALIZED_WELD_SPOT_ID\n1\n4\n0,0,0,0\n"
      "*CONSTRAINED_SPOTWELD\n3,4\n"
      "*NODE\n7,5,5,5\n8,6,6,6\n*CONSTRAINED_SPOTWELD_ID\n7\n7,8\n"));
  ASSERT_EQ(m.nodal_rigid_bodies.size(), 4u);
  EXPECT_EQ(m.nodal_rigid_bodies[0].id, 9);
  EXPECT_EQ(m.nodal_rigid_bodies[0].nodes, (std::vector<GlobalId>{1, 2}));
  EXPECT_EQ(m.nodal_rigid_bodies[1].nodes, (std::vector<GlobalId>{5, 6}));
  EXPECT_EQ(m.nodal_rigid_bodies[2].nodes, (std::vector<GlobalId>{3, 4}));
  EXPECT_EQ(m.nodal_rigid_bodies[3].nodes, (std::vector<GlobalId>{7, 8}));
  // _ID's WID is a card of its own (LS-DYNA's and PyDYNA's layout): WID and
  // NSID (or N1 N2) on one card are refused, not read a card late.
  EXPECT_EQ(error_of(minimal_deck("*SET_NODE_LIST\n4\n5,6\n*CONSTRAINED_GENERALIZED_WELD_SPOT_ID\n1,4\n0,0,0,0\n")),
            "deck.k:26: field 2 (after WID) of *CONSTRAINED_GENERALIZED_WELD_SPOT_ID: the _ID card holds WID alone; "
            "NSID CID go on the next card");
  EXPECT_EQ(error_of(minimal_deck("*CONSTRAINED_SPOTWELD_ID\n7,5,6\n")),
            "deck.k:23: field 2 (after WID) of *CONSTRAINED_SPOTWELD_ID: the _ID card holds WID alone; "
            "N1 N2 go on the next card");
  EXPECT_NE(error_of(minimal_deck("*CONSTRAINED_SPOTWELD\n4,5\n*CONSTRAINED_SPOTWELD\n5,6\n"))
                .find("nodal rigid body: node 5 is already in the one at line"),
            std::string::npos);
}

// PNODE joins its body (a node off the mesh here; negative: output in global
// axes, as all output is), and the run places it at the body's centre
// (MpiRigidBody.AMassOffTheMeshAndAPnodeMoveWithTheirBodyAtAnyNp).
TEST(KeywordReaderLsDyna, ANodalRigidBodysPnodeJoinsItsNodes) {
  const Model m = read(minimal_deck("*NODE\n7,5,5,5\n*SET_NODE_LIST\n3\n1,2\n*CONSTRAINED_NODAL_RIGID_BODY\n9,0,3,-7\n"
                                    "*CONSTRAINED_NODAL_RIGID_BODY\n10,0,4,5\n*SET_NODE_LIST\n4\n5,6\n"));
  ASSERT_EQ(m.nodal_rigid_bodies.size(), 2u);
  EXPECT_EQ(m.nodal_rigid_bodies[0].center_node, 7);
  EXPECT_EQ(m.nodal_rigid_bodies[0].nodes, (std::vector<GlobalId>{1, 2, 7}));
  EXPECT_EQ(m.nodal_rigid_bodies[1].nodes, (std::vector<GlobalId>{5, 6}));  // a member already
  EXPECT_EQ(error_of(minimal_deck("*SET_NODE_LIST\n3\n1,2\n*CONSTRAINED_NODAL_RIGID_BODY\n9,0,3,77\n")),
            "deck.k:26: nodal rigid body 9: PNODE 77 is not defined");
}

TEST(KeywordReaderLsDyna, WeldFailureByForceAndTimeIsReadAndByPlasticStrainRefused) {
  const Model m = read(minimal_deck(
      "*SET_NODE_LIST\n4\n5,6\n"
      "*CONSTRAINED_SPOTWELD\n3,4,10.0,20.0,2.0,3.0,0.5\n"
      "*CONSTRAINED_GENERALIZED_WELD_SPOT\n4\n1.5,0,30.0,0,1.0\n"));
  ASSERT_EQ(m.nodal_rigid_bodies.size(), 2u);
  const WeldFailure& spot = m.nodal_rigid_bodies[0].failure;
  EXPECT_TRUE(m.nodal_rigid_bodies[0].weld);
  EXPECT_EQ(spot.normal, 10.0);
  EXPECT_EQ(spot.shear, 20.0);
  EXPECT_EQ(spot.normal_exponent, 2.0);
  EXPECT_EQ(spot.shear_exponent, 3.0);
  EXPECT_EQ(spot.time, 0.5);
  const WeldFailure& general = m.nodal_rigid_bodies[1].failure;
  EXPECT_EQ(general.time, 1.5);
  EXPECT_EQ(general.normal, 30.0);
  EXPECT_EQ(general.normal_exponent, 1.0);
  EXPECT_FALSE(m.nodal_rigid_bodies[1].failure.shear > 0);
  EXPECT_NE(error_of(minimal_deck("*CONSTRAINED_SPOTWELD\n4,5,10.0,10.0\n"))
                .find("deck.k:23: field 5 (N) of *CONSTRAINED_SPOTWELD: must be > 0 where SN is set"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_deck("*CONSTRAINED_SPOTWELD\n4,5,0,0,0,0,0,0.3\n"))
                .find("*CONSTRAINED_SPOTWELD (EP (failure by plastic strain)) x1"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_deck("*CONSTRAINED_SPOTWELD\n4,5,0,0,0,0,-1\n")).find("field 7 (TF) of *CONSTRAINED_SPOTWELD: must be >= 0"),
            std::string::npos);
  // Coincident nodes give the force no normal direction to split along.
  EXPECT_NE(error_of(minimal_deck("*NODE\n7,0,0,0\n*CONSTRAINED_SPOTWELD\n1,7,10.0,0,2\n"))
                .find("deck.k:25: weld: node 1 sits at the weld's centre (coincident nodes), so its force has no normal "
                      "direction; failure by SN/SS needs the nodes apart"),
            std::string::npos)
      << error_of(minimal_deck("*NODE\n7,0,0,0\n*CONSTRAINED_SPOTWELD\n1,7,10.0,0,2\n"));
  EXPECT_EQ(error_of(minimal_deck("*NODE\n7,0,0,0\n*CONSTRAINED_SPOTWELD\n1,7,0,0,0,0,1.0\n")), "<accepted>");
}

}  // namespace
}  // namespace mc::test
