// The explicit time loop (DESIGN.md section 3): element forces, global
// stable step, nodal update, rigid bodies, rigid walls, outputs.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/halo/halo.hpp"
#include "io/model.hpp"
#include "io/output/output_records.hpp"
#include "miniapp/driver/options.hpp"
#include "miniapp/driver/phase_timers.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

struct RunSettings {
  std::string title;
  double end_time = 0;
  std::int64_t end_cycle = 0;     // 0: no cycle limit
  double tssfac = 0.9;
  double dt_min_factor = 0;       // stop when dt < factor * first dt (DTMIN)
  double glstat_dt = 0, matsum_dt = 0, rwforc_dt = 0, rcforc_dt = 0;
  double d3plot_dt = 0;           // ParaView output interval; 0: none
  std::string output_dir = ".";
  bool write_files = true;        // false for tests that inspect the state only
  double progress_seconds = 10;   // 0: none
  bool quiet = false;
  // Called after every cycle with the advanced state (tests, probes).
  std::function<void(const State&)> after_cycle;
  // Rank 0 looks for this file every stop_check_cycles cycles: "stop" ends the
  // run cleanly, "status" prints a progress line (LS-DYNA's sense switches).
  std::string stop_file;          // empty: no checks
  std::int64_t stop_check_cycles = 100;
  // Restart sets: every N cycles and/or every T wall seconds (0: never), and
  // always when a stop request or signal ends the run. Written under output_dir.
  std::int64_t restart_every = 0;
  double restart_seconds = 0;
  std::string deck;               // recorded in the restart manifest
  // Numerical fault when total / initial total energy exceeds this at an
  // output (0: never).
  double max_energy_ratio = 1.5;
};

// Deck controls, with command-line overrides.
RunSettings run_settings(const Model& model, const Options& options);

// A numerical fault detected during the run (exit code kExitNumerical).
class NumericalFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunResult {
  std::string termination = "normal termination";
  int stop_signal = 0;            // the signal that ended the run, 0 if none
  std::int64_t cycles = 0;        // done by this run (a restarted run starts past 0)
  double elapsed = 0;             // wall seconds of the time loop
  EnergyRecord first, last;       // energies at start and end
  PhaseTimers timers;
  std::int64_t contact_pairs = -1; // node-segment pairs this rank checked; -1: no contact
  std::int64_t contact_nodes = 0;  // contact nodes this rank owns
};

// Runs to termination. Throws NumericalFault on every rank at once. With a
// halo (more than one rank) shared-node forces are summed every cycle.
RunResult run_simulation(State& state, const RunSettings& settings, Communicator& comm, Halo* halo = nullptr);

}  // namespace mc
