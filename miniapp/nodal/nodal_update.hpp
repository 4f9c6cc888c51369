// Nodal phase of a cycle (central difference, lumped mass), the same on
// one rank as on many: each node gathers its terms and, unless other ranks
// hold it too, advances its velocity in the same pass; the halo completes
// the shared nodes (nothing to do on one rank), whose velocities advance
// then; positions advance after the walls and bodies.
#pragma once

#include "decomposition/halo/halo.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

class WallGaps;  // wall_gaps.hpp

// Each node's net force and moment: the sum of its corner terms in the
// order of nodes.force_terms (deterministic for any thread count; the
// stressless shells' -0 corners left out), then this rank's contact share.
void gather_nodal_forces(State& state);
// What the node phase does at a node (node_roles, a byte a node).
constexpr std::uint8_t kNodeAdvances = 0;    // its velocity advances in the gather; f and m not stored
constexpr std::uint8_t kNodeShared = 1;      // other ranks hold it: the halo stores its sums, then it advances
constexpr std::uint8_t kNodeKeepsForce = 2;  // advances, and keeps f and m for a rigid body or a motion
// The gather, then v^{n+1/2} = v^{n-1/2} + (f/m) dt_avg (SPC'd components
// held at zero) at every node not shared, by the nodes' roles (an empty
// view: every node advances and stores f and m). With `bound_speed`
// returns the largest |v_x| + |v_y| + |v_z| of the nodes it advanced (for
// the wall gaps, wall_gaps.hpp), else infinity (no bound): only a model
// whose walls keep gaps pays for the maximum.
double gather_forces_and_accelerate(State& state, const ByteView& roles, Real dt_avg, bool bound_speed);
// The role of each of this rank's nodes, for the run's whole life (rigid
// bodies and prescribed motions do not gain nodes).
ByteView node_roles(const State& state, const Halo& halo);
// Node n's net force of this cycle after the node phase, bit for bit what
// the gather summed: f where it is stored, else its terms summed again.
void net_force(const State& state, const ByteView& roles, int n, Real out[3]);
// Shared nodes: the complete sums over every rank holding them.
void sum_shared_forces(State& state, Halo& halo, Communicator& comm);
// The velocity update at the shared nodes, once their sums are complete;
// with `bound_speed` returns their largest |v_x| + |v_y| + |v_z|, else infinity.
double accelerate_shared(State& state, const Halo& halo, Real dt_avg, bool bound_speed);
// x^{n+1} = x^n + v^{n+1/2} dt; returns a bound on the farthest any node
// moved (contact's sort test skips its pass while nodes cannot have moved far).
// With `gaps`, each node block's least gap to each fixed planar wall, for
// the next wall pass (wall_gaps.hpp).
double update_positions(State& state, Real dt, WallGaps* gaps = nullptr);

// Lumped nodal masses and rotary inertias from the mass shares the blocks
// wrote to the corner array (build_state), completed at shared nodes.
void gather_nodal_masses(State& state);
void sum_shared_masses(State& state, Halo& halo, Communicator& comm);

}  // namespace mc
