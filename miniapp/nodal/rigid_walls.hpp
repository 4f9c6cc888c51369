// *RIGIDWALL_PLANAR(_MOVING): a kinematic stonewall. A slave node that would
// cross the plane during the next step has its normal velocity (relative to
// the wall) set so that it arrives on the plane; friction removes tangential
// velocity (FRIC = 1: no slip; 0 < FRIC < 1: Coulomb on the normal impulse).
// The impulse per step gives the wall force (rwforc); its work is the
// stonewall energy of glstat. A moving wall of finite mass
// takes the opposite impulse.
#pragma once

#include "decomposition/parallel/communicator.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

class WallGaps;  // wall_gaps.hpp

// After the velocity update (which used dt_avg) and before the rigid bodies'
// (a body node's impulse is added to its force, for its body to take), then
// positions advance by dt. Collective only when the model has a moving wall.
// roles: node_roles (nodal_update.hpp), to find each hit node's net force.
// gaps: the fixed planes' least gaps per node block from the last position
// update (none kept: every node is read), spent here; fastest: the largest
// |v_x| + |v_y| + |v_z| the velocity update left (wall_gaps.hpp).
void apply_rigid_walls(State& state, const ByteView& roles, Communicator& comm, double dt, double dt_avg,
                       WallGaps& gaps, double fastest);
// After the rigid bodies' update: the work of the impulses on body nodes,
// with the velocities their bodies gave them.
void account_body_wall_work(State& state);

// At outputs: this rank's wall impulses and stonewall energy, and the wall
// forces and energies from their model-wide sums (one SumBatch with the other outputs).
std::vector<double> wall_output_terms(const State& state);
void set_wall_outputs(State& state, const double* sums);

}  // namespace mc
