// One rank's mesh at one output time, as the ParaView writer sees it: plain
// arrays in local numbering, no solver types (built by miniapp/vtk_snapshot).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mc {

struct MeshSnapshot {
  double time = 0;
  int rank = 0;
  // Per node, 3 values each: current position, displacement, velocity.
  std::vector<double> x, displacement, velocity;
  std::vector<std::int64_t> node_id;
  // Per shell, 4 local node indices; n3 == n4 is a triangle.
  std::vector<std::int64_t> connectivity;
  // Per shell: max over the through-thickness points.
  std::vector<double> plastic_strain, von_mises;
  std::vector<std::int64_t> part_id, element_id;

  std::size_t node_count() const { return x.size() / 3; }
  std::size_t cell_count() const { return connectivity.size() / 4; }
};

}  // namespace mc
