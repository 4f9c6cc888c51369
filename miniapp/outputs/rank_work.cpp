#include "miniapp/outputs/rank_work.hpp"

#include <Kokkos_Core.hpp>

namespace mc {
namespace {

std::string seconds_column(Phase p) {
  std::string name = phase_name(p);
  for (char& c : name)
    if (c == ' ') c = '_';
  return name + "_seconds";
}

}  // namespace

RankWorkTable rank_work_table(const State& s, const PhaseTimers& timers, const RankCounts& run, Communicator& comm) {
  Kokkos::fence();
  RankWorkTable t;
  std::vector<double> row;
  for (int p = 0; p < static_cast<int>(Phase::Count); ++p) {
    t.columns.push_back(seconds_column(static_cast<Phase>(p)));
    row.push_back(timers.seconds(static_cast<Phase>(p)));
  }
  double quads = 0, triangles = 0, rigid = 0, eroded = 0, points = 0, yielding = 0, updates = 0;
  const ElementData& el = s.elements;
  for (int e = 0; e < el.count(); ++e) {
    const PartParams& p = s.parts(el.part(e));
    if (p.rigid_body >= 0) {
      rigid += 1;
    } else if (!el.alive(e)) {
      eroded += 1;
    } else {
      (el.conn(e, 2) == el.conn(e, 3) ? triangles : quads) += 1;
      points += p.nip;
    }
    yielding += el.yielding(e);
    updates += el.plastic_updates(e);
  }
  double owned = 0;
  for (std::uint8_t o : s.nodes.owned) owned += o;
  const std::pair<const char*, double> counts[] = {
      {"cycles", double(run.cycles)},
      {"shells_quad", quads},         {"shells_triangle", triangles}, {"shells_rigid", rigid},
      {"shells_eroded", eroded},      {"points", points},             {"yielding_points", yielding},
      {"plastic_updates", updates},   {"contact_pairs", double(run.contact_pairs)},
      {"contact_nodes", double(run.contact_nodes)}, {"nodes", double(s.nodes.count())},
      {"nodes_owned", owned}};
  for (const auto& [name, value] : counts) {
    t.columns.push_back(name);
    row.push_back(value);
  }
  // Every rank's row, rank by rank (report time only: one call).
  const std::vector<double> all = comm.allgather(row);
  const std::size_t n = row.size();
  t.values.assign(n, std::vector<double>(static_cast<std::size_t>(comm.size())));
  for (int r = 0; r < comm.size(); ++r)
    for (std::size_t c = 0; c < n; ++c) t.values[c][static_cast<std::size_t>(r)] = all[r * n + c];
  return t;
}

}  // namespace mc
