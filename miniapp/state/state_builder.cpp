// Allocates the Views of one rank and fills nodes, elements, lumped masses
// and the node->corner table used by the deterministic force gather.
#include "miniapp/state/state_builder.hpp"

#include <cmath>
#include <map>

#include "miniapp/elements/shell_bt/shell_bt.hpp"
#include "miniapp/state/contact_mesh_of.hpp"

namespace mc {
namespace {

void build_nodes(const LocalMesh& mesh, State& s) {
  const int n = static_cast<int>(mesh.node_ids.size());
  NodeData& nd = s.nodes;
  nd.x = Vec3View("x", n);
  nd.x0 = Vec3View("x0", n);
  nd.v = Vec3View("v", n);
  nd.w = Vec3View("w", n);
  nd.f = Vec3View("f", n);
  nd.m = Vec3View("m", n);
  nd.mass = RealView("mass", n);
  nd.inertia = RealView("inertia", n);
  nd.fixed = ByteView("fixed", n);
  nd.ids = mesh.node_ids;
  nd.owned.assign(n, 1);
  auto x = Kokkos::create_mirror_view(nd.x);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) x(i, k) = static_cast<Real>(mesh.node_x[i][k]);
  Kokkos::deep_copy(nd.x, x);
  Kokkos::deep_copy(nd.x0, x);
}

void build_elements(const Model& model, const LocalMesh& mesh, State& s) {
  const int ne = static_cast<int>(mesh.element_ids.size());
  std::map<GlobalId, int> part_index;
  for (const auto& [id, part] : model.parts) part_index.emplace(id, static_cast<int>(part_index.size()));
  ElementData& el = s.elements;
  el.conn = Conn4View("conn", ne);
  el.part = IntView("part", ne);
  el.alive = ByteView("alive", ne);
  el.points = PointStateView("points", pack_count(ne), 4 * s.max_points);
  el.shear = Shear2View("shear", ne);
  el.hourglass_q = Hourglass5View("hourglass_q", s.uses_hourglass_stiffness ? ne : 0);
  el.force = CornerForceView("corner_force", pack_count(ne));
  el.internal_energy = DoubleView("internal_energy", ne);
  el.hourglass_energy = DoubleView("hourglass_energy", ne);
  el.density_scale = RealView("density_scale", 0);
  el.ids = mesh.element_ids;
  auto conn = Kokkos::create_mirror_view(el.conn);
  auto part = Kokkos::create_mirror_view(el.part);
  for (int e = 0; e < ne; ++e) {
    for (int c = 0; c < 4; ++c) conn(e, c) = mesh.element_nodes[e][c];
    part(e) = part_index.at(mesh.element_parts[e]);
  }
  Kokkos::deep_copy(el.conn, conn);
  Kokkos::deep_copy(el.part, part);
  Kokkos::deep_copy(el.alive, 1);
}

// Node -> corner list (CSR) in ascending corner order, so every node sums
// its corner forces in the same order whatever the thread count.
void build_corner_table(State& s) {
  const int n = s.nodes.count(), ne = s.elements.count();
  auto conn = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.elements.conn);
  std::vector<int> offset(n + 1, 0);
  for (int e = 0; e < ne; ++e)
    for (int c = 0; c < 4; ++c)
      if (c < 3 || conn(e, 3) != conn(e, 2)) offset[conn(e, c) + 1] += 1;
  for (int i = 0; i < n; ++i) offset[i + 1] += offset[i];
  std::vector<int> corner(offset[n]);
  std::vector<int> fill(offset.begin(), offset.end() - 1);
  for (int e = 0; e < ne; ++e)
    for (int c = 0; c < 4; ++c)
      if (c < 3 || conn(e, 3) != conn(e, 2)) corner[fill[conn(e, c)]++] = 4 * e + c;
  s.nodes.corner_offset = IntView("corner_offset", n + 1);
  s.nodes.corner = IntView("corner", corner.size());
  auto ho = Kokkos::create_mirror_view(s.nodes.corner_offset);
  auto hc = Kokkos::create_mirror_view(s.nodes.corner);
  for (int i = 0; i <= n; ++i) ho(i) = offset[i];
  for (std::size_t i = 0; i < corner.size(); ++i) hc(i) = corner[i];
  Kokkos::deep_copy(s.nodes.corner_offset, ho);
  Kokkos::deep_copy(s.nodes.corner, hc);
}

// Lumped mass rho t A shared equally by the element's distinct nodes; rotary
// inertia scaled to m (t^2 + A)/12 so rotations never set the stable step
// (the usual scaling for Belytschko-Tsay shells). Mass scaling (DT2MS < 0)
// raises the density of elements whose step is below TSSFAC |DT2MS|.
void lump_masses(const Model& model, State& s) {
  const int ne = s.elements.count();
  auto x = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.nodes.x);
  auto conn = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.elements.conn);
  auto part = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.elements.part);
  auto parts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.parts);
  auto mats = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.materials);
  auto mass = Kokkos::create_mirror_view(s.nodes.mass);
  auto inertia = Kokkos::create_mirror_view(s.nodes.inertia);
  Kokkos::deep_copy(mass, 0);
  Kokkos::deep_copy(inertia, 0);
  const double target = model.controls.dt2ms < 0 ? model.controls.tssfac * -model.controls.dt2ms : 0;
  std::vector<Real> scale(target > 0 ? ne : 0, Real(1));
  s.elements.mass_share.assign(ne, 0);
  s.elements.inertia_share.assign(ne, 0);
  for (int e = 0; e < ne; ++e) {
    Real xe[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) xe[c][k] = x(conn(e, c), k);
    ShellGeometry<Real> g;
    shell_geometry(xe, g);
    const PartParams& p = parts(part(e));
    const MaterialParams& m = mats(p.material);
    const bool triangle = conn(e, 3) == conn(e, 2);
    double factor = 1;
    if (target > 0 && m.kind != kRigid) {
      const double dt_e = model.controls.tssfac * shell_characteristic_length(xe, g.area, triangle) / m.wave_speed;
      if (dt_e < target) factor = (target / dt_e) * (target / dt_e);
      scale[e] = static_cast<Real>(factor);
    }
    const double me = factor * m.density * p.thickness * g.area;
    s.added_mass += me - m.density * p.thickness * g.area;
    const int corners = triangle ? 3 : 4;
    const double share = me / corners;
    const double rot = share * (p.thickness * p.thickness + g.area) / 12.0;
    s.elements.mass_share[e] = static_cast<Real>(share);
    s.elements.inertia_share[e] = static_cast<Real>(rot);
    for (int c = 0; c < corners; ++c) {
      mass(conn(e, c)) += s.elements.mass_share[e];
      inertia(conn(e, c)) += s.elements.inertia_share[e];
    }
  }
  Kokkos::deep_copy(s.nodes.mass, mass);
  Kokkos::deep_copy(s.nodes.inertia, inertia);
  if (target > 0) {
    s.elements.density_scale = RealView("density_scale", ne);
    auto hs = Kokkos::create_mirror_view(s.elements.density_scale);
    for (int e = 0; e < ne; ++e) hs(e) = scale[e];
    Kokkos::deep_copy(s.elements.density_scale, hs);
  }
}

}  // namespace

State build_state(const Model& model, const LocalMesh& mesh) {
  State s;
  build_part_tables(model, s);
  build_nodes(mesh, s);
  build_elements(model, mesh, s);
  build_corner_table(s);
  lump_masses(model, s);
  setup_spcs(model, mesh, s);
  apply_initial_velocities(model, mesh, s);
  setup_rigid_bodies(mesh, s);
  setup_rigid_walls(model, mesh, s);
  s.contact = build_contact_setup(model, contact_mesh_of(s));
  if (s.contact.active()) s.nodes.fc = Vec3View("nodes.fc", s.nodes.count());
  return s;
}

}  // namespace mc
