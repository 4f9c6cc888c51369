// Allocates the Views of one rank and fills nodes, elements, the element
// blocks with their corner array and node terms, and the lumped masses.
#include "miniapp/state/state_builder.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

#include "miniapp/elements/shell_bt/shell_block.hpp"
#include "miniapp/nodal/nodal_update.hpp"
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

void build_point_masses(const Model& model, const LocalMesh& mesh, State& s) {
  if (model.point_masses.empty()) return;
  s.nodes.point_mass = RealView("point_mass", s.nodes.count());
  s.nodes.point_rotary = RealView("point_rotary", s.nodes.count());
  // Summed in deck order: the same on every rank that holds the node.
  for (const PointMass& mass : model.point_masses) {
    const int n = mesh.node_index.at(mass.node);
    s.nodes.point_mass(n) += mass.mass;
    s.nodes.point_rotary(n) += mass.rotary;
  }
}

void build_elements(const Model& model, const LocalMesh& mesh, State& s) {
  const int ne = static_cast<int>(mesh.element_ids.size());
  std::map<GlobalId, int> part_index;
  for (const auto& [id, part] : model.parts) part_index.emplace(id, static_cast<int>(part_index.size()));
  ElementData& el = s.elements;
  el.conn = Conn4View("conn", ne);
  el.part = IntView("part", ne);
  el.alive = ByteView("alive", ne);
  el.thickness = RealView("thickness", ne);
  el.points = PackedStateView("points", pack_count(ne), 4 * s.max_points);
  el.shear = PackedStateView("shear", pack_count(ne), 2);
  el.hourglass_q = PackedStateView("hourglass_q", s.uses_hourglass_stiffness ? pack_count(ne) : 0, 5);
  el.back_stress = PackedStateView("back_stress", s.uses_back_stress ? pack_count(ne) : 0, 3 * s.max_points);
  el.internal_energy = DoubleView("internal_energy", ne);
  el.hourglass_energy = DoubleView("hourglass_energy", ne);
  el.yielding = ByteView("yielding", ne);
  el.plastic_updates = IntView("plastic_updates", ne);
  el.density_scale = RealView("density_scale", 0);
  el.ids = mesh.element_ids;
  auto conn = Kokkos::create_mirror_view(el.conn);
  auto part = Kokkos::create_mirror_view(el.part);
  auto thickness = Kokkos::create_mirror_view(el.thickness);
  for (int e = 0; e < ne; ++e) {
    for (int c = 0; c < 4; ++c) conn(e, c) = mesh.element_nodes[e][c];
    part(e) = part_index.at(mesh.element_parts[e]);
    const double own = mesh.element_thickness[e];
    thickness(e) = own > 0 ? static_cast<Real>(own) : s.parts(part(e)).thickness;
  }
  Kokkos::deep_copy(el.conn, conn);
  Kokkos::deep_copy(el.part, part);
  Kokkos::deep_copy(el.thickness, thickness);
  Kokkos::deep_copy(el.alive, 1);
}

// `all` less the terms of stressless shells (rigid, null): their corners
// hold -0 every cycle (update_one_shell), which leaves any sum's bits as
// they are, so the force sums need not read them. On a deck with rigid
// parts that is every corner of a rigid body's own nodes.
NodeTerms without_stressless(const State& s, const NodeTerms& all) {
  const auto stressless = [&](int term) {
    const ElementBlock& block = *s.blocks[static_cast<std::size_t>(block_of_term(s, term))];
    return s.parts(block.part(s, block.element_at(term))).stressless != 0;
  };
  const int n = all.nodes();
  std::vector<int> offset(static_cast<std::size_t>(n) + 1, 0), kept;
  kept.reserve(all.term.extent(0));
  for (int i = 0; i < n; ++i) {
    for (int t = all.offset(i); t < all.offset(i + 1); ++t)
      if (!stressless(all.term(t))) kept.push_back(all.term(t));
    offset[static_cast<std::size_t>(i) + 1] = static_cast<int>(kept.size());
  }
  if (kept.size() == all.term.extent(0)) return all;
  NodeTerms forces{IntView("force_terms.offset", offset.size()), IntView("force_terms.term", kept.size())};
  for (std::size_t i = 0; i < offset.size(); ++i) forces.offset(static_cast<int>(i)) = offset[i];
  for (std::size_t i = 0; i < kept.size(); ++i) forces.term(static_cast<int>(i)) = kept[i];
  return forces;
}

// Every node's terms in the model-wide order the halo also uses: by block,
// then element id (not the deck's order, which need not be sorted), so a
// node sums its terms in the same order on one rank as on many, whatever
// the thread count.
void build_node_terms(State& s) {
  const int n = s.nodes.count();
  std::vector<int> offset(static_cast<std::size_t>(n) + 1, 0);
  for (const auto& block : s.blocks)
    for (int e = 0; e < block->count(s); ++e)
      for (int c = 0; c < block->corners(s, e); ++c) offset[static_cast<std::size_t>(block->node(s, e, c)) + 1] += 1;
  for (int i = 0; i < n; ++i) offset[i + 1] += offset[i];
  std::vector<std::pair<TermKey, int>> terms(static_cast<std::size_t>(offset[n]));  // (order, flat offset)
  std::vector<int> fill(offset.begin(), offset.end() - 1);
  for (std::size_t b = 0; b < s.blocks.size(); ++b) {
    const ElementBlock& block = *s.blocks[b];
    for (int e = 0; e < block.count(s); ++e)
      for (int c = 0; c < block.corners(s, e); ++c) {
        const auto at = static_cast<std::size_t>(fill[static_cast<std::size_t>(block.node(s, e, c))]++);
        terms[at] = {TermKey{static_cast<int>(b), block.id(s, e)}, static_cast<int>(block.corner_offset(e, c))};
      }
  }
  NodeTerms& t = s.nodes.terms;
  t.offset = IntView("terms.offset", static_cast<std::size_t>(n) + 1);
  t.term = IntView("terms.term", terms.size());
  s.nodes.part.assign(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    const auto first = terms.begin() + offset[static_cast<std::size_t>(i)];
    const auto last = terms.begin() + offset[static_cast<std::size_t>(i) + 1];
    // Stable: an element's corners at one node (none today) keep their order.
    std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto it = first; it != last; ++it) t.term(static_cast<int>(it - terms.begin())) = it->second;
  }
  // A node's kinetic energy goes to the part of its element of lowest id
  // (elements are grouped by kernel class, not in deck order).
  std::vector<GlobalId> lowest(static_cast<std::size_t>(n), std::numeric_limits<GlobalId>::max());
  for (const auto& block : s.blocks)
    for (int e = 0; e < block->count(s); ++e)
      for (int c = 0; c < block->corners(s, e); ++c) {
        const auto node = static_cast<std::size_t>(block->node(s, e, c));
        if (block->id(s, e) < lowest[node]) {
          lowest[node] = block->id(s, e);
          s.nodes.part[node] = block->part(s, e);
        }
      }
  for (int i = 0; i <= n; ++i) t.offset(i) = offset[static_cast<std::size_t>(i)];
  s.nodes.force_terms = without_stressless(s, t);
}

}  // namespace

void finish_element_blocks(State& s) {
  std::int64_t values = 0;
  for (const auto& block : s.blocks) {
    block->corner_base = values;
    block->corner_packs = pack_count(block->count(s));
    values += block->corner_values();
  }
  // Terms address the corner array with int offsets.
  if (values > std::numeric_limits<int>::max())
    throw std::length_error("the corner array of one rank exceeds 2^31 values; use more ranks");
  s.corners = RealView("corners", static_cast<std::size_t>(values));
  build_node_terms(s);
}

int block_of_term(const State& s, int term) {
  int b = static_cast<int>(s.blocks.size()) - 1;
  while (b > 0 && s.blocks[static_cast<std::size_t>(b)]->corner_base > term) --b;
  return b;
}

TermKeyOf term_keys(const State& s) {
  return [&s](int term) {
    const int b = block_of_term(s, term);
    const ElementBlock& block = *s.blocks[static_cast<std::size_t>(b)];
    return TermKey{b, block.id(s, block.element_at(term))};
  };
}

void lump_masses(const Model& model, State& s) {
  for (const auto& block : s.blocks) s.added_mass += block->lump_mass(model, s);
  gather_nodal_masses(s);
}

State build_state(const Model& model, const LocalMesh& mesh) {
  State s;
  s.element_order = mesh.order;
  build_part_tables(model, s);
  build_nodes(mesh, s);
  build_elements(model, mesh, s);
  build_point_masses(model, mesh, s);
  s.blocks = {std::make_shared<ShellBlock>()};
  finish_element_blocks(s);
  lump_masses(model, s);
  setup_spcs(model, mesh, s);
  apply_initial_velocities(model, mesh, s);
  setup_rigid_bodies(model, mesh, s);
  setup_prescribed_motions(model, mesh, s);  // after the bodies: _RIGID names one
  setup_rigid_walls(model, mesh, s);
  s.contact = build_contact_setup(model, contact_mesh_of(s));
  if (s.contact.active()) s.nodes.fc = Vec3View("nodes.fc", s.nodes.count());
  return s;
}

}  // namespace mc
