// Global and per-part energies for glstat/matsum: summed on the host at
// output times in a fixed order (deterministic), then across ranks.
#pragma once

#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/output_records.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Per-part sums; the global record is their total plus wall energies.
// Needs nodes.v_before/w_before (see keep_half_step_velocities).
// Keeps v^{n-1/2} before the velocity update of an output cycle.
void keep_half_step_velocities(State& state);

// This rank's terms of the per-part sums (owned nodes, its elements), and
// the records from their model-wide sums (one SumBatch with the other outputs).
// with_bodies: add the *PART_INERTIA bodies' terms (on one rank: every rank holds them).
std::vector<double> part_energy_terms(const State& state, bool with_bodies);
std::vector<PartRecord> part_records(const State& state, const double* sums);
// The nodes on no element (point masses, rigid bodies' extra nodes): in the
// totals (global_energies), in no part of matsum.
PartRecord off_element_record(const State& state, const double* sums);
// `contact`: the model-wide contact energy (ContactPhase::outputs).
// Collective: shells (alive) with plastic strain above zero at any integration point, model-wide.
std::int64_t yielded_shells(const State& state, Communicator& comm);
// A rigid wall's kinetic energy (a moving wall of mass) and the energy it took out.
double wall_kinetic_energy(const WallState& wall);
double stonewall_energy(const WallState& wall);
EnergyRecord global_energies(const State& state, const std::vector<PartRecord>& parts, double contact,
                             double initial_total);

}  // namespace mc
