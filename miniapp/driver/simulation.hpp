// The explicit time loop (DESIGN.md section 3): element forces, global
// stable step, contact, nodal forces and shared-node sums, velocities,
// rigid bodies, rigid walls, outputs, positions; the same path on one rank
// as on many (an empty halo).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/halo/halo.hpp"
#include "io/model.hpp"
#include "io/output/output_records.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/driver/phase_timers.hpp"
#include "miniapp/driver/step_control.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

struct RunResult {
  std::string termination = "normal termination";
  int stop_signal = 0;            // the signal that ended the run, 0 if none
  bool output_failed = false;     // stopped because an output could not be written
  bool paused = false;            // stopped at RunSettings::pause_time, restart set written
  std::int64_t cycles = 0;        // done by this run (a restarted run starts past 0)
  double elapsed = 0;             // wall seconds of the time loop
  EnergyRecord first, last;       // energies at start and end
  PhaseTimers timers;
  bool compute_modeled = false;   // compute_costs= was given
  PhaseTimers modeled;            // and the modeled compute per phase,
  double modeled_messages = 0;    // and of point-to-point messages (in their phases)
  std::int64_t contact_pairs = -1; // node-segment pairs this rank checked; -1: no contact
  std::int64_t contact_nodes = 0;  // contact nodes this rank owns
};

// A numerical fault with what the run did up to it (cycles, phase times,
// the energies of the last output), for the summary and the report.
class FaultedRun : public NumericalFault {
 public:
  FaultedRun(const NumericalFault& fault, RunResult run) : NumericalFault(fault), result(std::move(run)) {}
  RunResult result;
};

// Runs to termination. Throws FaultedRun on every rank at once. With a
// halo (more than one rank) shared-node forces are summed every cycle.
RunResult run_simulation(State& state, const RunSettings& settings, Communicator& comm, Halo* halo = nullptr);

}  // namespace mc
