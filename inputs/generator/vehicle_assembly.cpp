#include "inputs/generator/vehicle_assembly.hpp"

#include <algorithm>
#include <cmath>

#include "inputs/generator/vehicle_wheels.hpp"
#include "io/vec3.hpp"

namespace mc {
namespace {

double quad_area(const Model& m, std::size_t node0, GlobalId first, const Shell& s) {
  const auto& a = m.nodes[node0 + static_cast<std::size_t>(s.nodes[0] - first)].x;
  const auto& b = m.nodes[node0 + static_cast<std::size_t>(s.nodes[1] - first)].x;
  const auto& c = m.nodes[node0 + static_cast<std::size_t>(s.nodes[2] - first)].x;
  const auto& d = m.nodes[node0 + static_cast<std::size_t>(s.nodes[3] - first)].x;
  const double p[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]}, q[3] = {d[0] - b[0], d[1] - b[1], d[2] - b[2]};
  const double n[3] = {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
  return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

}  // namespace

std::array<double, 3> style(const VehicleSpec& v, const std::array<double, 3>& p) {
  double x = p[0], z = p[2];
  const double fw = v.firewall_x();
  if (z > v.belt_z) {
    const double t = (z - v.belt_z) / (v.roof_z - v.belt_z);
    const double s = std::clamp((x - fw) / (v.greenhouse_rear - fw), 0.0, 1.0);
    x += t * (v.windshield_rake * (1 - s) - v.backlight_rake * s);
  } else if (z > v.rail_top() && x < fw) {
    const double front = 1 - std::max(0.0, x) / fw;  // 1 at the bumper, 0 at the firewall
    z = v.rail_top() + (z - v.rail_top()) * (1 - v.hood_drop / (v.belt_z - v.rail_top()) * front);
  }
  return {x, p[1], z};
}

Vehicle::Vehicle(const VehicleSpec& spec, PartCatalog& catalog) : spec_(spec), body_(spec_, catalog) {
  add_front_structure(body_);
  add_powertrain(body_);
  add_cabin_floor(body_);
  add_cabin_upper(body_);
  add_closures(body_);
  add_rear_structure(body_);
  add_interior(body_);
  // Finer lattice across the front rails' section and along their crush zone,
  // so the folds are resolved where the energy goes.
  LatticeMesh& lattice = body_.lattice();
  lattice.axis(1).set_symmetric();
  lattice.axis(1).add_band(spec_.rail_y - spec_.rail_width / 2, spec_.rail_y + spec_.rail_width / 2, 0.5);
  lattice.axis(2).add_band(spec_.rail_bottom(), spec_.rail_top(), 0.5);
  lattice.axis(0).add_band(110, spec_.firewall_x(), 0.7);
  // The styling map stretches the greenhouse's height by up to 1.45 (the
  // windshield's rake): finer there, so those quads stay near square.
  lattice.axis(2).add_band(spec_.belt_z, spec_.roof_z, 0.7);
}

std::int64_t Vehicle::shells(double h, bool exact) {
  body_.lattice().build_axes(h);
  std::int64_t n = exact ? body_.lattice().cells() : body_.lattice().cells_bound();
  for (const WheelSpec& w : body_.wheels()) n += wheel_shells(body_.lattice(), w, h);
  return n;
}

MeshedVehicle Vehicle::mesh(double h, const VehiclePlacement& where, PartCatalog& catalog) {
  Model& m = catalog.model();
  MeshedVehicle out;
  LatticeMesh& lattice = body_.lattice();
  lattice.build_axes(h);
  const std::size_t node0 = m.nodes.size(), shell0 = m.shells.size();
  out.first_node = m.nodes.empty() ? 1 : m.nodes.back().id + 1;
  lattice.mesh_into(m, out.first_node);
  for (const WheelSpec& w : body_.wheels()) mesh_wheel(lattice, w, h, m);
  out.last_node = m.nodes.back().id;
  for (std::size_t k = node0; k < m.nodes.size(); ++k) m.nodes[k].x = style(spec_, m.nodes[k].x);

  // Per part: area x thickness, and whether it reaches ahead of the firewall / behind the C pillars.
  std::map<GlobalId, double> volume;
  std::map<GlobalId, std::array<bool, 2>> zone;
  for (std::size_t e = shell0; e < m.shells.size(); ++e) {
    const Shell& s = m.shells[e];
    volume[s.part] += quad_area(m, node0, out.first_node, s) * m.sections.at(m.parts.at(s.part).section).thickness;
    for (GlobalId n : s.nodes) {
      const double x = m.nodes[node0 + static_cast<std::size_t>(n - out.first_node)].x[0];
      zone[s.part][0] = zone[s.part][0] || x < spec_.firewall_x();
      zone[s.part][1] = zone[s.part][1] || x > spec_.rear_axle();
    }
  }
  // Parts too small for this element size have no shells: drop them.
  for (GlobalId p : body_.parts()) {
    if (volume.count(p)) continue;
    const GlobalId material = m.parts.at(p).material;
    if (catalog.rigid(p) || std::count(body_.ballast_parts().begin(), body_.ballast_parts().end(), p))
      m.materials.erase(material);
    m.parts.erase(p);
  }
  // Masses: rigid engine and wheels as specified, ballast makes up the rest.
  double structure = 0, ballast_volume = 0;
  for (const auto& [p, vol] : volume) {
    Material& mat = m.materials.at(m.parts.at(p).material);
    const bool is_ballast = std::count(body_.ballast_parts().begin(), body_.ballast_parts().end(), p) > 0;
    if (mat.kind == MaterialKind::Rigid) {
      const bool engine = m.parts.at(p).title.find("engine") != std::string::npos;
      mat.density = (engine ? spec_.engine_mass : spec_.wheel_mass) / vol;
    }
    if (is_ballast) ballast_volume += vol;
    else structure += mat.density * vol;
  }
  const double ballast = std::max(0.05 * spec_.mass, spec_.mass - structure);
  for (GlobalId p : body_.ballast_parts())
    if (volume.count(p)) m.materials.at(m.parts.at(p).material).density = ballast / ballast_volume;
  out.mass = structure + ballast;

  const double c = std::cos(where.yaw * kPi / 180), s = std::sin(where.yaw * kPi / 180);
  for (std::size_t k = node0; k < m.nodes.size(); ++k) {
    auto& x = m.nodes[k].x;
    x = {where.origin[0] + c * x[0] - s * x[1], where.origin[1] + s * x[0] + c * x[1], where.origin[2] + x[2]};
  }
  out.heading = {-c, -s, 0};
  for (const auto& [p, vol] : volume) {
    out.parts.push_back(p);
    (catalog.rigid(p) ? out.rigid : out.deformable).push_back(p);
    if (zone[p][0]) out.front.push_back(p);
    if (zone[p][1]) out.rear.push_back(p);
  }
  return out;
}

}  // namespace mc
