// The "tube" preset: a thin-walled square steel tube standing on a rigid
// wall, closed at the top by a rigid plate that carries the impact mass.
// A small alternating dent near the wall triggers progressive folding.
#include <cmath>

#include "inputs/generator/generator.hpp"
#include "io/deck/input_error.hpp"
#include "io/vec3.hpp"

namespace mc {
namespace {

constexpr double kSide = 60, kLength = 200, kThickness = 1.5;  // mm
constexpr double kMass = 50;                                   // kg on the rigid plate
constexpr double kPlateThickness = 2;
constexpr double kGap = 0.5;  // tube end to wall, mm

}  // namespace

Model generate_tube(const GeneratorOptions& o) {
  const double h = o.element_size > 0 ? o.element_size : 5.0;
  const int ns = std::max(2, static_cast<int>(std::lround(kSide / h)));
  const int nl = std::max(2, static_cast<int>(std::lround(kLength / h)));
  const int ring = 4 * ns;
  Model m;
  m.title = "minicrash tube crush: 60x60x1.5 mm steel tube, 50 kg, rigid wall";

  // Perimeter point j of a ring as grid coordinates (i, k) on the ns x ns square.
  auto perimeter = [ns](int j, int& i, int& k) {
    const int side = j / ns, s = j % ns;
    if (side == 0) { i = s; k = 0; }
    else if (side == 1) { i = ns; k = s; }
    else if (side == 2) { i = ns - s; k = ns; }
    else { i = 0; k = ns - s; }
  };
  auto tube_node = [ring](int level, int j) { return GlobalId{1} + level * ring + (j % ring); };
  for (int level = 0; level <= nl; ++level) {
    const double z = kGap + kLength * level / nl;
    for (int j = 0; j < ring; ++j) {
      int i, k;
      perimeter(j, i, k);
      double x = -kSide / 2 + kSide * i / ns, y = -kSide / 2 + kSide * k / ns;
      // Trigger: faces dented in and out over the first 20 mm (0.2 mm amplitude).
      if (z < kGap + 20 && j % ns != 0) {
        const double dent = 0.2 * std::sin(kPi * (z - kGap) / 20) * ((j / ns) % 2 ? 1 : -1);
        if (j / ns == 0 || j / ns == 2) y += (j / ns == 0 ? -dent : dent);
        else x += (j / ns == 1 ? dent : -dent);
      }
      m.nodes.push_back({tube_node(level, j), {x, y, z}});
    }
  }
  GlobalId eid = 1;
  for (int level = 0; level < nl; ++level)
    for (int j = 0; j < ring; ++j) {
      Shell s;
      s.id = eid++;
      s.part = 1;
      s.nodes = {tube_node(level, j), tube_node(level, j + 1), tube_node(level + 1, j + 1), tube_node(level + 1, j)};
      m.shells.push_back(s);
    }
  // Rigid top plate: an ns x ns grid whose border reuses the top ring.
  if (o.rigid_parts) {
    const GlobalId first_plate_node = tube_node(nl + 1, 0);
    auto plate_node = [&](int i, int k) -> GlobalId {
      if (i == 0 || k == 0 || i == ns || k == ns) {
        for (int j = 0; j < ring; ++j) {
          int pi, pk;
          perimeter(j, pi, pk);
          if (pi == i && pk == k) return tube_node(nl, j);
        }
      }
      return first_plate_node + (k - 1) * (ns - 1) + (i - 1);
    };
    for (int k = 1; k < ns; ++k)
      for (int i = 1; i < ns; ++i)
        m.nodes.push_back({plate_node(i, k), {-kSide / 2 + kSide * i / ns, -kSide / 2 + kSide * k / ns, kGap + kLength}});
    for (int k = 0; k < ns; ++k)
      for (int i = 0; i < ns; ++i) {
        Shell s;
        s.id = eid++;
        s.part = 2;
        s.nodes = {plate_node(i, k), plate_node(i + 1, k), plate_node(i + 1, k + 1), plate_node(i, k + 1)};
        m.shells.push_back(s);
      }
  }

  // Elastic-perfectly plastic (ETAN 0): the flow stress of the
  // Abramowicz-Jones crush force is then the yield stress, no choice to make.
  m.materials[1] = mild_steel(1, 0.3, 0.0);
  Material rigid;
  rigid.id = 2;
  rigid.kind = MaterialKind::Rigid;
  rigid.density = kMass / (kSide * kSide * kPlateThickness);
  rigid.youngs = 210;
  rigid.poisson = 0.3;
  if (o.rigid_parts) m.materials[2] = rigid;
  Section tube_section;
  tube_section.id = 1;
  tube_section.nip = 5;
  tube_section.thickness = kThickness;
  m.sections[1] = tube_section;
  Section plate_section = tube_section;
  plate_section.id = 2;
  plate_section.nip = 2;
  plate_section.thickness = kPlateThickness;
  if (o.rigid_parts) m.sections[2] = plate_section;
  m.parts[1] = Part{1, "tube", 1, 1, 0, ThicknessUpdate::None, {}};
  if (o.rigid_parts) m.parts[2] = Part{2, "rigid end plate", 2, 2, 0, ThicknessUpdate::None, {}};

  InitialVelocity iv;
  iv.all_nodes = true;
  iv.v = {0, 0, -(o.velocity > 0 ? o.velocity : 15.0)};
  m.initial_velocities.push_back(iv);
  RigidWall wall;
  wall.tail = {0, 0, 0};
  wall.head = {0, 0, 1};
  m.rigid_walls.push_back(wall);
  if (o.contact) {  // the folds of the tube touch each other
    ContactInterface self;
    self.id = 1;
    self.title = "tube folds";
    self.slave_parts = {1};
    self.static_friction = self.dynamic_friction = 0.2;
    m.contacts.push_back(self);
    m.controls.rcforc_dt = m.controls.end_time / 200;
  }

  m.controls.end_time = o.end_time > 0 ? o.end_time : 5.0;
  m.controls.end_cycle = o.end_cycle;
  // Viscous hourglass control: the stiffness form (IHQ 4) stiffens the folds
  // of this coarse mesh (28 % of the internal energy went into hourglass).
  m.controls.hourglass.ihq = 1;
  m.controls.hourglass.qh = 0.1;
  m.controls.glstat_dt = m.controls.end_time / 200;
  m.controls.matsum_dt = m.controls.end_time / 50;
  m.controls.rwforc_dt = m.controls.end_time / 200;
  m.controls.d3plot_dt = m.controls.end_time / 10;
  return m;
}

}  // namespace mc
