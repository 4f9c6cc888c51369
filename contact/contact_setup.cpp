#include "contact/contact_setup.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace mc {
namespace {

struct SegmentGeometry {
  double area = 0, max_diagonal = 0, min_edge = 0;
};

SegmentGeometry segment_geometry(const ContactMesh& mesh, int e) {
  double p[4][3];
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < 3; ++k) p[c][k] = mesh.x(mesh.shell_nodes(e, c), k);
  auto sub = [](const double* a, const double* b, double* out) {
    for (int k = 0; k < 3; ++k) out[k] = a[k] - b[k];
  };
  auto norm = [](const double* a) { return std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); };
  double d31[3], d42[3];
  sub(p[2], p[0], d31);
  sub(p[3], p[1], d42);
  const double cross[3] = {d31[1] * d42[2] - d31[2] * d42[1], d31[2] * d42[0] - d31[0] * d42[2],
                           d31[0] * d42[1] - d31[1] * d42[0]};
  SegmentGeometry g;
  g.area = 0.5 * norm(cross);  // also right for triangles (n3 == n4)
  g.min_edge = 1e300;
  const bool triangle = mesh.shell_nodes(e, 2) == mesh.shell_nodes(e, 3);
  const int corners = triangle ? 3 : 4;
  for (int c = 0; c < corners; ++c) {
    double edge[3];
    sub(p[(c + 1) % corners], p[c], edge);
    g.min_edge = std::min(g.min_edge, norm(edge));
    if (triangle) g.max_diagonal = std::max(g.max_diagonal, norm(edge));  // a triangle's longest edge
  }
  if (!triangle) g.max_diagonal = std::max(norm(d31), norm(d42));
  return g;
}

bool contains(const std::vector<GlobalId>& sorted, GlobalId id) {
  return std::binary_search(sorted.begin(), sorted.end(), id);
}

InterfaceSetup build_interface(const ContactInterface& c, double penalty_scale, const ContactMesh& mesh) {
  InterfaceSetup in;
  in.id = c.id;
  in.single_surface = c.kind == ContactInterface::Kind::SingleSurface;
  in.static_friction = c.static_friction;
  in.dynamic_friction = c.dynamic_friction;
  in.decay = c.decay;
  in.viscous_friction = c.viscous_friction;
  in.damping = c.damping;
  in.birth = c.birth;
  in.death = c.death;
  in.bucket_sort_interval = c.bucket_sort_interval;
  in.soft_scale = c.soft_scale;
  in.soft_step = c.soft_step;
  in.tie_on_contact = c.tie_on_contact;
  in.tie_at_start = c.tie_at_start;
  in.tied_only = c.tied_only;
  in.tie_tolerance = c.tie_tolerance;
  in.tie_normal_failure = c.tie_normal_failure;
  in.tie_shear_failure = c.tie_shear_failure;
  std::vector<GlobalId> slave = c.slave_parts, master = c.master_parts;
  std::sort(slave.begin(), slave.end());
  std::sort(master.begin(), master.end());
  // Local node -> contact node; -2: not one, -1: one, its slot not yet given.
  std::vector<std::int64_t> node_slot(static_cast<std::size_t>(mesh.node_count()), -2);
  const auto& conn = mesh.shell_nodes;
  std::vector<double> areas;  // each segment's
  // A side given as shells (segment or shell set) takes those shells alone.
  const auto on_side = [&](const std::vector<GlobalId>& shells, const std::vector<GlobalId>& parts, bool all, int e,
                           GlobalId part_id) {
    if (!shells.empty()) return contains(shells, (*mesh.shell_ids)[static_cast<std::size_t>(e)]);
    return all || contains(parts, part_id);
  };
  for (int e = 0; e < mesh.shell_count(); ++e) {
    const ContactPart& part = mesh.parts[static_cast<std::size_t>(mesh.shell_part(e))];
    const GlobalId part_id = part.id;
    std::uint8_t bits = 0;
    if (in.single_surface) {
      if (on_side(c.slave_shells, slave, c.slave_all, e, part_id)) bits = kSlaveSide | kMasterSide;
    } else {
      if (on_side(c.slave_shells, slave, c.slave_all, e, part_id)) bits |= kSlaveSide;
      if (on_side(c.master_shells, master, c.master_all, e, part_id)) bits |= kMasterSide;
    }
    if (bits == 0) continue;
    const SegmentGeometry g = segment_geometry(mesh, e);
    // A master-side segment carries SFM, a slave-only one SFS.
    const double scale = (bits & kMasterSide) ? c.master_scale : c.slave_scale;
    const double k = segment_penalty_stiffness(penalty_scale * scale, part.youngs, part.poisson, g.area, g.max_diagonal);
    // Contact thickness: the shell's (or SST/MST), capped at 0.4 of the
    // shortest edge so neighbouring segments of a flat sheet never touch.
    // Where neither is given, SFST (SFMT on a master-only segment) scales it.
    const double shell = ((bits & kSlaveSide) ? c.slave_thickness_scale : c.master_thickness_scale) *
                         double(mesh.shell_thickness(e));
    const double given = (bits & kMasterSide) && c.master_thickness > 0 ? c.master_thickness
                         : (bits & kSlaveSide) && c.slave_thickness > 0 ? c.slave_thickness
                                                                         : shell;
    // A tied interface's tolerance must be within the search's reach; its
    // untied pairs take no force, so the thickness does nothing else there.
    const double half = std::max(std::min(0.5 * given, 0.4 * g.min_edge), c.tie_at_start ? c.tie_tolerance : 0.0);
    in.segment_element.push_back(e);
    in.segment_bits.push_back(bits);
    in.segment_stiffness.push_back(k);
    in.segment_half_thickness.push_back(half);
    areas.push_back(g.area);
    in.max_segment_size = std::max(in.max_segment_size, g.max_diagonal);
    in.total_segment_size += g.max_diagonal;
    for (int corner = 0; corner < 4; ++corner) node_slot[static_cast<std::size_t>(conn(e, corner))] = -1;
  }
  for (std::size_t node = 0; node < node_slot.size(); ++node) {  // ascending local index
    if (node_slot[node] == -2) continue;
    node_slot[node] = static_cast<std::int64_t>(in.node_local.size());
    in.node_local.push_back(static_cast<int>(node));
    in.node_bits.push_back(0);
    in.node_stiffness.push_back(1e300);
    in.node_half_thickness.push_back(0);
    in.node_area.push_back(0);
  }
  for (std::size_t g = 0; g < in.segment_element.size(); ++g) {
    const bool triangle = conn(in.segment_element[g], 2) == conn(in.segment_element[g], 3);
    for (int corner = 0; corner < (triangle ? 3 : 4); ++corner) {
      const auto n = static_cast<std::size_t>(node_slot[static_cast<std::size_t>(conn(in.segment_element[g], corner))]);
      in.node_bits[n] |= in.segment_bits[g];
      in.node_stiffness[n] = std::min(in.node_stiffness[n], in.segment_stiffness[g]);
      in.node_half_thickness[n] = std::max(in.node_half_thickness[n], in.segment_half_thickness[g]);
      in.node_area[n] += areas[g] / (triangle ? 3 : 4);
    }
  }
  std::vector<std::vector<GlobalId>> rings(in.node_local.size());
  for (int e : in.segment_element)
    for (int corner = 0; corner < 4; ++corner) {
      std::vector<GlobalId>& ring = rings[static_cast<std::size_t>(node_slot[static_cast<std::size_t>(conn(e, corner))])];
      for (int other = 0; other < 4; ++other) ring.push_back((*mesh.node_ids)[static_cast<std::size_t>(conn(e, other))]);
    }
  set_node_rings(in, std::move(rings));
  // A slave node set: its nodes alone are slaves (their shells gave them
  // their thickness and stiffness above).
  if (!c.slave_nodes.empty())
    for (std::size_t n = 0; n < in.node_local.size(); ++n) {
      const GlobalId id = (*mesh.node_ids)[static_cast<std::size_t>(in.node_local[n])];
      if (!contains(c.slave_nodes, id)) in.node_bits[n] &= static_cast<std::uint8_t>(~kSlaveSide);
    }
  // Nodes to surface is one way: a slave-only segment gave its nodes their
  // side and thickness but is no surface for master nodes to touch.
  if (c.kind == ContactInterface::Kind::NodesToSurface)
    for (std::uint8_t& bits : in.segment_bits)
      if (bits == kSlaveSide) bits = 0;
  return in;
}

}  // namespace

void set_node_rings(InterfaceSetup& in, std::vector<std::vector<GlobalId>> rings) {
  in.node_ring_offset.assign(1, 0);
  in.node_ring.clear();
  for (std::vector<GlobalId>& ring : rings) {
    std::sort(ring.begin(), ring.end());
    ring.erase(std::unique(ring.begin(), ring.end()), ring.end());
    in.node_ring.insert(in.node_ring.end(), ring.begin(), ring.end());
    in.node_ring_offset.push_back(static_cast<int>(in.node_ring.size()));
  }
}

double segment_penalty_stiffness(double scale, double youngs, double poisson, double area, double max_diagonal) {
  const double bulk = youngs / (3 * (1 - 2 * poisson));
  return max_diagonal > 0 ? scale * bulk * area / max_diagonal : 0.0;
}

ContactSetup build_contact_setup(const Model& model, const ContactMesh& mesh) {
  ContactSetup setup;
  setup.penalty_scale = model.controls.contact_penalty;
  for (const ContactInterface& c : model.contacts)
    setup.interfaces.push_back(build_interface(c, setup.penalty_scale, mesh));
  return setup;
}

}  // namespace mc
