// What contact reads of the solver's state, and where it writes: the nodes
// (x^n, v^{n-1/2}, lumped masses, user ids, which ones this rank owns), the
// shells that can be segments (corner nodes with n3 == n4 for triangles,
// alive flags, user ids, parts, thicknesses) and each part's elasticity
// for the penalty stiffness. The solver fills it from its State
// (miniapp/state/contact_mesh.cpp); contact never sees the State itself.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "decomposition/parallel/views.hpp"
#include "io/model.hpp"

namespace mc {

struct ContactPart {
  GlobalId id = 0;
  double youngs = 0, poisson = 0;
};

struct ContactMesh {
  ConstView<Vec3View> x, v;
  ConstView<RealView> mass;
  Vec3View force;  // out: this rank's share of the contact force at each node
  const std::vector<GlobalId>* node_ids = nullptr;
  const std::vector<std::uint8_t>* owned = nullptr;  // empty: every node is owned
  ConstView<Conn4View> shell_nodes;
  ConstView<ByteView> alive;
  ConstView<IntView> shell_part;  // index into parts
  ConstView<RealView> shell_thickness;
  const std::vector<GlobalId>* shell_ids = nullptr;
  std::vector<ContactPart> parts;
  int node_count() const { return static_cast<int>(x.extent(0)); }
  int shell_count() const { return static_cast<int>(shell_nodes.extent(0)); }
};

// Where the run is: the contact phase of a cycle works on x^n and v^{n-1/2}
// with the step dt^{n-1/2} that led to them.
struct ContactClock {
  double time = 0;
  std::int64_t cycle = 0;
  double dt = 0;
  double soft_dt = 0;  // SOFT 1's dt_c: the largest agreed step so far
  // A bound on how far any of this rank's nodes moved over that step
  // (update_positions); unknown, the sort test reads every node.
  double node_travel = std::numeric_limits<double>::infinity();
};

}  // namespace mc
