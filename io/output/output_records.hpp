// Plain records the solver hands to the writers (glstat, matsum, rwforc,
// run report). The writers never see solver state.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/model.hpp"

namespace mc {

struct EnergyRecord {
  double time = 0, dt = 0;
  std::int64_t cycle = 0;
  double kinetic = 0, internal = 0, hourglass = 0;
  double contact = 0;          // sliding interface energy (contact issue)
  double stonewall = 0;        // energy taken out by rigid walls
  double eroded_internal = 0;  // internal energy of eroded elements
  std::int64_t eroded_shells = 0;
  double total = 0;            // all of the above
  double external_work = 0;    // of the prescribed motions (not in total)
  double ratio = 1;            // total / (initial total + external work), as LS-DYNA's
  double mass = 0, added_mass = 0;
  std::array<double, 3> momentum{};
};

struct PartRecord {
  GlobalId id = 0;
  std::string title;
  double internal = 0, kinetic = 0, hourglass = 0, mass = 0;
  std::array<double, 3> momentum{};
  double eroded_internal = 0;  // internal energy of its eroded shells (not in `internal`)
  std::int64_t eroded_shells = 0;
};

struct ContactRecord {
  GlobalId id = 0;  // the interface's CID (or its position in the deck)
  std::array<double, 3> slave_force{}, master_force{};
  double energy = 0;  // penalty energy stored + friction and damping (VDC) work so far
  std::int64_t active_pairs = 0;
};

struct WallRecord {
  int id = 0;  // 1-based, in deck order
  double normal_force = 0;
  std::array<double, 3> force{};
  std::array<double, 3> position{};  // a point of the wall where it is now (moving walls move it)
  double stonewall = 0;              // the energy it took out (glstat's stonewall energy of this wall)
};

}  // namespace mc
