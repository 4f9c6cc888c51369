// Boundary conditions and bodies at start-up: SPC masks, initial
// velocities, prescribed motions, rigid walls (slave nodes on this rank) and rigid bodies.
#include <cmath>
#include <set>

#include "io/rigid_body_merges.hpp"
#include "miniapp/nodal/given_inertia.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc {
namespace {

// Local indices of the given user node ids that live on this rank.
std::vector<int> local_nodes(const LocalMesh& mesh, const std::vector<GlobalId>& ids) {
  std::vector<int> out;
  for (GlobalId id : ids) {
    auto it = mesh.node_index.find(id);
    if (it != mesh.node_index.end()) out.push_back(it->second);
  }
  return out;
}

std::vector<int> all_nodes(const LocalMesh& mesh) {
  std::vector<int> out(mesh.node_ids.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int>(i);
  return out;
}

}  // namespace

void setup_spcs(const Model& model, const LocalMesh& mesh, State& s) {
  auto fixed = Kokkos::create_mirror_view(s.nodes.fixed);
  Kokkos::deep_copy(fixed, 0);
  for (const Spc& spc : model.spcs) {
    auto it = mesh.node_index.find(spc.node);
    if (it == mesh.node_index.end()) continue;
    for (int k = 0; k < 6; ++k)
      if (spc.fixed[k]) fixed(it->second) |= static_cast<std::uint8_t>(1u << k);
  }
  Kokkos::deep_copy(s.nodes.fixed, fixed);
}

void apply_initial_velocities(const Model& model, const LocalMesh& mesh, State& s) {
  auto v = Kokkos::create_mirror_view(s.nodes.v);
  auto w = Kokkos::create_mirror_view(s.nodes.w);
  Kokkos::deep_copy(v, 0);
  Kokkos::deep_copy(w, 0);
  for (const InitialVelocity& iv : model.initial_velocities) {
    const std::vector<int> nodes = iv.all_nodes ? all_nodes(mesh) : local_nodes(mesh, iv.nodes);
    for (int i : nodes) {
      double vel[3] = {iv.v[0], iv.v[1], iv.v[2]};
      if (iv.spin_about_center) {
        const double r[3] = {mesh.node_x[i][0] - iv.center[0], mesh.node_x[i][1] - iv.center[1],
                             mesh.node_x[i][2] - iv.center[2]};
        vel[0] += iv.omega[1] * r[2] - iv.omega[2] * r[1];
        vel[1] += iv.omega[2] * r[0] - iv.omega[0] * r[2];
        vel[2] += iv.omega[0] * r[1] - iv.omega[1] * r[0];
      }
      for (int k = 0; k < 3; ++k) {
        v(i, k) = static_cast<Real>(vel[k]);
        w(i, k) = static_cast<Real>(iv.omega[k]);
      }
    }
  }
  Kokkos::deep_copy(s.nodes.v, v);
  Kokkos::deep_copy(s.nodes.w, w);
}

void setup_prescribed_motions(const Model& model, const LocalMesh& mesh, State& s) {
  const std::map<GlobalId, GlobalId> leads = rigid_body_leads(model);
  for (const PrescribedMotion& motion : model.prescribed_motions) {
    PrescribedMotionState here;
    here.nodes = local_nodes(mesh, motion.nodes);  // kept when empty: every rank lists every motion
    // A merged rigid part's motion moves its lead's body.
    const GlobalId body_part = rigid_body_part(leads, motion.rigid_part);
    for (std::size_t b = 0; b < s.rigid_bodies.size() && motion.rigid_part != 0; ++b)
      if (!s.rigid_bodies[b].weld && s.rigid_bodies[b].part_id == body_part) here.body = static_cast<int>(b);
    here.component = motion.component;
    here.rotation = motion.rotation;
    here.exclusive = motion.exclusive;
    here.direction = motion.direction;
    here.axis = motion.axis;
    here.radius_free = motion.radius_free;
    here.center = motion.offset;
    here.kind = motion.kind;
    const Curve& curve = model.curves.at(motion.curve);
    here.curve_t = curve.x;
    for (double y : curve.y) here.curve_value.push_back(motion.scale * y);
    here.birth = motion.birth;
    here.death = motion.death;
    s.motions.push_back(std::move(here));
  }
}

void attach_walls_to_bodies(State& s) {
  std::vector<int> on_body(static_cast<std::size_t>(s.nodes.count()), -1);
  for (std::size_t b = 0; b < s.rigid_bodies.size(); ++b)
    for (int n : s.rigid_bodies[b].nodes) on_body[static_cast<std::size_t>(n)] = static_cast<int>(b);
  for (WallState& wall : s.walls) {
    wall.on_body.clear();
    for (int n : wall.nodes) wall.on_body.push_back(on_body[static_cast<std::size_t>(n)]);
  }
}

void setup_rigid_walls(const Model& model, const LocalMesh& mesh, State& s) {
  for (const RigidWall& rw : model.rigid_walls) {
    WallState wall;
    wall.nodes = rw.all_nodes ? all_nodes(mesh) : local_nodes(mesh, rw.nodes);
    double n[3] = {rw.head[0] - rw.tail[0], rw.head[1] - rw.tail[1], rw.head[2] - rw.tail[2]};
    const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int k = 0; k < 3; ++k) {
      wall.normal[k] = n[k] / len;
      wall.point[k] = rw.tail[k];
    }
    wall.shape = rw.shape;
    if (rw.shape.kind == WallShape::Kind::Flat || rw.shape.kind == WallShape::Kind::Prism) {
      // The l edge made orthogonal to the normal and unit; m completes the frame.
      const double* e = rw.shape.edge.data();
      const double along = e[0] * wall.normal[0] + e[1] * wall.normal[1] + e[2] * wall.normal[2];
      double l[3] = {e[0] - along * wall.normal[0], e[1] - along * wall.normal[1], e[2] - along * wall.normal[2]};
      const double l_len = std::sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
      for (int k = 0; k < 3; ++k) wall.shape.edge[k] = l[k] / l_len;
      const auto& a = wall.normal;
      const auto& u = wall.shape.edge;
      wall.edge_m = {a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0]};
    }
    wall.friction = rw.friction;
    wall.moving = rw.moving;
    wall.mass = rw.mass;
    wall.velocity = rw.moving ? rw.speed : 0;
    wall.initial_kinetic = 0.5 * wall.mass * wall.velocity * wall.velocity;
    if (rw.motion.curve != 0) {
      const Curve& curve = model.curves.at(rw.motion.curve);
      wall.prescribed = true;
      wall.prescribed_displacement = rw.motion.displacement;
      wall.direction = rw.motion.direction;
      wall.curve_t = curve.x;
      wall.curve_value = curve.y;
    }
    s.walls.push_back(wall);
  }
  attach_walls_to_bodies(s);
}

// Nodes of rigid-part elements move with their body; a node shared with a
// deformable part is merged into the body, as in LS-DYNA. Nodal rigid bodies
// and welds follow the part bodies, in deck order.
void setup_rigid_bodies(const Model& model, const LocalMesh& mesh, State& s) {
  const std::map<GlobalId, GlobalId> leads = rigid_body_leads(model);
  for (const NodalRigidBody& nodal : model.nodal_rigid_bodies) {
    RigidBody body;
    body.part_id = nodal.id;
    body.nodes = local_nodes(mesh, nodal.nodes);
    body.weld = nodal.weld;
    body.failure = nodal.failure;
    if (nodal.given) body.given = given_inertia(nodal.inertia, part_index(model, nodal.energy_part));
    if (nodal.center_node != 0) {
      body.places_center_node = true;
      const std::vector<int> here = local_nodes(mesh, {nodal.center_node});
      if (!here.empty()) body.center_node = here.front();
    }
    s.rigid_bodies.push_back(std::move(body));
  }
  if (s.rigid_bodies.empty()) return;
  auto part = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.elements.part);
  auto parts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.parts);
  std::vector<std::set<int>> members(s.rigid_bodies.size() - model.nodal_rigid_bodies.size());
  for (std::size_t e = 0; e < mesh.element_ids.size(); ++e) {
    const int body = parts(part(e)).rigid_body;
    if (body < 0) continue;
    for (int c = 0; c < 4; ++c) members[body].insert(mesh.element_nodes[e][c]);
  }
  // Extra nodes join their part's body (part bodies come first).
  for (const ExtraNodes& extra : model.extra_nodes)
    for (std::size_t b = 0; b < members.size(); ++b)
      if (s.rigid_bodies[b].part_id == rigid_body_part(leads, extra.part))
        for (int node : local_nodes(mesh, extra.nodes)) members[b].insert(node);
  for (std::size_t b = 0; b < members.size(); ++b)
    s.rigid_bodies[b].nodes.assign(members[b].begin(), members[b].end());
  // *INITIAL_VELOCITY_RIGID_BODY: a part's body (its lead's, if merged) or
  // a nodal rigid body (they follow the part bodies).
  for (const RigidBodyVelocity& start : model.rigid_body_velocities)
    for (std::size_t b = 0; b < s.rigid_bodies.size(); ++b) {
      RigidBody& body = s.rigid_bodies[b];
      const bool nodal_body = b >= members.size();
      if (nodal_body != start.nodal || body.weld) continue;
      if (body.part_id != (start.nodal ? start.body : rigid_body_part(leads, start.body))) continue;
      body.start_given = true;
      body.start_velocity = start.v;
      body.start_spin = start.omega;
    }
}

}  // namespace mc
