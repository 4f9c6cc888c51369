// Scene assembly: element size from the scale, vehicles meshed and placed,
// initial velocities, contacts, rigid wall and controls.
#include "inputs/generator/vehicle_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

// The element size at which the vehicles have about `target` shells. The
// count goes roughly as 1/h^2, in steps (features snap together, parts
// vanish), so: secant steps on the cheap bound, then bisection on the exact
// count, keeping the closest; then a local scan if that is still off.
double element_size_for(std::vector<std::unique_ptr<Vehicle>>& vehicles, double target) {
  auto count = [&](double h, bool exact) {
    double n = 0;
    for (auto& v : vehicles) n += static_cast<double>(v->shells(h, exact));
    return n;
  };
  double h = 10;
  for (int iteration = 0; iteration < 12; ++iteration) {
    const double n = count(h, false);
    if (std::abs(n / target - 1) < 0.002) break;
    h *= std::sqrt(n / target);
  }
  double lo = 0.7 * h, hi = 1.3 * h, best_h = h, best_error = 1e300;
  for (int iteration = 0; iteration < 12; ++iteration) {
    const double mid = 0.5 * (lo + hi), n = count(mid, true), error = std::abs(n / target - 1);
    if (error < best_error) {
      best_error = error;
      best_h = mid;
    }
    if (error < 0.002) break;
    (n > target ? lo : hi) = mid;  // more shells than wanted: coarser
  }
  // Coarse scales jump across the target: look around the best in 1 % steps.
  for (int step = -10; step <= 10 && best_error > 0.02; ++step) {
    const double trial = best_h * (1 + 0.01 * step), error = std::abs(count(trial, true) / target - 1);
    if (error < best_error) {
      best_error = error;
      best_h = trial;
    }
  }
  return best_h;
}

ContactInterface contact(ContactInterface::Kind kind, const std::string& title, std::vector<GlobalId> slave,
                         std::vector<GlobalId> master) {
  ContactInterface c;
  c.kind = kind;
  c.title = title;
  c.slave_parts = std::move(slave);
  c.master_parts = std::move(master);
  c.static_friction = c.dynamic_friction = 0.15;
  return c;
}

void slide_x(Model& m, const MeshedVehicle& v, double dx) {
  for (auto& n : m.nodes)
    if (n.id >= v.first_node && n.id <= v.last_node) n.x[0] += dx;
}

// Extent of a vehicle along x.
std::pair<double, double> x_extent(const Model& m, const MeshedVehicle& v) {
  double lo = 1e300, hi = -1e300;
  for (const auto& n : m.nodes)
    if (n.id >= v.first_node && n.id <= v.last_node) {
      lo = std::min(lo, n.x[0]);
      hi = std::max(hi, n.x[0]);
    }
  return {lo, hi};
}

// Each vehicle folds onto itself; striking fronts meet struck rears (or
// fronts); rigid engines and wheels push on the deformable bodies.
void add_contacts(Model& m, const Scene& scene, const std::vector<MeshedVehicle>& meshed) {
  std::vector<GlobalId> rigid, deformable;
  for (std::size_t k = 0; k < meshed.size(); ++k) {
    const MeshedVehicle& v = meshed[k];
    m.contacts.push_back(contact(ContactInterface::Kind::SingleSurface, scene.vehicles[k].spec.name + " single surface",
                                 v.deformable, {}));
    rigid.insert(rigid.end(), v.rigid.begin(), v.rigid.end());
    deformable.insert(deformable.end(), v.deformable.begin(), v.deformable.end());
  }
  for (const Scene::Impact& i : scene.impacts) {
    const std::string title = scene.vehicles[i.striking].spec.name + " front to " +
                              scene.vehicles[i.struck].spec.name + (i.head_on ? " front" : " rear");
    m.contacts.push_back(contact(ContactInterface::Kind::SurfaceToSurface, title, meshed[i.striking].front,
                                 i.head_on ? meshed[i.struck].front : meshed[i.struck].rear));
  }
  m.contacts.push_back(contact(ContactInterface::Kind::SurfaceToSurface, "engines and wheels to bodies", deformable, rigid));
  for (std::size_t c = 0; c < m.contacts.size(); ++c) m.contacts[c].id = static_cast<GlobalId>(c + 1);
}

void set_controls(Model& m, double end_time, std::int64_t end_cycle) {
  Controls& c = m.controls;
  c.end_time = end_time;
  c.end_cycle = end_cycle;
  // LS-DYNA's default viscous hourglass control (IHQ 1, QH 0.1): with the
  // stiffness form (IHQ 4) the coarse folds store a quarter of the internal
  // energy as hourglass energy; the viscous form keeps it near 6 % at scale 0.02.
  c.hourglass.ihq = 1;
  c.hourglass.qh = 0.1;
  c.glstat_dt = c.rwforc_dt = c.rcforc_dt = end_time / 300;
  c.matsum_dt = end_time / 30;
  c.d3plot_dt = end_time / 15;
}

}  // namespace

Model build_scene(const Scene& scene, const GeneratorOptions& o) {
  const double scale = o.scale > 0 ? o.scale : 1.0;
  // Below this the element size passes 150 mm and whole parts snap away.
  if (scale < 0.01) throw InputError("generator: --scale " + std::to_string(scale) + " is below the smallest, 0.01");
  if (!o.rigid_parts) throw InputError("generator: --no-rigid is for the tube; a vehicle's engine and wheels are rigid");
  Model m;
  PartCatalog catalog(m);
  std::vector<std::unique_ptr<Vehicle>> vehicles;
  for (const SceneVehicle& sv : scene.vehicles) vehicles.push_back(std::make_unique<Vehicle>(sv.spec, catalog));
  const double h = o.element_size > 0
                       ? o.element_size
                       : element_size_for(vehicles, scale * static_cast<double>(scene.shells_at_scale_1));

  std::vector<MeshedVehicle> meshed;
  for (std::size_t k = 0; k < vehicles.size(); ++k) {
    const SceneVehicle& sv = scene.vehicles[k];
    meshed.push_back(vehicles[k]->mesh(h, sv.where, catalog));
    if (k == 0) continue;
    const auto [lo, hi] = x_extent(m, meshed[k]);
    const auto [prev_lo, prev_hi] = x_extent(m, meshed[k - 1]);
    slide_x(m, meshed[k], sv.ahead ? prev_lo - sv.gap - hi : prev_hi + sv.gap - lo);
  }
  for (std::size_t k = 0; k < meshed.size(); ++k) {
    const double speed = o.velocity > 0 && scene.vehicles[k].speed > 0 ? o.velocity : scene.vehicles[k].speed;
    if (speed <= 0) continue;
    InitialVelocity iv;
    iv.all_nodes = meshed.size() == 1;
    if (!iv.all_nodes)
      for (GlobalId n = meshed[k].first_node; n <= meshed[k].last_node; ++n) iv.nodes.push_back(n);
    for (int d = 0; d < 3; ++d) iv.v[static_cast<std::size_t>(d)] = speed * meshed[k].heading[static_cast<std::size_t>(d)];
    m.initial_velocities.push_back(iv);
  }

  if (o.contact) add_contacts(m, scene, meshed);
  if (scene.rigid_wall) {
    RigidWall wall;
    const double x = x_extent(m, meshed[0]).first - 5;
    wall.tail = {x, 0, 0};
    wall.head = {x + 1, 0, 0};
    m.rigid_walls.push_back(wall);
  }
  set_controls(m, o.end_time > 0 ? o.end_time : scene.end_time, o.end_cycle);
  char title[160];
  std::snprintf(title, sizeof title, "minicrash %s, scale %g: %zu shells, %zu parts, element size %.1f mm",
                scene.title.c_str(), scale, m.shells.size(), m.parts.size(), h);
  m.title = title;
  return m;
}

}  // namespace mc
