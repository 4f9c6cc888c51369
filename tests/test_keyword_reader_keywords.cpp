// What each keyword puts in the Model: defaults, options, derived values.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"

namespace mc {
namespace {

using test::describe;
using test::error_of;
using test::line_of;
using test::minimal_deck;
using test::read;

using test::contains;

TEST(KeywordReaderKeywords, BlankOrZeroN4MakesATriangle) {
  const Model m = read(minimal_deck("*ELEMENT_SHELL\n3,1,1,2,4\n4,1,2,5,6,0\n"));
  EXPECT_EQ(m.shells[2].nodes[3], 4);
  EXPECT_EQ(m.shells[3].nodes[3], 6);
}

TEST(KeywordReaderKeywords, PartRepeatsHeadingAndIdCards) {
  const Model m = read(minimal_deck("*PART\nsecond\n2,1,1\nthird part\n3,1,1,0,7\n*HOURGLASS\n7,4,0.05\n"));
  ASSERT_EQ(m.parts.size(), 3u);
  EXPECT_EQ(m.parts.at(3).title, "third part");
  EXPECT_EQ(m.parts.at(3).hourglass, 7);
  EXPECT_EQ(m.hourglass.at(7).ihq, 4);
  EXPECT_DOUBLE_EQ(m.hourglass.at(7).qh, 0.05);
}

// QB and QW (fields 7, 8) are read, blank meaning QM; the deck writer writes
// them back; outside [0, 1] they are refused like QM.
TEST(KeywordReaderKeywords, HourglassBendingAndWarpingCoefficientsAreRead) {
  const Model m = read(minimal_deck("*HOURGLASS\n7,4,0.1,0,0,0,0.05,0.2\n8,4,0.1\n"));
  EXPECT_DOUBLE_EQ(m.hourglass.at(7).qb, 0.05);
  EXPECT_DOUBLE_EQ(m.hourglass.at(7).qw, 0.2);
  EXPECT_DOUBLE_EQ(m.hourglass.at(8).qb, 0.0);  // QM
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_DOUBLE_EQ(again.hourglass.at(7).qb, 0.05);
  EXPECT_DOUBLE_EQ(again.hourglass.at(7).qw, 0.2);
  EXPECT_DOUBLE_EQ(again.hourglass.at(8).qw, 0.0);
  EXPECT_TRUE(contains(error_of(minimal_deck("*HOURGLASS\n7,4,0.1,0,0,0,0,1.5\n")),
                       "hourglass 7: hourglass coefficient 1.5 must lie in [0, 1]"));
}

TEST(KeywordReaderKeywords, ShellHourglassTypesThreeAndFiveActAsTwoAndFour) {
  const Model m = read(minimal_deck("*HOURGLASS\n7,3\n8,5\n9\n*CONTROL_HOURGLASS\n5\n"));
  EXPECT_EQ(m.hourglass.at(7).ihq, 2);
  EXPECT_EQ(m.hourglass.at(8).ihq, 4);
  EXPECT_EQ(m.hourglass.at(9).ihq, 1);
  EXPECT_DOUBLE_EQ(m.hourglass.at(9).qh, 0.1);
  EXPECT_EQ(m.controls.hourglass.ihq, 4);
  // 6 is the stiffness form for shells too; 7-10 belong to other elements: listed.
  EXPECT_EQ(read(minimal_deck("*HOURGLASS\n7,6\n")).hourglass.at(7).ihq, 4);
  EXPECT_TRUE(contains(error_of(minimal_deck("*HOURGLASS\n7,8\n")),
                       "  *HOURGLASS (IHQ 8 (the warping stiffness of fully integrated shells)) x1"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*CONTROL_HOURGLASS\n9\n")), "  *CONTROL_HOURGLASS (IHQ 9 (a form for solids)) x1"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*HOURGLASS\n7,11\n")), "hourglass 7: IHQ 11 is not one of LS-DYNA's hourglass types 0-10"));
}

TEST(KeywordReaderKeywords, SectionDefaultsFollowLsDyna) {
  const Model m = read(minimal_deck("*SECTION_SHELL\n2\n0.5\n"));
  const Section& s = m.sections.at(2);
  EXPECT_EQ(s.elform, 2);
  EXPECT_EQ(s.nip, 2);
  EXPECT_DOUBLE_EQ(s.shear_factor, 1.0);
  EXPECT_DOUBLE_EQ(s.thickness, 0.5);
}

TEST(KeywordReaderKeywords, SectionThicknessIsTheMeanOfCornerThicknesses) {
  // T2 and T4 blank take T1: (1 + 1 + 2 + 1) / 4.
  const Model m = read(minimal_deck("*SECTION_SHELL\n2,2,0.8333,3\n1.0,,2.0\n"));
  EXPECT_DOUBLE_EQ(m.sections.at(2).thickness, 1.25);
  EXPECT_EQ(m.sections.at(2).nip, 3);
}

TEST(KeywordReaderKeywords, TitleVariantsReadAnExtraTitleCard) {
  const std::string plain = minimal_deck(
      "*MAT_ELASTIC\n2,1e-9,1000.,0.2\n*SECTION_SHELL\n2,2\n2.0\n*DEFINE_CURVE\n4\n0,1\n1,2\n"
      "*SET_NODE_LIST\n1\n1,2\n*SET_PART_LIST\n1\n1\n*HOURGLASS\n3,1\n");
  const std::string titled = minimal_deck(
      "*MAT_ELASTIC_TITLE\nsoft\n2,1e-9,1000.,0.2\n*SECTION_SHELL_TITLE\nthick\n2,2\n2.0\n"
      "*DEFINE_CURVE_TITLE\nramp\n4\n0,1\n1,2\n*SET_NODE_LIST_TITLE\ncorner\n1\n1,2\n"
      "*SET_PART_LIST_TITLE\nall\n1\n1\n*HOURGLASS_TITLE\nhg\n3,1\n");
  EXPECT_EQ(describe(read(titled)), describe(read(plain)));
  EXPECT_EQ(read(titled).part_sets.at(1), std::vector<GlobalId>{1});
}

TEST(KeywordReaderKeywords, MaterialNumberAliasesReadTheSameCards) {
  const std::string named = minimal_deck("*MAT_RIGID\n2,7.8e-9,2e5,0.3\n*MAT_PIECEWISE_LINEAR_PLASTICITY\n3,7.8e-9,2e5,0.3,200.\n");
  const std::string numbered = minimal_deck("*MAT_020\n2,7.8e-9,2e5,0.3\n*MAT_024\n3,7.8e-9,2e5,0.3,200.\n");
  EXPECT_EQ(describe(read(named)), describe(read(numbered)));
  EXPECT_EQ(read(named).materials.at(2).kind, MaterialKind::Rigid);
}

TEST(KeywordReaderKeywords, CurveAppliesOffsetsThenScaleFactors) {
  // x = SFA (a + OFFA), y = SFO (o + OFFO)
  const Model m = read(minimal_deck("*DEFINE_CURVE\n9,0,2.0,3.0,1.0,0.5\n0.0,0.0\n1.0,10.0\n"));
  const Curve& c = m.curves.at(9);
  EXPECT_EQ(c.x, (std::vector<double>{2.0, 4.0}));
  EXPECT_EQ(c.y, (std::vector<double>{1.5, 31.5}));
}

TEST(KeywordReaderKeywords, CurveBlankOrZeroScaleFactorsMeanOne) {
  const Model m = read(minimal_deck("*DEFINE_CURVE\n9,0,0.0\n0.0,5.0\n1.0,6.0\n"));
  EXPECT_EQ(m.curves.at(9).y, (std::vector<double>{5.0, 6.0}));
}

TEST(KeywordReaderKeywords, CurveWithRepeatedAbscissaIsAnErrorAtThatPoint) {
  const std::string deck = minimal_deck("*DEFINE_CURVE\n9\n0.0,5.0\n1.0,6.0\n1.0,7.0\n");
  EXPECT_TRUE(contains(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "1.0,7.0")) +
                                           ": field 1 (A) of *DEFINE_CURVE: abscissa 1 is not greater"));
}

TEST(KeywordReaderKeywords, Mat024TableBecomesAnInternalCurve) {
  const Model m = read(minimal_deck("*MAT_024\n2,7.8e-9,2e5,0.3,200.,0.,1e21\n\n0.0,0.1,0.5\n200.,250.,300.\n"));
  const Material& mat = m.materials.at(2);
  ASSERT_LT(mat.hardening_curve, 0);
  EXPECT_EQ(m.curves.at(mat.hardening_curve).x, (std::vector<double>{0.0, 0.1, 0.5}));
  EXPECT_EQ(m.curves.at(mat.hardening_curve).y, (std::vector<double>{200.0, 250.0, 300.0}));
  EXPECT_DOUBLE_EQ(mat.fail_strain, 0.0);  // FAIL 1e21: no failure
}

// EPS1-EPS8 all 0 (thick.k, an LSTC example): the table is not defined
// ("supersedes SIGY, ETAN if defined"), so SIGY and ETAN harden, and the
// ES row is ignored with a warning.
TEST(KeywordReaderKeywords, Mat024TableWithEveryStrainZeroIsNotDefined) {
  std::string warnings;
  const std::string deck = minimal_deck("*MAT_024\n2,7.8e-9,2e5,0.3,121.,5.\n\n0,0,0,0,0,0,0,0\n121.,215.,257.\n");
  const Model m = read(deck, &warnings);
  const Material& mat = m.materials.at(2);
  EXPECT_EQ(mat.hardening_curve, 0);
  EXPECT_DOUBLE_EQ(mat.yield, 121.0);
  EXPECT_DOUBLE_EQ(mat.tangent, 5.0);
  EXPECT_TRUE(contains(warnings, "deck.k:" + std::to_string(line_of(deck, "121.,215.")) +
                                     ": warning: *MAT_024: ES1-ES8 ignored: EPS1-EPS8 are all 0, so the table is not "
                                     "defined and SIGY, ETAN give the hardening"))
      << warnings;
}

TEST(KeywordReaderKeywords, Mat024LcssReferencesADefinedCurve) {
  const Model m = read(minimal_deck("*MAT_024\n2,7.8e-9,2e5,0.3,,,0.3\n0,0,6\n*DEFINE_CURVE\n6\n0,200\n1,400\n"));
  EXPECT_EQ(m.materials.at(2).hardening_curve, 6);
  EXPECT_DOUBLE_EQ(m.materials.at(2).fail_strain, 0.3);
}

TEST(KeywordReaderKeywords, SetListsSkipZeroAndBlankIds) {
  const Model m = read(minimal_deck("*SET_NODE_LIST\n4\n" + test::fixed({"1", "0", "", "3"}) + "5,6\n"));
  EXPECT_EQ(m.node_sets.at(4), (std::vector<GlobalId>{1, 3, 5, 6}));
}

TEST(KeywordReaderKeywords, SpcSetExpandsToOneSpcPerNode) {
  const Model m = read(minimal_deck("*SET_NODE_LIST\n4\n1,4\n*BOUNDARY_SPC_SET\n4,0,1,0,1,0,1,0\n"));
  ASSERT_EQ(m.spcs.size(), 2u);
  EXPECT_EQ(m.spcs[1].node, 4);
  EXPECT_EQ(m.spcs[1].fixed, (std::array<bool, 6>{true, false, true, false, true, false}));
}

// LS-PrePost writes _ID decks with an ID/HEADING card before every data
// card (public FoldingBox deck, Boundary_v5.K); LS-DYNA's one leading ID
// card reads the same way.
TEST(KeywordReaderKeywords, SpcSetIdTakesAnIdCardBeforeEachSet) {
  const std::string sets = "*SET_NODE_LIST\n4\n1,4\n*SET_NODE_LIST\n5\n2\n";
  const std::string pairs = std::string("*BOUNDARY_SPC_SET_ID\n         2top plate\n") +
                            test::fixed({"4", "0", "1", "0", "1", "1", "1", "1"}) +
                            "         3Bottom plate\n" + test::fixed({"5", "0", "1", "1", "1", "1", "1", "1"});
  const Model m = read(minimal_deck(sets + pairs));
  ASSERT_EQ(m.spcs.size(), 3u);
  EXPECT_EQ(m.spcs[1].fixed, (std::array<bool, 6>{true, false, true, true, true, true}));
  EXPECT_EQ(m.spcs[2].node, 2);
  EXPECT_EQ(m.spcs[2].fixed, (std::array<bool, 6>{true, true, true, true, true, true}));
  const Model leading = read(minimal_deck(sets + "*BOUNDARY_SPC_SET_ID\n7,both\n4,0,1\n5,0,0,1\n"));
  ASSERT_EQ(leading.spcs.size(), 3u);
  EXPECT_EQ(leading.spcs[2].fixed, (std::array<bool, 6>{false, true, false, false, false, false}));
  EXPECT_EQ(read(minimal_deck("*BOUNDARY_SPC_NODE_ID\n1,a\n2,0,0,0,1\n3,b\n4,0,1\n")).spcs.size(), 2u);
  EXPECT_TRUE(contains(error_of(minimal_deck("*BOUNDARY_SPC_NODE_ID\n1,a\nx,b\n")), "field 1 (ID)"));
}

TEST(KeywordReaderKeywords, NodeTranslationAndRotationCodesBecomeSpcs) {
  const Model m = read(minimal_deck("*NODE\n" + test::fixed_node("7", "0", "0", "0", "5", "7")));
  ASSERT_EQ(m.spcs.size(), 1u);
  EXPECT_EQ(m.spcs[0].fixed, (std::array<bool, 6>{false, true, true, true, true, true}));
}

TEST(KeywordReaderKeywords, SpcOnNodeIsKept) {
  const Model m = read(minimal_deck("*BOUNDARY_SPC_NODE\n2,0,0,0,1\n"));
  ASSERT_EQ(m.spcs.size(), 1u);
  EXPECT_EQ(m.spcs[0].fixed, (std::array<bool, 6>{false, false, true, false, false, false}));
}

TEST(KeywordReaderKeywords, InitialVelocityWithNsidZeroAppliesToAllNodes) {
  const Model m = read(minimal_deck("*INITIAL_VELOCITY\n0\n-10.0,0,0\n"));
  ASSERT_EQ(m.initial_velocities.size(), 1u);
  EXPECT_TRUE(m.initial_velocities[0].all_nodes);
  EXPECT_DOUBLE_EQ(m.initial_velocities[0].v[0], -10.0);
}

TEST(KeywordReaderKeywords, InitialVelocityRotationalFieldsAreNodalAngularVelocities) {
  const Model m = read(minimal_deck("*INITIAL_VELOCITY\n0\n1,2,3,0.1,0.2,0.3\n"));
  const InitialVelocity& v = m.initial_velocities.at(0);
  EXPECT_EQ(v.v, (std::array<double, 3>{1.0, 2.0, 3.0}));
  EXPECT_EQ(v.omega, (std::array<double, 3>{0.1, 0.2, 0.3}));
  EXPECT_FALSE(v.spin_about_center);
}

TEST(KeywordReaderKeywords, InitialVelocityExemptNodesGetTheirOwnVelocity) {
  const Model m = read(minimal_deck("*SET_NODE_LIST\n2\n5,6\n*INITIAL_VELOCITY\n0,2\n1,0,0\n0,2,0\n"));
  ASSERT_EQ(m.initial_velocities.size(), 2u);
  EXPECT_EQ(m.initial_velocities[0].nodes, (std::vector<GlobalId>{1, 2, 3, 4}));
  EXPECT_EQ(m.initial_velocities[1].nodes, (std::vector<GlobalId>{5, 6}));
  EXPECT_DOUBLE_EQ(m.initial_velocities[1].v[1], 2.0);
}

TEST(KeywordReaderKeywords, VelocityGenerationOnAPartUsesTheNodesOfItsElements) {
  // Part 2 holds element 2 only (nodes 2 5 6 3); the axis is normalised.
  std::string deck = minimal_deck("*PART\nsecond\n2,1,1\n*INITIAL_VELOCITY_GENERATION\n2,2,10.0,1,0,0\n1,1,0,0,0,2\n");
  deck.replace(deck.find("2,1,2,5,6,3"), 11, "2,2,2,5,6,3");
  const Model m = read(deck);
  ASSERT_EQ(m.initial_velocities.size(), 1u);
  const InitialVelocity& v = m.initial_velocities[0];
  EXPECT_EQ(v.nodes, (std::vector<GlobalId>{2, 3, 5, 6}));
  EXPECT_TRUE(v.spin_about_center);
  EXPECT_EQ(v.omega, (std::array<double, 3>{0.0, 0.0, 10.0}));
  EXPECT_EQ(v.center, (std::array<double, 3>{1.0, 1.0, 0.0}));
  EXPECT_DOUBLE_EQ(v.v[0], 1.0);
}

TEST(KeywordReaderKeywords, RigidWallWithNsidZeroTakesAllNodes) {
  const Model m = read(minimal_deck("*RIGIDWALL_PLANAR\n0\n0,0,-1,0,0,0,0.2\n"));
  ASSERT_EQ(m.rigid_walls.size(), 1u);
  EXPECT_TRUE(m.rigid_walls[0].all_nodes);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].tail[2], -1.0);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].friction, 0.2);
  EXPECT_FALSE(m.rigid_walls[0].moving);
}

TEST(KeywordReaderKeywords, MovingRigidWallWithIdReadsIdAndMassCards) {
  const Model m = read(minimal_deck(
      "*SET_NODE_LIST\n3\n1,2\n*RIGIDWALL_PLANAR_MOVING_ID\n5,barrier\n3\n0,0,-1,0,0,0\n100.0,-5.0\n"));
  const RigidWall& wall = m.rigid_walls.at(0);
  EXPECT_FALSE(wall.all_nodes);
  EXPECT_EQ(wall.nodes, (std::vector<GlobalId>{1, 2}));
  EXPECT_TRUE(wall.moving);
  EXPECT_DOUBLE_EQ(wall.mass, 100.0);
  EXPECT_DOUBLE_EQ(wall.speed, -5.0);
}

TEST(KeywordReaderKeywords, ControlsAndOutputIntervalsAreRead) {
  const Model m = read(minimal_deck(
      "*CONTROL_TERMINATION\n0.02,0,0.1\n*CONTROL_TIMESTEP\n1e-7\n*CONTROL_HOURGLASS\n4,0.05\n"
      "*CONTROL_SHELL\n20.0,0,1,0,2\n1.0,1\n*DATABASE_GLSTAT\n1e-4\n*DATABASE_MATSUM\n2e-4\n"
      "*DATABASE_RWFORC\n3e-4\n*DATABASE_BINARY_D3PLOT\n0,0,0,20\n"));
  const Controls& c = m.controls;
  EXPECT_DOUBLE_EQ(c.end_time, 0.02);
  EXPECT_DOUBLE_EQ(c.dt_min, 0.1);
  EXPECT_DOUBLE_EQ(c.dt_init, 1e-7);
  EXPECT_DOUBLE_EQ(c.tssfac, 0.9);  // blank TSSFAC
  EXPECT_EQ(c.hourglass.ihq, 4);
  EXPECT_DOUBLE_EQ(c.hourglass.qh, 0.05);
  EXPECT_EQ(c.integration, Integration::Lobatto);
  EXPECT_DOUBLE_EQ(c.glstat_dt, 1e-4);
  EXPECT_DOUBLE_EQ(c.matsum_dt, 2e-4);
  EXPECT_DOUBLE_EQ(c.rwforc_dt, 3e-4);
  EXPECT_DOUBLE_EQ(c.d3plot_dt, 0.001);  // ENDTIM / NPLTC
}

// DT 0 on an ASCII database card: LS-DYNA writes no such file; minicrash
// keeps its default interval and says so.
TEST(KeywordReaderKeywords, DatabaseIntervalZeroWarnsAndKeepsTheDefault) {
  std::string warnings;
  const std::string deck = minimal_deck("*DATABASE_MATSUM\n0.0\n");
  const Model m = read(deck, &warnings);
  EXPECT_DOUBLE_EQ(m.controls.matsum_dt, 0.0);  // 0: the run's default, ENDTIM / 100
  EXPECT_EQ(warnings, "deck.k:" + std::to_string(line_of(deck, "0.0")) +
                          ": warning: *DATABASE_MATSUM DT 0: LS-DYNA writes no such file; minicrash writes it "
                          "every 1/100 of the end time\n");
}

TEST(KeywordReaderKeywords, EndCycleAloneEndsTheRun) {
  EXPECT_EQ(read(minimal_deck("*CONTROL_TERMINATION\n0,500\n")).controls.end_cycle, 500);
}

TEST(KeywordReaderKeywords, DuplicateIdsNameBothPlaces) {
  const std::string deck = minimal_deck("*MAT_ELASTIC\n1,1e-9,1000.,0.2\n");
  EXPECT_TRUE(contains(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "1,1e-9")) +
                                           ": material 1 is defined twice (first at deck.k:" +
                                           std::to_string(line_of(deck, "1,7.8e-9")) + ")"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*ELEMENT_SHELL\n2,1,1,2,3,4\n")), "element 2 is defined twice"));
}

// Another formulation is listed with the unsupported physics (not an error
// after the list), and --allow-unsupported runs it as Belytschko-Tsay.
TEST(KeywordReaderKeywords, UnsupportedElementFormulationIsListedAndRunsAsBelytschkoTsayWhenAllowed) {
  const std::string deck = minimal_deck("*SECTION_SHELL\n2,16\n1.0\n");
  EXPECT_TRUE(contains(error_of(deck), "  *SECTION_SHELL (ELFORM 16) x1 (first at deck.k:" +
                                           std::to_string(line_of(deck, "2,16")) + ")"));
  std::ostringstream warnings;
  const Model m = read_deck_string(deck, "deck.k", warnings, DeckReadOptions{true});
  EXPECT_EQ(m.sections.at(2).elform, 2);
  EXPECT_EQ(m.ignored_keywords.at(0).keyword, "*SECTION_SHELL (ELFORM 16)");
}

TEST(KeywordReaderKeywords, ValidateModelWorksOnAGeneratedModelWithoutSourceLines) {
  Model m = read(minimal_deck());
  m.sections.at(1).where = {};
  m.sections.at(1).nip = 11;
  try {
    validate_model(m);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "section 1: NIP 11 is outside 1..10");
  }
}

// *CONSTRAINED_EXTRA_NODES_NODE/_SET: nodes joining a rigid part's body.
TEST(KeywordReaderKeywords, ExtraNodesJoinARigidPart) {
  const std::string rigid_part =
      "*NODE\n7,3,0,0\n8,3,1,0\n*ELEMENT_SHELL\n3,2,5,7,8,6\n*PART\nrigid\n2,1,2\n*MAT_RIGID\n2,7.8e-9,2e5,0.3\n";
  const Model m = read(minimal_deck(rigid_part +
                                    "*CONSTRAINED_EXTRA_NODES_NODE\n2,1\n2,4\n*SET_NODE_LIST\n3\n2,3\n"
                                    "*CONSTRAINED_EXTRA_NODES_SET\n2,3\n"));
  ASSERT_EQ(m.extra_nodes.size(), 3u);
  EXPECT_EQ(m.extra_nodes[0].part, 2);
  EXPECT_EQ(m.extra_nodes[0].nodes, std::vector<GlobalId>{1});
  EXPECT_EQ(m.extra_nodes[1].nodes, std::vector<GlobalId>{4});
  EXPECT_EQ(m.extra_nodes[2].nodes, (std::vector<GlobalId>{2, 3}));
  const std::string elastic = minimal_deck(rigid_part + "*CONSTRAINED_EXTRA_NODES_NODE\n1,1\n");
  EXPECT_EQ(error_of(elastic), "deck.k:" + std::to_string(line_of(elastic, "*CONSTRAINED_EXTRA") + 1) +
                                   ": extra nodes of part 1: the part is not rigid (*MAT_RIGID)");
  const std::string welded = minimal_deck(rigid_part + "*CONSTRAINED_SPOTWELD\n1,2\n*CONSTRAINED_EXTRA_NODES_NODE\n2,1\n");
  EXPECT_EQ(error_of(welded), "deck.k:" + std::to_string(line_of(welded, "*CONSTRAINED_EXTRA") + 1) +
                                  ": extra nodes of part 2: node 1 is in a nodal rigid body (a node moves with one "
                                  "rigid body)");
  EXPECT_NE(error_of(minimal_deck(rigid_part + "*CONSTRAINED_EXTRA_NODES_NODE\n2,1,1\n"))
                .find("*CONSTRAINED_EXTRA_NODES_NODE (IFLAG) x1"),
            std::string::npos);
}

// *MAT_RIGID card 2: CMO +1 with CON1 (translations) and CON2 (rotations),
// codes 0 none, 1 x, 2 y, 3 z, 4 xy, 5 yz, 6 zx, 7 xyz; CMO -1 (local) is
// unsupported physics.
TEST(KeywordReaderKeywords, MatRigidGlobalConstraintsBecomeFixedBits) {
  const auto rigid = [](const std::string& card2) {
    return minimal_deck("*PART\nrigid\n2,1,2\n*MAT_RIGID\n2,7.8e-9,2e5,0.3\n" + card2);
  };
  EXPECT_EQ(read(rigid("1.0,4,7\n")).materials.at(2).rigid_fixed, 1 | 2 | 8 | 16 | 32);
  EXPECT_EQ(read(rigid("1.0,6,3\n")).materials.at(2).rigid_fixed, 4 | 1 | 32);
  EXPECT_EQ(read(rigid("0,7,7\n")).materials.at(2).rigid_fixed, 0);
  const std::string bad_code = rigid("1.0,8\n");
  EXPECT_EQ(error_of(bad_code), "deck.k:" + std::to_string(line_of(bad_code, "1.0,8")) +
                                    ": field 2 (CON1) of *MAT_RIGID: must be 0 to 7 (0 none, 1 x, 2 y, 3 z, 4 xy, 5 "
                                    "yz, 6 zx, 7 xyz)");
  EXPECT_NE(error_of(rigid("-1.0,0,111000\n")).find("*MAT_RIGID (CMO -1 (local constraints)) x1"), std::string::npos);
  EXPECT_NE(error_of(rigid("2.0\n")).find("field 1 (CMO) of *MAT_RIGID: must be 0 (none), +1"), std::string::npos);
}

}  // namespace
}  // namespace mc
