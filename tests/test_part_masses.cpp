// *ELEMENT_MASS_PART(_SET) (io/deck/keywords_part_mass.cpp): non-structural
// mass spread over a part's nodes by area, as point masses.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc::test {
namespace {

// The minimal deck: two 1 x 1 quads of part 1 (nodes 1-6), 1 mm thick,
// rho 7.8e-9. Its nodes' shares of the area: 1/8 at the outer corners,
// 1/4 at the shared edge's nodes 2 and 3.
std::map<GlobalId, double> masses_by_node(const Model& m) {
  std::map<GlobalId, double> by_node;
  for (const PointMass& mass : m.point_masses) by_node[mass.node] += mass.mass;
  return by_node;
}

TEST(PartMasses, AddedMassIsSpreadByArea) {
  const Model added = read(minimal_deck("*ELEMENT_MASS_PART\n1,0.02\n"));
  const std::map<GlobalId, double> by_node = masses_by_node(added);
  ASSERT_EQ(by_node.size(), 6u);
  for (GlobalId n : {1, 4, 5, 6}) EXPECT_NEAR(by_node.at(n), 0.02 / 8, 1e-18) << n;
  for (GlobalId n : {2, 3}) EXPECT_NEAR(by_node.at(n), 0.02 / 4, 1e-18) << n;
  // FINMASS: the part ends with that mass, its shells' own rho t A = 1.56e-8 included.
  const Model final_mass = read(minimal_deck("*ELEMENT_MASS_PART\n1,,1e-7\n"));
  double total = 0;
  for (const auto& [node, mass] : masses_by_node(final_mass)) total += mass;
  EXPECT_NEAR(total, 1e-7 - 7.8e-9 * 2.0, 1e-22);
  // The solver's nodes carry it: the state's masses sum to shells plus added.
  State s = build_state(added, whole_model_mesh(added));
  double state_mass = 0;
  for (int n = 0; n < s.nodes.count(); ++n) state_mass += s.nodes.mass(n);
  EXPECT_NEAR(state_mass, 7.8e-9 * 2.0 + 0.02, 1e-15);
  // _SET: over the set's parts; and a deck written back keeps it (as *ELEMENT_MASS).
  const Model set = read(minimal_deck("*SET_PART_LIST\n4\n1\n*ELEMENT_MASS_PART_SET\n4,0.02\n"));
  EXPECT_EQ(masses_by_node(set), by_node);
  std::ostringstream written;
  write_deck(added, written);
  EXPECT_EQ(masses_by_node(read(written.str())), by_node);
}

TEST(PartMasses, BadCardsAreNamed) {
  const auto at = [](const std::string& deck) {
    return "deck.k:" + std::to_string(line_of(deck, "*ELEMENT_MASS_PART") + 1) + ": ";
  };
  const std::string both = minimal_deck("*ELEMENT_MASS_PART\n1,0.02,0.03\n");
  EXPECT_TRUE(contains(error_of(both), "give ADDMASS or FINMASS, not both")) << error_of(both);
  const std::string light = minimal_deck("*ELEMENT_MASS_PART\n1,,1e-9\n");
  EXPECT_TRUE(contains(error_of(light), at(light) + "*ELEMENT_MASS_PART: part 1: FINMASS 1e-09 is below the "
                                                    "shells' own mass 1.56e-08"))
      << error_of(light);
  const std::string missing = minimal_deck("*ELEMENT_MASS_PART\n7,0.02\n");
  EXPECT_EQ(error_of(missing), at(missing) + "*ELEMENT_MASS_PART: part 7 is not defined");
  const std::string no_set = minimal_deck("*ELEMENT_MASS_PART_SET\n7,0.02\n");
  EXPECT_EQ(error_of(no_set), at(no_set) + "*ELEMENT_MASS_PART_SET: part set 7 is not defined");
  EXPECT_TRUE(contains(error_of(minimal_deck("*ELEMENT_MASS_PART\n1,0.02,,5\n")),
                       "*ELEMENT_MASS_PART (LCID (added mass varying in time)) x1"));
}

}  // namespace
}  // namespace mc::test
