// The checks of validate_model for constraints: point masses, nodal rigid
// bodies and welds, merged rigid parts, extra nodes and prescribed motions.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

#include "io/deck/validation_support.hpp"
#include "io/rigid_body_merges.hpp"

namespace mc::validation {

// A lumped mass needs a defined node; one on no element is integrated on
// its own (rank 0 holds it at any rank count: subdomain.cpp).
void check_point_masses(const Model& m, const IdIndex& nodes) {
  for (const PointMass& mass : m.point_masses)
    check_node_list({mass.node}, nodes, mass.where, "element mass " + id_text(mass.id));
}

bool is_rigid_part(const Model& m, GlobalId part) {
  const auto p = m.parts.find(part);
  if (p == m.parts.end()) return false;
  const auto mat = m.materials.find(p->second.material);
  return mat != m.materials.end() && mat->second.kind == MaterialKind::Rigid;
}

// A node moves with at most one rigid body: two nodal rigid bodies, or one
// and a rigid part, may not share it (LS-DYNA would need them merged).
void check_nodal_rigid_bodies(const Model& m, const IdIndex& nodes) {
  std::map<GlobalId, const NodalRigidBody*> owner;
  for (const NodalRigidBody& body : m.nodal_rigid_bodies) {
    if (body.nodes.empty()) fail(body.where, "nodal rigid body: its node set is empty");
    if (body.center_node != 0 && nodes.find(body.center_node) < 0)
      fail(body.where, "nodal rigid body " + id_text(body.id) + ": PNODE " + id_text(body.center_node) + " is not defined");
    check_node_list(body.nodes, nodes, body.where, "nodal rigid body");
    for (GlobalId node : body.nodes) {
      const auto [it, added] = owner.emplace(node, &body);
      if (!added && it->second != &body) {
        fail(body.where, "nodal rigid body: node " + id_text(node) + " is already in the one at line " +
                             std::to_string(it->second->where.line) + " (merge them into one)");
      }
    }
  }
  if (owner.empty()) return;
  for (const Shell& shell : m.shells) {
    if (!is_rigid_part(m, shell.part)) continue;
    for (GlobalId node : shell.nodes) {
      if (const auto it = owner.find(node); it != owner.end()) {
        fail(it->second->where, "nodal rigid body: node " + id_text(node) + " belongs to rigid part " +
                                    id_text(shell.part) + " (a node moves with one rigid body)");
      }
    }
  }
}

// A weld failing by force splits it along the line from each node to the
// weld's centre: a node there (coincident nodes) has no such line.
void check_weld_normals(const Model& m, const IdIndex& nodes) {
  for (const NodalRigidBody& weld : m.nodal_rigid_bodies) {
    if (!weld.weld || !weld.failure.by_force()) continue;
    std::array<double, 3> center{};
    for (GlobalId id : weld.nodes)
      for (int k = 0; k < 3; ++k) center[k] += m.nodes[static_cast<std::size_t>(nodes.find(id))].x[k] / weld.nodes.size();
    for (GlobalId id : weld.nodes) {
      const auto& x = m.nodes[static_cast<std::size_t>(nodes.find(id))].x;
      const double apart = std::hypot(x[0] - center[0], x[1] - center[1], x[2] - center[2]);
      if (apart <= 1e-9 * (1.0 + std::hypot(center[0], center[1], center[2]))) {
        fail(weld.where, "weld: node " + id_text(id) + " sits at the weld's centre (coincident nodes), so its force has "
                         "no normal direction; failure by SN/SS needs the nodes apart");
      }
    }
  }
}

// *CONSTRAINED_RIGID_BODIES: both parts rigid, each part constrained to
// one lead, and no chain that comes back to where it started.
void check_rigid_merges(const Model& m) {
  std::map<GlobalId, const RigidMerge*> lead_of;
  for (const RigidMerge& merge : m.rigid_merges) {
    const std::string what = "*CONSTRAINED_RIGID_BODIES: ";
    for (const GlobalId part : {merge.lead, merge.constrained}) {
      if (m.parts.count(part) == 0) fail(merge.where, what + "part " + id_text(part) + " is not defined");
      if (!is_rigid_part(m, part)) fail(merge.where, what + "part " + id_text(part) + " is not rigid (*MAT_RIGID)");
    }
    const auto [it, added] = lead_of.emplace(merge.constrained, &merge);
    if (!added)
      fail(merge.where, what + "part " + id_text(merge.constrained) + " is already constrained to part " +
                            id_text(it->second->lead) + " (line " + std::to_string(it->second->where.line) + ")");
  }
  for (const auto& [start, merge] : lead_of) {
    GlobalId at = merge->lead;
    for (std::size_t steps = 0; steps <= lead_of.size(); ++steps) {
      if (at == start)
        fail(merge->where, "*CONSTRAINED_RIGID_BODIES: part " + id_text(start) + " is its own lead through a chain "
                                                                                  "of merges");
      const auto next = lead_of.find(at);
      if (next == lead_of.end()) break;
      at = next->second->lead;
    }
  }
}

// *PART_INERTIA gives a rigid body's inertia. A body merged from several
// parts would need LS-DYNA's rules for adding the others (IFLAG), which
// minicrash does not model.
void check_part_inertias(const Model& m) {
  for (const auto& [part, given] : m.part_inertias) {
    const std::string what = "*PART_INERTIA: part " + id_text(part);
    if (!is_rigid_part(m, part))
      fail(given.where, what + " is not rigid (*MAT_RIGID): only a rigid body takes a given inertia");
    for (const RigidMerge& merge : m.rigid_merges)
      if (merge.lead == part || merge.constrained == part)
        fail(given.where, what + " is merged with another by *CONSTRAINED_RIGID_BODIES at line " +
                              std::to_string(merge.where.line) + ": a merged body with a given inertia is not supported");
  }
}

// *CONSTRAINED_EXTRA_NODES: the part must be rigid, and an extra node may
// move with that body only (merged rigid parts are one body).
void check_extra_nodes(const Model& m, const IdIndex& nodes) {
  if (m.extra_nodes.empty()) return;
  const std::map<GlobalId, GlobalId> leads = rigid_body_leads(m);
  std::map<GlobalId, GlobalId> body_of;  // node -> the rigid part whose body it moves with
  for (const Shell& shell : m.shells)
    if (is_rigid_part(m, shell.part))
      for (GlobalId node : shell.nodes) body_of.emplace(node, rigid_body_part(leads, shell.part));
  std::set<GlobalId> in_nodal_body;
  for (const NodalRigidBody& body : m.nodal_rigid_bodies) in_nodal_body.insert(body.nodes.begin(), body.nodes.end());
  for (const ExtraNodes& extra : m.extra_nodes) {
    const std::string what = "extra nodes of part " + id_text(extra.part);
    if (m.parts.count(extra.part) == 0) fail(extra.where, what + ": the part is not defined");
    if (!is_rigid_part(m, extra.part)) fail(extra.where, what + ": the part is not rigid (*MAT_RIGID)");
    if (extra.nodes.empty()) fail(extra.where, what + ": its node set is empty");
    check_node_list(extra.nodes, nodes, extra.where, what);
    for (GlobalId node : extra.nodes) {
      const std::string moves = what + ": node " + id_text(node);
      if (in_nodal_body.count(node) != 0)
        fail(extra.where, moves + " is in a nodal rigid body (a node moves with one rigid body)");
      const auto [it, added] = body_of.emplace(node, rigid_body_part(leads, extra.part));
      if (!added && it->second != rigid_body_part(leads, extra.part))
        fail(extra.where, moves + " already moves with rigid part " + id_text(it->second) +
                              " (a node moves with one rigid body)");
    }
  }
}

// A prescribed node must move on its own: a rigid body's nodes follow the
// body (prescribed with *BOUNDARY_PRESCRIBED_MOTION_RIGID, whose PID must
// name a rigid part or a nodal rigid body).
void check_prescribed_motions(const Model& m, const IdIndex& nodes) {
  if (m.prescribed_motions.empty()) return;
  std::map<GlobalId, std::string> body_of;  // node -> what it moves with
  for (const Shell& shell : m.shells)
    if (is_rigid_part(m, shell.part))
      for (GlobalId node : shell.nodes) body_of.emplace(node, "rigid part " + id_text(shell.part));
  for (const NodalRigidBody& body : m.nodal_rigid_bodies)
    for (GlobalId node : body.nodes)
      body_of.emplace(node, body.weld ? "a weld" : "nodal rigid body " + id_text(body.id));
  for (const ExtraNodes& extra : m.extra_nodes)
    for (GlobalId node : extra.nodes) body_of.emplace(node, "rigid part " + id_text(extra.part));
  // Each degree of freedom of a node (of a rigid body) is held (SPC,
  // *MAT_RIGID CON1/CON2) or prescribed by one motion at a time: two would
  // fight, and each would count work the other undoes.
  struct Claim {
    double from, until;
    std::string by;
  };
  static const char* const kDofNames[] = {"x", "y", "z", "rx", "ry", "rz"};
  const std::map<GlobalId, GlobalId> leads = rigid_body_leads(m);
  std::map<std::pair<GlobalId, int>, std::vector<Claim>> claimed, body_claimed;
  const auto claim = [&](std::vector<Claim>& claims, const PrescribedMotion& motion, const std::string& whose) {
    for (const Claim& other : claims) {
      if (other.from < motion.death && motion.birth < other.until)
        fail(motion.where, "prescribed motion: " + whose + " is already " + other.by + " (one constraint a component)");
    }
    claims.push_back({motion.birth, motion.death, "prescribed at line " + std::to_string(motion.where.line)});
  };
  for (const Spc& spc : m.spcs)
    for (int k = 0; k < 6; ++k)
      if (spc.fixed[static_cast<std::size_t>(k)]) claimed[{spc.node, k}].push_back({-1e300, 1e300, "held by an SPC"});
  for (const PrescribedMotion& motion : m.prescribed_motions) {
    const std::string what = "prescribed motion";
    if (m.curves.count(motion.curve) == 0)
      fail(motion.where, what + ": curve LCID " + id_text(motion.curve) + " is not defined");
    if (motion.rigid_part != 0) {
      const bool nodal = std::any_of(m.nodal_rigid_bodies.begin(), m.nodal_rigid_bodies.end(),
                                     [&](const NodalRigidBody& b) { return !b.weld && b.id == motion.rigid_part; });
      if (!nodal && !is_rigid_part(m, motion.rigid_part)) {
        fail(motion.where, what + ": part " + id_text(motion.rigid_part) +
                               (m.parts.count(motion.rigid_part) ? " is not rigid (*MAT_RIGID) nor a nodal rigid body"
                                                                  : " is not defined"));
      }
      // A merged part's motion moves its lead's body, held by the lead's CON1/CON2.
      const GlobalId body = nodal ? motion.rigid_part : rigid_body_part(leads, motion.rigid_part);
      const int fixed = nodal ? 0 : m.materials.at(m.parts.at(body).material).rigid_fixed;
      for (const int k : prescribed_components(motion)) {
        std::vector<Claim>& claims = body_claimed[{body, k}];
        if (claims.empty() && (fixed & (1 << k))) claims.push_back({-1e300, 1e300, "held by its *MAT_RIGID CON1/CON2"});
        claim(claims, motion, "body " + id_text(body) + "'s " + kDofNames[k]);
      }
      continue;
    }
    if (motion.nodes.empty()) fail(motion.where, what + ": its node set is empty");
    check_node_list(motion.nodes, nodes, motion.where, what);
    for (GlobalId node : motion.nodes) {
      if (const auto it = body_of.find(node); it != body_of.end()) {
        fail(motion.where, what + ": node " + id_text(node) + " moves with " + it->second +
                               " (prescribe the body with *BOUNDARY_PRESCRIBED_MOTION_RIGID)");
      }
      for (const int k : prescribed_components(motion))
        claim(claimed[{node, k}], motion, "node " + id_text(node) + "'s " + kDofNames[k]);
    }
  }
}

}  // namespace mc::validation
