// What a run is asked to do: end, outputs, checkpoints, progress, guards.
// From the deck's controls, with command-line overrides (run_settings()).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "io/model.hpp"
#include "miniapp/driver/compute_costs.hpp"
#include "miniapp/driver/options.hpp"

namespace mc {

struct State;

struct RunSettings {
  std::string title;
  double end_time = 0;
  std::int64_t end_cycle = 0;     // 0: no cycle limit
  double tssfac = 0.9;
  double dt_min_factor = 0;       // stop when dt < factor * first dt (DTMIN)
  double glstat_dt = 0, matsum_dt = 0, rwforc_dt = 0, rcforc_dt = 0;
  double d3plot_dt = 0;           // plot state interval (binary d3plot and ParaView); 0: none
  double nodout_dt = 0;           // *DATABASE_NODOUT
  std::vector<GlobalId> history_nodes;  // *DATABASE_HISTORY_NODE: nodout's nodes
  bool plot_vtk = true, plot_d3plot = true;   // plot=: which plot formats
  std::int64_t d3plot_family_bytes = 1024ll << 20;  // d3plot_mb=: bound on each d3plot family file
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
  bool restart_end = false;       // also when the run ends normally
  // A redecomposition: the cycle that reaches this time is this segment's
  // last; it writes a restart set and the run goes on from it (0: none).
  double pause_time = 0;
  std::string deck;               // recorded in the restart manifest
  std::string resume_from;        // r=: the restart set (or directory) the run resumed from; empty: none
  // Numerical fault when total / initial total energy exceeds this at an
  // output (0: never).
  double max_energy_ratio = 1.5;
  // Modeled compute (compute_costs=): none by default.
  ComputeCosts compute_costs;
};

// Deck controls, with command-line overrides.
RunSettings run_settings(const Model& model, const Options& options);

}  // namespace mc
