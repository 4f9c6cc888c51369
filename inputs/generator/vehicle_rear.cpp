// Rear structure: rear floor and trunk floor, rear rails, wheelhouses,
// lock pillars, quarter panels, package tray, back panel, rear bumper with
// crash boxes and fascia, and the twist-beam rear axle with its wheels.
#include "inputs/generator/vehicle_body.hpp"

namespace mc {
namespace {

void rear_body(VehicleBody& b, double rail_y) {
  const VehicleSpec& v = b.spec();
  const double xk = v.heel_kick_x(), x0 = v.rear_wheelhouse_front(), x1 = v.rear_wheelhouse_rear();
  const double zf = v.rear_floor_z(), sy = v.side_y(), apron = v.apron_y(), back = v.back_panel_x();
  b.xy(b.part("rear floor", Grade::Mild, 0.8), zf, {xk, v.rear_axle()}, {-apron, apron});
  b.xy(b.part("trunk floor", Grade::Mild, 0.8), zf, {v.rear_axle(), back}, {-apron, apron});
  b.yz(b.part("back panel", Grade::Mild, 0.9), back, {-sy, sy}, {v.rail_bottom(), v.belt_z});
  for (int side : {1, -1}) {
    b.xy(b.part(side_name("rear floor side", side), Grade::Mild, 0.8), zf, {xk, x0},
         side_range(side, {apron, v.rocker_inner_y()}));
    b.xz(b.part(side_name("rear wheelhouse inner", side), Grade::Mild, 0.8), side * apron, {x0, x1},
         {zf, v.wheelhouse_z()});
    b.xy(b.part(side_name("rear wheelhouse top", side), Grade::Mild, 0.8), v.wheelhouse_z(), {x0, x1},
         side_range(side, {apron, sy}));
    b.yz(b.part(side_name("lock pillar", side), Grade::Mild, 1.2), x0, side_range(side, {v.rocker_inner_y(), sy}),
         {v.rocker_top(), v.belt_z});
    b.xz(b.part(side_name("quarter panel arch", side), Grade::Mild, 0.8), side * sy, {x0, x1},
         {v.wheelhouse_z(), v.belt_z});
    b.xz(b.part(side_name("quarter panel rear", side), Grade::Mild, 0.8), side * sy, {x1, back},
         {v.rail_bottom(), v.belt_z});
    // Rear rail: a hat under the rear floor, heel kick to back panel, two gauges.
    b.box(side_name("rear rail", side), Grade::Hsla, 0, {xk, v.rear_axle(), back}, {1.6, 1.3},
          side_range(side, {rail_y - 35, rail_y + 35}), {zf - 90, zf}, 1 | 2 | 4);
  }
  if (v.trunk) b.xy(b.part("package tray", Grade::Mild, 0.8), v.belt_z - 80, {v.greenhouse_rear, v.greenhouse_rear + 350}, {-sy, sy});
}

void rear_bumper(VehicleBody& b, double rail_y) {
  const VehicleSpec& v = b.spec();
  const double back = v.back_panel_x(), zf = v.rear_floor_z(), half = rail_y + 150;
  const Range bz{zf - 95, zf + 5};
  b.box("rear bumper beam", Grade::Dp600, 1, {-half, half}, {1.8}, bz, {back + 50, back + 90});
  b.yz(b.part("rear fascia", Grade::Plastic, 3.0), v.length, {-(v.side_y() - 60), v.side_y() - 60},
       {bz.lo - 60, bz.hi + 60});
  b.xy(b.part("rear fascia bracket", Grade::Plastic, 2.5), bz.hi, {back + 90, v.length}, {-half, half});
  for (int side : {1, -1})
    b.box(side_name("rear crash box", side), Grade::Mild, 0, {back, back + 50}, {1.4},
          side_range(side, {rail_y - 35, rail_y + 35}), {zf - 90, zf});
}

void rear_axle(VehicleBody& b, double rail_y) {
  const VehicleSpec& v = b.spec();
  const double xa = v.rear_axle(), r = v.wheel_radius, hub_y = v.track / 2;
  b.tube("twist beam", Grade::Hsla, 1, {-hub_y, hub_y}, 2.5, {r - 100, r - 20}, {xa - 40, xa + 40});
  for (int side : {1, -1}) {
    b.tube(side_name("spring post", side), Grade::Hsla, 2, {r - 20, v.rear_floor_z() - 90}, 2.0, {xa - 60, xa + 60},
           side_range(side, {rail_y - 35, rail_y + 35}));
    b.wheel(side_name("rear wheel", side),
            WheelSpec{0, xa, r, side * hub_y, 0.4 * r, r, v.tire_width, v.rear_wheelhouse_front(),
                      v.rear_wheelhouse_rear(), v.wheelhouse_z(), side * v.apron_y(), side * v.side_y()});
  }
}

}  // namespace

void add_rear_structure(VehicleBody& b) {
  const double rail_y = b.spec().apron_y() - 80;
  rear_body(b, rail_y);
  rear_bumper(b, rail_y);
  rear_axle(b, rail_y);
}

}  // namespace mc
