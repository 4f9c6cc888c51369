// Command line: LS-DYNA style key=value (i=deck.k ncpu=2) and the same as
// --long-flags. Every option is documented in docs/options.md and by --help.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace mc {

struct Options {
  std::string input;                 // i= | --input; gen= sets it to "gen=PRESET scale=S ..."
  std::string generator;             // gen= | --gen: a minicrash-gen preset built in memory
  double scale = 0;                  // scale= | --scale: the preset's scale (0: its default)
  int curve_points = 0;              // curve_points= | --curve-points: MAT_024 hardening as curves (0: lines)
  int threads = 1;                   // ncpu= | --threads (OpenMP threads per rank)
  std::string output_dir = ".";      // odir= | --output-dir
  double end_time = -1;              // endtim= | --endtim (overrides *CONTROL_TERMINATION)
  std::int64_t cycles = -1;          // cycles= | --cycles (stop after N cycles)
  double progress_seconds = 10;      // --progress S (0: off)
  std::string report = "minicrash_report.json";  // --report FILE (relative to output dir)
  std::string partition = "rcb";     // partition= | --partition: rcb, rcb-contact, metis, metis-mc
  std::string weights;               // weights= | --weights: element work weights (decomposition/partition/work_weights.hpp)
  std::string compute_costs;         // compute_costs= | --compute-costs: modeled compute (miniapp/driver/compute_costs.hpp)
  bool rebalance = false;            // rebalance= | --rebalance 0|1: a restart weights elements by their last cycle's yielding
  // redecompose= | --redecompose F: partition anew during the run, every F of
  // time (F > 0) or |F| times (F < 0), 0 never; overrides the deck's
  // *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION FREQ (NaN: the deck's).
  double redecompose = std::numeric_limits<double>::quiet_NaN();
  double redecompose_start = -1;     // redecompose_start= | --redecompose-start T: its STIME (< 0: the deck's)
  std::string halo = "corners";      // halo= | --halo: corners (np-independent), sums (one partial sum per node)
  std::string clock = "wall";        // clock= | --clock: what the phase timers read, wall or cpu (thread CPU time)
  bool huge_pages = true;            // huge_pages= | --huge-pages 0|1: the state's arrays in 2 MiB pages (huge_pages.hpp)
  std::string restart;               // r= | --restart: output dir or restart set to continue from
  std::int64_t restart_every = 0;    // restart_every= | --restart-every N cycles (0: off)
  double restart_seconds = 0;        // restart_seconds= | --restart-seconds T wall seconds (0: off)
  std::string plot = "both";          // plot= | --plot d3plot|vtk|both|none: plot state formats
  std::int64_t d3plot_mb = 1024;      // d3plot_mb= | --d3plot-mb N: MiB bound on each d3plot family file
  bool restart_end = false;          // restart_end= | --restart-end 0|1: a restart set when the run ends
  double max_energy_ratio = 1.5;     // max_energy_ratio= | --max-energy-ratio R (0: off)
  int jobs = 1;                      // jobs= | --jobs K: K concurrent copies of the run in one launch (throughput)
  bool profile_wait = false;         // --profile-wait: barrier before collectives (imbalance vs transfer)
  bool allow_unsupported = false;    // --allow-unsupported: run without unsupported keywords that change the answer
  bool quiet = false;                // --quiet: only errors and the final summary line
  bool help = false, version = false;
};

// Throws InputError("command line: ...") on unknown or malformed options.
Options parse_options(const std::vector<std::string>& args);
std::string usage_text();

}  // namespace mc
