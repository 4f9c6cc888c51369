// Nodal phase of a cycle (central difference, lumped mass).
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

// Gathers the corner forces of each node in a fixed order (deterministic for
// any thread count), stores the net force/moment, and advances velocities:
// v^{n+1/2} = v^{n-1/2} + (f/m) dt_avg, with SPC'd components held at zero.
void update_velocities(State& state, Real dt_avg);

// The same in two steps, for subdomains: the shared nodes' partial forces
// are completed between them (Halo::sum_shared).
void gather_nodal_forces(State& state);
void integrate_velocities(State& state, Real dt_avg);

// x^{n+1} = x^n + v^{n+1/2} dt.
void update_positions(State& state, Real dt);

}  // namespace mc
