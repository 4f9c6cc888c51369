// When a weld lets go (*CONSTRAINED_SPOTWELD, *CONSTRAINED_GENERALIZED_WELD_SPOT).
// A weld is a rigid body of its nodes; the force it carries at a node is the
// constraint force, what the node needs beyond its own nodal force to move
// with the body: F = m (v_rigid - v_free) / dt (a rigid wall's push on a
// weld node, which goes to the body, counts as carried). At each node it splits into
// a normal part fn along the unit vector from the node to the weld's centre
// (positive in tension: the weld pulls the node in) and a shear part fs.
// The weld fails when, at any of its nodes,
//   (max(fn, 0) / SN)^N + (|fs| / SS)^M >= 1
// (LS-DYNA Keyword User's Manual, *CONSTRAINED_SPOTWELD; a term is left out
// where SN or SS is 0), or at its failure time. Each rank tests its owned
// nodes; their votes ride in the next cycle's body sums, so every rank
// releases the weld in the same cycle, one cycle after the force reached the
// criterion.
#pragma once

#include <array>

#include "io/vec3.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// The left side of the criterion for a normal force fn and a shear force fs.
double weld_failure_measure(const WeldFailure& failure, double fn, double fs);

// Splits the constraint force `force` on a node at `x` of a weld centred at
// `center` into the normal (tension > 0) and shear magnitudes.
std::array<double, 2> weld_force_parts(const Vec3& force, const Vec3& x, const Vec3& center);

// Adds a vote to `body` for each of its owned nodes whose constraint force
// meets the criterion; v_free holds their velocities before the body's were
// imposed, in the order of body.nodes (owned nodes only are read).
void vote_weld_failure(const State& state, RigidBody& body, const std::vector<Vec3>& v_free,
                       double dt_avg);

// Welds whose failure time has come fail now (every rank sees the same time).
void fail_welds_at_time(State& state);

}  // namespace mc
