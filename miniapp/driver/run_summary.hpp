// Gathers what the report needs from every rank (phase and MPI times
// min/avg/max) into one RunReport.
#pragma once

#include <string>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/run_report.hpp"
#include "miniapp/driver/simulation.hpp"
#include "miniapp/state/huge_pages.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

struct RunIdentity {
  std::string deck, title;
  int threads = 1;
  std::string halo = "corners";  // the halo mode (halo=)
  std::string clock = "wall";    // what the phase timers read (clock=)
  std::int64_t nodes = 0, elements = 0, parts = 0;
  double startup = 0;
  // How the model was partitioned: method, work weights, and with
  // rebalance=1 the elements weighted by their yielding (-1: no rebalance).
  std::string partition = "rcb", weights;
  std::int64_t rebalanced = -1;
  std::vector<IgnoredKeyword> ignored;  // unsupported keywords run without (--allow-unsupported)
  int redecompositions = 0;             // partitioned anew during the run, and
  double redecomposition_seconds = 0;   // the wall time that took
  bool huge_pages = true;               // huge_pages=: asked for 2 MiB pages, and
  PageBacking pages{};                  // this rank's state arrays and how many of their bytes got them
};

RunReport make_report(const RunIdentity& id, const RunResult& result, const State& state,
                      const std::string& termination, Communicator& comm);

// Backend, threads and precision of this build, for the banner and the report.
std::string backend_name();
std::string precision_name();

}  // namespace mc
