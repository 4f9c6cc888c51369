#include "miniapp/outputs/rank_work.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>

namespace mc {
namespace {

std::string seconds_column(Phase p) {
  std::string name = phase_name(p);
  for (char& c : name)
    if (c == ' ') c = '_';
  return name + "_seconds";
}

// Live deformable shells outside a uniform SIMD pack (one kernel class, all
// alive, deformable quadrilaterals; shell_internal_force.cpp): they run one
// at a time. A class that does not fill its last pack leaves one such pack.
double scalar_path_shells(const State& s) {
  const ElementData& el = s.elements;
  const int ne = el.count();
  double count = 0;
  for (int e0 = 0; e0 < ne; e0 += kPackWidth) {
    const int end = std::min(ne, e0 + kPackWidth);
    bool uniform = end - e0 == kPackWidth && s.parts(el.part(e0)).rigid_body < 0;
    for (int e = e0; e < end && uniform; ++e)
      uniform = s.parts(el.part(e)).pack_class == s.parts(el.part(e0)).pack_class && el.alive(e) &&
                el.conn(e, 2) != el.conn(e, 3);
    if (uniform) continue;
    for (int e = e0; e < end; ++e) count += el.alive(e) && s.parts(el.part(e)).rigid_body < 0;
  }
  return count;
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
  const double scalar = scalar_path_shells(s);
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
      {"shells_eroded", eroded},      {"shells_scalar", scalar},      {"points", points},             {"yielding_points", yielding},
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
