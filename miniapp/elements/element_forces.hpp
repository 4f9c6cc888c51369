// The element phase of a cycle: every block's internal_force.
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

// Returns the smallest stable step length over wave speed of all blocks
// (before TSSFAC), or -1 when an element of any block collapsed.
double element_forces(State& state, Real dt);

}  // namespace mc
