// The contact keywords: card layouts, defaults, side types and their errors.
#include <gtest/gtest.h>

#include <sstream>

#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"

namespace mc {
namespace {

using test::error_of;
using test::line_of;
using test::minimal_deck;
using test::read;

// VC and VDC are read (no longer a warning) and written back.
TEST(KeywordReaderContact, SingleSurfaceWithSsidZeroCoversEveryPart) {
  std::string warnings;
  const Model m = read(minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE_ID\n7,folds\n0\n0.2,0.1,0.5,200,20,,1.0,9.0\n"
                                    "*CONTROL_CONTACT\n0.05\n"),
                       &warnings);
  ASSERT_EQ(m.contacts.size(), 1u);
  const ContactInterface& c = m.contacts[0];
  EXPECT_EQ(c.id, 7);
  EXPECT_EQ(c.title, "folds");
  EXPECT_EQ(c.kind, ContactInterface::Kind::SingleSurface);
  EXPECT_TRUE(c.slave_all);
  EXPECT_DOUBLE_EQ(c.static_friction, 0.2);
  EXPECT_DOUBLE_EQ(c.dynamic_friction, 0.1);
  EXPECT_DOUBLE_EQ(c.decay, 0.5);
  EXPECT_DOUBLE_EQ(c.viscous_friction, 200.0);
  EXPECT_DOUBLE_EQ(c.damping, 20.0);
  EXPECT_EQ(warnings.find("VDC"), std::string::npos) << warnings;
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_DOUBLE_EQ(again.contacts.at(0).viscous_friction, 200.0);
  EXPECT_DOUBLE_EQ(again.contacts.at(0).damping, 20.0);
  EXPECT_DOUBLE_EQ(c.birth, 1.0);
  EXPECT_DOUBLE_EQ(c.death, 9.0);
  EXPECT_DOUBLE_EQ(c.slave_scale, 1.0);  // card 3 left out: LS-DYNA defaults
  EXPECT_DOUBLE_EQ(m.controls.contact_penalty, 0.05);
}

TEST(KeywordReaderContact, SurfaceToSurfaceResolvesPartSetsAndCards3AndA) {
  const Model m = read(minimal_deck(
      "*SET_PART_LIST\n5\n1\n*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n5,1,2,3\n\n2.0,0.5,1.2,0.8\n0,0,0,0,0,0,25\n"));
  ASSERT_EQ(m.contacts.size(), 1u);
  const ContactInterface& c = m.contacts[0];
  EXPECT_EQ(c.kind, ContactInterface::Kind::SurfaceToSurface);
  EXPECT_EQ(c.slave_parts, std::vector<GlobalId>{1});
  EXPECT_EQ(c.master_parts, std::vector<GlobalId>{1});
  EXPECT_DOUBLE_EQ(c.slave_scale, 2.0);
  EXPECT_DOUBLE_EQ(c.master_scale, 0.5);
  EXPECT_DOUBLE_EQ(c.slave_thickness, 1.2);
  EXPECT_DOUBLE_EQ(c.master_thickness, 0.8);
  EXPECT_EQ(c.bucket_sort_interval, 25);
  EXPECT_DOUBLE_EQ(c.death, 1e20);  // DT 0: never
}

// Sides given as shells: a segment set (SSTYP 0) names shells by their
// corners, in any order and from either side (a triangle with N4 blank);
// a shell set (1) by id. The side's parts are its shells' parts; the deck
// writer keeps the shells (as a shell set).
TEST(KeywordReaderContact, SegmentAndShellSetSidesBecomeShells) {
  const std::string extra =
      "*NODE\n7,3,0,0\n*ELEMENT_SHELL\n3,2,5,7,6,6\n*PART\ntriangle\n2,1,1\n"
      "*SET_SEGMENT_TITLE\nfront\n8\n3,2,1,4\n7,6,5\n*SET_SHELL_LIST\n9\n2\n"
      "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n8,9,0,1\n\n";
  const Model m = read(minimal_deck(extra));
  const ContactInterface& c = m.contacts.at(0);
  EXPECT_EQ(c.slave_shells, (std::vector<GlobalId>{1, 3}));
  EXPECT_EQ(c.slave_parts, (std::vector<GlobalId>{1, 2}));
  EXPECT_EQ(c.master_shells, std::vector<GlobalId>{2});
  EXPECT_EQ(c.master_parts, std::vector<GlobalId>{1});
  std::ostringstream written;
  write_deck(m, written);
  const ContactInterface again = read(written.str()).contacts.at(0);
  EXPECT_EQ(again.slave_shells, c.slave_shells);
  EXPECT_EQ(again.master_shells, c.master_shells);
  // A segment that is no shell's face, an undefined set or shell: named.
  const std::string loose = minimal_deck("*SET_SEGMENT\n8\n1,2,5,4\n*CONTACT_AUTOMATIC_SINGLE_SURFACE\n8,0,0\n\n");
  EXPECT_EQ(error_of(loose), "deck.k:" + std::to_string(line_of(loose, "1,2,5,4")) +
                                 ": segment 1 2 5 4 of segment set 8 (*CONTACT_AUTOMATIC_SINGLE_SURFACE) is the face "
                                 "of no shell (contact surfaces are shells in minicrash)");
  const std::string far = minimal_deck("*SET_SEGMENT\n8\n1,2,3,44\n*CONTACT_AUTOMATIC_SINGLE_SURFACE\n8,0,0\n\n");
  EXPECT_EQ(error_of(far), "deck.k:" + std::to_string(line_of(far, "1,2,3,44")) +
                               ": segment 1 2 3 44 of segment set 8 (*CONTACT_AUTOMATIC_SINGLE_SURFACE): node 44 is "
                               "not defined");
  const std::string undefined = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n8,0,0\n\n");
  EXPECT_EQ(error_of(undefined), "deck.k:" + std::to_string(line_of(undefined, "8,0,0")) +
                                     ": *CONTACT_AUTOMATIC_SINGLE_SURFACE: segment set 8 is not defined");
  const std::string no_shell = minimal_deck("*SET_SHELL\n9\n2,12\n*CONTACT_AUTOMATIC_SINGLE_SURFACE\n9,0,1\n\n");
  EXPECT_EQ(error_of(no_shell), "deck.k:" + std::to_string(line_of(no_shell, "9")) +
                                    ": *CONTACT_AUTOMATIC_SINGLE_SURFACE: shell 12 of shell set 9 is not defined");
  const std::string zero = minimal_deck("*SET_SEGMENT\n8\n1,0,3,4\n");
  EXPECT_NE(error_of(zero).find("field 2 (N2) of *SET_SEGMENT: a segment's node id must be positive"),
            std::string::npos)
      << error_of(zero);
}

TEST(KeywordReaderContact, UnknownSideTypeListsTheSupportedOnes) {
  const std::string deck = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n1,1,6,3\n\n");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "1,1,6,3")) +
                                ": field 3 (SSTYP) of *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE: only segment sets (0), "
                                "shell sets (1), part sets (2), parts (3) and all parts (5) are supported");
}

TEST(KeywordReaderContact, UnknownPartSetIsNamed) {
  const std::string deck = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n9,0,2\n\n");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "9,0,2")) +
                                ": *CONTACT_AUTOMATIC_SINGLE_SURFACE: part set 9 is not defined");
}

TEST(KeywordReaderContact, NegativeViscousFrictionOrDampingIsAnError) {
  const std::string vc = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n0,0,0,-1\n");
  EXPECT_NE(error_of(vc).find("VC) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: viscous friction coefficient must not be negative"),
            std::string::npos)
      << error_of(vc);
  const std::string vdc = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n0,0,0,0,-20\n");
  EXPECT_NE(error_of(vdc).find("VDC) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: damping must not be negative (percent of critical)"),
            std::string::npos)
      << error_of(vdc);
}

// Optional card A: SOFT 1 raises the penalty stiffness (SOFSCL 0 is
// LS-DYNA's 0.1) and is written back; SOFT 2, 4, 6 are other algorithms,
// listed; anything else, or SOFSCL past the manual's bounds, is an error.
TEST(KeywordReaderContact, SoftConstraintIsReadAndTheOtherSoftAlgorithmsListed) {
  const Model m = read(minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n\n1,0\n"
                                    "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n1,1,3,3\n\n\n1,0.8\n"));
  EXPECT_DOUBLE_EQ(m.contacts.at(0).soft_scale, 0.1);
  EXPECT_DOUBLE_EQ(m.contacts.at(1).soft_scale, 0.8);
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_DOUBLE_EQ(again.contacts.at(0).soft_scale, 0.1);
  EXPECT_DOUBLE_EQ(again.contacts.at(1).soft_scale, 0.8);
  const std::string segment_based = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n\n2\n");
  EXPECT_NE(error_of(segment_based).find("AUTOMATIC_SINGLE_SURFACE (SOFT 2 (segment-based contact))"), std::string::npos)
      << error_of(segment_based);
  const std::string three = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n\n3\n");
  EXPECT_NE(error_of(three).find("SOFT) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: must be 0, 1, 2, 4 or 6"), std::string::npos)
      << error_of(three);
  const std::string too_stiff = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n\n1,0.6\n");
  EXPECT_NE(error_of(too_stiff).find("SOFSCL) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: must lie in 0..0.5 for single surface contact"),
            std::string::npos)
      << error_of(too_stiff);
}

// Card 3's SFST, SFMT scale the contact thickness, FSF the friction, VSF
// VC. Optional cards B to G: what LS-DYNA's defaults leave, or what only
// tunes its search, passes; a field that would change the answer is listed;
// card C's DTSTIF gives SOFT 1 its step.
TEST(KeywordReaderContact, OptionalCardsBToGPassDefaultsAndListWhatActs) {
  std::string warnings;
  const Model m = read(minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n0.2,0.1,0,100\n1,1,0,0,0.5,2,1.5,2\n"
                                    "1,0.2\n0,0,1,1,0,1,0,0\n1,0,0,2e-4,0,,0,0\n0,0.5,0,0,0,1,0,1\n"
                                    "0,0,0,0,1,0,0,0\n0,0,,2.0,0,0,0,0\n,0\n"),
                       &warnings);
  const ContactInterface& c = m.contacts.at(0);
  EXPECT_DOUBLE_EQ(c.slave_thickness_scale, 0.5);
  EXPECT_DOUBLE_EQ(c.master_thickness_scale, 2.0);
  EXPECT_DOUBLE_EQ(c.static_friction, 0.2 * 1.5);
  EXPECT_DOUBLE_EQ(c.dynamic_friction, 0.1 * 1.5);
  EXPECT_DOUBLE_EQ(c.viscous_friction, 200.0);
  EXPECT_DOUBLE_EQ(c.soft_scale, 0.2);
  EXPECT_DOUBLE_EQ(c.soft_step, 2e-4);
  EXPECT_EQ(warnings.find("ignored"), std::string::npos) << warnings;
  std::ostringstream written;
  write_deck(m, written);
  const ContactInterface again = read(written.str()).contacts.at(0);
  EXPECT_DOUBLE_EQ(again.slave_thickness_scale, 0.5);
  EXPECT_DOUBLE_EQ(again.master_thickness_scale, 2.0);
  EXPECT_DOUBLE_EQ(again.static_friction, 0.2 * 1.5);
  EXPECT_DOUBLE_EQ(again.soft_step, 2e-4);

  const std::string acting = minimal_deck(
      "*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n0,0,0,0,0,1\n\n0,0,0,0,0,0,0,2\n2.0,0,0,0,1\n0,1\n0,0,0,0.5,1,0,1\n"
      "0,0,1,1,0,1,0,3\n0,1\n");
  const std::string error = error_of(acting);
  for (const char* listed :
       {"(PENCHK (nodes released past a penetration)) x1", "(FRCFRQ (contact forces every FRCFRQ cycles)) x1",
        "(PENMAX (largest penetration before release)) x1", "(ISYM (segments on symmetry planes left out)) x1",
        "(IGNORE (initial penetrations kept)) x1", "(FNLSCL (nonlinear force scaling)) x1",
        "(DNLSCL (nonlinear force scaling)) x1", "(TIEDID (incremental displacements of tied nodes)) x1",
        "(IPBACK (backup penalty of constrained ties)) x1", "(SRNDE (free edges rounded, not extended)) x1",
        "(ICOR (VDC as a coefficient of restitution)) x1", "(REGION (contact only inside a *DEFINE_REGION)) x1",
        "(IGNROFF (shell thickness offsets ignored)) x1"})
    EXPECT_NE(error.find(listed), std::string::npos) << listed << "\n" << error;
  const std::string curve = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n\n1\n\n0,0,0,-5\n");
  EXPECT_NE(error_of(curve).find("(DTSTIF < 0 (SOFT 1's step from a curve)) x1"), std::string::npos) << error_of(curve);
  const std::string negative = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n\n1,1,0,0,-1\n");
  EXPECT_NE(error_of(negative).find("SFST) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: scale factor must not be negative"),
            std::string::npos)
      << error_of(negative);
}

// *CONTROL_CONTACT's cards 1 to 6: LS-DYNA's defaults, and what tunes its
// search or acts elsewhere, pass; what would change the answer is listed.
TEST(KeywordReaderContact, ControlContactListsWhatChangesTheAnswer) {
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_CONTACT\n0.1,1.0,2,1,1,0,1,2\n0,0,10,0,4.0,1,1,0\n0.2,0.1\n0,1,1,0,1,1,0.5\n"
                                  "0,0,1,0,1.0\n0,1,0,0,1,,0,0\n")),
            "<accepted>");
  const std::string error = error_of(minimal_deck("*CONTROL_CONTACT\n0.1,-1.0,,,3\n0,0,0,0,0,0,0,1\n\n1\n1\n,,,,,,0.5\n9\n"));
  for (const char* listed : {"*CONTROL_CONTACT (RWPNAL < 0 (every node on walls by penalty)) x1",
                             "*CONTROL_CONTACT (PENOPT (penalty stiffness other than the smaller of segment and node)) x1",
                             "*CONTROL_CONTACT (TIEDPRJ (tied nodes not projected onto the surface)) x1",
                             "*CONTROL_CONTACT (IGNORE (initial penetrations kept)) x1",
                             "*CONTROL_CONTACT (ISYM (segments on symmetry planes left out)) x1",
                             "*CONTROL_CONTACT (SHLTRW (shell thickness against rigid walls)) x1"})
    EXPECT_NE(error.find(listed), std::string::npos) << listed << "\n" << error;
}

TEST(KeywordReaderContact, DeathBeforeBirthIsAnError) {
  const std::string deck = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE\n0\n0,0,0,0,0,0,5.0,2.0\n");
  EXPECT_NE(error_of(deck).find("DT) of *CONTACT_AUTOMATIC_SINGLE_SURFACE: death time must come after birth time BT"),
            std::string::npos)
      << error_of(deck);
}

// Nodes to surface: one way, slave parts' nodes on master segments, or the
// nodes of a slave node set (SSTYP 4), which take their contact thickness
// from their shells; the non-automatic form says how it runs.
TEST(KeywordReaderContact, NodesToSurfaceReadsPartSidesAndSlaveNodeSets) {
  std::string warnings;
  const Model m = read(minimal_deck("*CONTACT_NODES_TO_SURFACE_ID\n7\n1,1,3,3\n0.2\n"), &warnings);
  ASSERT_EQ(m.contacts.size(), 1u);
  EXPECT_EQ(m.contacts[0].kind, ContactInterface::Kind::NodesToSurface);
  EXPECT_EQ(m.contacts[0].id, 7);
  EXPECT_EQ(m.contacts[0].master_parts, std::vector<GlobalId>{1});
  EXPECT_TRUE(m.contacts[0].slave_nodes.empty());
  EXPECT_DOUBLE_EQ(m.contacts[0].static_friction, 0.2);
  EXPECT_NE(warnings.find("runs as *CONTACT_AUTOMATIC_NODES_TO_SURFACE"), std::string::npos) << warnings;
  const Model set = read(minimal_deck("*SET_NODE_LIST\n4\n6,2,5\n*CONTACT_AUTOMATIC_NODES_TO_SURFACE\n4,1,4,3\n\n"));
  EXPECT_EQ(set.contacts[0].slave_nodes, (std::vector<GlobalId>{2, 5, 6}));
  EXPECT_EQ(set.contacts[0].slave_parts, std::vector<GlobalId>{1});  // their shells' part
  std::ostringstream written;
  write_deck(set, written);
  EXPECT_EQ(read(written.str()).contacts[0].slave_nodes, (std::vector<GlobalId>{2, 5, 6}));
  const std::string lone = minimal_deck("*NODE\n9,5,5,5\n*SET_NODE_LIST\n4\n2,9\n"
                                        "*CONTACT_AUTOMATIC_NODES_TO_SURFACE\n4,1,4,3\n\n");
  EXPECT_EQ(error_of(lone), "deck.k:" + std::to_string(line_of(lone, "4,1,4,3")) +
                                ": *CONTACT_AUTOMATIC_NODES_TO_SURFACE: node 9 of slave node set 4 is on no shell (a "
                                "slave node's contact thickness and stiffness come from its shells)");
  // Other contacts take no node sets.
  EXPECT_NE(error_of(minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n4,1,4,3\n\n"))
                .find("part sets (2), parts (3) and all parts (5) are supported"),
            std::string::npos);
}

// _TIEBREAK: card 3 is required before the TIEBREAK card; OPTION 1 (and
// its blank default) glues on contact, 3 the same with failure (NFLS,
// SFLS), 2 ties what touches at the start; the options with moments,
// frictional sliding or damage are unsupported physics, listed with the keyword.
TEST(KeywordReaderContact, TiebreakOptionsOneToThreeTieAndTheOthersAreUnsupported) {
  const Model m = read(minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK_ID\n4,glue\n1,1,3,3\n\n"
                                    "1.0,1.0\n1,0.0,0.0\n0,0,0,0,0,0,25\n"));
  ASSERT_EQ(m.contacts.size(), 1u);
  EXPECT_EQ(m.contacts[0].kind, ContactInterface::Kind::SurfaceToSurface);
  EXPECT_TRUE(m.contacts[0].tie_on_contact);
  EXPECT_EQ(m.contacts[0].id, 4);
  EXPECT_EQ(m.contacts[0].bucket_sort_interval, 25);  // optional card A after the TIEBREAK card
  std::ostringstream written;
  write_deck(m, written);
  EXPECT_TRUE(read(written.str()).contacts.at(0).tie_on_contact);  // the deck writer keeps the glue
  const std::string blank_option = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n\n\n");
  EXPECT_TRUE(read(blank_option).contacts[0].tie_on_contact);
  EXPECT_FALSE(read(minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE\n1,1,3,3\n\n")).contacts[0].tie_on_contact);
  for (const int option : {2, 3}) {
    const Model failing = read(minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n\n" +
                                            std::to_string(option) + ",0.1,0.2\n"));
    const ContactInterface& c = failing.contacts.at(0);
    EXPECT_EQ(c.tie_option, option);
    EXPECT_EQ(c.tie_on_contact, option == 3);
    EXPECT_EQ(c.tie_at_start, option == 2);
    EXPECT_FALSE(c.tied_only);
    EXPECT_DOUBLE_EQ(c.tie_normal_failure, 0.1);
    EXPECT_DOUBLE_EQ(c.tie_shear_failure, 0.2);
    std::ostringstream again;
    write_deck(failing, again);
    const ContactInterface back = read(again.str()).contacts.at(0);
    EXPECT_EQ(back.tie_option, option);
    EXPECT_DOUBLE_EQ(back.tie_shear_failure, 0.2);
  }
  const std::string damage = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n\n5,0.1,0.1\n");
  const std::string where = "deck.k:" + std::to_string(line_of(damage, "5,0.1,0.1"));
  EXPECT_NE(error_of(damage).find("  *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK (OPTION 5 (tie damage)) "
                                  "x1 (first at " + where + ")"),
            std::string::npos)
      << error_of(damage);
  const std::string sliding = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n\n4,1,1\n");
  EXPECT_NE(error_of(sliding).find("(OPTION 4 (frictional sliding of the ties))"), std::string::npos) << error_of(sliding);
  const std::string moments = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n\n-1\n");
  EXPECT_NE(error_of(moments).find("(OPTION -1 (moments transferred))"), std::string::npos) << error_of(moments);
  const std::string short_deck = minimal_deck("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK\n1,1,3,3\n\n");
  EXPECT_NE(error_of(short_deck).find("card 3 (SFS SFM SST MST SFST SFMT FSF VSF)"), std::string::npos)
      << error_of(short_deck);
}

// *CONTACT_TIED_...: ties made at the start. The _OFFSET forms keep the
// gap, the others move the slave nodes first; a negative SST or MST is the
// tolerance; a shell edge's rotations are an unsupported option. The deck
// writer keeps the tie and its tolerance.
TEST(KeywordReaderContact, TiedContactsTieAtTheStart) {
  std::string warnings;
  const Model m = read(minimal_deck("*CONTACT_TIED_NODES_TO_SURFACE_OFFSET_ID\n3\n1,1,3,3\n\n1,1,-0.4\n"
                                    "*CONTACT_TIED_SURFACE_TO_SURFACE\n1,1,3,3\n\n"),
                       &warnings);
  ASSERT_EQ(m.contacts.size(), 2u);
  EXPECT_EQ(m.contacts[0].kind, ContactInterface::Kind::NodesToSurface);
  EXPECT_TRUE(m.contacts[0].tie_at_start);
  EXPECT_FALSE(m.contacts[0].tie_on_contact);
  EXPECT_DOUBLE_EQ(m.contacts[0].tie_tolerance, 0.4);
  EXPECT_DOUBLE_EQ(m.contacts[0].slave_thickness, 0.0);
  EXPECT_EQ(m.contacts[1].kind, ContactInterface::Kind::SurfaceToSurface);
  EXPECT_TRUE(m.contacts[1].tie_at_start);
  EXPECT_DOUBLE_EQ(m.contacts[1].tie_tolerance, 0.0);
  EXPECT_FALSE(m.contacts[0].tie_moves_nodes);  // _OFFSET: the gap is kept
  EXPECT_TRUE(m.contacts[1].tie_moves_nodes);   // without: onto the master surface first
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_TRUE(again.contacts.at(0).tie_at_start);
  EXPECT_DOUBLE_EQ(again.contacts.at(0).tie_tolerance, 0.4);
  EXPECT_EQ(again.contacts.at(1).kind, ContactInterface::Kind::SurfaceToSurface);
  const std::string edge = minimal_deck("*CONTACT_TIED_SHELL_EDGE_TO_SURFACE_BEAM_OFFSET\n1,1,3,3\n\n");
  EXPECT_NE(error_of(edge).find("  *CONTACT_TIED_SHELL_EDGE_TO_SURFACE_BEAM_OFFSET (rotations of the shell edges "
                                "(their translations are tied)) x1"),
            std::string::npos)
      << error_of(edge);
}


// _MPP: its cards (after the ID card; the second only where a card starts
// with '&') tune LS-DYNA MPP's search, so the contact reads as without them;
// IGNORE, CHKSEGS and a tie's PARMAX would change the answer: listed.
TEST(KeywordReaderContact, MppCardsAreReadAndWhatChangesTheAnswerListed) {
  const Model m = read(minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE_ID_MPP\n7,folds\n0,200,,3,2,1.0005,,0\n"
                                    "&,0,1.0,1\n0\n0.2,0.1,0.5,,,,1.0,9.0\n"));
  ASSERT_EQ(m.contacts.size(), 1u);
  EXPECT_EQ(m.contacts[0].id, 7);
  EXPECT_EQ(m.contacts[0].static_friction, 0.2);
  EXPECT_EQ(m.contacts[0].death, 9.0);
  const Model one = read(minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE_MPP\n0,100\n0\n0.3\n"));
  EXPECT_EQ(one.contacts.at(0).static_friction, 0.3);
  const std::string ignore = minimal_deck("*CONTACT_AUTOMATIC_SINGLE_SURFACE_MPP\n1,100\n&,1\n0\n\n");
  EXPECT_TRUE(test::contains(error_of(ignore), "  *CONTACT_AUTOMATIC_SINGLE_SURFACE_MPP (IGNORE (initial penetrations kept)) x1 (first at deck.k:" +
                                             std::to_string(line_of(ignore, "1,100")) +
                                             ")\n  *CONTACT_AUTOMATIC_SINGLE_SURFACE_MPP (CHKSEGS (bad segments dropped)) x1"))
      << error_of(ignore);
  const std::string tied = minimal_deck("*CONTACT_TIED_SURFACE_TO_SURFACE_MPP\n0,,,,,2.0\n1,1,3,3\n\n");
  EXPECT_TRUE(test::contains(error_of(tied), "*CONTACT_TIED_SURFACE_TO_SURFACE_MPP (PARMAX (the ties' search extension)) x1"))
      << error_of(tied);
}

}  // namespace
}  // namespace mc
