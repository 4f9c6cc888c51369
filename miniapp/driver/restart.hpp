// Restart: the evolving part of the State (positions, velocities, stresses,
// energies, rigid bodies, walls, the loop's carry) written per rank as one
// restart set, and read back into a State built from the same deck at the
// same np. Same np and ncpu then continue bitwise as the uninterrupted run.
#pragma once

#include <string>

#include "decomposition/parallel/communicator.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Collective. Writes <output_dir>/restart/cycle_N/ and keeps the newest two sets.
void write_restart_set(const State& state, const std::string& output_dir, const std::string& deck,
                       Communicator& comm);

// Rank 0: the deck named in the newest complete set under `path`.
std::string restart_deck(const std::string& path);

// Collective. Returns "" on success, or this rank's reason for refusing the
// set (wrong np, damaged or partial file, different model); the caller stops
// every rank if any rank refuses.
std::string read_restart_set(State& state, const std::string& path, Communicator& comm);

}  // namespace mc
