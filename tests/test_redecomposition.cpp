// Partitioning anew during a run (*CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION,
// redecompose=): the card, its bad values, and when the redecompositions fall.
#include <gtest/gtest.h>

#include "deck_test_helpers.hpp"
#include "miniapp/driver/redecomposition.hpp"

namespace mc::test {
namespace {

const char* const kCard = "*CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION\n";

TEST(Redecomposition, CardGivesFreqAndStime) {
  const Model m = read(minimal_deck(std::string(kCard) + "-3.0,1,1.0,0,0.5\n"));
  EXPECT_DOUBLE_EQ(m.controls.redecompose_freq, -3.0);
  EXPECT_DOUBLE_EQ(m.controls.redecompose_start, 0.5);
  EXPECT_DOUBLE_EQ(read(minimal_deck()).controls.redecompose_freq, 0.0);  // no card: never
}

TEST(Redecomposition, WeightAndSamptAreSaidToBeIgnored) {
  std::string warnings;
  read(minimal_deck(std::string(kCard) + "2.0,0,0.0\n"), &warnings);  // blank and zero fields: LS-DYNA's defaults
  EXPECT_EQ(warnings, "");
  const std::string deck = minimal_deck(std::string(kCard) + "2.0,1,3.0,0,0.0,0.1\n");
  read(deck, &warnings);
  const std::string at = "deck.k:" + std::to_string(line_of(deck, "2.0,1,3.0")) + ": warning: ";
  EXPECT_EQ(warnings, at + "WEIGHT 3.0 ignored: elements are weighted by their measured work (weights= plastic, pair)\n" +
                          at + "SAMPT ignored: the work is measured in the last cycle before each redecomposition\n");
}

TEST(Redecomposition, BadFieldsNameTheirLine) {
  for (const auto& [card, what] : {std::pair<std::string, std::string>{"2.0,3\n", "field 2 (DEFGEO) of "
                                                                       "*CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION: "
                                                                       "must be 1 or 2 (the current geometry)"},
                                   {"2.0,1,1.0,2\n", "field 4 (REMSPH) of *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION: "
                                                     "must be 0 or 1"},
                                   {"2.0,1,1.0,0,-1.0\n", "field 5 (STIME) of "
                                                          "*CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION: must not be "
                                                          "negative"}}) {
    const std::string deck = minimal_deck(kCard + card);
    EXPECT_EQ(error_of(deck), "deck.k:" + std::to_string(line_of(deck, card.substr(0, card.size() - 1))) + ": " + what);
  }
}

RedecompositionSchedule schedule(double freq, double start, double end_time, const Options& o = {}) {
  Controls c;
  c.redecompose_freq = freq;
  c.redecompose_start = start;
  return RedecompositionSchedule(c, o, end_time);
}

TEST(Redecomposition, IntervalFromStimeOrFromFreq) {
  const RedecompositionSchedule every = schedule(2.0, 0.0, 7.0);
  EXPECT_DOUBLE_EQ(every.next_after(0.0), 2.0);
  EXPECT_DOUBLE_EQ(every.next_after(1.999), 2.0);
  EXPECT_DOUBLE_EQ(every.next_after(2.0), 4.0);  // the cycle that reached 2.0 was the pause
  EXPECT_DOUBLE_EQ(every.next_after(4.3), 6.0);
  EXPECT_DOUBLE_EQ(every.next_after(6.1), 0.0);  // 8 is past the end
  const RedecompositionSchedule late = schedule(2.0, 3.0, 7.0);
  EXPECT_DOUBLE_EQ(late.next_after(0.0), 3.0);
  EXPECT_DOUBLE_EQ(late.next_after(3.2), 5.0);
}

TEST(Redecomposition, CountSpreadEvenlyOverTheRun) {
  const RedecompositionSchedule three = schedule(-3.0, 2.0, 10.0);  // at 4, 6, 8
  EXPECT_DOUBLE_EQ(three.next_after(0.0), 4.0);
  EXPECT_DOUBLE_EQ(three.next_after(4.0), 6.0);
  EXPECT_DOUBLE_EQ(three.next_after(7.0), 8.0);
  EXPECT_DOUBLE_EQ(three.next_after(8.0), 0.0);
  EXPECT_FALSE(schedule(-3.0, 0.0, 0.0).on());  // no end time to spread over: said, not done
  EXPECT_TRUE(schedule(-3.0, 0.0, 0.0).count_dropped());
  EXPECT_FALSE(three.count_dropped());
}

TEST(Redecomposition, CommandLineOverridesTheDeck) {
  Options o;
  o.redecompose = 0;
  EXPECT_FALSE(schedule(2.0, 0.0, 7.0, o).on());
  o.redecompose = 1.0;
  o.redecompose_start = 0.5;
  EXPECT_DOUBLE_EQ(schedule(0.0, 3.0, 7.0, o).next_after(0.0), 0.5);
  EXPECT_EQ(schedule(0.0, 3.0, 7.0, o).describe(), "every 1 from t = 0.5");
}

}  // namespace
}  // namespace mc::test
