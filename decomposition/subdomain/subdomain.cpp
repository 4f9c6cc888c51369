#include "decomposition/subdomain/subdomain.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <stdexcept>

#include "decomposition/parallel/message_tags.hpp"
#include "decomposition/subdomain/model_transfer.hpp"

namespace mc {
namespace {

void put64(std::vector<char>& out, std::int64_t v) {
  const auto* p = reinterpret_cast<const char*>(&v);
  out.insert(out.end(), p, p + sizeof v);
}

std::int64_t get64(const std::vector<char>& in, std::size_t& at) {
  if (at + 8 > in.size()) throw std::runtime_error("truncated subdomain message");
  std::int64_t v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += 8;
  return v;
}

// [model size][model][neighbours][per neighbour: rank, count, ids...]
// [shared node parts][per shared node: node id, part id]
std::vector<char> pack_subdomain(const Subdomain& s) {
  const std::vector<char> model = pack_model(s.model);
  std::vector<char> out;
  put64(out, static_cast<std::int64_t>(model.size()));
  out.insert(out.end(), model.begin(), model.end());
  put64(out, static_cast<std::int64_t>(s.plan.neighbours.size()));
  for (std::size_t q = 0; q < s.plan.neighbours.size(); ++q) {
    put64(out, s.plan.neighbours[q]);
    put64(out, static_cast<std::int64_t>(s.plan.shared[q].size()));
    for (GlobalId id : s.plan.shared[q]) put64(out, id);
  }
  put64(out, static_cast<std::int64_t>(s.plan.shared_node_parts.size()));
  for (const auto& [node, part] : s.plan.shared_node_parts) {
    put64(out, node);
    put64(out, part);
  }
  return out;
}

Subdomain unpack_subdomain(const std::vector<char>& in) {
  Subdomain s;
  std::size_t at = 0;
  const auto model_size = static_cast<std::size_t>(get64(in, at));
  if (at + model_size > in.size()) throw std::runtime_error("truncated subdomain message");
  s.model = unpack_model(std::vector<char>(in.begin() + 8, in.begin() + 8 + static_cast<std::ptrdiff_t>(model_size)));
  at += model_size;
  const std::int64_t neighbours = get64(in, at);
  for (std::int64_t q = 0; q < neighbours; ++q) {
    s.plan.neighbours.push_back(static_cast<int>(get64(in, at)));
    const std::int64_t count = get64(in, at);
    std::vector<GlobalId> ids(static_cast<std::size_t>(count));
    for (GlobalId& id : ids) id = get64(in, at);
    s.plan.shared.push_back(std::move(ids));
  }
  const std::int64_t parts = get64(in, at);
  for (std::int64_t i = 0; i < parts; ++i) {
    const GlobalId node = get64(in, at);
    s.plan.shared_node_parts.emplace_back(node, get64(in, at));
  }
  return s;
}

}  // namespace

SubdomainBuilder::SubdomainBuilder(const Model& global, const std::vector<int>& part, int parts)
    : global_(global), rank_elements_(parts) {
  node_index_.reserve(global.nodes.size());
  for (std::size_t i = 0; i < global.nodes.size(); ++i) node_index_.emplace(global.nodes[i].id, static_cast<int>(i));
  std::vector<std::pair<int, int>> pairs;  // (node index, rank), one per corner
  pairs.reserve(4 * global.shells.size());
  for (std::size_t e = 0; e < global.shells.size(); ++e) {
    rank_elements_[part[e]].push_back(static_cast<int>(e));
    for (GlobalId n : global.shells[e].nodes) pairs.emplace_back(node_index_.at(n), part[e]);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  node_rank_offset_.assign(global.nodes.size() + 1, 0);
  for (const auto& pr : pairs) node_rank_offset_[pr.first + 1] += 1;
  for (std::size_t i = 0; i < global.nodes.size(); ++i) node_rank_offset_[i + 1] += node_rank_offset_[i];
  node_ranks_.resize(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) node_ranks_[i] = pairs[i].second;
  // A node on no element (a mass or a nodal rigid body's node off the mesh,
  // a left-out part's node) goes to rank 0, as at np 1 it is in the one
  // rank's state: it carries no element work, and every rank count then
  // integrates the same nodes.
  for (std::size_t i = 0; i < global.nodes.size(); ++i)
    if (node_rank_offset_[i] == node_rank_offset_[i + 1]) free_nodes_.push_back(static_cast<int>(i));
  std::vector<GlobalId> lowest(global.nodes.size(), std::numeric_limits<GlobalId>::max());
  lowest_element_part_.assign(global.nodes.size(), 0);
  for (const Shell& shell : global.shells)
    for (GlobalId n : shell.nodes) {
      const auto i = static_cast<std::size_t>(node_index_.at(n));
      if (shell.id < lowest[i]) {
        lowest[i] = shell.id;
        lowest_element_part_[i] = shell.part;
      }
    }
}

Subdomain SubdomainBuilder::build(int rank) const {
  Subdomain s;
  Model& m = s.model;
  const Model& g = global_;
  m.title = g.title;
  m.parts = g.parts;
  m.materials = g.materials;
  m.rigid_merges = g.rigid_merges;
  m.part_inertias = g.part_inertias;
  m.rigid_body_velocities = g.rigid_body_velocities;
  m.sections = g.sections;
  m.hourglass = g.hourglass;
  m.curves = g.curves;
  m.tables = g.tables;
  m.controls = g.controls;
  m.contacts = g.contacts;  // part lists only; the contact surface is built per rank
  std::vector<char> local(g.nodes.size(), 0);
  for (int e : rank_elements_[rank]) {
    m.shells.push_back(g.shells[e]);
    for (GlobalId n : g.shells[e].nodes) local[node_index_.at(n)] = 1;
  }
  if (rank == 0)
    for (int i : free_nodes_) local[static_cast<std::size_t>(i)] = 1;
  std::map<int, std::vector<GlobalId>> shared;
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    if (!local[i]) continue;
    m.nodes.push_back(g.nodes[i]);
    const int holders = node_rank_offset_[i + 1] - node_rank_offset_[i];
    if (holders > 1) s.plan.shared_node_parts.emplace_back(g.nodes[i].id, lowest_element_part_[i]);
    for (int k = node_rank_offset_[i]; k < node_rank_offset_[i + 1]; ++k)
      if (node_ranks_[k] != rank) shared[node_ranks_[k]].push_back(g.nodes[i].id);
  }
  for (auto& [q, ids] : shared) {
    s.plan.neighbours.push_back(q);
    s.plan.shared.push_back(std::move(ids));
  }
  auto is_local = [&](GlobalId id) {
    auto it = node_index_.find(id);
    return it != node_index_.end() && local[it->second];
  };
  auto local_only = [&](const std::vector<GlobalId>& ids) {
    std::vector<GlobalId> out;
    for (GlobalId id : ids)
      if (is_local(id)) out.push_back(id);
    return out;
  };
  for (const Spc& spc : g.spcs)
    if (is_local(spc.node)) m.spcs.push_back(spc);
  for (const PointMass& mass : g.point_masses)  // on every rank holding the node: shared copies agree
    if (is_local(mass.node)) m.point_masses.push_back(mass);
  for (InitialVelocity iv : g.initial_velocities) {
    if (!iv.all_nodes) iv.nodes = local_only(iv.nodes);
    m.initial_velocities.push_back(std::move(iv));
  }
  for (PrescribedMotion motion : g.prescribed_motions) {
    motion.nodes = local_only(motion.nodes);
    m.prescribed_motions.push_back(std::move(motion));  // on every rank: the restart layout is model-wide
  }
  for (RigidWall w : g.rigid_walls) {
    if (!w.all_nodes) w.nodes = local_only(w.nodes);
    m.rigid_walls.push_back(std::move(w));  // every rank keeps every wall: wall ids match across ranks
  }
  for (NodalRigidBody b : g.nodal_rigid_bodies) {
    b.nodes = local_only(b.nodes);
    m.nodal_rigid_bodies.push_back(std::move(b));  // every rank keeps every body: body indices match
  }
  for (ExtraNodes extra : g.extra_nodes) {
    extra.nodes = local_only(extra.nodes);
    if (!extra.nodes.empty()) m.extra_nodes.push_back(std::move(extra));
  }
  return s;
}

Subdomain scatter_subdomains(const Model* global, const std::vector<int>* part, Communicator& comm) {
  if (comm.root()) {
    const SubdomainBuilder builder(*global, *part, comm.size());
    for (int r = 1; r < comm.size(); ++r) comm.send(pack_subdomain(builder.build(r)), r, tags::kSubdomain);
    return builder.build(0);
  }
  return unpack_subdomain(comm.recv(0, tags::kSubdomain));
}

}  // namespace mc
