// Element phase: shell internal forces, stresses and the element stable step.
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

// Updates stresses with the strain increment of step `dt` (the step that
// led to the current positions), writes corner forces, accumulates element
// internal and hourglass energy. Returns min over deformable elements of
// L_e / c_e (before TSSFAC); negative when an element has collapsed or
// inverted (zero/negative area) or the geometry is not finite.
// `force`: the shells' part of the corner array (ShellBlock).
double shell_internal_force(State& state, const CornerForceView& force, Real dt);

// Whether the phase writes a corner array of `bytes` with non-temporal
// stores (simd.hpp, store_lane_major): AVX-512 (doubles or floats) and a large enough
// share of it a thread.
bool corner_stores_stream(double bytes);

}  // namespace mc
