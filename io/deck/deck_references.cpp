// After the last card: what needs the whole deck. Duplicate node ids (with
// their lines), node sets / parts named by boundary and initial conditions,
// expanded to node lists, and the vectors motions name (given by nodes, or
// by values).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

std::vector<GlobalId> sorted_unique(std::vector<GlobalId> ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

namespace {

void check_duplicate_nodes(const ReaderState& state) {
  const auto& nodes = state.model.nodes;
  std::vector<std::pair<GlobalId, std::size_t>> order(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) order[i] = {nodes[i].id, i};
  std::sort(order.begin(), order.end());
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (order[k].first != order[k - 1].first) continue;
    const auto place = [&](std::size_t index) {
      const NodeOrigin& origin = state.node_origins[index];
      return SourceLine{state.stream.file_name(origin.file_index), origin.line};
    };
    duplicate_id("node", order[k].first, place(order[k].second), place(order[k - 1].second));
  }
}

class NodeLookup {
 public:
  // left_out: parts --allow-unsupported left out with their elements; a
  // card naming one selects none of its (gone) nodes.
  NodeLookup(const Model& model, const std::set<GlobalId>& left_out) : model_(model), left_out_(left_out) {}

  std::vector<GlobalId> all_nodes() const {
    std::vector<GlobalId> ids;
    ids.reserve(model_.nodes.size());
    for (const Node& node : model_.nodes) ids.push_back(node.id);
    return sorted_unique(std::move(ids));
  }

  std::vector<GlobalId> node_set(GlobalId id, const SourceLine& where, const std::string& keyword) const {
    const auto found = model_.node_sets.find(id);
    if (found == model_.node_sets.end()) {
      throw InputError(where, keyword + ": node set " + std::to_string(id) + " is not defined");
    }
    return sorted_unique(found->second);
  }

  // The nodes of every shell of the given parts.
  std::vector<GlobalId> part_nodes(const std::vector<GlobalId>& parts, const SourceLine& where,
                                   const std::string& keyword) const {
    for (GlobalId part : parts) {
      if (model_.parts.count(part) == 0 && left_out_.count(part) == 0) {
        throw InputError(where, keyword + ": part " + std::to_string(part) + " is not defined");
      }
    }
    const std::vector<GlobalId> wanted = sorted_unique(parts);
    std::vector<GlobalId> ids;
    for (const Shell& shell : model_.shells) {
      if (std::binary_search(wanted.begin(), wanted.end(), shell.part)) {
        ids.insert(ids.end(), shell.nodes.begin(), shell.nodes.end());
      }
    }
    return sorted_unique(std::move(ids));
  }

  std::vector<GlobalId> select(const NodeSelector& selector, const SourceLine& where,
                               const std::string& keyword) const {
    switch (selector.kind) {
      case NodeSelector::Kind::AllNodes:
        return all_nodes();
      case NodeSelector::Kind::NodeSet:
        return node_set(selector.id, where, keyword);
      case NodeSelector::Kind::Part:
        return part_nodes({selector.id}, where, keyword);
      case NodeSelector::Kind::NodeList:
        return {};  // the request carries its nodes
      case NodeSelector::Kind::PartSet: {
        const auto found = model_.part_sets.find(selector.id);
        if (found == model_.part_sets.end()) {
          throw InputError(where, keyword + ": part set " + std::to_string(selector.id) + " is not defined");
        }
        return part_nodes(found->second, where, keyword);
      }
    }
    return {};
  }

 private:
  const Model& model_;
  const std::set<GlobalId>& left_out_;
};

std::vector<GlobalId> without(const std::vector<GlobalId>& ids, const std::vector<GlobalId>& removed) {
  std::vector<GlobalId> kept;
  std::set_difference(ids.begin(), ids.end(), removed.begin(), removed.end(), std::back_inserter(kept));
  return kept;
}

void resolve_velocities(ReaderState& state, const NodeLookup& lookup) {
  for (VelocityRequest& request : state.velocities) {
    InitialVelocity velocity = request.velocity;
    const SourceLine& where = velocity.where;
    if (request.exempt_set == 0 && request.selector.kind == NodeSelector::Kind::AllNodes) {
      velocity.all_nodes = true;  // no list: the solver applies it to every node
      state.model.initial_velocities.push_back(std::move(velocity));
      continue;
    }
    velocity.nodes = request.selector.kind == NodeSelector::Kind::NodeList
                         ? sorted_unique(std::move(velocity.nodes))
                         : lookup.select(request.selector, where, request.keyword);
    if (request.exempt_set != 0) {
      // Exempted nodes get their own velocity (card 3) instead.
      InitialVelocity exempt;
      exempt.nodes = lookup.node_set(request.exempt_set, where, request.keyword);
      exempt.v = request.exempt_velocity;
      exempt.omega = request.exempt_omega;
      exempt.where = where;
      velocity.nodes = without(velocity.nodes, exempt.nodes);
      state.model.initial_velocities.push_back(std::move(velocity));
      state.model.initial_velocities.push_back(std::move(exempt));
      continue;
    }
    state.model.initial_velocities.push_back(std::move(velocity));
  }
}

// A _MOTION curve that ends before ENDTIM: the wall then holds the curve's
// last value (velocity or displacement), which LS-DYNA decks rarely mean.
void warn_short_motion_curve(ReaderState& state, const RigidWall& wall) {
  const auto curve = state.model.curves.find(wall.motion.curve);
  const double end = state.model.controls.end_time;
  if (wall.motion.curve == 0 || curve == state.model.curves.end() || !(curve->second.x.back() < end)) return;
  std::ostringstream what;
  what << "rigid wall motion: curve LCID " << wall.motion.curve << " ends at t = " << curve->second.x.back()
       << ", before ENDTIM " << end << "; the wall keeps its last "
       << (wall.motion.displacement ? "displacement" : "velocity") << " from then on";
  state.warn(wall.motion.where, what.str());
}

void resolve_walls(ReaderState& state, const NodeLookup& lookup) {
  for (const WallRequest& request : state.walls) {
    RigidWall& wall = state.model.rigid_walls[request.wall];
    warn_short_motion_curve(state, wall);
    if (wall.all_nodes) continue;
    std::vector<GlobalId> nodes = request.node_set == 0
                                      ? lookup.all_nodes()
                                      : lookup.node_set(request.node_set, wall.where, request.keyword);
    if (request.exempt_set != 0) {
      nodes = without(nodes, lookup.node_set(request.exempt_set, wall.where, request.keyword));
    }
    wall.nodes = std::move(nodes);
  }
}

// *DEFINE_VECTOR_NODES: the unit direction from the tail node to the head node.
void resolve_node_vectors(ReaderState& state) {
  std::unordered_map<GlobalId, std::array<double, 3>> at;  // the nodes named, then where they are
  for (const auto& [id, vector] : state.vectors) {
    if (vector.tail_node == 0) continue;
    at.emplace(vector.tail_node, std::array<double, 3>{});
    at.emplace(vector.head_node, std::array<double, 3>{});
  }
  if (at.empty()) return;
  std::unordered_map<GlobalId, bool> defined;
  for (const Node& node : state.model.nodes) {
    const auto named = at.find(node.id);
    if (named == at.end()) continue;
    named->second = node.x;
    defined[node.id] = true;
  }
  for (auto& [id, vector] : state.vectors) {
    if (vector.tail_node == 0) continue;
    std::array<double, 3> ends[2];
    const GlobalId nodes[2] = {vector.tail_node, vector.head_node};
    for (int k = 0; k < 2; ++k) {
      if (defined.count(nodes[k]) == 0)
        throw InputError(vector.where, "*DEFINE_VECTOR_NODES: node " + std::to_string(nodes[k]) + " is not defined");
      ends[k] = at.at(nodes[k]);
    }
    double length2 = 0;
    for (int k = 0; k < 3; ++k) {
      vector.direction[static_cast<std::size_t>(k)] = ends[1][k] - ends[0][k];
      length2 += vector.direction[static_cast<std::size_t>(k)] * vector.direction[static_cast<std::size_t>(k)];
    }
    if (!(length2 > 0))
      throw InputError(vector.where, "*DEFINE_VECTOR_NODES: nodes " + std::to_string(nodes[0]) + " and " +
                                         std::to_string(nodes[1]) + " are at one place: the vector has no direction");
    for (double& d : vector.direction) d /= std::sqrt(length2);
  }
}

}  // namespace

void resolve_references(ReaderState& state) {
  check_duplicate_nodes(state);
  expand_generated_sets(state);
  const NodeLookup lookup(state.model, state.left_out_parts);
  for (const SpcSetRequest& request : state.spc_sets) {
    for (GlobalId node : lookup.node_set(request.node_set, request.where, request.keyword)) {
      state.model.spcs.push_back(Spc{node, request.fixed, request.where});
    }
  }
  for (const MotionSetRequest& request : state.motion_sets) {
    PrescribedMotion& motion = state.model.prescribed_motions[request.motion];
    motion.nodes = lookup.node_set(request.node_set, motion.where, request.keyword);
  }
  resolve_node_vectors(state);
  for (const MotionVectorRequest& request : state.motion_vectors) {
    PrescribedMotion& motion = state.model.prescribed_motions[request.motion];
    const auto vector = state.vectors.find(request.vector);
    if (vector == state.vectors.end())
      throw InputError(motion.where, request.keyword + ": vector VID " + std::to_string(request.vector) +
                                         " is not defined (*DEFINE_VECTOR)");
    motion.direction = vector->second.direction;
  }
  resolve_velocities(state, lookup);
  resolve_walls(state, lookup);
  for (const NodalBodyRequest& request : state.nodal_bodies) {
    NodalRigidBody& body = state.model.nodal_rigid_bodies[request.body];
    body.nodes = lookup.node_set(request.node_set, body.where, request.keyword);
    if (body.center_node != 0 && std::find(body.nodes.begin(), body.nodes.end(), body.center_node) == body.nodes.end())
      body.nodes.push_back(body.center_node);
  }
  for (const NodalBodyRequest& request : state.extra_node_sets) {
    ExtraNodes& extra = state.model.extra_nodes[request.body];
    extra.nodes = lookup.node_set(request.node_set, extra.where, request.keyword);
  }
  for (const MassSetRequest& request : state.mass_sets) {
    const std::vector<GlobalId> nodes = lookup.node_set(request.node_set, request.mass.where, request.keyword);
    for (GlobalId node : nodes) {
      PointMass share = request.mass;
      share.node = node;
      share.mass = request.mass.mass / static_cast<double>(nodes.size());
      state.model.point_masses.push_back(share);
    }
  }
  resolve_contacts(state);
  resolve_part_inertia_centers(state);
  resolve_hardening_tables(state);
  resolve_part_masses(state);
  resolve_shell_thickness_updates(state);
  resolve_rigid_body_velocities(state);
  Controls& controls = state.model.controls;
  if (state.d3plot_count > 0 && controls.end_time > 0.0) {
    controls.d3plot_dt = controls.end_time / static_cast<double>(state.d3plot_count);
  }
}

}  // namespace mc
