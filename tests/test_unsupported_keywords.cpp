// Keywords and options minicrash does not support: one list of them stops
// the read (exit 2), --allow-unsupported runs without them and says what it
// left out, and the messages name the unsupported keyword, not its symptom.
#include <gtest/gtest.h>

#include <sstream>

#include "deck_test_helpers.hpp"

namespace mc::test {
namespace {

TEST(KeywordReaderLsDyna, UnsupportedPhysicsStopsTheReadWithOneListOfEverything) {
  const std::string deck = minimal_deck("*CONSTRAINED_JOINT_REVOLUTE\n1,2\n*ELEMENT_DISCRETE\n1,2,1,2\n*CONSTRAINED_JOINT_REVOLUTE\n3,4\n");
  EXPECT_EQ(error_of(deck),
            "deck.k:" + std::to_string(line_of(deck, "*CONSTRAINED")) +
                ": the deck uses keywords minicrash does not support, and they change the answer "
                "(--allow-unsupported runs without them):\n"
                "  *CONSTRAINED_JOINT_REVOLUTE x2 (first at deck.k:" + std::to_string(line_of(deck, "*CONSTRAINED")) + ")\n"
                "  *ELEMENT_DISCRETE x1 (first at deck.k:" + std::to_string(line_of(deck, "*ELEMENT_DISCRETE")) + ")");
}

// *CONTROL_SHELL's cards 1 to 4: LS-DYNA's defaults, MITER 1 and 2 (the
// return is solved to convergence) and the fields of other elements pass;
// what would change the answer is listed.
TEST(KeywordReaderLsDyna, ControlShellListsWhatChangesTheAnswer) {
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_SHELL\n20.0,0,-1,0,2,2,2,1\n1.0,0,1,1\n0,0,0,0,3,0,0,0\n0,0,5,0,0,0,1.0\n"
                                  "0,0,0\n")),
            "<accepted>");
  const std::string error = error_of(
      minimal_deck("*CONTROL_SHELL\n20.0,1,-1,0,2,1,3\n0.5\n0,0,0,0,0,10.0,0,1\n1,1,0,1,1\n"));
  for (const char* listed : {"*CONTROL_SHELL (ESORT (degenerate quadrilaterals as C0 or DKT triangles)) x1",
                             "*CONTROL_SHELL (BWC (Belytschko-Wong-Chiang warping stiffness)) x1",
                             "*CONTROL_SHELL (MITER 3 (radial return without iteration)) x1",
                             "*CONTROL_SHELL (ROTASCL (shells' rotary inertia scaled)) x1",
                             "*CONTROL_SHELL (W-MODE (distorted shells deleted)) x1",
                             "*CONTROL_SHELL (ICRQ (thickness and plastic strain continuous across edges)) x1",
                             "*CONTROL_SHELL (NFAIL1 (distorted shells deleted)) x1",
                             "*CONTROL_SHELL (NFAIL4 (distorted shells deleted)) x1",
                             "*CONTROL_SHELL (KEEPCS (contact segments of failed shells kept)) x1",
                             "*CONTROL_SHELL (DELFR (shells isolated by failures deleted)) x1"})
    EXPECT_NE(error.find(listed), std::string::npos) << listed << "\n" << error;
}

// *CONTROL_TIMESTEP and *CONTROL_ACCURACY: LS-DYNA's defaults and what acts
// on other elements pass; what would change a shell deck's answer is listed.
TEST(KeywordReaderLsDyna, TimestepAndAccuracyControlsListWhatChangesTheAnswer) {
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_TIMESTEP\n0,0.9,0,0,-1e-4,0,1,0\n,,,,,0.5,,1\n0,0\n"
                                  "*CONTROL_ACCURACY\n0,1,5,1\n")),
            "<accepted>");
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_TIMESTEP\n0,0.9,0,0,0,0,0,1\n*CONTROL_ACCURACY\n0,3\n")), "<accepted>");
  const std::string error = error_of(minimal_deck("*CONTROL_TIMESTEP\n0,0.9,0,1e-6,-1e-4,0,11,1\n0.8,3,1,,,,0.5\n"
                                                  "*CONTROL_ACCURACY\n1,4,,,1.0\n"));
  for (const char* listed : {"*CONTROL_TIMESTEP (TSLIMT (shells stiffened to keep their step)) x1",
                             "*CONTROL_TIMESTEP (ERODE (shells eroded at DTMIN)) x1",
                             "*CONTROL_TIMESTEP (MS1ST (mass scaled in the first step only)) x1",
                             "*CONTROL_TIMESTEP (DT2MSF (mass scaling's step from the first step)) x1",
                             "*CONTROL_TIMESTEP (DT2MSLC (mass scaling's step from a curve)) x1",
                             "*CONTROL_TIMESTEP (IMSCL (selective mass scaling)) x1",
                             "*CONTROL_TIMESTEP (EMSCL (added mass in gravity loads)) x1",
                             "*CONTROL_ACCURACY (OSU (second-order objective stress update)) x1",
                             "*CONTROL_ACCURACY (EXACC (explicit accuracy option)) x1",
                             "*CONTROL_ACCURACY (INN 4 (invariant node numbering for shells)) x1"})
    EXPECT_NE(error.find(listed), std::string::npos) << listed << "\n" << error;
  const std::string bad_inn = minimal_deck("*CONTROL_ACCURACY\n0,7\n");
  EXPECT_NE(error_of(bad_inn).find("INN) of *CONTROL_ACCURACY: must be 1, 2, 3, 4, -2 or -4"), std::string::npos)
      << error_of(bad_inn);
}

// *MAT_024 TDEL deletes shells below a time step; *MAT_RIGID N and M
// couple the body to another program's.
TEST(KeywordReaderLsDyna, MaterialDeletionAndCouplingOptionsAreListed) {
  const std::string error = error_of(minimal_deck(
      "*MAT_PIECEWISE_LINEAR_PLASTICITY\n5,7.85e-6,210,0.3,0.3,1.0,0,1e-7\n0,0,0\n*MAT_RIGID\n6,7.85e-6,210,0.3,2,0,1\n"));
  for (const char* listed : {"*MAT_PIECEWISE_LINEAR_PLASTICITY (TDEL (shells deleted below a time step)) x1",
                             "*MAT_RIGID (N (coupled to a MADYMO ellipsoid or plane)) x1",
                             "*MAT_RIGID (M (coupled to a MADYMO or CAL3D body)) x1"})
    EXPECT_NE(error.find(listed), std::string::npos) << listed << "\n" << error;
}

TEST(KeywordReaderLsDyna, OptionsThatChangeTheAnswerAreListedWithTheKeywords) {
  std::string deck = minimal_deck();
  deck.replace(deck.find("1,2,,2\n1.0\n"), 11, "1,2,,2\n1.0,,,,0.5,0.001\n");  // NLOC, MAREA
  const std::string error = error_of(deck);
  const int card2 = line_of(deck, "1.0,,,,0.5");
  EXPECT_NE(error.find("  *SECTION_SHELL (NLOC) x1 (first at deck.k:" + std::to_string(card2) + ")\n"
                       "  *SECTION_SHELL (MAREA) x1"),
            std::string::npos)
      << error;
}

TEST(KeywordReaderLsDyna, AllowUnsupportedRunsWithoutThemAndSaysWhat) {
  const std::string deck = minimal_deck("*CONSTRAINED_JOINT_REVOLUTE\n1,2\n");
  std::ostringstream warnings;
  const Model m = read_deck_string(deck, "deck.k", warnings, DeckReadOptions{true});
  ASSERT_EQ(m.ignored_keywords.size(), 1u);
  EXPECT_EQ(m.ignored_keywords[0].keyword, "*CONSTRAINED_JOINT_REVOLUTE");
  EXPECT_EQ(m.ignored_keywords[0].count, 1);
  EXPECT_EQ(m.ignored_keywords[0].first.line, line_of(deck, "*CONSTRAINED"));
  EXPECT_EQ(warnings.str(), "deck.k:" + std::to_string(line_of(deck, "*CONSTRAINED")) +
                                ": warning: *CONSTRAINED_JOINT_REVOLUTE is not supported (it changes the answer)\n");
}

TEST(KeywordReaderLsDyna, TheUnsupportedMaterialIsNamedNotTheMissingId) {
  // The part's material is a *MAT_JOHNSON_COOK: that is the message, not "MID 1 is not defined".
  const std::string deck = with_material_card("*MAT_JOHNSON_COOK\n1,7.8e-9,80.,210000.,0.3\n");
  const std::string error = error_of(deck);
  EXPECT_EQ(error.find("deck.k:" + std::to_string(line_of(deck, "*MAT_JOHNSON")) +
                       ": the deck uses keywords minicrash does not support"),
            0u)
      << error;
  // Run anyway: the part is told which ignored keyword it needed.
  std::ostringstream warnings;
  try {
    read_deck_string(deck, "deck.k", warnings, DeckReadOptions{true});
    ADD_FAILURE() << "a part without its material was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("part 1: material MID 1 is the *MAT_JOHNSON_COOK at deck.k:" +
                                         std::to_string(line_of(deck, "1,7.8e-9,80.")) +
                                         ", which minicrash does not support, so the part cannot run"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("(this run ignores, by --allow-unsupported:\n  *MAT_JOHNSON_COOK x1"),
              std::string::npos)
        << e.what();
  }
}

// A mixed deck under --allow-unsupported: the solid part (its section and
// elements skipped, no shell on it) is left out, with it the contact whose
// side it was and its place in part sets; the shells run, and the ignored
// list says what was left out. Without the option the read stops as usual.
TEST(KeywordReaderLsDyna, AllowUnsupportedLeavesOutASolidPartAndItsContact) {
  const std::string deck = minimal_deck(
      "*NODE\n11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
      "*ELEMENT_SOLID\n9,2,11,12,13,14,15,16,17,18\n*PART\nbox\n2,2,1\n*SECTION_SOLID\n2,1\n"
      "*SET_PART_LIST\n5\n2\n*SET_PART_LIST\n6\n1,2\n"
      "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n5,1,2,3\n\n*CONTACT_AUTOMATIC_SINGLE_SURFACE\n6,0,2\n\n"
      "*SET_NODE_GENERAL\n4\nPART,2\n*INITIAL_VELOCITY\n4\n0,0,-1\n");
  EXPECT_NE(error_of(deck).find("the deck uses keywords minicrash does not support"), std::string::npos);
  std::ostringstream warnings;
  const Model m = read_deck_string(deck, "deck.k", warnings, DeckReadOptions{true});
  EXPECT_EQ(m.parts.size(), 1u);
  EXPECT_EQ(m.part_sets.at(6), std::vector<GlobalId>{1});
  ASSERT_EQ(m.contacts.size(), 1u);  // the single surface on set 6, now the plate alone
  EXPECT_EQ(m.contacts[0].kind, ContactInterface::Kind::SingleSurface);
  EXPECT_EQ(m.contacts[0].slave_parts, std::vector<GlobalId>{1});
  EXPECT_TRUE(m.node_sets.at(4).empty());  // the box's nodes: no shells
  std::vector<std::string> ignored;
  for (const IgnoredKeyword& k : m.ignored_keywords) ignored.push_back(k.keyword);
  EXPECT_EQ(ignored, (std::vector<std::string>{
                         "*ELEMENT_SOLID", "*SECTION_SOLID",
                         "*PART (left out: section or material not supported, no shells)",
                         "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE (left out: a side only of left-out parts)"}));
  EXPECT_NE(warnings.str().find("deck.k:" + std::to_string(line_of(deck, "2,2,1")) +
                                ": warning: part 2 left out: section SECID 2 is the *SECTION_SOLID at deck.k:" +
                                std::to_string(line_of(deck, "*SECTION_SOLID") + 1) +
                                ", which minicrash does not support, and no shell uses it"),
            std::string::npos)
      << warnings.str();
}

TEST(KeywordReaderLsDyna, WarningsAreWrittenBeforeALaterErrorEndsTheRead) {
  std::ostringstream warnings;
  const std::string deck = minimal_deck("*DATABASE_ELOUT\n1.0\n*MAT_ELASTIC\n1,7.8e-9,210000.,0.3\n");
  EXPECT_THROW(read_deck_string(deck, "deck.k", warnings), InputError);
  EXPECT_NE(warnings.str().find("*DATABASE_ELOUT is not supported"), std::string::npos);
}


// From public decks (a vehicle panel, a bolted joint; docs/decks.md):
// *PART_CONTACT reads as *PART, its friction values (used only by contacts
// with FS < 0) are warned about, its thickness and stiffness values listed
// unless they change nothing.
TEST(KeywordReaderLsDyna, PartContactReadsAsAPartAndListsItsContactValues) {
  std::string deck = minimal_deck();
  const std::string part = "*PART\nplate\n1,1,1\n";
  deck.replace(deck.find(part), part.size(), "*PART_CONTACT\nplate\n1,1,1\n0.0,0.0,0.0,0.0,0.0,0.0,0.0,0\n");
  std::string warnings;
  const Model m = read(deck, &warnings);
  EXPECT_EQ(m.parts.at(1).material, 1);
  EXPECT_TRUE(warnings.empty()) << warnings;
  std::string rough = minimal_deck();
  rough.replace(rough.find(part), part.size(), "*PART_CONTACT\nplate\n1,1,1\n0.2,0.1\n");
  read(rough, &warnings);
  EXPECT_NE(warnings.find("deck.k:" + std::to_string(line_of(rough, "0.2,0.1")) +
                          ": warning: part 1: FS FD DC VC of *PART_CONTACT ignored (they act only in contacts with "
                          "FS < 0, which minicrash does not support)"),
            std::string::npos)
      << warnings;
  std::string same = minimal_deck();  // OPTT = the shells' thickness, SFT and SSF 1: nothing changes
  same.replace(same.find(part), part.size(), "*PART_CONTACT\nplate\n1,1,1\n0,0,0,0,1.0,1.0,1.0\n");
  EXPECT_EQ(error_of(same), "<accepted>");
  std::string thick = minimal_deck();
  thick.replace(thick.find(part), part.size(), "*PART_CONTACT\nplate\n1,1,1\n0,0,0,0,0.5,0,2.0\n");
  EXPECT_TRUE(contains(error_of(thick), "  *PART_CONTACT (OPTT (a contact thickness other than the shells')) x1 (first at deck.k:" +
                                            std::to_string(line_of(thick, "0,0,0,0,0.5")) +
                                            ")\n  *PART_CONTACT (SSF (penalty scale)) x1"))
      << error_of(thick);
}

// A negative contact FS takes friction from elsewhere: listed with the rest
// (once a hard error that hid the list).
TEST(KeywordReaderLsDyna, FrictionFromPartsIsListed) {
  const std::string friction =
      minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0,0,5\n-1.0\n*CONSTRAINED_JOINT_REVOLUTE\n1,2\n");
  const std::string error = error_of(friction);
  EXPECT_TRUE(contains(error, "  *CONTACT_AUTOMATIC_SINGLE_SURFACE (FS < 0 (friction from each part's *PART_CONTACT)) x1"))
      << error;
  EXPECT_TRUE(contains(error, "  *CONSTRAINED_JOINT_REVOLUTE x1")) << error;
  std::ostringstream warnings;
  const Model m = read_deck_string(friction, "deck.k", warnings, DeckReadOptions{true});
  EXPECT_EQ(m.contacts.at(0).static_friction, 0.0);  // run frictionless
}

// An *INCLUDE whose file names are commented out includes nothing (LS-DYNA
// ran the bolted-joint deck that has one to normal termination); a card that
// selects the nodes of a part left out with its elements selects none.
TEST(KeywordReaderLsDyna, AnEmptyIncludeAndALeftOutPartsNodesSelectNothing) {
  std::string warnings;
  const std::string deck = minimal_deck("*INCLUDE\n$a.k\n$b.k\n");
  EXPECT_EQ(read(deck, &warnings).shells.size(), 2u);
  EXPECT_EQ(warnings, "deck.k:" + std::to_string(line_of(deck, "*INCLUDE")) +
                          ": warning: *INCLUDE names no file (its cards are comments): nothing included\n");
  const std::string ball = minimal_deck(
      "*NODE\n11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
      "*ELEMENT_SOLID\n9,2,11,12,13,14,15,16,17,18\n*PART\nball\n2,2,1\n*SECTION_SOLID\n2,1\n"
      "*INITIAL_VELOCITY_GENERATION\n2,2,0,0,0,-3\n0,0,0\n");
  std::ostringstream out;
  const Model m = read_deck_string(ball, "deck.k", out, DeckReadOptions{true});
  ASSERT_EQ(m.initial_velocities.size(), 1u);
  EXPECT_TRUE(m.initial_velocities[0].nodes.empty());  // was "part 2 is not defined"
}

}  // namespace
}  // namespace mc::test
