// The stop request file (LS-DYNA's sense switches): rank 0 looks for it every
// N cycles and broadcasts what it says, so all ranks act on the same cycle.
//   echo stop   > minicrash.stop   # end cleanly now (outputs and report written)
//   echo status > minicrash.stop   # print one progress line
#pragma once

#include <cstdint>
#include <string>

#include "decomposition/communicator.hpp"

namespace mc {

enum class StopRequest : std::int64_t { None = 0, Stop = 1, Status = 2 };

// Collective every `interval` cycles (one small Bcast), a no-op otherwise.
// The file is removed once read; unknown contents are reported and ignored.
StopRequest poll_stop_request(const std::string& path, std::int64_t cycle, std::int64_t interval,
                              Communicator& comm);

}  // namespace mc
