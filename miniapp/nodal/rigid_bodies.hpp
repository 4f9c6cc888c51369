// MAT_RIGID parts as rigid bodies: every cycle the forces and moments of the
// body's nodes are summed (one small Allreduce for all bodies together), the
// body's translational and Euler equations advanced, and its nodes given the
// rigid velocity field v = V + omega x (x - c).
#pragma once

#include "decomposition/parallel/communicator.hpp"
#include "io/vec3.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// A body's turn by omega over dt: the ratios every point of it shares, so
// that each node costs two cross products (the sines, once per body).
struct BodyTurn {
  Vec3 omega;
  double dt = 0;
  double sin_ratio = 1, cos_ratio = 0;  // sin(a) / a and (1 - cos a) / a^2, a = |omega| dt
  BodyTurn(const Vec3& omega, double dt);
  // The velocity that turns a point at r from the centre (exact on the
  // circle; dt 0: the tangent omega x r). Inline: called out of line, its r
  // came back through memory, in halves the stores could not forward.
  Vec3 velocity(const Vec3& r) const {
    const Vec3 wr = cross(omega, r);
    if (!(dt > 0)) return wr;
    const Vec3 wwr = cross(omega, wr);
    return {wr[0] * sin_ratio + wwr[0] * dt * cos_ratio, wr[1] * sin_ratio + wwr[1] * dt * cos_ratio,
            wr[2] * sin_ratio + wwr[2] * dt * cos_ratio};
  }
};

inline Vec3 turn_velocity(const Vec3& omega, const Vec3& r, double dt) { return BodyTurn(omega, dt).velocity(r); }

// Mass, centre and initial velocities of each body from its nodes.
void initialize_rigid_bodies(State& state, Communicator& comm);

// After update_velocities: advances each body by dt_avg and overwrites its
// nodes' velocities.
void update_rigid_bodies(State& state, Communicator& comm, double dt_avg);

}  // namespace mc
