// MAT_RIGID parts as rigid bodies: every cycle the forces and moments of the
// body's nodes are summed (one small Allreduce for all bodies together), the
// body's translational and Euler equations advanced, and its nodes given the
// rigid velocity field v = V + omega x (x - c).
#pragma once

#include "decomposition/parallel/communicator.hpp"
#include "io/vec3.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// The velocity that turns a point at r from the centre by omega over dt
// (exact on the circle; dt 0: the tangent omega x r).
Vec3 turn_velocity(const Vec3& omega, const Vec3& r, double dt);

// Mass, centre and initial velocities of each body from its nodes.
void initialize_rigid_bodies(State& state, Communicator& comm);

// After update_velocities: advances each body by dt_avg and overwrites its
// nodes' velocities.
void update_rigid_bodies(State& state, Communicator& comm, double dt_avg);

}  // namespace mc
