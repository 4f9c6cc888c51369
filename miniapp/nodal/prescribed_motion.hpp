// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET: between BIRTH and DEATH a node's
// x, y or z velocity over the step is set from the curve (the velocity at
// mid-step, the acceleration added to the last velocity, or the change of the
// displacement over the step), after the walls and bodies and before
// positions advance. The constraint's impulse works through the mean of the
// velocities before and after, as the walls' does; that work is glstat's
// external work (LS-DYNA's energy ratio divides by initial energy plus it).
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

void apply_prescribed_motions(State& state, double dt, double dt_avg);

}  // namespace mc
