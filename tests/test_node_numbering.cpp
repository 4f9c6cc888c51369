// The local mesh numbers nodes in the order the element loop first meets
// them, then the nodes on no element in deck order (whole_model_mesh): the
// node gather then reads the corner array nearly front to back
// (docs/studies.md, "Nodes numbered by first meeting"). The numbering, and
// so every answer, no longer depends on the order of the deck's *NODE lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "decomposition/subdomain/local_mesh.hpp"
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

// Two colliding plates (contact, friction, initial velocities) with their
// *NODE lines reversed: the same numbering and the same bits through the
// impact.
TEST(NodeNumbering, TheDecksNodeOrderChangesNoBit) {
  const Model given = test::colliding_plates(1.5, 5.0, 10.0, 0.1);
  Model reversed = given;
  std::reverse(reversed.nodes.begin(), reversed.nodes.end());
  const LocalMesh a = whole_model_mesh(given), b = whole_model_mesh(reversed);
  EXPECT_EQ(a.node_ids, b.node_ids);
  State sa = build_state(given, a), sb = build_state(reversed, b);
  const RunResult ra = test::run_quietly(sa, 0.2), rb = test::run_quietly(sb, 0.2);
  EXPECT_GT(ra.last.contact, 0.0) << "the plates did not meet";
  EXPECT_EQ(ra.cycles, rb.cycles);
  EXPECT_EQ(checksum_hex(state_checksum(sa)), checksum_hex(state_checksum(sb)));
}

}  // namespace
}  // namespace mc
