// Powertrain and front suspension: the rigid engine-and-gearbox block on two
// mounts off the rails, the subframe under it, lower control arms and the
// front wheels (rigid, on their knuckles).
#include "inputs/generator/vehicle_body.hpp"

namespace mc {

void add_powertrain(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  const double axle = v.front_overhang, r = v.wheel_radius;
  const double box_end = 110 + v.crash_box_length, inner = v.rail_y - v.rail_width / 2;
  const Range ex{box_end + 180, v.firewall_x() - 100}, ey{-(inner - 100), inner - 100};
  const Range ez{v.rail_bottom() - 130, v.rail_top() + 200};
  const GlobalId engine = b.part("engine and gearbox", Grade::Rigid, 3.0);
  b.yz(engine, ex.lo, ey, ez);
  b.yz(engine, ex.hi, ey, ez);
  b.xz(engine, ey.lo, ex, ez);
  b.xz(engine, ey.hi, ex, ez);
  b.xy(engine, ez.lo, ex, ey);
  b.xy(engine, ez.hi, ex, ey);
  const double mount_x = 0.5 * (ex.lo + ex.hi) + 0.2 * (ex.hi - ex.lo);
  for (int side : {1, -1})
    b.xy(b.part(side_name("engine mount", side), Grade::Dp600, 3.0), v.rail_z, {mount_x, mount_x + 80},
         side_range(side, {ey.hi, inner}));

  // Subframe: a cross member under the engine hung from the rails on posts.
  const double half = v.rail_y + 30;
  const Range sz{ez.lo - 70, ez.lo - 10}, sx{axle - 50, axle + 50};
  b.tube("subframe cross member", Grade::Hsla, 1, {-half, half}, 2.0, sz, sx);
  const double hub_y = v.track / 2;
  for (int side : {1, -1}) {
    b.xz(b.part(side_name("subframe end plate", side), Grade::Hsla, 2.0), side * half, sx, sz);
    b.tube(side_name("subframe post", side), Grade::Hsla, 2, {sz.hi, v.rail_bottom()}, 2.0, {axle - 60, axle + 60},
          side_range(side, {v.rail_y - 30, v.rail_y + 30}));
    const Range arm = side_range(side, {half, hub_y});
    b.tube(side_name("lower control arm", side), Grade::Hsla, 1, arm, 2.5,
          {sz.lo + 10, sz.hi - 10}, {axle - 0.4 * r, axle + 0.4 * r});  // an A-arm as wide as the hub
    b.wheel(side_name("front wheel", side),
            WheelSpec{0, axle, r, side * hub_y, 0.4 * r, r, v.tire_width, axle - r - 70, v.firewall_x(),
                      v.wheelhouse_z(), side * v.apron_y(), side * v.side_y()});
  }
}

}  // namespace mc
