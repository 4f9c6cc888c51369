// minicrash-place's core: METIS on a traffic matrix must find planted
// clusters of ranks, and the report reader must read the matrix back.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "tools/placement/rank_placement.hpp"
#include "tools/placement/traffic_report.hpp"

namespace {

using mc::placement::Machine;
using mc::placement::Slot;
using mc::placement::Traffic;

// 16 ranks in 4 groups of 4, each group two pairs; the groups are scattered
// over the rank numbers (rank r is in group kGroup[r]), so the block
// placement splits every group. Bytes: 1e6 within a pair, 1e4 within a
// group, 10 between groups.
constexpr int kGroup[16] = {2, 0, 3, 1, 0, 2, 1, 3, 3, 0, 2, 1, 1, 3, 0, 2};

int pair_of(int r) {  // the first two members of a group form one pair
  int before = 0;
  for (int q = 0; q < r; ++q) before += kGroup[q] == kGroup[r];
  return 2 * kGroup[r] + before / 2;
}

Traffic planted() {
  Traffic t(16, std::vector<double>(16, 0.0));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      if (i != j) t[i][j] = pair_of(i) == pair_of(j) ? 1e6 : kGroup[i] == kGroup[j] ? 1e4 : 10;
  return t;
}

}  // namespace

TEST(Placement, FourPlantedGroupsLandOnFourNodesAndTheirPairsOnOneSocket) {
  const Traffic t = planted();
  const Machine m{4, 2, 2};  // 4 nodes x 2 sockets x 2 cores
  const std::vector<Slot> s = mc::placement::traffic_placement(t, m);
  std::set<std::pair<int, int>> used;
  for (int i = 0; i < 16; ++i) {
    EXPECT_TRUE(used.insert({s[i].node, 2 * s[i].socket + s[i].core}).second) << "rank " << i << " shares a core";
    for (int j = 0; j < 16; ++j) {
      EXPECT_EQ(s[i].node == s[j].node, kGroup[i] == kGroup[j]) << "ranks " << i << ", " << j;
      if (pair_of(i) == pair_of(j)) {
        EXPECT_EQ(s[i].socket, s[j].socket) << "pair " << i << ", " << j;
      }
    }
  }
  // Only the 10-byte links between groups cross nodes: 16 x 12 of them.
  EXPECT_DOUBLE_EQ(mc::placement::inter_node_bytes(t, s), 16 * 12 * 10.0);
  EXPECT_GT(mc::placement::inter_node_bytes(t, mc::placement::block_placement(16, m)), 1e6);
}

TEST(Placement, RanksNeverExceedTheSlotsOfANode) {
  // One clique of 6 heavy ranks on nodes of 4 cores: METIS would like them
  // together; the node's capacity wins and the rest go to the other node.
  Traffic t(8, std::vector<double>(8, 1.0));
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) t[i][j] = i == j ? 0 : 1e6;
  const std::vector<Slot> s = mc::placement::traffic_placement(t, Machine{2, 1, 4});
  int on_node0 = 0;
  for (const Slot& slot : s) on_node0 += slot.node == 0;
  EXPECT_EQ(on_node0, 4);
  EXPECT_THROW(mc::placement::traffic_placement(t, Machine{1, 1, 4}), std::invalid_argument);
}

TEST(Placement, ReadsTheTrafficMatrixOfARunReport) {
  const std::string path = testing::TempDir() + "placement_report.json";
  std::ofstream(path) << "{\"ranks\": 2,\n  \"traffic_bytes\": [[0, 1200], [34, 0]],\n"
                         "  \"traffic_messages\": [[0, 3], [4, 0]]}\n";
  const Traffic t = mc::placement::read_traffic(path);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0][1], 1200);
  EXPECT_EQ(t[1][0], 34);
  std::ofstream(path) << "{\"traffic_bytes\": [[0, 1], [2]]}\n";
  EXPECT_THROW(mc::placement::read_traffic(path), std::runtime_error);
  std::remove(path.c_str());
}
