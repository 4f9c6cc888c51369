// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET / _RIGID: between BIRTH and DEATH
// a node's (a rigid body's) velocity or angular velocity along x, y, z or a
// vector over the step is set from the curve read from BIRTH on, t - BIRTH
// (the velocity at mid-step, the acceleration added to the last velocity,
// or the change of the displacement over the step, so a displacement counts
// from where the node is at BIRTH), after the walls and bodies and before
// positions advance (a body's, in its own update). A node turning about an
// axis (DOF 9-11) gets the velocity that carries it along its circle by the
// step's angle (DOF -9..-11: around the axis only, its radius left free).
// The constraint's impulse works through the mean of the velocities before
// and after, as the walls' does; that work is glstat's external work
// (LS-DYNA's energy ratio divides by initial energy plus it).
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

// The node motions (_NODE, _SET), after the walls and bodies.
void apply_prescribed_motions(State& state, double dt, double dt_avg);

// _RIGID, inside the body update: once the body's own velocity is advanced
// (from v_minus over dt_avg), its prescribed translations are set; the work
// is counted where `count` (one rank). The step that follows is state.dt_next.
void prescribe_body_velocity(State& state, std::size_t body, const std::array<double, 3>& v_minus, double dt_avg,
                             bool count);

// _RIGID DOF 5-8 (-8): the body's spin along `direction` over the next step.
struct SpinTarget {
  std::array<double, 3> direction;  // unit
  double rate;
};

// The spins prescribed on a body over the step that follows (omega_minus:
// its angular velocity before this update); the body update meets them all
// at once (rigid_bodies.cpp), since a moment about one axis turns a body
// about others where its inertia couples them.
std::vector<SpinTarget> body_spin_targets(const State& state, std::size_t body,
                                          const std::array<double, 3>& omega_minus, double dt_avg);

}  // namespace mc
