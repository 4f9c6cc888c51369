// Lower cabin: firewall (dash panel), dash cross member, floor pan in tiles,
// tunnel, seat cross members, floor longitudinals (the rails continued under
// the floor), rockers with bulkheads, and the heel kick to the rear floor.
#include "inputs/generator/vehicle_body.hpp"

namespace mc {

void add_cabin_floor(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  const double fw = v.firewall_x(), rocker_in = v.rocker_inner_y(), xk = v.heel_kick_x(), tunnel = 90;
  b.yz(b.part("dash panel lower", Grade::Mild, 1.0), fw, {-rocker_in, rocker_in}, {v.floor_z, v.rail_top()});
  b.yz(b.part("dash panel upper", Grade::Mild, 0.9), fw, {-rocker_in, rocker_in}, {v.rail_top(), v.belt_z});
  b.box("dash cross member", Grade::Mild, 1, {-rocker_in, rocker_in}, {1.5}, {v.belt_z - 200, v.belt_z - 140},
        {fw + 10, fw + 70});
  b.box("tunnel", Grade::Mild, 0, {fw, xk}, {1.0}, {-tunnel, tunnel}, {v.floor_z, v.floor_z + 180}, 1 | 2 | 8);
  b.yz(b.part("heel kick", Grade::Mild, 1.0), xk, {-rocker_in, rocker_in}, {v.floor_z, v.rear_floor_z()});

  // Seat cross members: hats on the floor, tunnel to rocker, the front seats stand on them.
  const double seat_members[2] = {fw + 450, fw + 900};
  for (int side : {1, -1}) {
    const Range fy = side_range(side, {tunnel, rocker_in});
    for (int t = 0; t < v.floor_tiles; ++t) {
      const double x0 = fw + (xk - fw) * t / v.floor_tiles, x1 = fw + (xk - fw) * (t + 1) / v.floor_tiles;
      b.xy(b.part(side_name("floor pan " + std::to_string(t + 1), side), Grade::Mild, 0.8), v.floor_z, {x0, x1}, fy);
    }
    for (int k = 0; k < 2; ++k)
      b.tube(side_name("seat cross member " + std::to_string(k + 1), side), Grade::Mild, 1, fy, 1.5,
            {v.floor_z, v.floor_z + 60}, {seat_members[k] - 40, seat_members[k] + 40}, 2 | 4 | 8);
    // Floor longitudinal: the rail's load path continued under the floor (a hat closed by the floor).
    b.box(side_name("floor longitudinal", side), Grade::Hsla, 0, {fw + 150, xk}, {1.6},
          side_range(side, {v.rail_y - v.rail_width / 2, v.rail_y + v.rail_width / 2}), {v.floor_z - 70, v.floor_z},
          1 | 2 | 4);
    // Rocker (sill): closed section in zones, bulkheads at the zone ends.
    std::vector<double> zones;
    for (int k = 0; k <= v.rocker_zones; ++k) zones.push_back(fw + (v.rear_wheelhouse_front() - fw) * k / v.rocker_zones);
    const Range ry = side_range(side, {rocker_in, v.side_y()}), rz{v.floor_z - 80, v.rocker_top()};
    b.box(side_name("rocker", side), Grade::Dp600, 0, zones, {1.6}, ry, rz);
    for (int k = 1; k < v.rocker_zones; ++k)
      b.yz(b.part(side_name("rocker bulkhead " + std::to_string(k), side), Grade::Mild, 1.2), zones[k], ry, rz);
  }
}

}  // namespace mc
