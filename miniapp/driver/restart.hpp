// Restart: the evolving part of the State (positions, velocities, stresses,
// energies, rigid bodies, walls, the loop's carry) written per rank as one
// restart set, with the global ids of each rank's nodes and elements, and
// read back into a State built from the same deck at any np and partition.
// Same np and partition restore each rank's arrays as written, so the run
// continues bitwise as the uninterrupted one; otherwise rank 0 reads the
// set and each rank takes its nodes (from the rank that owned them) and
// elements by global id (restart_by_ids.hpp).
#pragma once

#include <ostream>
#include <string>
#include <unordered_map>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/partition/partition.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Collective. Writes <output_dir>/restart/cycle_N/ and keeps the newest two
// sets; the manifest records `outputs` (rank 0's history files and the
// lengths a resumed run keeps of them).
void write_restart_set(const State& state, const std::string& output_dir, const std::string& deck,
                       const OutputLengths& outputs, Communicator& comm);

// Rank 0, when a run resumes from the newest set under `path` and writes to
// `output_dir`: true when that is the set's own output directory. Then
// every history file the set recorded is cut back to its recorded length
// (one truncate each, so a kill during the cut leaves a usable file) and
// the run continues it; a file shorter than recorded is kept with a
// warning on `log`. False: another directory, whose histories start afresh.
bool continue_outputs_of_set(const std::string& path, const std::string& output_dir, std::ostream& log);

// Rank 0, before partitioning a restart that rebalances: points that yielded
// in the set's last cycle and contact pairs checked per cycle, by element id
// (elements with none left out). Reads every rank file of the set once.
// Throws InputError for a bad set.
MeasuredWork restart_measured_work(const std::string& path);

// Rank 0: the deck named in the newest complete set under `path`.
std::string restart_deck(const std::string& path);

// Collective. Returns "" on success, or this rank's reason for refusing the
// set (damaged or partial file, different model or precision); the caller
// stops every rank if any rank refuses.
std::string read_restart_set(State& state, const std::string& path, Communicator& comm);

}  // namespace mc
