#include "miniapp/driver/run_summary.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstring>

#include "build_info.hpp"
#include "miniapp/outputs/energies.hpp"
#include "miniapp/outputs/rank_work.hpp"
#include "miniapp/state/state_checksum.hpp"

namespace mc {
namespace {

TimingRow spread(const std::string& name, double local, Communicator& comm) {
  TimingRow row;
  row.name = name;
  row.min = -comm.allreduce_max(-local);
  row.max = comm.allreduce_max(local);
  double sum = local;
  comm.allreduce_sum(&sum, 1);
  row.avg = sum / comm.size();
  return row;
}

// One row per MPI call type: times over ranks, counts summed over ranks.
std::vector<MpiRow> mpi_rows(const std::array<CallStats, kMpiCalls>& stats, Communicator& comm) {
  std::vector<MpiRow> rows;
  for (int c = 0; c < kMpiCalls; ++c) {
    const CallStats& s = stats[c];
    MpiRow row;
    row.call = mpi_call_name(static_cast<MpiCall>(c));
    const TimingRow t = spread(row.call, s.seconds, comm);
    row.min = t.min;
    row.avg = t.avg;
    row.max = t.max;
    double counts[6] = {double(s.calls), double(s.bytes), double(s.histogram[0]), double(s.histogram[1]),
                        double(s.histogram[2]), double(s.histogram[3])};
    comm.allreduce_sum(counts, 6);
    row.calls = static_cast<std::int64_t>(counts[0]);
    row.bytes = static_cast<std::int64_t>(counts[1]);
    for (int b = 0; b < 4; ++b) row.histogram[b] = static_cast<std::int64_t>(counts[2 + b]);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

std::string backend_name() { return ExecSpace::name(); }

std::string precision_name() { return sizeof(Real) == 8 ? "double" : "single"; }

RunReport make_report(const RunIdentity& id, const RunResult& result, const State& state,
                      const std::string& termination, Communicator& comm) {
  RunReport r;
  r.deck = id.deck;
  r.title = id.title;
  r.termination = termination;
  r.version = build::kVersion;
  r.git_hash = build::kGitHash;
  r.build_type = build::kBuildType;
  r.compiler = build::kCompiler;
  r.flags = build::kCxxFlags;
  r.kokkos_version = std::to_string(KOKKOS_VERSION);
  r.backend = backend_name();
  r.precision = precision_name();
  r.ranks = comm.size();
  r.threads = id.threads;
  r.halo = id.halo;
  r.clock = id.clock;
  r.partition = id.partition;
  r.weights = id.weights;
  r.rebalanced = id.rebalanced;
  r.redecompositions = id.redecompositions;
  r.redecomposition_seconds = id.redecomposition_seconds;
  r.ignored_keywords = id.ignored;
  r.nodes = id.nodes;
  r.elements = id.elements;
  r.parts = id.parts;
  for (const RigidBody& body : state.rigid_bodies) {  // the same on every rank
    if (!body.weld) continue;
    ++r.welds;
    if (body.holds()) continue;
    ++r.welds_failed;
    if (r.first_weld_failure < 0 || body.failed_at < r.first_weld_failure) r.first_weld_failure = body.failed_at;
  }
  r.cycles = state.cycle;  // also right when a fault ended the run early
  r.sim_time = state.time;
  // One checksum for the whole run: this rank's, combined over ranks in rank order.
  const std::vector<std::int64_t> sums = comm.gather(static_cast<std::int64_t>(state_checksum(state)), 0);
  std::vector<std::uint64_t> per_rank(sums.begin(), sums.end());
  r.state_checksum = checksum_hex(per_rank.size() == 1 ? per_rank[0] : combine_checksums(per_rank));
  r.elapsed = result.elapsed;
  r.startup = id.startup;
  r.first = result.first;
  r.last = result.last;
  for (int p = 0; p < static_cast<int>(Phase::Count); ++p)
    r.phases.push_back(spread(phase_name(static_cast<Phase>(p)), result.timers.seconds(static_cast<Phase>(p)), comm));
  // Snapshot the MPI statistics first: the reductions below add calls of their own.
  const auto stats = comm.stats();
  const std::vector<std::int64_t> sent_bytes = comm.bytes_to(), sent_messages = comm.messages_to();
  r.mpi = mpi_rows(stats, comm);
  r.mpi_startup = mpi_rows(comm.startup_stats(), comm);
  for (const MpiRow& row : r.mpi) {
    for (int b = 0; b < 4; ++b) r.histogram[b] += row.histogram[b];
    if (row.call != mpi_call_name(MpiCall::CollectiveWait)) r.mpi_seconds_avg += row.avg;
  }
  r.traffic_bytes = comm.gather(sent_bytes, 0);
  r.traffic_messages = comm.gather(sent_messages, 0);
  double pages[2] = {double(id.pages.bytes), double(id.pages.huge_bytes)};
  comm.allreduce_sum(pages, 2);
  r.state_bytes = static_cast<std::int64_t>(pages[0]);
  r.huge_page_bytes = static_cast<std::int64_t>(pages[1]);
  r.huge_pages = id.huge_pages;
  if (const int refused = static_cast<int>(comm.allreduce_max(double(id.pages.error))); refused != 0)
    r.huge_pages_refused = std::strerror(refused);
  if (result.contact_pairs >= 0) {
    r.contact_pairs = comm.gather(result.contact_pairs, 0);
    for (std::int64_t n : comm.gather(result.contact_nodes, 0)) r.contact_nodes += n;
  }
  r.shells_yielded = yielded_shells(state, comm);
  const RankCounts counts{result.cycles, std::max<std::int64_t>(result.contact_pairs, 0), result.contact_nodes};
  const RankWorkTable rank_work =
      rank_work_table(state, result.timers, result.compute_modeled ? &result.modeled : nullptr,
                      result.modeled_messages, counts, comm);
  r.rank_work_columns = rank_work.columns;
  r.rank_work = rank_work.values;
  // Figure of merit over the cycles this run did (a restart resumes past 0).
  const double work = double(id.elements) * double(result.cycles);
  if (result.elapsed > 0 && work > 0) {
    r.element_cycles_per_second = work / result.elapsed;
    r.ns_per_element_cycle_per_core = result.elapsed * 1e9 * comm.size() * id.threads / work;
    r.jobs_per_day = 86400.0 / result.elapsed;
  }
  return r;
}

}  // namespace mc
