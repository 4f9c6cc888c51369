// *SECTION_SHELL QR/IRID and *INTEGRATION_SHELL: the points a section
// integrates through the thickness (the physics: Elastodynamics.ThroughThicknessRules...).
#include <gtest/gtest.h>

#include <sstream>

#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"

namespace mc::test {
namespace {

std::string with_rule(const std::string& qr, const std::string& rule) {
  std::string deck = minimal_deck(rule);
  deck.replace(deck.find("1,2,,2\n"), 7, "1,2,,2,0," + qr + "\n");
  return deck;
}

TEST(IntegrationRules, AUserRuleGivesTheSectionItsPointsAndNip) {
  const Model m = read(with_rule("-7", "*INTEGRATION_SHELL\n7,3\n-1.0,0.25\n0.0,0.5\n1.0,0.25\n"));
  const Section& s = m.sections.at(1);
  EXPECT_EQ(s.rule, -7);
  EXPECT_EQ(s.nip, 3);
  EXPECT_EQ(s.rule_zeta, (std::vector<double>{-0.5, 0.0, 0.5}));
  EXPECT_EQ(s.rule_weight, (std::vector<double>{0.25, 0.5, 0.25}));
  const Model layers = read(with_rule("-7", "*INTEGRATION_SHELL\n7,4,1\n"));  // ESOP 1: equal layers
  EXPECT_EQ(layers.sections.at(1).rule_zeta, (std::vector<double>{-0.375, -0.125, 0.125, 0.375}));
  EXPECT_EQ(layers.sections.at(1).rule_weight, (std::vector<double>(4, 0.25)));
  EXPECT_EQ(read(with_rule("1", "")).sections.at(1).rule, 1);  // trapezoidal
  // Written back and read again: the same rule.
  std::ostringstream written;
  write_deck(m, written);
  const Section back = read(written.str()).sections.at(1);
  EXPECT_EQ(back.rule, -7);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(back.rule_zeta[k], s.rule_zeta[k], 1e-15);
    EXPECT_NEAR(back.rule_weight[k], s.rule_weight[k], 1e-15);
  }
}

TEST(IntegrationRules, BadRulesAreRefusedNamingTheCard) {
  const std::string undefined = with_rule("-7", "");
  EXPECT_EQ(error_of(undefined), "deck.k:" + std::to_string(line_of(undefined, "1,2,,2,0,-7")) +
                                     ": section 1: integration rule IRID 7 (*INTEGRATION_SHELL) is not defined");
  const std::string weights = with_rule("-7", "*INTEGRATION_SHELL\n7,2\n-0.5,0.5\n0.5,0.6\n");
  EXPECT_EQ(error_of(weights), "deck.k:" + std::to_string(line_of(weights, "7,2")) +
                                   ": *INTEGRATION_SHELL 7: the weights WF sum to 1.100000, not 1 (each is its "
                                   "point's share of the thickness)");
  const std::string outside = with_rule("-7", "*INTEGRATION_SHELL\n7,2\n-1.5,0.5\n0.5,0.5\n");
  EXPECT_EQ(error_of(outside), "deck.k:" + std::to_string(line_of(outside, "-1.5")) +
                                   ": field 1 (S) of *INTEGRATION_SHELL: must lie in -1..1 (bottom to top surface)");
  const std::string layer = with_rule("-7", "*INTEGRATION_SHELL\n7,2\n-0.5,0.5,3\n0.5,0.5\n");
  EXPECT_TRUE(contains(error_of(layer), "  *INTEGRATION_SHELL (PID (a layer of another part)) x1")) << error_of(layer);
  const std::string eleven = with_rule("-7", "*INTEGRATION_SHELL\n7,11,1\n");
  EXPECT_EQ(error_of(eleven), "deck.k:" + std::to_string(line_of(eleven, "7,11")) +
                                  ": field 2 (NIP) of *INTEGRATION_SHELL: must be 1..10 (minicrash's most points "
                                  "through the thickness)");
  const std::string fraction = with_rule("2.5", "");
  EXPECT_EQ(error_of(fraction), "deck.k:" + std::to_string(line_of(fraction, "1,2,,2,0,2.5")) +
                                    ": field 6 (QR/IRID) of *SECTION_SHELL: must be 0 (Gauss), 1 (trapezoidal) or a "
                                    "rule id below 0");
}

}  // namespace
}  // namespace mc::test
