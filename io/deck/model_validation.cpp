// validate_model: the checks that need the whole model, or that a generated
// model must pass as much as a read one. Messages name the entity and the
// LS-DYNA field, at the entity's card.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "io/deck/validation_support.hpp"
#include "io/vec3.hpp"

namespace mc {

using namespace validation;

namespace {

void check_materials(const Model& m) {
  for (const auto& [id, mat] : m.materials) {
    const std::string name = "material " + id_text(id) + ": ";
    if (!(mat.density > 0.0)) fail(mat.where, name + "density RO = " + text(mat.density) + " must be positive");
    // A null material's YM only sets the contact penalty: 0 leaves its shells out of contact's stiffness.
    if (mat.kind == MaterialKind::Null) {
      if (mat.youngs < 0.0) fail(mat.where, name + "YM = " + text(mat.youngs) + " must not be negative");
    } else if (!(mat.youngs > 0.0)) {
      fail(mat.where, name + "Young's modulus E = " + text(mat.youngs) + " must be positive");
    }
    if (!(mat.poisson > -1.0 && mat.poisson < 0.5)) {
      fail(mat.where, name + "Poisson's ratio PR = " + text(mat.poisson) + " must lie in (-1, 0.5)");
    }
    if (mat.kind != MaterialKind::PiecewiseLinearPlasticity) continue;
    if (mat.rate_curve != 0 && m.curves.count(mat.rate_curve) == 0)
      fail(mat.where, name + "strain-rate curve LCSR " + id_text(mat.rate_curve) + " is not defined");
    if (mat.hardening_table != 0) {
      // resolve_hardening_tables checked its curves.
    } else if (mat.hardening_curve != 0) {
      if (m.curves.count(mat.hardening_curve) == 0) {
        fail(mat.where, name + "hardening curve LCSS " + id_text(mat.hardening_curve) + " is not defined");
      }
    } else if (!(mat.yield > 0.0)) {
      fail(mat.where, name + "yield stress SIGY = " + text(mat.yield) + " must be positive (or give LCSS or EPS/ES)");
    }
    if (!(mat.tangent >= 0.0 && mat.tangent < mat.youngs)) {
      fail(mat.where, name + "tangent modulus ETAN = " + text(mat.tangent) + " must lie in [0, E)");
    }
    if (mat.fail_strain < 0.0) fail(mat.where, name + "FAIL must not be negative");
  }
}

void check_curves(const Model& m) {
  for (const auto& [id, curve] : m.curves) {
    const std::string name = "curve " + id_text(id) + ": ";
    if (curve.x.empty() || curve.x.size() != curve.y.size()) fail(curve.where, name + "has no data points");
    for (std::size_t i = 1; i < curve.x.size(); ++i) {
      if (!(curve.x[i] > curve.x[i - 1])) fail(curve.where, name + "abscissas must increase");
    }
  }
}

void check_hourglass(const HourglassControl& control, const std::string& name) {
  if (control.ihq != 1 && control.ihq != 2 && control.ihq != 4) {
    fail(control.where, name + "IHQ " + std::to_string(control.ihq) +
                            " is not one of LS-DYNA's hourglass types 0-10");
  }
  for (const double q : {control.qh, control.qb, control.qw})
    if (!(q >= 0.0 && q <= 1.0)) fail(control.where, name + "hourglass coefficient " + text(q) + " must lie in [0, 1]");
}

void check_sections_and_parts(const Model& m) {
  for (const auto& [id, section] : m.sections) {
    const std::string name = "section " + id_text(id) + ": ";
    if (section.elform != 2) {
      fail(section.where, name + "ELFORM " + std::to_string(section.elform) +
                              ": only ELFORM 2 (Belytschko-Tsay) is supported");
    }
    if (section.nip < 1 || section.nip > 10) {
      fail(section.where, name + "NIP " + std::to_string(section.nip) + " is outside 1..10");
    }
    // 0 is allowed: every element of it then gives its own (checked per shell).
    if (!(section.thickness >= 0.0)) {
      fail(section.where, name + "thickness " + text(section.thickness) + " must not be negative");
    }
    if (!(section.shear_factor > 0.0)) {
      fail(section.where, name + "SHRF " + text(section.shear_factor) + " must be positive");
    }
  }
  for (const auto& [id, control] : m.hourglass) check_hourglass(control, "hourglass " + id_text(id) + ": ");
  for (const auto& [id, part] : m.parts) {
    const std::string name = "part " + id_text(id) + ": ";
    if (m.sections.count(part.section) == 0) {
      fail(part.where, name + "section SECID " + id_text(part.section) + " is not defined");
    }
    if (m.materials.count(part.material) == 0) {
      fail(part.where, name + "material MID " + id_text(part.material) + " is not defined");
    }
    if (part.hourglass != 0 && m.hourglass.count(part.hourglass) == 0) {
      fail(part.where, name + "hourglass HGID " + id_text(part.hourglass) + " is not defined");
    }
  }
}

void check_sets(const Model& m, const IdIndex& nodes) {
  const auto where_of = [](const std::map<GlobalId, SourceLine>& places, GlobalId id) {
    const auto found = places.find(id);
    return found == places.end() ? SourceLine{} : found->second;
  };
  for (const auto& [id, members] : m.node_sets) {
    for (GlobalId node : members) {
      if (nodes.find(node) < 0) {
        fail(where_of(m.node_set_where, id), "node set " + id_text(id) + ": node " + id_text(node) + " is not defined");
      }
    }
  }
  for (GlobalId node : m.controls.history_nodes) {
    if (nodes.find(node) < 0) fail(m.controls.history_nodes_where, "*DATABASE_HISTORY_NODE: node " + id_text(node) + " is not defined");
  }
  for (const auto& [id, members] : m.part_sets) {
    for (GlobalId part : members) {
      if (m.parts.count(part) == 0) {
        fail(where_of(m.part_set_where, id), "part set " + id_text(id) + ": part " + id_text(part) + " is not defined");
      }
    }
  }
}

void check_shell(const Model& m, const Shell& shell, const IdIndex& nodes) {
  const std::string name = "element " + id_text(shell.id) + ": ";
  const auto part = m.parts.find(shell.part);
  if (part == m.parts.end()) fail(shell.where, name + "part " + id_text(shell.part) + " is not defined");
  if (shell.thickness == 0.0) {
    const GlobalId section = part->second.section;
    if (m.sections.at(section).thickness == 0.0) {
      fail(shell.where, name + "no thickness: section " + id_text(section) +
                            " has thickness 0 and the element gives none (*ELEMENT_SHELL_THICKNESS)");
    }
  }
  std::array<std::array<double, 3>, 4> x{};
  for (std::size_t i = 0; i < 4; ++i) {
    const std::int64_t position = nodes.find(shell.nodes[i]);
    if (position < 0) fail(shell.where, name + "node " + id_text(shell.nodes[i]) + " is not defined");
    x[i] = m.nodes[static_cast<std::size_t>(position)].x;
  }
  const auto& n = shell.nodes;
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = i + 1; j < 4; ++j) {
      if (n[i] == n[j] && !(i == 2 && j == 3)) {
        fail(shell.where, name + "node " + id_text(n[i]) + " is repeated (only N3 = N4, a triangle, may repeat)");
      }
    }
  }
  const bool triangle = n[2] == n[3];
  // Twice the area: |d13 x d24| for a quadrilateral, |e12 x e13| for a triangle.
  const auto normal = triangle ? cross(minus(x[1], x[0]), minus(x[2], x[0]))
                               : cross(minus(x[2], x[0]), minus(x[3], x[1]));
  double longest_edge = 0.0;
  for (std::size_t i = 0; i < 4; ++i) longest_edge = std::max(longest_edge, length(minus(x[(i + 1) % 4], x[i])));
  // Relative to the element size, so the unit system does not matter.
  if (!(length(normal) > 1e-12 * longest_edge * longest_edge)) {
    fail(shell.where, name + "zero area (its nodes are coincident or in a line)");
  }
}

void check_shells(const Model& m, const IdIndex& nodes) {
  const IdIndex shells(m.shells);
  if (const auto [first, second] = shells.duplicate(); first != second) {
    const Shell& again = m.shells[std::max(first, second)];
    const Shell& before = m.shells[std::min(first, second)];
    fail(again.where, "element " + id_text(again.id) + " is defined twice (first at " + before.where.file + ":" +
                          std::to_string(before.where.line) + ")");
  }
  for (const Shell& shell : m.shells) check_shell(m, shell, nodes);
}


void check_conditions(const Model& m, const IdIndex& nodes) {
  for (const Spc& spc : m.spcs) check_node_list({spc.node}, nodes, spc.where, "boundary condition");
  for (const InitialVelocity& velocity : m.initial_velocities) {
    check_node_list(velocity.nodes, nodes, velocity.where, "initial velocity");
  }
  for (const RigidWall& wall : m.rigid_walls) {
    check_node_list(wall.nodes, nodes, wall.where, "rigid wall");
    if (!(length(minus(wall.head, wall.tail)) > 0.0)) {
      fail(wall.where, "rigid wall: tail (XT YT ZT) and head (XH YH ZH) coincide: the normal is undefined");
    }
    if (wall.shape.kind == WallShape::Kind::Flat || wall.shape.kind == WallShape::Kind::Prism) {
      const auto axis = minus(wall.head, wall.tail);
      const auto& e = wall.shape.edge;
      const double along = (e[0] * axis[0] + e[1] * axis[1] + e[2] * axis[2]) / (length(axis) * length(axis));
      const double off_axis = length(minus(e, {along * axis[0], along * axis[1], along * axis[2]}));
      if (!(off_axis > 1e-9 * length(e))) {
        fail(wall.where, "rigid wall: the edge vector (XHEV YHEV ZHEV) is zero or along the normal");
      }
    }
    if (wall.friction < 0.0) fail(wall.where, "rigid wall: FRIC " + text(wall.friction) + " must not be negative");
    if (wall.moving && !(wall.mass > 0.0)) {
      fail(wall.where, "moving rigid wall: MASS " + text(wall.mass) + " must be positive");
    }
    if (wall.motion.curve != 0 && m.curves.count(wall.motion.curve) == 0) {
      fail(wall.motion.where, "rigid wall motion: curve LCID " + id_text(wall.motion.curve) + " is not defined");
    }
  }
}


void check_contacts(const Model& m) {
  for (const ContactInterface& c : m.contacts) {
    const std::string what = "contact " + id_text(c.id) + ": ";
    for (const auto* side : {&c.slave_parts, &c.master_parts})
      for (GlobalId part : *side)
        if (m.parts.count(part) == 0) fail(c.where, what + "part " + id_text(part) + " is not defined");
    if (!c.slave_all && c.slave_parts.empty()) fail(c.where, what + "the slave side has no parts");
    if (c.kind != ContactInterface::Kind::SingleSurface && !c.master_all && c.master_parts.empty())
      fail(c.where, what + "the master side has no parts");
    if (!(c.death > c.birth)) fail(c.where, what + "death time DT must come after birth time BT");
    if (!(c.slave_scale > 0 && c.master_scale > 0)) fail(c.where, what + "SFS and SFM must be positive");
    if (c.slave_thickness < 0 || c.master_thickness < 0 || c.static_friction < 0 || c.dynamic_friction < 0)
      fail(c.where, what + "SST, MST, FS and FD must not be negative");
  }
}

void check_controls(const Model& m) {
  const Controls& c = m.controls;
  if (!(c.end_time > 0.0) && c.end_cycle <= 0) {
    if (c.termination_where.file.empty()) {
      fail(m.deck_end, "no *CONTROL_TERMINATION with ENDTIM > 0: the run has no end");
    }
    fail(c.termination_where, "ENDTIM " + text(c.end_time) + " must be positive (or ENDCYC given): the run has no end");
  }
  if (!(c.tssfac > 0.0 && c.tssfac <= 1.0)) {
    fail(m.deck_end, "*CONTROL_TIMESTEP TSSFAC " + text(c.tssfac) + " must lie in (0, 1]");
  }
  if (c.dt_min < 0.0 || c.dt_init < 0.0) fail(m.deck_end, "DTMIN and DTINIT must not be negative");
  check_hourglass(c.hourglass, "*CONTROL_HOURGLASS: ");
}

}  // namespace

void validate_model(const Model& m) {
  if (m.nodes.empty()) fail(m.deck_end, "no nodes: the deck has no *NODE cards");
  if (m.shells.empty()) fail(m.deck_end, "no shell elements: the deck has no *ELEMENT_SHELL cards");
  const IdIndex nodes(m.nodes);
  if (const auto [first, second] = nodes.duplicate(); first != second) {
    fail({}, "node " + id_text(m.nodes[first].id) + " is defined twice");
  }
  check_materials(m);
  check_curves(m);
  check_sections_and_parts(m);
  check_sets(m, nodes);
  check_shells(m, nodes);
  check_conditions(m, nodes);
  check_point_masses(m, nodes);
  check_nodal_rigid_bodies(m, nodes);
  check_weld_normals(m, nodes);
  check_rigid_merges(m);
  check_part_inertias(m);
  check_extra_nodes(m, nodes);
  check_prescribed_motions(m, nodes);
  check_contacts(m);
  check_controls(m);
}

}  // namespace mc
