// The local mesh (whole_model_mesh) runs a kernel class's shells in the
// deck's order, or in Morton order where the deck's scatters neighbours
// (element_order), and numbers nodes in the order the element loop first
// meets them, then the nodes on no element in deck order: the node gather
// then reads the corner array nearly front to back (docs/speed.md,
// "Nodes numbered by first meeting" and "Shells of a scattered deck in
// Morton order"). The order of the deck's *NODE lines changes no bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "decomposition/subdomain/element_order.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/outputs/rank_work.hpp"
#include "miniapp/state/state_builder.hpp"
#include "miniapp/state/state_checksum.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

TEST(NodeNumbering, FirstMeetingByTheElementLoopThenNodesOnNoElementInDeckOrder) {
  Model m = test::plate_model(test::plate_spec(7, 5, 70, 50, 1.0));
  test::add_loose_shell(m, 100.0);
  m.nodes.insert(m.nodes.begin() + 3, Node{5002, {0, 0, 9}});  // on no element, deck order 5002 then 5001
  m.nodes.push_back(Node{5001, {0, 0, 8}});
  const LocalMesh mesh = whole_model_mesh(m);
  ASSERT_EQ(mesh.node_ids.size(), m.nodes.size());
  int next = 0;
  for (const auto& corners : mesh.element_nodes)
    for (const int n : corners) {
      EXPECT_LE(n, next) << "a node numbered before the element loop met it";
      if (n == next) ++next;
    }
  EXPECT_EQ(next, static_cast<int>(m.nodes.size()) - 2);
  EXPECT_EQ(mesh.node_ids[static_cast<std::size_t>(next)], 5002);
  EXPECT_EQ(mesh.node_ids[static_cast<std::size_t>(next) + 1], 5001);
  const std::set<GlobalId> distinct(mesh.node_ids.begin(), mesh.node_ids.end());
  EXPECT_EQ(distinct.size(), m.nodes.size());
  for (std::size_t i = 0; i < mesh.node_ids.size(); ++i) {
    EXPECT_EQ(mesh.node_index.at(mesh.node_ids[i]), static_cast<int>(i));
    const auto deck =
        std::find_if(m.nodes.begin(), m.nodes.end(), [&](const Node& n) { return n.id == mesh.node_ids[i]; });
    EXPECT_EQ(mesh.node_x[i], deck->x) << "node " << mesh.node_ids[i];
  }
}

// A plate written row by row keeps the deck's order; shuffled, it runs in
// Morton order, whose consecutive shells lie next to each other.
TEST(ElementOrder, AnOrderedDeckKeepsItsOrderAShuffledOneRunsInMortonOrder) {
  Model m = test::plate_model(test::plate_spec(16, 16, 16, 16, 1.0));
  const ElementOrder rows = element_order(m, shell_kernel_classes(m), node_deck_index(m));
  std::printf("rows: deck %zu of %zu steps far, Morton %zu\n", rows.choice.deck.far, rows.choice.deck.steps,
              rows.choice.morton.far);
  EXPECT_FALSE(rows.choice.spatial);
  for (std::size_t e = 0; e < rows.shells.size(); ++e) EXPECT_EQ(rows.shells[e], e);

  std::mt19937 random(5);
  std::shuffle(m.shells.begin(), m.shells.end(), random);
  const ElementOrder shuffled = element_order(m, shell_kernel_classes(m), node_deck_index(m));
  std::printf("shuffled: deck %zu of %zu steps far, Morton %zu\n", shuffled.choice.deck.far, shuffled.choice.deck.steps,
              shuffled.choice.morton.far);
  EXPECT_TRUE(shuffled.choice.spatial);
  EXPECT_EQ(shuffled.choice.morton.far, rows.choice.morton.far);  // the same places, so the same Morton order
  EXPECT_GT(shuffled.choice.deck.far, 2 * shuffled.choice.morton.far);
  // Consecutive shells' centres, 1 mm shells: next to each other, not across the plate.
  const LocalMesh mesh = whole_model_mesh(m);
  const auto centre = [&](std::size_t e, int d) {
    double c = 0;
    for (const int n : mesh.element_nodes[e]) c += 0.25 * mesh.node_x[static_cast<std::size_t>(n)][d];
    return c;
  };
  double step = 0;
  for (std::size_t e = 1; e < mesh.element_nodes.size(); ++e)
    step += std::hypot(centre(e, 0) - centre(e - 1, 0), centre(e, 1) - centre(e - 1, 1));
  step /= double(mesh.element_nodes.size() - 1);
  std::printf("mean distance between consecutive shells: %.3f mm\n", step);
  EXPECT_LT(step, 2.0);
}

// The run report's rank_work says which order the rank took, and the share
// of far steps in each order that decided it.
TEST(ElementOrder, TheRankWorkTableSaysWhichOrderTheRankTook) {
  Model m = test::plate_model(test::plate_spec(16, 16, 16, 16, 1.0));
  const auto column = [](const RankWorkTable& t, const std::string& name) {
    const auto it = std::find(t.columns.begin(), t.columns.end(), name);
    EXPECT_NE(it, t.columns.end()) << name;
    return it == t.columns.end() ? -1.0 : t.values[static_cast<std::size_t>(it - t.columns.begin())][0];
  };
  Communicator comm;
  const PhaseTimers timers;
  for (const bool shuffle : {false, true}) {
    if (shuffle) {
      std::mt19937 random(5);
      std::shuffle(m.shells.begin(), m.shells.end(), random);
    }
    const OrderChoice choice = element_order(m, shell_kernel_classes(m), node_deck_index(m)).choice;
    const State s = build_state(m, whole_model_mesh(m));
    const RankWorkTable t = rank_work_table(s, timers, nullptr, 0, RankCounts{}, comm);
    EXPECT_EQ(column(t, "morton_order"), shuffle ? 1.0 : 0.0);
    EXPECT_EQ(column(t, "deck_far_steps"), double(choice.deck.far) / double(choice.deck.steps));
    EXPECT_EQ(column(t, "morton_far_steps"), double(choice.morton.far) / double(choice.morton.steps));
    std::printf("%s: deck far steps %.4f, Morton %.4f\n", shuffle ? "shuffled" : "rows", column(t, "deck_far_steps"),
                column(t, "morton_far_steps"));
  }
}

// Two colliding plates (contact, friction, initial velocities): with their
// *NODE lines reversed, and with their *ELEMENT_SHELL lines shuffled two
// ways (both run in Morton order), the same numbering and the same bits
// through the impact.
TEST(NodeNumbering, TheDecksNodeOrderAndAShuffleOfItsShellsChangeNoBit) {
  const Model given = test::colliding_plates(1.5, 5.0, 10.0, 0.1);
  Model reversed = given, shuffled[2] = {given, given};
  std::reverse(reversed.nodes.begin(), reversed.nodes.end());
  for (unsigned k = 0; k < 2; ++k) {
    std::mt19937 random(k + 1);
    std::shuffle(shuffled[k].shells.begin(), shuffled[k].shells.end(), random);
  }
  const auto run = [](const Model& m, std::vector<GlobalId>& node_ids, std::vector<GlobalId>& element_ids) {
    const LocalMesh mesh = whole_model_mesh(m);
    node_ids = mesh.node_ids;
    element_ids = mesh.element_ids;
    State s = build_state(m, mesh);
    const RunResult r = test::run_quietly(s, 0.2);
    EXPECT_GT(r.last.contact, 0.0) << "the plates did not meet";
    return checksum_hex(state_checksum(s));
  };
  std::vector<GlobalId> nodes[4], elements[4];
  const std::string sums[4] = {run(given, nodes[0], elements[0]), run(reversed, nodes[1], elements[1]),
                               run(shuffled[0], nodes[2], elements[2]), run(shuffled[1], nodes[3], elements[3])};
  EXPECT_EQ(nodes[0], nodes[1]);
  EXPECT_EQ(elements[0], elements[1]);
  EXPECT_EQ(sums[0], sums[1]);
  EXPECT_EQ(nodes[2], nodes[3]);
  EXPECT_EQ(elements[2], elements[3]);
  EXPECT_EQ(sums[2], sums[3]);
}

}  // namespace
}  // namespace mc
