// Interior masses: seats (front pair, optional middle pair, rear bench) and
// the fuel tank. They are ballast: soft, and their density is trimmed so the
// vehicle weighs what the spec says (occupants, trim and fluids included).
#include "inputs/generator/vehicle_body.hpp"

namespace mc {
namespace {

// A seat: front and rear risers from `floor` up to the cushion, cushion and back.
void seat(VehicleBody& b, const std::string& name, Range x, Range y, double floor, double cushion, double back) {
  b.yz(b.ballast(name + " riser front", 1.5), x.lo, y, {floor, cushion});
  b.yz(b.ballast(name + " riser rear", 1.5), x.hi, y, {floor, cushion});
  b.xy(b.ballast(name + " cushion", 2.0), cushion, x, y);
  b.yz(b.ballast(name + " back", 2.0), x.hi, y, {cushion, back});
}

}  // namespace

void add_interior(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  const double fw = v.firewall_x(), xk = v.heel_kick_x(), zf = v.rear_floor_z(), in = v.rocker_inner_y();
  for (int side : {1, -1}) {
    // On the seat cross members (vehicle_cabin_floor.cpp), whose tops are at floor + 60.
    seat(b, side_name("front seat", side), {fw + 450, fw + 900}, side_range(side, {150, in - 50}), v.floor_z + 60,
         v.floor_z + 300, v.floor_z + 850);
    if (v.seat_rows > 2) {
      const double x0 = v.b_pillar_x() + 150;
      seat(b, side_name("middle seat", side), {x0, x0 + 450}, side_range(side, {150, in - 50}), v.floor_z,
           v.floor_z + 300, v.floor_z + 850);
    }
  }
  const double bench_y = v.apron_y() - 20;
  b.yz(b.ballast("rear bench riser", 1.5), xk, {-bench_y, bench_y}, {zf, zf + 100});
  b.xy(b.ballast("rear bench cushion", 2.0), zf + 100, {xk, xk + 450}, {-bench_y, bench_y});
  b.yz(b.ballast("rear bench back", 2.0), xk + 450, {-bench_y, bench_y}, {zf, v.belt_z});

  // Fuel tank under the rear floor, between the rear rails; the floor closes it.
  const GlobalId tank = b.ballast("fuel tank", 1.5);
  const double ty = v.apron_y() - 80 - 95;
  const Range tx{xk + 50, v.rear_axle() - 150}, tz{zf - 200, zf};
  b.yz(tank, tx.lo, {-ty, ty}, tz);
  b.yz(tank, tx.hi, {-ty, ty}, tz);
  b.xz(tank, -ty, tx, tz);
  b.xz(tank, ty, tx, tz);
  b.xy(tank, tz.lo, tx, {-ty, ty});
}

}  // namespace mc
