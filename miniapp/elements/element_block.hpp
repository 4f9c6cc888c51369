// The seam between the time loop and the kinds of element. A block is a
// set of elements of one kind; it says which nodes each element touches
// (its corners), computes their forces and its stable step, lumps its mass
// and reports its energies. The loop, the nodal gather and the halo see
// only this interface and the corner array: corner c of element e keeps
// what it adds to its node (force, moment; or mass, rotary inertia when
// masses are lumped) at corner_offset(e, c), its components side by side
// (component k at offset + k): [corner][pack][lane][component],
// decomposition/parallel/views.hpp. The nodal gather reads a corner's six
// components from one or two cache lines (component-major packs put each
// in its own line with AVX-512's eight lanes), and where consecutive nodes
// meet consecutive elements it reads each corner's run front to back
// (packs whole, [pack][corner][lane][component], made it jump 1.1 KB on
// every 8 elements: node phase 27 -> 19 ns a node-cycle on the plate,
// docs/speed.md, "Corner runs").
// The Belytschko-Tsay shell (shell_bt/shell_block.hpp) is the one kind today.
#pragma once

#include <cstdint>

#include "decomposition/parallel/views.hpp"
#include "io/model.hpp"

namespace mc {

struct State;

// Components per corner in the corner array: force xyz, moment xyz.
inline constexpr int kCornerComponents = 6;

// Receives a block's element energies, one element at a time, in element order.
class EnergySink {
 public:
  virtual ~EnergySink() = default;
  virtual void add(int part, double internal, double hourglass, bool eroded) = 0;
};

// The first element that has collapsed or whose geometry is not finite.
struct BadElement {
  GlobalId id = -1, part = -1;  // -1: none found
  bool nonfinite = false;
};

class ElementBlock {
 public:
  virtual ~ElementBlock() = default;
  virtual const char* kind() const = 0;
  virtual int count(const State& s) const = 0;
  // Corner slots each element has in the corner array (its most nodes).
  virtual int corner_slots() const = 0;
  // Distinct nodes of element e (a degenerate element has fewer than its slots).
  virtual int corners(const State& s, int e) const = 0;
  virtual int node(const State& s, int e, int c) const = 0;  // local node of corner c
  virtual GlobalId id(const State& s, int e) const = 0;       // user id: orders sums model-wide
  virtual int part(const State& s, int e) const = 0;          // index into the part table
  // Each element's share of mass (component 0) and rotary inertia (1) at
  // each corner, written to the corner array; returns the mass that mass
  // scaling added.
  virtual double lump_mass(const Model& model, State& s) = 0;
  // Element phase with the step dt that led to the current positions:
  // stresses, corner forces, energies. Returns the smallest stable step
  // length over wave speed (before TSSFAC), or a negative value when an
  // element collapsed or its geometry is not finite.
  virtual double internal_force(State& s, Real dt) = 0;
  virtual void energies(const State& s, EnergySink& sink) const = 0;
  virtual BadElement first_bad_element(const State& s) const = 0;

  // Where the block's corners start in the corner array, and its packs (set
  // by the State's builder).
  std::int64_t corner_base = 0;
  std::int64_t corner_packs = 0;
  std::int64_t corner_values() const { return corner_packs * corner_slots() * kCornerComponents * kPackWidth; }
  // The block's part of the corner array as the kernels index it (corner_force).
  CornerForceView corner_view(Real* corners) const {
    return CornerForceView(corners + corner_base, static_cast<std::size_t>(corner_slots()),
                           static_cast<std::size_t>(corner_packs));
  }
  std::int64_t corner_offset(int e, int c) const {
    const std::int64_t slot = c * corner_packs + e / kPackWidth;
    return corner_base + (slot * kPackWidth + e % kPackWidth) * kCornerComponents;
  }
  // The element whose corner sits at `offset` (the inverse of corner_offset).
  int element_at(std::int64_t offset) const {
    const std::int64_t lane_slot = (offset - corner_base) / kCornerComponents;  // slot * kPackWidth + lane
    return static_cast<int>((lane_slot / kPackWidth) % corner_packs * kPackWidth + lane_slot % kPackWidth);
  }
};

}  // namespace mc
