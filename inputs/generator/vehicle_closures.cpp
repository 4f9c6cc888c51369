// Closures: hood (outer, inner and hems), fenders, doors (skins, ends,
// intrusion beam, hinges, latch) and the trunk lid. Closures hang on the body
// by small hinge and latch plates, which share nodes with both sides.
#include "inputs/generator/vehicle_body.hpp"

namespace mc {
namespace {

struct DoorFrame {
  double x0, x1;              // door ends
  double hinge_x, latch_x;    // faces of the pillars in front of and behind it
};

void door(VehicleBody& b, const std::string& name, const DoorFrame& d, int side) {
  const VehicleSpec& v = b.spec();
  const double sy = v.side_y(), bottom = v.rocker_top() + 20, zm = 0.5 * (bottom + v.belt_z);
  const Range x{d.x0, d.x1}, y = side_range(side, {sy - 90, sy}), z{bottom, v.belt_z};
  const std::string n = side_name(name, side);
  b.xz(b.part(n + " outer", Grade::Mild, 0.8), side * sy, x, z);
  b.xz(b.part(n + " inner", Grade::Mild, 0.8), side * (sy - 90), x, z);
  b.yz(b.part(n + " front end", Grade::Mild, 1.0), d.x0, y, z);
  b.yz(b.part(n + " rear end", Grade::Mild, 1.0), d.x1, y, z);
  b.xy(b.part(n + " belt", Grade::Mild, 1.0), v.belt_z, x, y);
  b.xy(b.part(n + " bottom", Grade::Mild, 1.0), bottom, x, y);
  b.tube(n + " intrusion beam", Grade::Boron, 0, {d.x0, d.x1}, 1.8, side_range(side, {sy - 60, sy - 30}),
        {zm - 20, zm + 20});
  const Range plate_y = side_range(side, {sy - 70, sy - 20});
  b.xy(b.part(n + " hinge lower", Grade::Dp600, 2.5), bottom + 150, {d.hinge_x, d.x0}, plate_y);
  b.xy(b.part(n + " hinge upper", Grade::Dp600, 2.5), v.belt_z - 150, {d.hinge_x, d.x0}, plate_y);
  b.xy(b.part(n + " latch", Grade::Dp600, 2.0), zm + 60, {d.x1, d.latch_x}, plate_y);
}

void hood_and_fenders(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  const double x0 = 110 + v.crash_box_length, x1 = v.firewall_x() - 100, sy = v.side_y(), zi = v.belt_z - 30;
  b.xy(b.part("hood outer", Grade::Mild, 0.7), v.belt_z, {x0, x1}, {-sy, sy});
  b.xy(b.part("hood inner", Grade::Mild, 0.7), zi, {x0 + 40, x1 - 40}, {-(sy - 40), sy - 40});
  b.yz(b.part("hood hem front", Grade::Mild, 0.7), x0 + 40, {-(sy - 40), sy - 40}, {zi, v.belt_z});
  b.yz(b.part("hood hem rear", Grade::Mild, 0.7), x1 - 40, {-(sy - 40), sy - 40}, {zi, v.belt_z});
  b.xy(b.part("cowl", Grade::Mild, 0.8), v.belt_z, {x1, v.firewall_x()}, {-v.rocker_inner_y(), v.rocker_inner_y()});
  const double arch0 = v.front_overhang - v.wheel_radius - 70, zwh = v.wheelhouse_z();
  for (int side : {1, -1}) {
    b.xz(b.part(side_name("fender front", side), Grade::Mild, 0.7), side * sy, {x0, arch0},
         {v.rail_bottom(), v.belt_z});
    b.xz(b.part(side_name("fender arch", side), Grade::Mild, 0.7), side * sy, {arch0, v.firewall_x()},
         {zwh, v.belt_z});
    b.xy(b.part(side_name("fender bracket", side), Grade::Mild, 1.0), zwh + 60, {x0, v.firewall_x()},
         side_range(side, {sy - 50, sy}));
  }
}

}  // namespace

void add_closures(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  hood_and_fenders(b);
  const double front_pillar = v.firewall_x() + 80, xb = v.b_pillar_x(), rear = v.rear_wheelhouse_front();
  for (int side : {1, -1}) {
    if (v.doors_per_side == 1) {
      door(b, "door", {front_pillar + 10, xb - 10, front_pillar, xb}, side);
      b.xz(b.part(side_name("rear side panel", side), Grade::Mild, 0.8), side * v.side_y(), {xb + 100, rear},
           {v.rocker_top(), v.belt_z});
    } else {
      door(b, "front door", {front_pillar + 10, xb - 10, front_pillar, xb}, side);
      door(b, "rear door", {xb + 110, rear - 10, xb + 100, rear}, side);
    }
  }
  if (v.trunk) {
    b.xy(b.part("trunk lid", Grade::Mild, 0.8), v.belt_z, {v.greenhouse_rear, v.back_panel_x()},
         {-v.side_y(), v.side_y()});
  }
}

}  // namespace mc
