// What LSTC's older example decks and LS-PrePost's output use and minicrash
// now reads: sets given by rules (*SET_NODE_LIST_GENERATE,
// *SET_PART_LIST_GENERATE, *SET_NODE_GENERAL), *CONTROL_DAMPING (the older
// name of *CONTROL_DYNAMIC_RELAXATION), curves that drive dynamic
// relaxation (SIDR), and *CONTROL_UNITS.
#include <gtest/gtest.h>

#include <sstream>

#include "deck_test_helpers.hpp"

namespace mc::test {
namespace {

// minimal_deck's nodes are 1-6 and its only part is 1; a second part of
// one quad on nodes 7-10 lets the rules pick by part.
std::string two_part_deck(const std::string& extra) {
  return minimal_deck("*NODE\n7,0,0,1\n8,1,0,1\n9,1,1,1\n10,0,1,1\n*ELEMENT_SHELL\n3,2,7,8,9,10\n"
                      "*PART\nlid\n2,1,1\n" + extra);
}

// LS-DYNA: "all nodes/parts in the range" that exist; the set may come
// before the nodes it names.
TEST(KeywordReaderLstcExamples, GeneratedSetsTakeEveryDefinedIdInTheirRanges) {
  const Model m = read(
      "*KEYWORD\n*SET_NODE_LIST_GENERATE_TITLE\nends\n5\n2,3,6,40\n*SET_PART_LIST_GENERATE\n8\n1,9\n" +
      two_part_deck("").substr(std::string("*KEYWORD\n").size()));
  EXPECT_EQ(m.node_sets.at(5), (std::vector<GlobalId>{2, 3, 6, 7, 8, 9, 10}));
  EXPECT_EQ(m.part_sets.at(8), (std::vector<GlobalId>{1, 2}));
}

TEST(KeywordReaderLstcExamples, GeneralNodeSetsTakeAllNodesListedNodesAndTheNodesOfParts) {
  const Model all = read(two_part_deck("*SET_NODE_GENERAL\n3\nALL\n*BOUNDARY_SPC_SET\n3,0,1,1,1\n"));
  EXPECT_EQ(all.node_sets.at(3), (std::vector<GlobalId>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(all.spcs.size(), 10u);
  // Fixed columns, as LS-PrePost writes them, and the options mixed.
  const Model some = read(two_part_deck("*SET_NODE_GENERAL_TITLE\nplate and two\n         4\n"
                                        "PART               2\nnode,1,5\n"));
  EXPECT_EQ(some.node_sets.at(4), (std::vector<GlobalId>{1, 5, 7, 8, 9, 10}));
}

TEST(KeywordReaderLstcExamples, BadRulesAreRefusedNamingTheField) {
  const std::string backwards = two_part_deck("*SET_NODE_LIST_GENERATE\n5\n9,4\n");
  EXPECT_EQ(error_of(backwards), "deck.k:" + std::to_string(line_of(backwards, "9,4")) +
                                     ": field 2 (B1END) of *SET_NODE_LIST_GENERATE: the range 9 to 4 must start at a "
                                     "positive id and not end before it");
  const std::string no_part = two_part_deck("*SET_NODE_GENERAL\n66\nPART,7\n");
  EXPECT_EQ(error_of(no_part), "deck.k:" + std::to_string(line_of(no_part, "66")) +
                                   ": *SET_NODE_GENERAL: PART 7 is not defined");
  // A rule minicrash cannot follow would change which nodes the set holds.
  const std::string box = two_part_deck("*SET_NODE_GENERAL\n66\nBOX,3\n");
  EXPECT_TRUE(contains(error_of(box), "  *SET_NODE_GENERAL (OPTION BOX) x1 (first at deck.k:" +
                                          std::to_string(line_of(box, "BOX")) + ")"))
      << error_of(box);
  EXPECT_TRUE(contains(error_of(two_part_deck("*SET_NODE_LIST\n5\n1\n*SET_NODE_LIST_GENERATE\n5\n1,2\n")),
                       "node set 5 is defined twice"));
}

// IDRFLG 0 and no SIDR curve: no dynamic relaxation, nothing changes; a
// deck that asks for it is told it is not there.
TEST(KeywordReaderLstcExamples, DynamicRelaxationCardsWithoutRelaxationChangeNothing) {
  std::string warnings;
  const std::string off = minimal_deck("*CONTROL_DAMPING\n         0 0.000E+00 0.000E+00 0.000E+00 0.000E+00         0 "
                                       "0.000E+00         0\n");
  read(off, &warnings);
  EXPECT_TRUE(contains(warnings, "deck.k:" + std::to_string(line_of(off, "         0")) +
                                     ": warning: *CONTROL_DAMPING read: no dynamic relaxation is asked for (IDRFLG 0), "
                                     "so it has no effect"))
      << warnings;
  EXPECT_TRUE(contains(error_of(minimal_deck("*CONTROL_DYNAMIC_RELAXATION\n250,0.001,0.995,1e20,0.9,0,0.04,1\n")),
                       "  *CONTROL_DYNAMIC_RELAXATION (IDRFLG 1 (dynamic relaxation)) x1"));
  // A curve for the relaxation alone (SIDR 1) must not load the transient.
  EXPECT_TRUE(contains(error_of(minimal_deck("*DEFINE_CURVE\n7,1\n0,1\n1,1\n")),
                       "  *DEFINE_CURVE (SIDR 1 (dynamic relaxation)) x1"));
  EXPECT_EQ(error_of(minimal_deck("*DEFINE_CURVE\n7,0\n0,1\n1,1\n")), "<accepted>");
}

TEST(KeywordReaderLstcExamples, ControlUnitsIsSkippedAsNamingUnitsOnly) {
  std::string warnings;
  read(minimal_deck("*CONTROL_UNITS\nmm,ms,kg\n"), &warnings);
  EXPECT_TRUE(contains(warnings, "*CONTROL_UNITS is not supported; skipped (no effect on the motion)")) << warnings;
}

}  // namespace
}  // namespace mc::test
