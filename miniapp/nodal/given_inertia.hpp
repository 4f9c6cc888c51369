// *PART_INERTIA bodies: the given mass, centre and inertia tensor stand in
// for the mesh's. What they differ by is a rigid mass distribution fixed to
// the body (RigidBody::given): added to the body's sums every cycle, moved
// with the body, and counted in its part's mass, momentum and kinetic energy.
#pragma once

#include <vector>

#include "io/vec3.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// The card's values for a body whose mass and energy its part `part` (an
// index in part_info) reports.
GivenInertia given_inertia(const RigidInertia& card, int part);

// At the start, from the body's node sums (mass, sum m x, inertia about the
// origin): the distribution that makes them the given ones, and the body's
// mass, centre and starting velocity and spin (the card's, not its nodes').
void start_given_inertia(RigidBody& body, double nodes_mass, const Vec3& nodes_first_moment,
                         const Sym3& nodes_inertia);

// Adds the distribution to a body's node sums.
void add_given_inertia(const GivenInertia& given, double& mass, Vec3& first_moment, Sym3& inertia);

// Moves each distribution with its body over dt (as update_positions moves the nodes).
void advance_given_inertias(State& state, double dt);

// The bodies' velocities before the step, for the kinetic energy (as keep_half_step_velocities).
void keep_given_inertia_velocities(State& state);

// Adds each body's mass, momentum and kinetic energy to its part's energy
// terms (kinetic at [1], mass at [3], momentum at [4..6] of `fields` a
// part): on one rank only, since every rank holds every body.
void add_given_inertia_energies(const State& state, double* part_terms, int fields);

// 1 for the nodes of *PART_INERTIA bodies (their part counts them as the
// body); empty without such bodies.
std::vector<char> nodes_on_given_bodies(const State& state);

}  // namespace mc
