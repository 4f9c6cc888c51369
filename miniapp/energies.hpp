// Global and per-part energies for glstat/matsum: summed on the host at
// output times in a fixed order (deterministic), then across ranks.
#pragma once

#include <vector>

#include "decomposition/communicator.hpp"
#include "io/output_records.hpp"
#include "miniapp/state.hpp"

namespace mc {

// Per-part sums; the global record is their total plus wall energies.
std::vector<PartRecord> part_energies(const State& state, Communicator& comm);
EnergyRecord global_energies(const State& state, const std::vector<PartRecord>& parts,
                             double initial_total);

}  // namespace mc
