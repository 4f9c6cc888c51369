// The keyword reader's deck format: fields, numbers, comments, *INCLUDE,
// unknown keywords, robustness. Keyword meanings: test_keyword_reader_keywords.cpp.
#include <gtest/gtest.h>

#include <random>

#include "deck_test_helpers.hpp"

namespace mc {
namespace {

using test::describe;
using test::error_of;
using test::fixed;
using test::fixed_node;
using test::line_of;
using test::minimal_deck;
using test::read;

using test::contains;

// The same model as one deck in comma format and one in fixed columns.
const char* const kCommaDeck =
    "*KEYWORD\n*TITLE\nformats\n*CONTROL_TERMINATION\n2.5e-3,1000,0.01\n*CONTROL_TIMESTEP\n0.0,0.67,,,-1.e-6\n"
    "*NODE\n1,0.,0.,0.\n2,1.5,0.,0.\n3,1.5,2.,0.,7,7\n4,-.5,2.,0.\n"
    "*ELEMENT_SHELL\n10,1,1,2,3,4\n11,1,1,3,4,0\n"
    "*PART\nplate\n1,1,1\n*SECTION_SHELL\n1,2,0.8333,5\n1.2,1.2,1.2,1.2\n"
    "*MAT_024\n1,7.8e-9,2.1E5,0.3,250.,1000.,0.4\n0,0,5\n"
    "*DEFINE_CURVE\n5,0,1.0,2.0\n0.0,250.\n0.1,300.\n"
    "*SET_NODE_LIST\n3\n1,2,0,4\n*BOUNDARY_SPC_SET\n3,0,1,1,1,0,0,0\n*END\n";

std::string fixed_deck() {
  return "*KEYWORD\n*TITLE\nformats\n*CONTROL_TERMINATION\n" + fixed({"2.5e-3", "1000", "0.01"}) +
         "*CONTROL_TIMESTEP\n" + fixed({"0.0", "0.67", "", "", "-1.e-6"}) + "*NODE\n" +
         fixed_node("1", "0.", "0.", "0.") + fixed_node("2", "1.5", "0.", "0.") +
         fixed_node("3", "1.5", "2.", "0.", "7", "7") + fixed_node("4", "-.5", "2.", "0.") +
         "*ELEMENT_SHELL\n" + fixed({"10", "1", "1", "2", "3", "4"}, 8) + fixed({"11", "1", "1", "3", "4"}, 8) +
         "*PART\nplate\n" + fixed({"1", "1", "1"}) + "*SECTION_SHELL\n" + fixed({"1", "2", "0.8333", "5"}) +
         fixed({"1.2", "1.2", "1.2", "1.2"}) + "*MAT_024\n" +
         fixed({"1", "7.8e-9", "2.1E5", "0.3", "250.", "1000.", "0.4"}) + fixed({"0", "0", "5"}) +
         "*DEFINE_CURVE\n" + fixed({"5", "0", "1.0", "2.0"}) + fixed({"0.0", "250."}, 20) +
         fixed({"0.1", "300."}, 20) + "*SET_NODE_LIST\n" + fixed({"3"}) + fixed({"1", "2", "0", "4"}) +
         "*BOUNDARY_SPC_SET\n" + fixed({"3", "0", "1", "1", "1", "0", "0", "0"}) + "*END\n";
}

TEST(KeywordReaderFormat, FixedWidthAndCommaFormatsGiveTheSameModel) {
  const std::string from_commas = describe(read(kCommaDeck));
  EXPECT_EQ(from_commas, describe(read(fixed_deck())));
  EXPECT_TRUE(contains(from_commas, "node 4 -0.5 2 0")) << from_commas;
}

TEST(KeywordReaderFormat, NodeColumnsAre8And16Wide) {
  // No blank between the fields: only the column positions separate them.
  const std::string deck = minimal_deck("*NODE\n      77-1.2345678901e+0 2.000000000e+00-3.0000000000e-1\n");
  const Model m = read(deck);
  ASSERT_EQ(m.nodes.size(), 7u);
  EXPECT_EQ(m.nodes.back().id, 77);
  EXPECT_DOUBLE_EQ(m.nodes.back().x[0], -1.2345678901);
  EXPECT_DOUBLE_EQ(m.nodes.back().x[1], 2.0);
  EXPECT_DOUBLE_EQ(m.nodes.back().x[2], -0.3);
}

TEST(KeywordReaderFormat, AcceptsEveryUsualNumberNotation) {
  const Model m = read(minimal_deck("*NODE\n7,1.0e+3,1.,-.5\n8,2.1E5,+3,1.5d2\n9,5.0,0,-0.0\n"));
  EXPECT_DOUBLE_EQ(m.nodes[6].x[0], 1000.0);
  EXPECT_DOUBLE_EQ(m.nodes[6].x[1], 1.0);
  EXPECT_DOUBLE_EQ(m.nodes[6].x[2], -0.5);
  EXPECT_DOUBLE_EQ(m.nodes[7].x[0], 210000.0);
  EXPECT_DOUBLE_EQ(m.nodes[7].x[1], 3.0);
  EXPECT_DOUBLE_EQ(m.nodes[7].x[2], 150.0);
}

TEST(KeywordReaderFormat, IntegerWrittenAsRealIsAccepted) {
  const Model m = read(minimal_deck("*NODE\n7.0,0,0,0\n1e1,0,0,0\n"));
  EXPECT_EQ(m.nodes[6].id, 7);
  EXPECT_EQ(m.nodes[7].id, 10);
}

TEST(KeywordReaderFormat, IdWithFractionIsAnErrorAtItsLine) {
  const std::string deck = minimal_deck("*NODE\n5.5,0,0,0\n");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "5.5")) +
                                ": field 1 (NID) of *NODE: '5.5' is not an integer");
}

TEST(KeywordReaderFormat, GarbageNumberNamesFieldAndKeyword) {
  std::string deck = minimal_deck();
  deck.replace(deck.find("210000."), 7, "abc");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "1,7.8e-9")) +
                                ": field 3 (E) of *MAT_ELASTIC: 'abc' is not a number");
}

TEST(KeywordReaderFormat, NanInfAndTrailingTextAreNotNumbers) {
  for (const std::string bad : {"nan", "inf", "-Infinity", "0x10", "1.0.0", "1e", "e5", "1.5x", "--1", "."}) {
    EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n9," + bad + ",0,0\n")), "'" + bad + "' is not a number"))
        << bad;
  }
}

TEST(KeywordReaderFormat, AbsurdMagnitudesAreRejected) {
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n9,1e31,0,0\n")), "'1e31' is out of range"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n9,-1e400,0,0\n")), "out of range"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n99999999999999999999,0,0,0\n")), "out of range"));
}

TEST(KeywordReaderFormat, MisalignedFixedFieldsGetAColumnHint) {
  const std::string message = error_of(minimal_deck("*NODE\n       9 1.0 2.0 3.0\n"));
  EXPECT_TRUE(contains(message, "field 2 (X) of *NODE: '1.0 2.0 3.0' is not a number (fixed-width field: columns 9-24"))
      << message;
}

TEST(KeywordReaderFormat, TabInFixedWidthCardIsAnError) {
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n9\t1.0\n")), "tab character in column 2"));
}

TEST(KeywordReaderFormat, CommentLinesAreSkippedEvenBetweenCards) {
  const Model m = read(minimal_deck("*NODE\n$ a comment\n7,1,2,3\n$# nid x y z\n8,4,5,6\n"));
  EXPECT_EQ(m.nodes.size(), 8u);
}

TEST(KeywordReaderFormat, KeywordNamesAreCaseInsensitive) {
  const Model m = read(minimal_deck("*node\n7,1,2,3\n*Control_Termination\n4.0\n"));
  EXPECT_EQ(m.nodes.size(), 7u);
  EXPECT_DOUBLE_EQ(m.controls.end_time, 4.0);
}

TEST(KeywordReaderFormat, CrLfLineEndingsAndUtf8BomAreAccepted) {
  std::string deck = "\xEF\xBB\xBF" + minimal_deck();
  for (std::size_t at = deck.find('\n'); at != std::string::npos; at = deck.find('\n', at + 2)) deck.insert(at, "\r");
  EXPECT_EQ(describe(read(deck)), describe(read(minimal_deck())));
}

TEST(KeywordReaderFormat, OutputKeywordWithoutHandlerWarnsWithLineNumberAndSkipsItsCards) {
  const std::string deck = minimal_deck("*DATABASE_ELOUT\n1,2,3\nnot numbers at all\n");
  std::string warnings;
  read(deck, &warnings);
  EXPECT_EQ(warnings, "deck.k:" + std::to_string(line_of(deck, "*DATABASE_ELOUT")) +
                          ": warning: *DATABASE_ELOUT is not supported; skipped (no effect on the motion)\n");
}

// LS-DYNA's off values of ENDENG (0) and ENDMAS (0, or the 1.0E8 its
// pre-processors write) are silent; another value is a dropped request.
TEST(KeywordReaderFormat, TerminationEndmasWarnsOnlyOffItsDefault) {
  std::string warnings;
  read(minimal_deck("*CONTROL_TERMINATION\n4.0,0,0.0,0.0,1.0E8\n"), &warnings);
  EXPECT_EQ(warnings, "");
  read(minimal_deck("*CONTROL_TERMINATION\n4.0,0,0.0,0.0,0.0\n"), &warnings);
  EXPECT_EQ(warnings, "");
  const std::string deck = minimal_deck("*CONTROL_TERMINATION\n4.0,0,0.0,5.0,2.0\n");
  read(deck, &warnings);
  const std::string at = "deck.k:" + std::to_string(line_of(deck, "4.0,0,0.0,5.0")) + ": warning: ";
  EXPECT_EQ(warnings, at + "ENDENG 5.0 ignored: minicrash does not stop on an energy change\n" + at +
                          "ENDMAS 2.0 ignored: minicrash does not stop on added mass\n");
}

TEST(KeywordReaderFormat, EndStopsReading) {
  const Model m = read(minimal_deck() + "*NODE\nthis is never read\n");
  EXPECT_EQ(m.nodes.size(), 6u);
}

TEST(KeywordReaderFormat, DataCardBeforeAnyKeywordIsAnError) {
  EXPECT_EQ(error_of("1,2,3\n" + minimal_deck()),
            "deck.k:1: data card '1,2,3' outside any keyword (a '*' keyword line missing?)");
}

TEST(KeywordReaderFormat, ExtraCardAfterAOneCardKeywordIsAnError) {
  const std::string deck = minimal_deck("*CONTROL_TERMINATION\n1.0\n2.0\n");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "2.0")) +
                                ": unexpected card in *CONTROL_TERMINATION (a keyword line missing, or too many cards?)");
}

TEST(KeywordReaderFormat, TruncatedKeywordNamesTheMissingCard) {
  const std::string deck = minimal_deck("*SECTION_SHELL\n2,2\n");
  EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "2,2")) +
                                ": *SECTION_SHELL ends here, but card 2 (T1 T2 T3 T4 NLOC) is missing");
}

TEST(KeywordReaderFormat, BlankLineIsACardWithDefaults) {
  // Card 1 of *CONTROL_SHELL left blank; card 2 sets INTGRD = 1.
  const Model m = read(minimal_deck("*CONTROL_SHELL\n\n,1\n\n\n"));
  EXPECT_EQ(m.controls.integration, Integration::Lobatto);
}

TEST(KeywordReaderFormat, BinaryGarbageIsAnErrorNotACrash) {
  const std::string deck = minimal_deck().substr(0, 40) + std::string("\x00\x01\xff\x7f", 4) + "\n";
  EXPECT_TRUE(contains(error_of(deck), "non-printable byte 0x00")) << error_of(deck);
}

TEST(KeywordReaderFormat, RandomlyCorruptedDecksOnlyEverThrowInputError) {
  const std::string good[] = {fixed_deck(), kCommaDeck};
  std::mt19937 random(12345);
  for (int trial = 0; trial < 400; ++trial) {
    std::string deck = good[trial % 2];
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = random() % deck.size();
      switch (random() % 3) {
        case 0: deck[at] = static_cast<char>(random() % 256); break;
        case 1: deck.erase(at, 1 + random() % 20); break;
        default: deck.insert(at, deck.substr(random() % deck.size(), random() % 30)); break;
      }
    }
    std::ostringstream warnings;
    try {
      read_deck_string(deck, "fuzz.k", warnings);
    } catch (const InputError& error) {
      EXPECT_EQ(std::string(error.what()).rfind("fuzz.k:", 0), 0u) << error.what();
    }
  }
}

TEST(KeywordReaderInclude, FollowsPathsRelativeToTheIncludingFile) {
  const test::TempDir dir("include");
  // main.k includes sub/mesh.k, which includes more.k next to itself.
  dir.write("sub/more.k", "*NODE\n7,5,5,5\n");
  dir.write("sub/mesh.k", "*NODE\n5,2,0,0\n6,2,1,0\n*INCLUDE\nmore.k\n");
  std::string deck = minimal_deck("*INCLUDE\nsub/mesh.k\n*NODE\n8,9,9,9\n");
  deck.replace(deck.find("5,2,0,0\n6,2,1,0\n"), 16, "");
  const std::string path = dir.write("main.k", deck);
  std::ostringstream warnings;
  const Model m = read_deck(path, warnings);
  ASSERT_EQ(m.nodes.size(), 8u);
  // Included cards come where the *INCLUDE stands, before what follows it.
  EXPECT_EQ(m.nodes[4].id, 5);
  EXPECT_EQ(m.nodes[6].id, 7);
  EXPECT_EQ(m.nodes[7].id, 8);
}

TEST(KeywordReaderInclude, ErrorInsideAnIncludedFileNamesThatFile) {
  const test::TempDir dir("include_error");
  dir.write("bad.k", "$ comment\n*NODE\n7,x,0,0\n");
  const std::string path = dir.write("main.k", minimal_deck("*INCLUDE\nbad.k\n"));
  std::ostringstream warnings;
  try {
    read_deck(path, warnings);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains(error.what(), "bad.k:3: field 2 (X) of *NODE: 'x' is not a number")) << error.what();
  }
}

TEST(KeywordReaderInclude, EndInAnIncludedFileEndsOnlyThatFile) {
  const test::TempDir dir("include_end");
  dir.write("part.k", "*NODE\n7,5,5,5\n*END\n*NODE\nnever read\n");
  const std::string path = dir.write("main.k", minimal_deck("*INCLUDE\npart.k\n*NODE\n8,9,9,9\n"));
  std::ostringstream warnings;
  const Model m = read_deck(path, warnings);
  ASSERT_EQ(m.nodes.size(), 8u);
  EXPECT_EQ(m.nodes[7].id, 8);
}

TEST(KeywordReaderInclude, MissingFileNamesTheIncludingCard) {
  const std::string deck = minimal_deck("*INCLUDE\nnot_there.k\n");
  EXPECT_TRUE(contains(error_of(deck), "deck.k:" + std::to_string(line_of(deck, "not_there.k")) +
                                           ": *INCLUDE: cannot open 'not_there.k'"));
}

TEST(KeywordReaderInclude, CycleBetweenTwoFilesIsAnError) {
  const test::TempDir dir("include_cycle");
  dir.write("a.k", "*INCLUDE\nb.k\n");
  dir.write("b.k", "$ back to a\n*INCLUDE\na.k\n");
  const std::string path = dir.write("main.k", minimal_deck("*INCLUDE\na.k\n"));
  std::ostringstream warnings;
  try {
    read_deck(path, warnings);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains(error.what(), "b.k:3: *INCLUDE cycle: 'a.k' is already being read")) << error.what();
  }
}

TEST(KeywordReaderInclude, NestingDeeperThanTenIsAnError) {
  const test::TempDir dir("include_depth");
  for (int level = 1; level <= 11; ++level) {
    dir.write("level" + std::to_string(level) + ".k", "*INCLUDE\nlevel" + std::to_string(level + 1) + ".k\n");
  }
  dir.write("level12.k", "*NODE\n7,0,0,0\n");
  const std::string path = dir.write("main.k", minimal_deck("*INCLUDE\nlevel1.k\n"));
  std::ostringstream warnings;
  try {
    read_deck(path, warnings);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains(error.what(), "level10.k:2: *INCLUDE nested more than 10 files deep")) << error.what();
  }
}

TEST(KeywordReaderInclude, MissingDeckFileIsAnInputError) {
  std::ostringstream warnings;
  EXPECT_THROW(read_deck("/nonexistent/deck.k", warnings), InputError);
}

}  // namespace
}  // namespace mc
