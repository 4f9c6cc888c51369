// How far each block of nodes stands from each fixed planar wall, kept by
// the position update for the next cycle's wall pass. That pass read every
// wall node's x and v (48 bytes) to find the few that may hit the wall: on
// the Neon-like deck, one wall over all nodes, 4 % of the run, the bytes
// fetched again from beyond the L2. The position update has x in registers,
// so a gap per node there costs a few flops; the velocity update bounds how
// far any node can travel in a step (gather_forces_and_accelerate). A block
// whose least gap exceeds that travel cannot hold a node the wall test
// would pass, so the wall pass skips it unread (rigid_walls.cpp), and the
// nodes it does test are the same: the same bits. Only a wall over every
// node (NSID 0, the crash benchmarks' ground or barrier) keeps gaps: for a
// wall over a few nodes, gaps at every node would cost more than its pass.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "decomposition/parallel/blocked_for.hpp"
#include "miniapp/nodal/wall_shapes.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// A wall that neither moves nor is moved: its plane is the same next cycle.
inline bool fixed_plane(const WallState& wall) {
  return wall.shape.kind == WallShape::Kind::Plane && !wall.moving && !wall.prescribed;
}

// Whether the wall's slots are this rank's nodes in order: its blocks of
// slots (for_list_blocks) are then the node blocks.
inline bool over_every_node(const WallState& wall, int nodes) {
  if (static_cast<int>(wall.nodes.size()) != nodes) return false;
  for (std::size_t i = 0; i < wall.nodes.size(); ++i)
    if (wall.nodes[i] != static_cast<int>(i)) return false;
  return true;
}

struct FixedPlane {
  double point[3], axis[3], position;
};

class WallGaps {
 public:
  explicit WallGaps(const State& s) : wall_plane_(s.walls.size(), -1) {
    for (std::size_t w = 0; w < s.walls.size(); ++w) {
      const WallState& wall = s.walls[w];
      if (!fixed_plane(wall) || !over_every_node(wall, s.nodes.count())) continue;
      FixedPlane plane{};
      for (int k = 0; k < 3; ++k) {
        plane.point[k] = wall.point[k];
        plane.axis[k] = wall.normal[k];
      }
      plane.position = wall.position;
      planes_.push_back(plane);
      wall_plane_[w] = static_cast<int>(planes_.size() - 1);
    }
  }

  // For the position update: plane p's least gap over node block b goes to
  // least(blocks)[p * blocks + b]; the gaps hold from then to the next wall pass.
  int planes() const { return static_cast<int>(planes_.size()); }
  const FixedPlane* plane_data() const { return planes_.data(); }
  double* least(int blocks) {
    blocks_ = blocks;
    least_.resize(planes_.size() * static_cast<std::size_t>(blocks));  // every entry written there
    return least_.data();
  }

  // For the wall pass: whether wall w's nodes in node block b stand farther
  // than `reach` from it (false where no gaps are kept: every node is read).
  // NaN gaps or reach skip nothing. Wall w's slot block b is node block b.
  bool kept(std::size_t w) const { return blocks_ > 0 && wall_plane_[w] >= 0; }
  bool beyond(std::size_t w, int block, double reach) const {
    return least_[static_cast<std::size_t>(wall_plane_[w]) * static_cast<std::size_t>(blocks_) +
                  static_cast<std::size_t>(block)] > reach;
  }
  // After the wall pass, until the next position update, no gap is known.
  void spend() { blocks_ = 0; }

 private:
  std::vector<FixedPlane> planes_;
  std::vector<int> wall_plane_;  // per wall: its plane, -1 none
  std::vector<double> least_;
  int blocks_ = 0;  // 0: no gaps kept
};

}  // namespace mc
