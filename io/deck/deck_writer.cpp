#include "io/deck/deck_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

std::string g(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// Node lists of loads and walls become numbered *SET_NODE_LISTs after the
// sets the model already has.
class SetWriter {
 public:
  SetWriter(const Model& m, std::ostream& out) : out_(out) {
    for (const auto& [id, nodes] : m.node_sets) next_ = std::max(next_, id + 1);
  }
  GlobalId node_set(const std::vector<GlobalId>& nodes) {
    const GlobalId id = next_++;
    out_ << "*SET_NODE_LIST\n" << id << "\n";
    for (std::size_t i = 0; i < nodes.size(); ++i)
      out_ << nodes[i] << ((i % 8 == 7 || i + 1 == nodes.size()) ? "\n" : ",");
    return id;
  }

 private:
  std::ostream& out_;
  GlobalId next_ = 1;
};

void write_id_list(const char* keyword, GlobalId id, const std::vector<GlobalId>& ids, std::ostream& o) {
  o << keyword << "\n" << id << "\n";
  for (std::size_t i = 0; i < ids.size(); ++i) o << ids[i] << ((i % 8 == 7 || i + 1 == ids.size()) ? "\n" : ",");
}

// *CONTROL_SHELL with each part's thickness update as ISTUPD (4 where every
// updated part takes the plastic strain alone), PSSTUPD (a new part set of
// the updated parts, where not every deformable part is) and SIDT4TU (a
// new part set of the plastic-only parts under ISTUPD 1).
void write_control_shell(const Model& m, GlobalId& next_set, std::ostream& o) {
  std::vector<GlobalId> updated, plastic_only;
  std::size_t deformable = 0;
  for (const auto& [id, p] : m.parts) {
    const auto mat = m.materials.find(p.material);
    deformable += mat != m.materials.end() && mat->second.kind != MaterialKind::Rigid;
    if (p.thickness_update != ThicknessUpdate::None) updated.push_back(id);
    if (p.thickness_update == ThicknessUpdate::PlasticOnly) plastic_only.push_back(id);
  }
  const int rule = m.controls.integration == Integration::Lobatto ? 1 : 0;
  if (updated.empty()) {
    o << "*CONTROL_SHELL\n0,0,0,0,0,0,0,0\n0," << rule << "\n";
    return;
  }
  const int istupd = plastic_only.size() == updated.size() ? 4 : 1;
  GlobalId psstupd = 0, sidt4tu = 0;
  if (updated.size() != deformable) write_id_list("*SET_PART_LIST", psstupd = next_set++, updated, o);
  if (istupd == 1 && !plastic_only.empty()) write_id_list("*SET_PART_LIST", sidt4tu = next_set++, plastic_only, o);
  o << "*CONTROL_SHELL\n0,0,0," << istupd << ",0,0,0,0\n0," << rule << "\n" << psstupd << "," << sidt4tu << "\n";
}

void write_controls(const Model& m, GlobalId& next_set, std::ostream& o) {
  const Controls& c = m.controls;
  o << "*CONTROL_TERMINATION\n" << g(c.end_time) << "," << c.end_cycle << "," << g(c.dt_min) << "\n";
  o << "*CONTROL_TIMESTEP\n" << g(c.dt_init) << "," << g(c.tssfac) << ",0,0," << g(c.dt2ms) << "\n";
  o << "*CONTROL_HOURGLASS\n" << c.hourglass.ihq << "," << g(c.hourglass.qh) << "\n";
  write_control_shell(m, next_set, o);
  if (c.glstat_dt > 0) o << "*DATABASE_GLSTAT\n" << g(c.glstat_dt) << "\n";
  if (c.matsum_dt > 0) o << "*DATABASE_MATSUM\n" << g(c.matsum_dt) << "\n";
  if (c.rwforc_dt > 0) o << "*DATABASE_RWFORC\n" << g(c.rwforc_dt) << "\n";
  if (c.rcforc_dt > 0) o << "*DATABASE_RCFORC\n" << g(c.rcforc_dt) << "\n";
  if (c.nodout_dt > 0) o << "*DATABASE_NODOUT\n" << g(c.nodout_dt) << "\n";
  for (std::size_t k = 0; k < c.history_nodes.size(); k += 8) {
    o << (k == 0 ? "*DATABASE_HISTORY_NODE\n" : "");
    for (std::size_t j = k; j < std::min(k + 8, c.history_nodes.size()); ++j) o << (j > k ? "," : "") << c.history_nodes[j];
    o << "\n";
  }
  if (c.contact_penalty != 0.1) o << "*CONTROL_CONTACT\n" << g(c.contact_penalty) << "\n";
  if (c.d3plot_dt > 0) o << "*DATABASE_BINARY_D3PLOT\n" << g(c.d3plot_dt) << "\n";
}

void write_parts(const Model& m, std::ostream& o) {
  for (const auto& [id, c] : m.curves) {
    if (id <= 0) continue;  // internal curves (EPS/ES pairs) are written with their material
    o << "*DEFINE_CURVE\n" << id << "\n";
    for (std::size_t i = 0; i < c.x.size(); ++i) o << g(c.x[i]) << "," << g(c.y[i]) << "\n";
  }
  for (const auto& [id, t] : m.tables) {  // each value with its curve (LS-DYNA R13's LCID field)
    o << "*DEFINE_TABLE\n" << id << "\n";
    for (std::size_t i = 0; i < t.values.size(); ++i) {
      char line[48];
      std::snprintf(line, sizeof line, "%20.12g%20lld\n", t.values[i], static_cast<long long>(t.curves[i]));
      o << line;
    }
  }
  for (const auto& [id, mat] : m.materials) {
    switch (mat.kind) {
      case MaterialKind::Elastic:
        o << "*MAT_ELASTIC\n" << id << "," << g(mat.density) << "," << g(mat.youngs) << "," << g(mat.poisson) << "\n";
        break;
      case MaterialKind::Null:  // MID RO PC MU TEROD CEROD YM PR
        o << "*MAT_NULL\n" << id << "," << g(mat.density) << ",0,0,0,0," << g(mat.youngs) << "," << g(mat.poisson) << "\n";
        break;
      case MaterialKind::Rigid:
        o << "*MAT_RIGID\n" << id << "," << g(mat.density) << "," << g(mat.youngs) << "," << g(mat.poisson)
          << "\n0\n0\n";
        break;
      case MaterialKind::PiecewiseLinearPlasticity: {
        const bool internal = mat.hardening_curve < 0;
        o << (mat.log_rate_interpolation ? "*MAT_PIECEWISE_LINEAR_PLASTICITY_LOG_INTERPOLATION\n"
                                         : "*MAT_PIECEWISE_LINEAR_PLASTICITY\n") << id << "," << g(mat.density) << "," << g(mat.youngs) << ","
          << g(mat.poisson) << "," << g(mat.yield) << "," << g(mat.tangent) << "," << g(mat.fail_strain) << "\n";
        o << g(mat.rate_c) << "," << g(mat.rate_p) << "," << (internal ? 0 : mat.hardening_table != 0 ? mat.hardening_table : mat.hardening_curve);
        if (mat.rate_curve != 0) o << "," << mat.rate_curve;  // LCSR
        o << "\n";
        if (internal) {
          const Curve& c = m.curves.at(mat.hardening_curve);
          for (std::size_t i = 0; i < c.x.size(); ++i) o << g(c.x[i]) << (i + 1 < c.x.size() ? "," : "\n");
          for (std::size_t i = 0; i < c.y.size(); ++i) o << g(c.y[i]) << (i + 1 < c.y.size() ? "," : "\n");
        } else {
          o << "\n\n";
        }
        break;
      }
    }
  }
  std::set<int> rules_written;  // sections may share a rule
  for (const auto& [id, sec] : m.sections) {
    o << "*SECTION_SHELL\n" << id << "," << sec.elform << "," << g(sec.shear_factor) << "," << sec.nip;
    if (sec.rule != 0) o << ",0," << sec.rule;  // QR: trapezoidal, or the rule written next
    o << "\n" << g(sec.thickness) << "," << g(sec.thickness) << "," << g(sec.thickness) << "," << g(sec.thickness) << "\n";
    if (sec.rule >= 0 || !rules_written.insert(sec.rule).second) continue;
    o << "*INTEGRATION_SHELL\n" << -sec.rule << "," << sec.rule_zeta.size() << ",0\n";
    for (std::size_t k = 0; k < sec.rule_zeta.size(); ++k) o << g(2 * sec.rule_zeta[k]) << "," << g(sec.rule_weight[k]) << "\n";
  }
  for (const auto& [id, hg] : m.hourglass) {
    o << "*HOURGLASS\n" << id << "," << hg.ihq << "," << g(hg.qh);
    if (hg.qb != 0 || hg.qw != 0) o << ",0,0,0," << g(hg.qb) << "," << g(hg.qw);
    o << "\n";
  }
  for (const auto& [id, p] : m.parts) {
    const auto given = m.part_inertias.find(id);
    o << (given == m.part_inertias.end() ? "*PART\n" : "*PART_INERTIA\n") << (p.title.empty() ? "part" : p.title)
      << "\n" << id << "," << p.section << "," << p.material << ",0," << p.hourglass << "\n";
    if (given == m.part_inertias.end()) continue;
    const RigidInertia& in = given->second;
    o << g(in.center[0]) << "," << g(in.center[1]) << "," << g(in.center[2]) << "," << g(in.mass) << ",0,0\n"
      << g(in.inertia[0]) << "," << g(in.inertia[3]) << "," << g(in.inertia[5]) << "," << g(in.inertia[1]) << ","
      << g(in.inertia[4]) << "," << g(in.inertia[2]) << "\n";
    o << g(in.velocity[0]) << "," << g(in.velocity[1]) << "," << g(in.velocity[2]) << "," << g(in.spin[0]) << ","
      << g(in.spin[1]) << "," << g(in.spin[2]) << "\n";
  }
}

void write_mesh(const Model& m, std::ostream& o) {
  o << "*NODE\n";
  char buf[96];
  for (const Node& n : m.nodes) {
    std::snprintf(buf, sizeof buf, "%8lld%16.9g%16.9g%16.9g\n", static_cast<long long>(n.id), n.x[0], n.x[1], n.x[2]);
    o << buf;
  }
  // Shells with their own thickness go under *ELEMENT_SHELL_THICKNESS (all
  // corners the mean); the keyword switches only where the kind changes, so
  // the element order reads back unchanged.
  bool own_thickness = false;
  for (std::size_t e = 0; e < m.shells.size(); ++e) {
    const Shell& s = m.shells[e];
    if (e == 0 || (s.thickness > 0) != own_thickness) {
      own_thickness = s.thickness > 0;
      o << (own_thickness ? "*ELEMENT_SHELL_THICKNESS\n" : "*ELEMENT_SHELL\n");
    }
    std::snprintf(buf, sizeof buf, "%8lld%8lld%8lld%8lld%8lld%8lld\n", static_cast<long long>(s.id),
                  static_cast<long long>(s.part), static_cast<long long>(s.nodes[0]),
                  static_cast<long long>(s.nodes[1]), static_cast<long long>(s.nodes[2]),
                  static_cast<long long>(s.nodes[3]));
    o << buf;
    if (!own_thickness) continue;
    std::snprintf(buf, sizeof buf, "%16.9g%16.9g%16.9g%16.9g\n", s.thickness, s.thickness, s.thickness, s.thickness);
    o << buf;
  }
  bool masses = false;
  for (const PointMass& p : m.point_masses) {
    if (p.rotary > 0) {  // *ELEMENT_INERTIA: EID NID CSID / IXX IXY IXZ IYY IYZ IZZ MASS
      std::snprintf(buf, sizeof buf, "%8lld%8lld%8d\n", static_cast<long long>(p.id), static_cast<long long>(p.node), 0);
      o << "*ELEMENT_INERTIA\n" << buf << g(p.rotary) << ",0,0," << g(p.rotary) << ",0," << g(p.rotary) << ","
        << g(p.mass) << "\n";
      masses = false;
      continue;
    }
    if (!masses) o << "*ELEMENT_MASS\n";
    masses = true;
    std::snprintf(buf, sizeof buf, "%8lld%8lld%16.9g\n", static_cast<long long>(p.id), static_cast<long long>(p.node),
                  p.mass);
    o << buf;
  }
}

void write_loads(const Model& m, std::ostream& o, SetWriter& sets) {
  for (const auto& [id, nodes] : m.node_sets) {
    o << "*SET_NODE_LIST\n" << id << "\n";
    for (std::size_t i = 0; i < nodes.size(); ++i) o << nodes[i] << ((i % 8 == 7 || i + 1 == nodes.size()) ? "\n" : ",");
  }
  for (const auto& [id, parts] : m.part_sets) {
    o << "*SET_PART_LIST\n" << id << "\n";
    for (std::size_t i = 0; i < parts.size(); ++i) o << parts[i] << ((i % 8 == 7 || i + 1 == parts.size()) ? "\n" : ",");
  }
  for (const Spc& spc : m.spcs) {
    o << "*BOUNDARY_SPC_NODE\n" << spc.node << ",0";
    for (bool f : spc.fixed) o << "," << (f ? 1 : 0);
    o << "\n";
  }
  for (const InitialVelocity& iv : m.initial_velocities) {
    const GlobalId set = iv.all_nodes ? 0 : sets.node_set(iv.nodes);
    if (iv.spin_about_center) {
      const double w = std::sqrt(iv.omega[0] * iv.omega[0] + iv.omega[1] * iv.omega[1] + iv.omega[2] * iv.omega[2]);
      const double axis[3] = {w > 0 ? iv.omega[0] / w : 0, w > 0 ? iv.omega[1] / w : 0, w > 0 ? iv.omega[2] / w : 1};
      o << "*INITIAL_VELOCITY_GENERATION\n" << set << ",3," << g(w) << "," << g(iv.v[0]) << "," << g(iv.v[1]) << ","
        << g(iv.v[2]) << "\n" << g(iv.center[0]) << "," << g(iv.center[1]) << "," << g(iv.center[2]) << ","
        << g(axis[0]) << "," << g(axis[1]) << "," << g(axis[2]) << "\n";
    } else {
      o << "*INITIAL_VELOCITY\n" << set << "\n" << g(iv.v[0]) << "," << g(iv.v[1]) << "," << g(iv.v[2]) << ","
        << g(iv.omega[0]) << "," << g(iv.omega[1]) << "," << g(iv.omega[2]) << "\n";
    }
  }
  for (const RigidBodyVelocity& b : m.rigid_body_velocities) {  // a nodal body's goes with the constraints
    if (b.nodal) continue;
    o << "*INITIAL_VELOCITY_RIGID_BODY\n" << b.body << "," << g(b.v[0]) << "," << g(b.v[1]) << "," << g(b.v[2]) << ","
      << g(b.omega[0]) << "," << g(b.omega[1]) << "," << g(b.omega[2]) << "\n";
  }
  for (const RigidWall& w : m.rigid_walls) {
    const GlobalId set = w.all_nodes ? 0 : sets.node_set(w.nodes);
    o << (w.moving ? "*RIGIDWALL_PLANAR_MOVING\n" : "*RIGIDWALL_PLANAR\n") << set << "\n";
    o << g(w.tail[0]) << "," << g(w.tail[1]) << "," << g(w.tail[2]) << "," << g(w.head[0]) << "," << g(w.head[1])
      << "," << g(w.head[2]) << "," << g(w.friction) << "\n";
    if (w.moving) o << g(w.mass) << "," << g(w.speed) << "\n";
  }
}

// A contact side as SSID,SSTYP: all parts (5), one part (3), a new part set
// (2), or a new shell set (1) where the side is given as shells.
std::pair<GlobalId, int> contact_side(const std::vector<GlobalId>& parts, bool all, const std::vector<GlobalId>& shells,
                                      GlobalId& next_set, std::ostream& o) {
  if (!shells.empty()) {
    write_id_list("*SET_SHELL_LIST", next_set, shells, o);
    return {next_set++, 1};
  }
  if (all) return {0, 5};
  if (parts.size() == 1) return {parts[0], 3};
  write_id_list("*SET_PART_LIST", next_set, parts, o);
  return {next_set++, 2};
}

void write_contacts(const Model& m, GlobalId& next_set, std::ostream& o, SetWriter& node_sets) {
  for (const ContactInterface& c : m.contacts) {
    const bool single = c.kind == ContactInterface::Kind::SingleSurface;
    const auto [ssid, sstyp] = c.slave_nodes.empty()
                                   ? contact_side(c.slave_parts, c.slave_all, c.slave_shells, next_set, o)
                                   : std::pair<GlobalId, int>{node_sets.node_set(c.slave_nodes), 4};
    const auto [msid, mstyp] = single ? std::pair<GlobalId, int>{0, 0}
                                      : contact_side(c.master_parts, c.master_all, c.master_shells, next_set, o);
    const bool nodes = c.kind == ContactInterface::Kind::NodesToSurface;
    const int tiebreak = c.tie_option > 0 ? c.tie_option : c.tie_on_contact ? 1 : 0;  // its OPTION
    o << (single        ? "*CONTACT_AUTOMATIC_SINGLE_SURFACE_ID\n"
          : c.tied_only ? (nodes ? "*CONTACT_TIED_NODES_TO_SURFACE_OFFSET_ID\n"
                                 : "*CONTACT_TIED_SURFACE_TO_SURFACE_OFFSET_ID\n")
          : nodes       ? "*CONTACT_AUTOMATIC_NODES_TO_SURFACE_ID\n"
          : tiebreak    ? "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK_ID\n"
                        : "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_ID\n");
    o << c.id << "," << c.title << "\n";
    o << ssid << "," << msid << "," << sstyp << "," << mstyp << "\n";
    o << g(c.static_friction) << "," << g(c.dynamic_friction) << "," << g(c.decay) << "," << g(c.viscous_friction) << ","
      << g(c.damping) << ",0," << g(c.birth) << ","
      << g(c.death) << "\n";
    // A tie tolerance is written as LS-DYNA takes it: a negative SST (MST
    // where SST is a thickness; the reader took one of them negative).
    const bool tol_in_sst = c.tie_tolerance > 0 && !(c.slave_thickness > 0);
    const bool tol_in_mst = c.tie_tolerance > 0 && !tol_in_sst;
    o << g(c.slave_scale) << "," << g(c.master_scale) << "," << g(tol_in_sst ? -c.tie_tolerance : c.slave_thickness)
      << "," << g(tol_in_mst ? -c.tie_tolerance : c.master_thickness);
    if (c.slave_thickness_scale != 1 || c.master_thickness_scale != 1)  // SFST, SFMT (FSF, VSF are in FS, FD, VC)
      o << "," << g(c.slave_thickness_scale) << "," << g(c.master_thickness_scale);
    o << "\n";
    if (tiebreak && !nodes && !c.tied_only)  // the TIEBREAK card: OPTION NFLS SFLS
      o << tiebreak << "," << g(c.tie_normal_failure) << "," << g(c.tie_shear_failure) << "\n";
    o << (c.soft_scale > 0 ? "1," + g(c.soft_scale) : std::string("0,0")) << ",0,0,0,0," << c.bucket_sort_interval
      << "\n";
    if (c.soft_step > 0) o << "0\n0,0,0," << g(c.soft_step) << "\n";  // optional cards B and C (DTSTIF)
  }
}

}  // namespace

void write_deck(const Model& m, std::ostream& o) {
  o << "*KEYWORD\n*TITLE\n" << (m.title.empty() ? "minicrash deck" : m.title) << "\n";
  GlobalId next_set = 1;  // part and shell sets the writer adds follow the deck's part sets
  for (const auto& [id, parts] : m.part_sets) next_set = std::max(next_set, id + 1);
  write_controls(m, next_set, o);
  write_parts(m, o);
  write_mesh(m, o);
  SetWriter node_sets(m, o);  // numbers the node lists of loads, walls and contacts
  write_loads(m, o, node_sets);
  write_contacts(m, next_set, o, node_sets);
  o << "*END\n";
}

void write_deck_file(const Model& model, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write deck '" + path + "'");
  write_deck(model, out);
  if (!out) throw InputError("error while writing deck '" + path + "'");
}

}  // namespace mc
