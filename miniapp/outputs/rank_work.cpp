#include "miniapp/outputs/rank_work.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>

#include "miniapp/elements/pack_lanes.hpp"
#include "miniapp/outputs/element_work.hpp"

namespace mc {
namespace {

std::string seconds_column(Phase p) {
  std::string name = phase_name(p);
  for (char& c : name)
    if (c == ' ') c = '_';
  return name + "_seconds";
}

// Shells that run one at a time through the shell kernel (pack_passes):
// the live deformable ones of a class with too few lanes in a pack across
// classes, triangles, and those of a last, partial pack.
double scalar_path_shells(const State& s) {
  const ElementData& el = s.elements;
  const int ne = el.count();
  const auto runs_alone = [&](int e) { return el.alive(e) && !s.parts(el.part(e)).stressless; };
  const auto class_of = [&](int e) {
    return lane_class(s.parts(el.part(e)), el.alive(e), el.conn(e, 2) == el.conn(e, 3));
  };
  const auto pass = [](unsigned, int) { return true; };
  double count = 0;
  for (int e0 = 0; e0 < ne; e0 += kPackWidth) {
    const unsigned left = e0 + kPackWidth <= ne ? pack_passes<kPackWidth>(e0, class_of, pass) : ~0u;
    for (int e = e0; e < std::min(ne, e0 + kPackWidth); ++e) count += ((left >> (e - e0)) & 1u) && runs_alone(e);
  }
  return count;
}

}  // namespace

ElementWork element_work(const State& s) {
  ElementWork w;
  const ElementData& el = s.elements;
  w.scalar = scalar_path_shells(s);
  for (int e = 0; e < el.count(); ++e) {
    const PartParams& p = s.parts(el.part(e));
    if (p.rigid_body >= 0) {
      w.rigid += 1;
    } else if (!el.alive(e)) {
      w.eroded += 1;
    } else {
      (el.conn(e, 2) == el.conn(e, 3) ? w.triangles : w.quads) += 1;
      w.points += p.nip;
    }
    w.yielding += el.yielding(e);
    w.plastic_updates += el.plastic_updates(e);
  }
  return w;
}

RankWorkTable rank_work_table(const State& s, const PhaseTimers& timers, const PhaseTimers* modeled,
                              double modeled_messages, const RankCounts& run, Communicator& comm) {
  Kokkos::fence();
  RankWorkTable t;
  std::vector<double> row;
  for (int p = 0; p < static_cast<int>(Phase::Count); ++p) {
    t.columns.push_back(seconds_column(static_cast<Phase>(p)));
    row.push_back(timers.seconds(static_cast<Phase>(p)));
  }
  for (int p = 0; p < static_cast<int>(Phase::Count); ++p) {
    std::string column = seconds_column(static_cast<Phase>(p));
    t.columns.push_back(column.insert(column.size() - 8, "_mpi"));
    row.push_back(timers.mpi_seconds(static_cast<Phase>(p)));
  }
  if (modeled) {
    for (Phase p : {Phase::Elements, Phase::Contact, Phase::Nodes, Phase::RigidWalls, Phase::RigidBodies}) {
      std::string column = seconds_column(p);
      t.columns.push_back(column.insert(column.size() - 8, "_modeled"));
      row.push_back(modeled->seconds(p));
    }
    t.columns.push_back("messages_modeled_seconds");
    row.push_back(modeled_messages);
  }
  const ElementWork w = element_work(s);
  double owned = 0, wall_nodes = 0, body_nodes = 0, messages = 0, message_bytes = 0;
  for (std::uint8_t o : s.nodes.owned) owned += o;
  for (const WallState& wall : s.walls) wall_nodes += double(wall.nodes.size());
  for (const RigidBody& body : s.rigid_bodies) body_nodes += double(body.nodes.size());
  for (MpiCall c : {MpiCall::Send, MpiCall::Recv, MpiCall::Isend, MpiCall::Irecv}) {
    messages += double(comm.stats()[static_cast<int>(c)].calls);
    message_bytes += double(comm.stats()[static_cast<int>(c)].bytes);
  }
  const OrderChoice& order = s.element_order;
  const auto far_share = [](const OrderSpread& o) { return o.steps > 0 ? double(o.far) / double(o.steps) : 0.0; };
  const std::pair<const char*, double> counts[] = {
      {"cycles", double(run.cycles)},
      {"shells_quad", w.quads},       {"shells_triangle", w.triangles}, {"shells_rigid", w.rigid},
      {"shells_eroded", w.eroded},    {"shells_scalar", w.scalar},      {"points", w.points},
      {"yielding_points", w.yielding}, {"plastic_updates", w.plastic_updates},
      {"contact_pairs", double(run.contact_pairs)},
      {"contact_nodes", double(run.contact_nodes)}, {"nodes", double(s.nodes.count())},
      {"nodes_owned", owned},         {"wall_nodes", wall_nodes},       {"body_nodes", body_nodes},
      {"messages", messages},         {"message_bytes", message_bytes},
      {"morton_order", order.spatial ? 1.0 : 0.0},
      {"deck_far_steps", far_share(order.deck)}, {"morton_far_steps", far_share(order.morton)}};
  for (const auto& [name, value] : counts) {
    t.columns.push_back(name);
    row.push_back(value);
  }
  // Every rank's row, rank by rank, to rank 0, which alone writes the report
  // (report time only: one call).
  const std::vector<double> all = comm.gather(row, 0);
  const std::size_t n = row.size();
  if (!comm.root()) return t;
  t.values.assign(n, std::vector<double>(static_cast<std::size_t>(comm.size())));
  for (int r = 0; r < comm.size(); ++r)
    for (std::size_t c = 0; c < n; ++c) t.values[c][static_cast<std::size_t>(r)] = all[r * n + c];
  return t;
}

}  // namespace mc
