#include "inputs/generator/vehicle_body.hpp"

#include <algorithm>
#include <cmath>

#include "inputs/generator/generator.hpp"

namespace mc {
namespace {

// `m` with another density and elastic constants.
Material with_elasticity(Material m, double density, double youngs, double poisson) {
  m.density = density;
  m.youngs = youngs;
  m.poisson = poisson;
  return m;
}

Material elastic(GlobalId id, double density, double youngs, double poisson) {
  Material m;
  m.id = id;
  m.kind = MaterialKind::Elastic;
  return with_elasticity(m, density, youngs, poisson);
}

// Typical automotive grades: yield and linear hardening in GPa.
Material grade_material(Grade grade, GlobalId id) {
  switch (grade) {
    case Grade::Mild: return mild_steel(id, 0.18, 0.6);
    case Grade::Hsla: return mild_steel(id, 0.34, 0.8);
    case Grade::Dp600: return mild_steel(id, 0.42, 1.0);
    case Grade::Boron: return mild_steel(id, 1.10, 1.5);
    case Grade::Aluminium: return with_elasticity(mild_steel(id, 0.12, 0.3), 2.7e-6, 70, 0.33);
    case Grade::Plastic: return with_elasticity(mild_steel(id, 0.025, 0.05), 1.0e-6, 1.6, 0.35);
    case Grade::Glass: return elastic(id, 2.5e-6, 70, 0.22);
    // Seats and tank: soft and heavy; the density is trimmed to the vehicle's mass.
    case Grade::Ballast: return elastic(id, 7.85e-6, 10, 0.3);
    case Grade::Rigid: {  // density set from the body's target mass
      Material m = elastic(id, 7.85e-6, 210, 0.3);
      m.kind = MaterialKind::Rigid;
      return m;
    }
  }
  return elastic(id, 7.85e-6, 210, 0.3);
}

}  // namespace

GlobalId PartCatalog::material(Grade grade) {
  const GlobalId next = m_.materials.empty() ? 1 : m_.materials.rbegin()->first + 1;
  // Rigid bodies and ballast carry their own density, hence their own material.
  if (grade == Grade::Rigid || grade == Grade::Ballast) {
    m_.materials[next] = grade_material(grade, next);
    return next;
  }
  const auto found = grade_material_.find(static_cast<int>(grade));
  if (found != grade_material_.end()) return found->second;
  m_.materials[next] = grade_material(grade, next);
  grade_material_[static_cast<int>(grade)] = next;
  return next;
}

GlobalId PartCatalog::add(const std::string& title, Grade grade, double thickness) {
  const long microns = std::lround(thickness * 1000);
  GlobalId section = 0;
  if (const auto found = thickness_section_.find(microns); found != thickness_section_.end()) {
    section = found->second;
  } else {
    section = m_.sections.empty() ? 1 : m_.sections.rbegin()->first + 1;
    Section s;
    s.id = section;
    s.nip = 3;
    s.thickness = static_cast<double>(microns) / 1000;
    m_.sections[section] = s;
    thickness_section_[microns] = section;
  }
  const GlobalId id = m_.parts.empty() ? 1 : m_.parts.rbegin()->first + 1;
  m_.parts[id] = Part{id, title, section, material(grade), 0, ThicknessUpdate::None, {}};
  return id;
}

bool PartCatalog::rigid(GlobalId part) const {
  return m_.materials.at(m_.parts.at(part).material).kind == MaterialKind::Rigid;
}

GlobalId VehicleBody::part(const std::string& name, Grade grade, double thickness) {
  const GlobalId id = catalog_.add(spec_.name + " " + name, grade, grade == Grade::Rigid ? thickness : gauge(thickness));
  parts_.push_back(id);
  return id;
}

GlobalId VehicleBody::ballast(const std::string& name, double thickness) {
  const GlobalId id = part(name, Grade::Ballast, thickness);
  ballast_.push_back(id);
  return id;
}

void VehicleBody::yz(GlobalId part, double x, Range y, Range z) {
  lattice_.add_face({part, 0, x, {std::min(y.lo, y.hi), std::min(z.lo, z.hi)}, {std::max(y.lo, y.hi), std::max(z.lo, z.hi)}});
}

void VehicleBody::xz(GlobalId part, double y, Range x, Range z) {
  lattice_.add_face({part, 1, y, {std::min(z.lo, z.hi), std::min(x.lo, x.hi)}, {std::max(z.lo, z.hi), std::max(x.lo, x.hi)}});
}

void VehicleBody::xy(GlobalId part, double z, Range x, Range y) {
  lattice_.add_face({part, 2, z, {std::min(x.lo, x.hi), std::min(y.lo, y.hi)}, {std::max(x.lo, x.hi), std::max(y.lo, y.hi)}});
}

void VehicleBody::box(const std::string& name, Grade grade, int axis, const std::vector<double>& zones,
                      const std::vector<double>& thickness, Range a, Range b, unsigned walls) {
  section(name, grade, axis, zones, thickness, a, b, walls, false);
}

void VehicleBody::tube(const std::string& name, Grade grade, int axis, Range along, double thickness, Range a,
                       Range b, unsigned walls) {
  section(name, grade, axis, {along.lo, along.hi}, {thickness}, a, b, walls, true);
}

void VehicleBody::section(const std::string& name, Grade grade, int axis, const std::vector<double>& zones,
                          const std::vector<double>& thickness, Range a, Range b, unsigned walls, bool one_part) {
  static const char* const kWall[3][4] = {{"right", "left", "bottom", "top"},
                                          {"bottom", "top", "front", "rear"},
                                          {"front", "rear", "right", "left"}};
  const Range cross[2] = {{std::min(a.lo, a.hi), std::max(a.lo, a.hi)}, {std::min(b.lo, b.hi), std::max(b.lo, b.hi)}};
  for (std::size_t z = 0; z + 1 < zones.size(); ++z) {
    const std::string zone = zones.size() > 2 ? " " + std::to_string(z + 1) : "";
    const double t = thickness[std::min(z, thickness.size() - 1)];
    const GlobalId whole = one_part ? part(name + zone, grade, t) : 0;
    for (int w = 0; w < 4; ++w) {
      if (!(walls & (1u << w))) continue;
      const GlobalId id = one_part ? whole : part(name + " " + kWall[axis][w] + zone, grade, t);
      const int normal = (axis + 1 + w / 2) % 3;       // the wall's plane is normal to this cross axis
      const Range& across = cross[w / 2];
      const double plane = w % 2 ? across.hi : across.lo;
      const Range& other = cross[1 - w / 2];
      const Range along{zones[z], zones[z + 1]};
      // The wall spans `along` (axis) and `other` (the remaining cross axis).
      LatticeFace f{id, normal, plane, {}, {}};
      const int t_along = (axis - normal + 3) % 3 - 1;  // which tangent slot of the face is `axis`
      f.lo[t_along] = std::min(along.lo, along.hi);
      f.hi[t_along] = std::max(along.lo, along.hi);
      f.lo[1 - t_along] = other.lo;
      f.hi[1 - t_along] = other.hi;
      lattice_.add_face(f);
    }
  }
}

void VehicleBody::wheel(const std::string& name, WheelSpec w) {
  // The knuckle: the hub plate the wheel hangs on (its rim nodes are the wheel's).
  xz(part(name + " knuckle", Grade::Dp600, 3.0), w.hub_y, {w.x - w.hub_half, w.x + w.hub_half},
     {w.z - w.hub_half, w.z + w.hub_half});
  w.part = part(name, Grade::Rigid, 2.0);
  wheels_.push_back(w);
}

}  // namespace mc
