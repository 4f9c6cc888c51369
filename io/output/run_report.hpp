// End-of-run summary: per-phase and per-MPI-call times (min/avg/max over
// ranks), the figure of merit, the build. Printed as a table and written as
// JSON for the study tools.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "io/model.hpp"
#include "io/output/output_records.hpp"

namespace mc {

struct TimingRow {
  std::string name;
  double min = 0, avg = 0, max = 0;  // seconds over ranks
};

struct MpiRow {
  std::string call;
  std::int64_t calls = 0, bytes = 0;  // summed over ranks
  double min = 0, avg = 0, max = 0;   // seconds over ranks
  std::array<std::int64_t, 4> histogram{};  // 0-256 B, 256 B-4 KB, 4-64 KB, > 64 KB
};

struct RunReport {
  std::string deck, title, termination;
  std::string state_checksum;  // per rank, hex, in rank order (see miniapp/state/state_checksum.hpp)
  std::string version, git_hash, build_type, compiler, flags, kokkos_version, backend, precision;
  int ranks = 1, threads = 1;
  std::string halo = "corners";  // how shared-node sums are exchanged (halo=)
  std::string clock = "wall";    // what the phase and MPI times are: wall or thread CPU seconds (clock=)
  std::string partition = "rcb", weights;  // partitioner and element work weights (weights=)
  std::int64_t rebalanced = -1;  // rebalance=1: elements weighted by their yielding; -1: not rebalanced
  int redecompositions = 0;       // partitioned anew during the run (redecompose=)
  double redecomposition_seconds = 0;  // wall time from each set's write to the resumed loop, outside `elapsed`
  std::vector<IgnoredKeyword> ignored_keywords;  // --allow-unsupported: physics the run went without
  // The solver state's arrays over all ranks, and the bytes of them the
  // kernel keeps in 2 MiB pages (huge_pages=); why it refused some, if it did.
  std::int64_t state_bytes = 0, huge_page_bytes = 0;
  bool huge_pages = true;
  std::string huge_pages_refused;
  std::int64_t nodes = 0, elements = 0, parts = 0, cycles = 0;
  double sim_time = 0, elapsed = 0, startup = 0;
  std::vector<TimingRow> phases;
  // MPI of the time loop (what a long run sees); the start-up's apart.
  std::vector<MpiRow> mpi, mpi_startup;
  double mpi_seconds_avg = 0;          // all MPI calls of the time loop, averaged over ranks
  std::array<std::int64_t, 4> histogram{};  // all messages of the time loop, by size bucket
  // Rank-to-rank traffic of the time loop: [from * ranks + to].
  std::vector<std::int64_t> traffic_bytes, traffic_messages;
  // Contact work: node-segment pairs checked by each rank (empty without contact).
  std::vector<std::int64_t> contact_pairs;
  std::int64_t contact_nodes = 0;  // over all interfaces and ranks
  // Per-rank work and phase times: rank_work[c][rank] is column rank_work_columns[c].
  std::vector<std::string> rank_work_columns;
  std::vector<std::vector<double>> rank_work;
  // Shells with plastic strain at any integration point, model-wide (has the crash begun?).
  std::int64_t shells_yielded = 0;
  // Welds (*CONSTRAINED_SPOTWELD, _GENERALIZED_WELD_SPOT): how many, how many
  // failed, and when the first did (-1: none).
  std::int64_t welds = 0, welds_failed = 0;
  double first_weld_failure = -1;
  EnergyRecord first, last;
  // Simulated clusters with SimGrid's host energy plugin: joules the job's
  // hosts used during the time loop (-1: not measured).
  double loop_energy_joules = -1;
  // Figure of merit: element-cycles per second, and its inverse per core.
  double element_cycles_per_second = 0, ns_per_element_cycle_per_core = 0, jobs_per_day = 0;
};

void print_report(const RunReport& report, std::ostream& out);
void write_report_json(const RunReport& report, const std::string& path);

}  // namespace mc
