// The run's control beside the physics: requests from outside (stop file,
// signals), restart sets (every N cycles, every T wall seconds, on request)
// and the progress line. Decisions that all ranks must share are made on
// rank 0 and broadcast (stop_request.hpp).
#pragma once

#include <string>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/driver/stop_request.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

class RunControl {
 public:
  // `s`: the state the run starts from (a restart's), for the ETA.
  RunControl(const RunSettings& rs, double start, const State& s);
  // Collective every stop_check_cycles cycles: what outside asked for.
  // `output_failed`: rank 0 could not write an output (OutputSchedule::failure).
  ExternalRequest poll(const State& s, bool output_failed, Communicator& comm);
  // Collective: the restart set, when one is due after the cycle just done
  // (`last`: the run ends with it; `pause`: a redecomposition follows it,
  // which always needs one); `outputs` goes into its manifest.
  void checkpoint(const State& s, const ExternalRequest& request, bool last, bool pause,
                  const OutputLengths& outputs, Communicator& comm);
  // Rank 0, every progress_seconds of wall time.
  void progress(const State& s, const Communicator& comm);
  void print_progress(const State& s) const;

 private:
  const RunSettings& rs_;
  double fraction(const State& s) const;  // of the whole run (from cycle 0) done at s
  double start_, last_checkpoint_, next_progress_, start_fraction_;
};

}  // namespace mc
