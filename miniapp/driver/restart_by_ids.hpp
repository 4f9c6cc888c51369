// A restart at another np or partition (restart.cpp): rank 0 reads each
// old rank file once and sends every rank its piece of it
// (restart_splitter.hpp); each rank takes its nodes (from the old rank that
// owned them) and elements by global id.
#pragma once

#include <string>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/driver/restart_rank_file.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Collective. "" on success, else this rank's reason for refusing the set
// (rank 0 alone gives the reasons it found reading the files).
std::string restore_by_ids(State& state, const std::string& set_dir, const RestartManifest& m,
                           const ModelCounts& counts, Communicator& comm);

}  // namespace mc
