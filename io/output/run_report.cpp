#include "io/output/run_report.hpp"

#include <algorithm>

#include <cstdio>
#include <fstream>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string padded(const std::string& name) {
  return name + std::string(name.size() < 18 ? 18 - name.size() : 1, ' ');
}

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;  // titles never need control characters
    q += c;
  }
  return q + "\"";
}

void json_energy(std::ostream& o, const EnergyRecord& e) {
  o << "{\"time\": " << e.time << ", \"cycle\": " << e.cycle << ", \"kinetic\": " << e.kinetic
    << ", \"internal\": " << e.internal << ", \"hourglass\": " << e.hourglass << ", \"contact\": " << e.contact
    << ", \"stonewall\": " << e.stonewall << ", \"eroded_internal\": " << e.eroded_internal
    << ", \"eroded_shells\": " << e.eroded_shells << ", \"total\": " << e.total
    << ", \"external_work\": " << e.external_work << ", \"energy_ratio\": " << e.ratio << "}";
}

// Column `name` of the rank work table (empty where the report has none).
std::vector<double> rank_column(const RunReport& r, const std::string& name) {
  const auto it = std::find(r.rank_work_columns.begin(), r.rank_work_columns.end(), name);
  if (it == r.rank_work_columns.end()) return {};
  return r.rank_work[static_cast<std::size_t>(it - r.rank_work_columns.begin())];
}

// Which order the ranks' shells run in (element_order; docs/decks.md).
void print_shell_order(const RunReport& r, std::ostream& o) {
  const std::vector<double> morton = rank_column(r, "morton_order"), far = rank_column(r, "deck_far_steps");
  if (morton.empty() || far.empty()) return;
  const auto in_morton = std::count(morton.begin(), morton.end(), 1.0);
  const double most_far = *std::max_element(far.begin(), far.end());
  o << "   shell order: deck order on " << std::ptrdiff_t(morton.size()) - in_morton << " rank(s), Morton order on "
    << in_morton << " (the deck's order jumps far at up to " << fmt("%.1f%%", 100 * most_far)
    << " of its steps; docs/decks.md)\n";
}

}  // namespace

void print_report(const RunReport& r, std::ostream& o) {
  const double total = r.elapsed > 0 ? r.elapsed : 1;
  o << "\n minicrash run summary: " << r.termination << "\n";
  o << "   deck " << r.deck << " | " << r.elements << " shells, " << r.nodes << " nodes, " << r.parts << " parts\n";
  o << "   " << r.ranks << " rank(s) x " << r.threads << " thread(s), halo " << r.halo
    << (r.clock == "cpu" ? ", phase and MPI times in thread CPU seconds" : "") << ", " << r.backend << ", " << r.precision
    << " precision, build " << r.git_hash << "\n";
  o << "   cycles " << r.cycles << ", simulated time " << fmt("%.6e", r.sim_time) << ", elapsed "
    << fmt("%.3f", r.elapsed) << " s (start-up " << fmt("%.3f", r.startup) << " s";
  if (r.redecompositions > 0)
    o << ", " << r.redecompositions << " redecomposition(s) " << fmt("%.3f", r.redecomposition_seconds) << " s";
  o << ")\n\n";
  o << "   phase                 min [s]     avg [s]     max [s]   share\n";
  for (const TimingRow& t : r.phases)
    o << "   " << padded(t.name)
      << fmt("%10.4f", t.min) << "  " << fmt("%10.4f", t.avg) << "  " << fmt("%10.4f", t.max) << "  "
      << fmt("%5.1f%%", 100 * t.avg / total) << "\n";
  for (const MpiRow& m : r.mpi) {
    if (m.calls == 0) continue;
    o << "   " << padded(m.call) << fmt("%10.4f", m.min)
      << "  " << fmt("%10.4f", m.avg) << "  " << fmt("%10.4f", m.max) << "  " << fmt("%5.1f%%", 100 * m.avg / total)
      << "   (" << m.calls << " calls, " << m.bytes << " B)\n";
  }
  if (r.ranks > 1 || r.mpi_seconds_avg > 0) {
    std::int64_t messages = 0;
    for (std::int64_t h : r.histogram) messages += h;
    o << "   MPI total " << fmt("%.4f", r.mpi_seconds_avg) << " s avg (" << fmt("%.1f%%", 100 * r.mpi_seconds_avg / total)
      << "); messages by size: 0-256 B " << r.histogram[0] << ", 256 B-4 KB " << r.histogram[1] << ", 4-64 KB "
      << r.histogram[2] << ", > 64 KB " << r.histogram[3] << " (" << messages << " in all)\n";
    double startup_mpi = 0;
    std::int64_t startup_bytes = 0;
    for (const MpiRow& m : r.mpi_startup) {
      startup_mpi += m.avg;
      startup_bytes += m.bytes;
    }
    o << "   (the MPI rows are the time loop's; start-up MPI " << fmt("%.4f", startup_mpi) << " s avg, "
      << startup_bytes << " B)\n";
  }
  if (!r.contact_pairs.empty()) {
    const auto [lo, hi] = std::minmax_element(r.contact_pairs.begin(), r.contact_pairs.end());
    double sum = 0;
    for (std::int64_t p : r.contact_pairs) sum += double(p);
    const double mean = sum / double(r.contact_pairs.size());
    o << "   contact pairs checked per rank: min " << *lo << ", max " << *hi << ", imbalance max/mean "
      << fmt("%.3f", mean > 0 ? double(*hi) / mean : 1.0) << "\n";
  }
  print_shell_order(r, o);
  const double mib = double(r.state_bytes) / double(1 << 20);
  const std::string pages = !r.huge_pages                   ? "huge_pages=0"
                            : r.huge_pages_refused.empty() ? "huge_pages=1"
                                                           : "the kernel refused some: " + r.huge_pages_refused;
  o << "   memory: state " << fmt("%.1f", mib) << " MiB over all ranks, "
    << fmt("%.1f%%", r.state_bytes > 0 ? 100.0 * double(r.huge_page_bytes) / double(r.state_bytes) : 0.0)
    << " in 2 MiB pages (" << pages << ")\n";
  o << "\n   energy: initial " << fmt("%.6e", r.first.total) << ", final " << fmt("%.6e", r.last.total)
    << " (kinetic " << fmt("%.4e", r.last.kinetic) << ", internal " << fmt("%.4e", r.last.internal)
    << ", hourglass " << fmt("%.4e", r.last.hourglass) << "), ratio " << fmt("%.5f", r.last.ratio) << "\n";
  if (r.last.external_work != 0)
    o << "   external work (prescribed motions): " << fmt("%.6e", r.last.external_work)
      << "; the ratio is final over initial plus it\n";
  if (r.last.eroded_shells > 0)
    o << "   eroded: " << r.last.eroded_shells << " shells, holding " << fmt("%.4e", r.last.eroded_internal)
      << " of internal energy\n";
  if (r.welds > 0) {
    o << "   welds: " << r.welds << ", failed " << r.welds_failed;
    if (r.welds_failed > 0) o << " (the first at t = " << fmt("%.6e", r.first_weld_failure) << ")";
    o << "\n";
  }
  o << "   state checksum " << r.state_checksum << "\n";
  o << "   figure of merit: " << fmt("%.4e", r.element_cycles_per_second) << " element-cycles/s, "
    << fmt("%.1f", r.ns_per_element_cycle_per_core) << " ns per element-cycle per core, "
    << fmt("%.1f", r.jobs_per_day) << " jobs/day\n";
}

void write_report_json(const RunReport& r, const std::string& path) {
  std::ofstream o(path);
  if (!o) throw InputError("cannot write report '" + path + "'");
  o.precision(10);
  o << "{\n  \"program\": \"minicrash\", \"version\": " << quoted(r.version) << ", \"git_hash\": "
    << quoted(r.git_hash) << ",\n  \"build\": {\"type\": " << quoted(r.build_type) << ", \"compiler\": "
    << quoted(r.compiler) << ", \"flags\": " << quoted(r.flags) << ", \"kokkos\": " << quoted(r.kokkos_version)
    << ", \"backend\": " << quoted(r.backend) << ", \"precision\": " << quoted(r.precision) << "},\n";
  o << "  \"state_checksum\": " << quoted(r.state_checksum) << ",\n";
  o << "  \"deck\": " << quoted(r.deck) << ", \"title\": " << quoted(r.title) << ", \"termination\": "
    << quoted(r.termination) << ",\n";
  o << "  \"partition\": {\"method\": " << quoted(r.partition) << ", \"weights\": " << quoted(r.weights)
    << ", \"rebalanced_elements\": " << r.rebalanced << ", \"redecompositions\": " << r.redecompositions
    << ", \"redecomposition_seconds\": " << r.redecomposition_seconds << "},\n";
  o << "  \"memory\": {\"state_bytes\": " << r.state_bytes << ", \"huge_page_bytes\": " << r.huge_page_bytes
    << ", \"huge_pages\": " << (r.huge_pages ? 1 : 0) << ", \"huge_pages_refused\": " << quoted(r.huge_pages_refused)
    << "},\n";
  o << "  \"ignored_keywords\": [";
  for (std::size_t i = 0; i < r.ignored_keywords.size(); ++i) {
    const IgnoredKeyword& k = r.ignored_keywords[i];
    o << (i ? ", " : "") << "{\"keyword\": " << quoted(k.keyword) << ", \"count\": " << k.count
      << ", \"first\": " << quoted(k.first.file + ":" + std::to_string(k.first.line)) << "}";
  }
  o << "],\n";
  o << "  \"welds\": {\"count\": " << r.welds << ", \"failed\": " << r.welds_failed
    << ", \"first_failure_time\": " << r.first_weld_failure << "},\n";
  o << "  \"ranks\": " << r.ranks << ", \"threads\": " << r.threads << ", \"halo\": " << quoted(r.halo)
    << ", \"clock\": " << quoted(r.clock)
    << ", \"nodes\": " << r.nodes
    << ", \"elements\": " << r.elements << ", \"parts\": " << r.parts << ",\n";
  o << "  \"cycles\": " << r.cycles << ", \"simulated_time\": " << r.sim_time << ", \"elapsed\": " << r.elapsed
    << ", \"startup\": " << r.startup << ",\n";
  o << "  \"figure_of_merit\": {\"element_cycles_per_second\": " << r.element_cycles_per_second
    << ", \"ns_per_element_cycle_per_core\": " << r.ns_per_element_cycle_per_core
    << ", \"jobs_per_day\": " << r.jobs_per_day << "},\n  \"phases\": [";
  for (std::size_t i = 0; i < r.phases.size(); ++i)
    o << (i ? ", " : "") << "{\"name\": " << quoted(r.phases[i].name) << ", \"min\": " << r.phases[i].min
      << ", \"avg\": " << r.phases[i].avg << ", \"max\": " << r.phases[i].max << "}";
  o << "],\n";
  auto mpi_rows = [&](const char* name, const std::vector<MpiRow>& rows) {
    o << "  \"" << name << "\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const MpiRow& m = rows[i];
      o << (i ? ", " : "") << "{\"call\": " << quoted(m.call) << ", \"calls\": " << m.calls << ", \"bytes\": "
        << m.bytes << ", \"min\": " << m.min << ", \"avg\": " << m.avg << ", \"max\": " << m.max
        << ", \"histogram\": [" << m.histogram[0] << ", " << m.histogram[1] << ", " << m.histogram[2] << ", "
        << m.histogram[3] << "]}";
    }
    o << "],\n";
  };
  mpi_rows("mpi", r.mpi);
  mpi_rows("mpi_startup", r.mpi_startup);
  if (r.loop_energy_joules >= 0) o << "  \"loop_energy_joules\": " << r.loop_energy_joules << ",\n";
  o << "  \"mpi_seconds_avg\": " << r.mpi_seconds_avg << ", \"histogram\": [" << r.histogram[0] << ", "
    << r.histogram[1] << ", " << r.histogram[2] << ", " << r.histogram[3] << "],\n";
  auto matrix = [&](const char* name, const std::vector<std::int64_t>& m) {
    o << "  \"" << name << "\": [";
    for (int from = 0; from < r.ranks && !m.empty(); ++from) {
      o << (from ? ", [" : "[");
      for (int to = 0; to < r.ranks; ++to) o << (to ? ", " : "") << m[static_cast<std::size_t>(from * r.ranks + to)];
      o << "]";
    }
    o << "],\n";
  };
  matrix("traffic_bytes", r.traffic_bytes);
  matrix("traffic_messages", r.traffic_messages);
  o << "  \"contact_pairs_checked\": [";
  for (std::size_t i = 0; i < r.contact_pairs.size(); ++i) o << (i ? ", " : "") << r.contact_pairs[i];
  o << "], \"contact_nodes\": " << r.contact_nodes << ", \"shells_yielded\": " << r.shells_yielded
    << ",\n  \"rank_work\": {";
  for (std::size_t c = 0; c < r.rank_work_columns.size(); ++c) {
    o << (c ? ",\n    " : "\n    ") << quoted(r.rank_work_columns[c]) << ": [";
    for (std::size_t k = 0; k < r.rank_work[c].size(); ++k) o << (k ? ", " : "") << r.rank_work[c][k];
    o << "]";
  }
  o << "},\n  \"energy_first\": ";
  json_energy(o, r.first);
  o << ",\n  \"energy_last\": ";
  json_energy(o, r.last);
  o << "\n}\n";
}

}  // namespace mc
