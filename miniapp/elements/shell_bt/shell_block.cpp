#include "miniapp/elements/shell_bt/shell_block.hpp"

#include <cmath>

#include "miniapp/elements/shell_bt/shell_bt.hpp"
#include "miniapp/elements/shell_bt/shell_internal_force.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

int ShellBlock::count(const State& s) const { return s.elements.count(); }
int ShellBlock::corners(const State& s, int e) const { return s.elements.conn(e, 3) == s.elements.conn(e, 2) ? 3 : 4; }
int ShellBlock::node(const State& s, int e, int c) const { return s.elements.conn(e, c); }
GlobalId ShellBlock::id(const State& s, int e) const { return s.elements.ids[static_cast<std::size_t>(e)]; }
int ShellBlock::part(const State& s, int e) const { return s.elements.part(e); }
double ShellBlock::internal_force(State& s, Real dt) {
  return shell_internal_force(s, corner_view(s.corners.data()), dt);
}

// Lumped mass rho t A shared equally by the element's distinct nodes; rotary
// inertia scaled to m (t^2 + A)/12 so rotations never set the stable step
// (the usual scaling for Belytschko-Tsay shells). Mass scaling (DT2MS < 0)
// raises the density of elements whose step is below TSSFAC |DT2MS|.
double ShellBlock::lump_mass(const Model& model, State& s) {
  const int ne = s.elements.count();
  const auto& x = s.nodes.x;
  const auto& conn = s.elements.conn;
  const double target = model.controls.dt2ms < 0 ? model.controls.tssfac * -model.controls.dt2ms : 0;
  std::vector<Real> scale(target > 0 ? ne : 0, Real(1));
  Real* corner = s.corners.data();
  double added = 0;
  for (int e = 0; e < ne; ++e) {
    Real xe[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) xe[c][k] = x(conn(e, c), k);
    ShellGeometry<Real> g;
    shell_geometry(xe, g);
    const PartParams& p = s.parts(s.elements.part(e));
    const MaterialParams& m = s.materials(p.material);
    const int distinct = corners(s, e);
    double factor = 1;
    if (target > 0 && m.kind != kRigid && m.kind != kNull) {
      const double dt_e = model.controls.tssfac * shell_characteristic_length(xe, g.area, distinct == 3) / m.wave_speed;
      if (dt_e < target) factor = (target / dt_e) * (target / dt_e);
      scale[e] = static_cast<Real>(factor);
    }
    const double t = s.elements.thickness(e);
    const double me = factor * m.density * t * g.area;
    added += me - m.density * t * g.area;
    const double share = me / distinct;
    const double rot = share * (t * t + g.area) / 12.0;
    for (int c = 0; c < distinct; ++c) {
      corner[corner_offset(e, c)] = static_cast<Real>(share);
      corner[corner_offset(e, c) + 1] = static_cast<Real>(rot);
    }
  }
  if (target > 0) {
    s.elements.density_scale = RealView("density_scale", ne);
    for (int e = 0; e < ne; ++e) s.elements.density_scale(e) = scale[e];
  }
  return added;
}

void ShellBlock::energies(const State& s, EnergySink& sink) const {
  const auto& el = s.elements;
  for (int e = 0; e < el.count(); ++e) sink.add(el.part(e), el.internal_energy(e), el.hourglass_energy(e), !el.alive(e));
}

// A deformable shell whose diagonals' cross product vanishes has collapsed;
// one with non-finite corners has blown up.
BadElement ShellBlock::first_bad_element(const State& s) const {
  const auto& el = s.elements;
  const auto& x = s.nodes.x;
  for (int e = 0; e < el.count(); ++e) {
    if (!el.alive(e) || s.parts(el.part(e)).stressless) continue;
    bool finite = true;
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) finite = finite && std::isfinite(double(x(el.conn(e, c), k)));
    const auto& n = el.conn;
    double d31[3], d42[3];
    for (int k = 0; k < 3; ++k) {
      d31[k] = x(n(e, 2), k) - x(n(e, 0), k);
      d42[k] = x(n(e, 3), k) - x(n(e, 1), k);
    }
    const double cz = d31[0] * d42[1] - d31[1] * d42[0], cx = d31[1] * d42[2] - d31[2] * d42[1],
                 cy = d31[2] * d42[0] - d31[0] * d42[2];
    const double n2 = cx * cx + cy * cy + cz * cz;
    if (!finite || !(n2 > 0))
      return {el.ids[static_cast<std::size_t>(e)], s.part_info[static_cast<std::size_t>(el.part(e))].id,
              !finite || !std::isfinite(n2)};
  }
  return {};
}

}  // namespace mc
