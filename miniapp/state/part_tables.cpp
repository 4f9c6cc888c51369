// Model materials/sections/parts -> the POD tables the kernels read.
#include <iterator>
#include <map>

#include "decomposition/subdomain/local_mesh.hpp"
#include "io/rigid_body_merges.hpp"
#include "miniapp/materials/material_table.hpp"
#include "miniapp/nodal/given_inertia.hpp"
#include "miniapp/state/state_builder.hpp"
#include "miniapp/elements/shell_bt/thickness_rule.hpp"

namespace mc {

int part_index(const Model& model, GlobalId part) {
  return static_cast<int>(std::distance(model.parts.begin(), model.parts.find(part)));
}

namespace {

// The thickness strain of a point over a step, from its in-plane strain
// increments de and the change dS of s_xx + s_yy. Plane stress and
// isochoric plastic flow give the elastic part -nu/E dS and the plastic part
// -(dep_xx + dep_yy) = (1 - nu)/E dS - (de_xx + de_yy), so the whole strain
// is (1 - 2 nu)/E dS - (de_xx + de_yy) (ISTUPD 1) and the plastic part
// alone (ISTUPD 4) leaves -nu/E dS out. ISTUPD 4 on an elastic material
// has no plastic strain: nothing changes.
void set_thickness_update(ThicknessUpdate update, const MaterialParams& m, PartParams& p) {
  if (update == ThicknessUpdate::None || m.kind == kRigid || m.kind == kNull) return;
  if (update == ThicknessUpdate::PlasticOnly && !has_plastic_strain(m.kind)) return;
  p.updates_thickness = true;
  const Real elastic_share = update == ThicknessUpdate::Total ? m.poisson : Real(0);
  p.thickness_compliance = (Real(1) - m.poisson - elastic_share) / m.youngs;
}

}  // namespace

void build_part_tables(const Model& model, State& state) {
  std::map<GlobalId, int> material_index;
  std::vector<MaterialParams> materials;
  CurveTable curves;
  for (const auto& [id, mat] : model.materials) {
    material_index[id] = static_cast<int>(materials.size());
    materials.push_back(material_params(mat, model, curves));
  }

  // One body a rigid part, in part id order, but a part merged into another
  // (*CONSTRAINED_RIGID_BODIES) moves with its lead's body, which carries
  // the lead's CON1/CON2.
  const std::map<GlobalId, GlobalId> leads = rigid_body_leads(model);
  std::map<GlobalId, int> body_of_part;
  for (const auto& [id, part] : model.parts) {
    if (model.materials.at(part.material).kind != MaterialKind::Rigid || leads.count(id) != 0) continue;
    body_of_part[id] = static_cast<int>(state.rigid_bodies.size());
    RigidBody body;
    body.part_id = id;
    body.fixed = model.materials.at(part.material).rigid_fixed;
    if (const auto given = model.part_inertias.find(id); given != model.part_inertias.end())
      body.given = given_inertia(given->second, part_index(model, id));
    state.rigid_bodies.push_back(body);
  }

  std::vector<PartParams> parts;
  std::map<KernelClassKey, int> classes;
  for (const auto& [id, part] : model.parts) {
    const Section& sec = model.sections.at(part.section);
    const Material& mat = model.materials.at(part.material);
    PartParams p;
    p.pack_class = classes.emplace(kernel_class_key(model, id), static_cast<int>(classes.size())).first->second;
    p.material = material_index.at(part.material);
    p.nip = sec.nip;
    const HourglassControl hg = part.hourglass != 0 ? model.hourglass.at(part.hourglass)
                                                    : model.controls.hourglass;
    p.ihq = hg.ihq;
    p.qh = static_cast<Real>(hg.qh);
    p.qb = static_cast<Real>(hg.qb > 0 ? hg.qb : hg.qh);
    p.qw = static_cast<Real>(hg.qw > 0 ? hg.qw : hg.qh);
    p.shear_factor = static_cast<Real>(sec.shear_factor);
    p.thickness = static_cast<Real>(sec.thickness);
    ThicknessRule rule{sec.rule_zeta, sec.rule_weight};  // *INTEGRATION_SHELL
    if (sec.rule == 1) rule = trapezoidal_rule(sec.nip);
    else if (rule.zeta.empty())
      rule = model.controls.integration == Integration::Lobatto && sec.nip >= 2 ? lobatto_rule(sec.nip)
                                                                                 : gauss_rule(sec.nip);
    for (int k = 0; k < sec.nip; ++k) {
      p.zeta[k] = static_cast<Real>(rule.zeta[k]);
      p.weight[k] = static_cast<Real>(rule.weight[k]);
    }
    set_thickness_update(part.thickness_update, materials[static_cast<std::size_t>(p.material)], p);
    state.updates_thickness = state.updates_thickness || p.updates_thickness;
    if (mat.kind == MaterialKind::Rigid) p.rigid_body = body_of_part.at(rigid_body_part(leads, id));
    p.stressless = p.rigid_body >= 0 || mat.kind == MaterialKind::Null;
    if (p.ihq == 4) state.uses_hourglass_stiffness = true;
    if (materials[static_cast<std::size_t>(p.material)].kinematic_modulus > 0) state.uses_back_stress = true;
    state.max_points = std::max(state.max_points, sec.nip);
    state.part_info.push_back({id, part.title, mat.kind == MaterialKind::Rigid});
    parts.push_back(p);
  }

  auto copy_table = [](auto& view, const auto& host, const char* label) {
    using ViewType = std::decay_t<decltype(view)>;
    view = ViewType(std::string(label), host.size());
    auto mirror = Kokkos::create_mirror_view(view);
    for (std::size_t i = 0; i < host.size(); ++i) mirror(i) = host[i];
    Kokkos::deep_copy(view, mirror);
  };
  copy_table(state.materials, materials, "materials");
  copy_table(state.parts, parts, "parts");
  copy_table(state.curve_x, curves.x, "curve_x");
  copy_table(state.curve_y, curves.y, "curve_y");
}

}  // namespace mc
