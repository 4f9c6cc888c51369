// Requests that reach a running job from outside, decided on rank 0 and
// broadcast so that every rank acts on the same cycle:
//  - the stop request file (LS-DYNA's sense switches), looked for every N cycles:
//      echo stop   > minicrash.stop   # end cleanly now, restart set written
//      echo status > minicrash.stop   # print one progress line
//  - SIGTERM / SIGUSR1 (schedulers, before they kill a job): end cleanly,
//    restart set written;
//  - a wall-clock restart interval that has run out on rank 0.
#pragma once

#include <cstdint>
#include <string>

#include "decomposition/parallel/communicator.hpp"

namespace mc {


struct ExternalRequest {
  bool stop = false, status = false, checkpoint = false;
  bool output_failed = false;  // an output could not be written (stop is set too)
  int signal = 0;  // SIGTERM or SIGUSR1 when a signal asked to stop
};

// Installs the SIGTERM/SIGUSR1 handlers (main, once).
void install_stop_signals();

// Collective every `interval` cycles (one small Bcast), a no-op otherwise.
// The stop file is removed once read; unknown contents are reported and ignored.
// `output_failed_on_root`: rank 0 could not write an output; the run stops.
ExternalRequest poll_external_requests(const std::string& stop_file, std::int64_t cycle, std::int64_t interval,
                                       bool checkpoint_due_on_root, bool output_failed_on_root, Communicator& comm);

}  // namespace mc
