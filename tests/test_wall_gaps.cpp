// The wall pass skips node blocks whose least gap to a fixed plane, kept by
// the position update, exceeds the farthest any node can travel in a step
// (miniapp/nodal/wall_gaps.hpp). Skipping must change no bit: a tilted
// plate sliding onto a fixed plane ends exactly as on the same plane given a
// motion of zero, whose pass reads every node; and the gaps kept are each
// block's exact least, NaN where a node's position is.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/nodal/wall_gaps.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

// A 40 x 40 mm plate (1681 nodes: 7 blocks of 256, each about six rows
// along x) tilted from z = 0.2 at y = 0 to z = 1 at y = 40, moving at
// (1, 0.5, -10) mm/ms toward the plane z = 0: the blocks' first rows reach
// it in different cycles, each at its own fraction of a step, over
// 0.02-0.1 ms.
// `standing`: the plane has a motion of zero velocity (not a fixed plane).
Model sliding_plate(bool standing) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 40;
  spec.lx = spec.ly = 40;
  Model m = test::plate_model(spec);
  for (Node& n : m.nodes) n.x[2] = 0.2 + 0.02 * n.x[1];
  InitialVelocity iv;
  iv.all_nodes = true;
  iv.v = {1, 0.5, -10};
  m.initial_velocities.push_back(iv);
  RigidWall wall;
  wall.all_nodes = true;
  wall.tail = {0, 0, 0};
  wall.head = {0, 0, 1};
  if (standing) {
    Curve still;
    still.id = 7;
    still.x = {0, 10};
    still.y = {0, 0};
    m.curves[still.id] = still;
    wall.motion.curve = still.id;
    wall.motion.direction = {0, 0, 1};
  }
  m.rigid_walls.push_back(wall);
  return m;
}

TEST(WallGaps, SkippedBlocksGiveTheBitsOfAWallThatReadsEveryNode) {
  constexpr double kEnd = 0.15;  // ms: every row has landed and slid on
  Model fixed_model = sliding_plate(false), standing_model = sliding_plate(true);
  State fixed = build_state(fixed_model, whole_model_mesh(fixed_model));
  State standing = build_state(standing_model, whole_model_mesh(standing_model));
  ASSERT_TRUE(fixed_plane(fixed.walls[0]));
  ASSERT_FALSE(fixed_plane(standing.walls[0])) << "the reference must read every node";
  const RunResult a = test::run_quietly(fixed, kEnd);
  const RunResult b = test::run_quietly(standing, kEnd);
  ASSERT_EQ(fixed.cycle, standing.cycle);
  EXPECT_GT(a.last.stonewall, 0.0) << "the plate never reached the wall";
  EXPECT_EQ(a.last.stonewall, b.last.stonewall);
  int differ = 0;
  for (int n = 0; n < fixed.nodes.count(); ++n)
    for (int k = 0; k < 3; ++k)
      differ += fixed.nodes.x(n, k) != standing.nodes.x(n, k) || fixed.nodes.v(n, k) != standing.nodes.v(n, k);
  EXPECT_EQ(differ, 0) << "node coordinates that differ, of " << 6 * fixed.nodes.count();
  for (int n = 0; n < fixed.nodes.count(); ++n) ASSERT_GE(fixed.nodes.x(n, 2), -1e-12) << "node " << n;
}

TEST(WallGaps, PositionUpdateKeepsEachBlocksExactLeastGap) {
  Model m = sliding_plate(false);
  State s = build_state(m, whole_model_mesh(m));
  const WallState& wall = s.walls[0];
  WallGaps gaps(s);
  ASSERT_EQ(gaps.planes(), 1);
  EXPECT_FALSE(gaps.kept(0)) << "no position update yet";
  const int blocks = list_blocks(static_cast<std::size_t>(s.nodes.count()));
  ASSERT_EQ(blocks, 7);
  const int block = static_cast<int>(kListBlock);
  const auto least_of = [&](int b) {
    double least = std::numeric_limits<double>::infinity();
    for (int n = b * block; n < std::min(s.nodes.count(), (b + 1) * block); ++n)
      least = std::min(least, plane_gap<double>(wall.point.data(), wall.normal.data(), wall.position, s.nodes.x(n, 0),
                                                s.nodes.x(n, 1), s.nodes.x(n, 2)));
    return least;
  };
  update_positions(s, Real(0), &gaps);  // x unchanged: x + 0 v
  ASSERT_TRUE(gaps.kept(0));
  for (int b = 0; b < blocks; ++b) {
    const double least = least_of(b);
    EXPECT_GE(least, 0.2 - 1e-12) << "block " << b;
    EXPECT_TRUE(gaps.beyond(0, b, std::nextafter(least, -1.0))) << "block " << b;
    EXPECT_FALSE(gaps.beyond(0, b, least)) << "block " << b;
  }
  gaps.spend();
  EXPECT_FALSE(gaps.kept(0));
  // A NaN position: its block is never beyond any reach; the others still are.
  s.nodes.x(300, 2) = std::numeric_limits<Real>::quiet_NaN();
  update_positions(s, Real(0), &gaps);
  EXPECT_FALSE(gaps.beyond(0, 1, -1e300));
  EXPECT_TRUE(gaps.beyond(0, 0, 0.1));
  EXPECT_TRUE(gaps.beyond(0, 2, 0.1));
}

// A fixed plane over some of the nodes keeps no gaps (its own pass reads
// fewer bytes than gaps at every node would cost); nor does a plane over
// every node whose list is out of the nodes' order.
TEST(WallGaps, OnlyAFixedPlaneOverEveryNodeInOrderKeepsGaps) {
  Model m = sliding_plate(false);
  State s = build_state(m, whole_model_mesh(m));
  s.walls[0].nodes.pop_back();
  EXPECT_EQ(WallGaps(s).planes(), 0);
  s.walls[0].nodes.push_back(s.nodes.count() - 1);
  std::swap(s.walls[0].nodes[0], s.walls[0].nodes[1]);
  EXPECT_EQ(WallGaps(s).planes(), 0);
  std::swap(s.walls[0].nodes[0], s.walls[0].nodes[1]);
  WallGaps gaps(s);
  EXPECT_EQ(gaps.planes(), 1);
  update_positions(s, Real(0), &gaps);
  EXPECT_TRUE(gaps.kept(0));
}

}  // namespace
}  // namespace mc
