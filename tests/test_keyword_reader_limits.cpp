// Hostile input the bad-deck catalogue cannot hold as a small file: an
// endless line, a pipe named by *INCLUDE, ids at the limits of 64 bits.
// Each ends in a clear error (or a normal run), never a hang or a huge
// allocation.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <string>

#include "deck_test_helpers.hpp"

namespace mc {
namespace {

using test::error_of;
using test::minimal_deck;
using test::read;

using test::contains;

TEST(KeywordReaderLimits, LineOfAMillionCharactersIsAnErrorAtItsLineNotAnAllocation) {
  const std::string deck = "*KEYWORD\n*NODE\n1," + std::string(1'000'000, '7') + "\n";
  EXPECT_TRUE(contains(error_of(deck), "deck.k:3: line longer than 100000 characters")) << error_of(deck);
}

TEST(KeywordReaderLimits, IncludeOfAPipeIsRefusedNotWaitedOn) {
  const test::TempDir dir("include_fifo");
  const std::string fifo = (dir.path() / "pipe.k").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string text = minimal_deck("*INCLUDE\npipe.k\n");
  const std::string path = dir.write("main.k", text);
  const std::string where = "main.k:" + std::to_string(test::line_of(text, "pipe.k")) + ": ";
  std::ostringstream warnings;
  try {
    read_deck(path, warnings);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains(error.what(), where + "*INCLUDE: 'pipe.k' is not a regular file")) << error.what();
  }
}

// Ids are 64-bit: written as digits any int64 is exact; written as a real,
// only up to 2^53, where a double still holds every integer.
TEST(KeywordReaderLimits, IdsAreExactUpToInt64MaxAsDigitsAndUpTo2To53AsReals) {
  const Model m = read(minimal_deck("*NODE\n9223372036854775807,5,5,5\n9.007199254740992e15,6,6,6\n"));
  EXPECT_EQ(m.nodes[6].id, 9223372036854775807);
  EXPECT_EQ(m.nodes[7].id, 9007199254740992);
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n9223372036854775808,5,5,5\n")), "is out of range"));
  EXPECT_TRUE(contains(error_of(minimal_deck("*NODE\n1.0e16,5,5,5\n")), "is out of range"));
}

// The whole program on ids near 1e12 and int64's maximum: it runs (the
// solver maps ids by search, never by an array indexed by id).
TEST(KeywordReaderLimits, ProgramRunsWithIdsNearInt64Max) {
  const test::TempDir dir("huge_ids");
  const std::string deck = dir.write(
      "huge_ids.k",
      "*KEYWORD\n*CONTROL_TERMINATION\n1.0\n"
      "*NODE\n1000000000001,0,0,0\n9223372036854775807,1,0,0\n9223372036854775806,1,1,0\n1000000000004,0,1,0\n"
      "*ELEMENT_SHELL\n9223372036854775807,999999999999,1000000000001,9223372036854775807,"
      "9223372036854775806,1000000000004\n"
      "*PART\nplate\n999999999999,1,1\n*SECTION_SHELL\n1,2,,2\n1.0\n*MAT_ELASTIC\n1,7.8e-9,210000.,0.3\n"
      "*INITIAL_VELOCITY\n0\n0,0,1\n*END\n");
  const std::string cmd = "OMP_PROC_BIND=false " + std::string(MINICRASH_BINARY) + " i=" + deck +
                          " cycles=20 --quiet odir=" + dir.path().string() + " > " + dir.path().string() +
                          "/log.txt 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
}

}  // namespace
}  // namespace mc
