// *CONTROL_SHELL ISTUPD (io/deck/keywords_control_shell.cpp, the element
// kernel's thickness strain): a strip stretched uniformly thins as plane
// stress and isochoric plastic flow say.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc::test {
namespace {

constexpr double kYoungs = 210000, kPoisson = 0.3, kYield = 300;  // MPa
constexpr double kEnd = 2e-4;                                     // s

// minimal_deck's two 1 x 1 mm shells (x from 0 to 2) stretched along x at a
// uniform strain rate, free across: x-velocities 0, v/2, v at x = 0, 1, 2
// (v = 2000 mm/s makes the strip 2.4 mm long at kEnd, a true strain of
// ln 1.2). `material` is its MID 1 card, `shell` the *CONTROL_SHELL.
std::string stretched_strip(const std::string& material, const std::string& shell, double v = 2000) {
  std::string deck = with_material_card(material);
  deck.replace(deck.find("1.0\n*NODE"), 3, std::to_string(kEnd));
  const std::string half = "1,0,1," + std::to_string(v / 2) + "\n", end = "1,0,1," + std::to_string(v) + "\n";
  const std::string extra = shell + "*DEFINE_CURVE\n1\n0,1\n1,1\n*BOUNDARY_PRESCRIBED_MOTION_NODE\n2," + half +
                            "3," + half + "5," + end + "6," + end +
                            "*BOUNDARY_SPC_NODE\n1,0,1,0,0,0,0,0\n4,0,1,0,0,0,0,0\n";
  return deck.insert(deck.find("*END"), extra);
}

const std::string kPerfectlyPlastic = "*MAT_PIECEWISE_LINEAR_PLASTICITY\n1,7.8e-9,210000.,0.3,300.,0.\n";

// Both shells' thickness strain ln(t / t0) at the end.
std::array<double, 2> thickness_strains(const std::string& deck) {
  const Model m = read(deck);
  State s = build_state(m, whole_model_mesh(m));
  run_quietly(s, kEnd);
  return {std::log(s.elements.thickness(0) / 1.0), std::log(s.elements.thickness(1) / 1.0)};
}

// Uniaxial stress at SIGY: the plastic strain ep = e - SIGY/E along x
// (e = ln 1.2) thins the strip by ep/2, the elastic strain by nu SIGY/E.
// ISTUPD 1 counts both, ISTUPD 4 the plastic part alone (1e-4: the strain
// increments integrate the log strain, and the quasi-static lateral stress
// rings slightly).
TEST(ThicknessUpdate, AStretchedPlasticStripThinsAsIsochoricFlowSays) {
  const double e = std::log(1.2), elastic = kYield / kYoungs, plastic = e - elastic;
  const double whole = -plastic / 2 - kPoisson * elastic, plastic_only = -plastic / 2;
  const auto total = thickness_strains(stretched_strip(kPerfectlyPlastic, "*CONTROL_SHELL\n,,,1\n"));
  const auto type4 = thickness_strains(stretched_strip(kPerfectlyPlastic, "*CONTROL_SHELL\n,,,4\n"));
  const auto none = thickness_strains(stretched_strip(kPerfectlyPlastic, "*CONTROL_SHELL\n,,,0\n"));
  std::printf("thickness strain: ISTUPD 1 %.6f %.6f (closed form %.6f), ISTUPD 4 %.6f %.6f (%.6f), ISTUPD 0 %.3g\n",
              total[0], total[1], whole, type4[0], type4[1], plastic_only, none[0]);
  for (int e2 = 0; e2 < 2; ++e2) {
    EXPECT_NEAR(total[e2], whole, 1e-4);
    EXPECT_NEAR(type4[e2], plastic_only, 1e-4);
    EXPECT_EQ(none[e2], 0.0);
  }
}

// Elastic: ISTUPD 1 thins by nu times the stretch (uniaxial stress), ISTUPD 4
// not at all. 2 % of the plastic strip's stretch, so the strain stays small.
TEST(ThicknessUpdate, AnElasticStripThinsByPoissonsRatioAndNotUnderType4) {
  const double e = std::log(1 + 40 * kEnd / 2);
  const auto total = thickness_strains(stretched_strip(kElasticCard, "*CONTROL_SHELL\n,,,1\n", 40));
  const auto type4 = thickness_strains(stretched_strip(kElasticCard, "*CONTROL_SHELL\n,,,4\n", 40));
  std::printf("elastic thickness strain: ISTUPD 1 %.9f (closed form %.9f), ISTUPD 4 %.3g\n", total[0],
              -kPoisson * e, type4[0]);
  EXPECT_NEAR(total[0], -kPoisson * e, 1e-3 * kPoisson * e);
  EXPECT_EQ(type4[0], 0.0);
}

// PSSTUPD and SIDT4TU pick the parts; rigid parts never change; a deck
// written back keeps each part's update.
TEST(ThicknessUpdate, PartSetsPickThePartsAndTheWriterKeepsThem) {
  const std::string parts =
      "*PART\nsecond\n2,1,1\n*PART\nthird\n3,1,1\n*PART\nrigid\n4,1,9\n*MAT_RIGID\n9,7.8e-9,210000.,0.3\n"
      "*SET_PART_LIST\n20\n1,2\n*SET_PART_LIST\n21\n2\n";
  const auto updates = [&](const std::string& shell) {
    const Model m = read(minimal_deck(parts + shell));
    std::ostringstream written;
    write_deck(m, written);
    const Model again = read(written.str());
    std::string code;
    for (const auto& [id, part] : m.parts) {
      code += "NTP"[static_cast<int>(part.thickness_update)];
      EXPECT_EQ(again.parts.at(id).thickness_update, part.thickness_update) << shell << " part " << id;
    }
    return code;
  };
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,1\n"), "TTTN");
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,4\n"), "PPPN");
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,1\n\n20\n"), "TTNN");
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,1\n\n-20\n"), "NNTN");
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,1\n\n20,21\n"), "TPNN");
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,2\n"), "NNNN");  // thick shells only
  EXPECT_EQ(updates("*CONTROL_SHELL\n,,,3\n"), "TTTN");
}

TEST(ThicknessUpdate, BadCardsAreNamed) {
  const auto at = [](const std::string& deck, int card) {
    return "deck.k:" + std::to_string(line_of(deck, "*CONTROL_SHELL") + card) + ": ";
  };
  const std::string five = minimal_deck("*CONTROL_SHELL\n,,,5\n");
  EXPECT_EQ(error_of(five), at(five, 1) + "field 4 (ISTUPD) of *CONTROL_SHELL: must be 0 (no thickness change), 1, "
                                          "2 (thick shells only), 3 or 4");
  const std::string no_set = minimal_deck("*CONTROL_SHELL\n,,,1\n\n7\n");
  EXPECT_EQ(error_of(no_set), at(no_set, 3) + "*CONTROL_SHELL PSSTUPD: part set 7 is not defined");
  // Contact keeps the starting thickness: THKCHG 1 is named as unsupported.
  const std::string follow = minimal_deck("*CONTROL_SHELL\n,,,1\n*CONTROL_CONTACT\n,,,,,1\n");
  EXPECT_TRUE(contains(error_of(follow), "*CONTROL_CONTACT (THKCHG 1 (contact following the shells' thickness "
                                         "update)) x1"))
      << error_of(follow);
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_CONTACT\n,,,,,1\n")), "<accepted>");
}

}  // namespace
}  // namespace mc::test
