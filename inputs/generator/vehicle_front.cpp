// Front crash structure: fascia, bumper beam, crash boxes, the front
// longitudinal rails (the main crush members), kick-down boxes, shotgun
// rails, aprons, wheelhouses, strut towers and the radiator support.
//
// The rails are closed box sections in zones of increasing gauge towards the
// firewall, with a bead pattern in the crash boxes and in the rail's first
// zone, so they fold progressively from the front.
#include "inputs/generator/vehicle_body.hpp"

namespace mc {
namespace {

// Crash-box and rail x stations: beam back face, crash box end, firewall.
struct FrontStations {
  double beam_front = 50, beam_back = 110, box_end, firewall;
};

// Symmetric fold trigger on a box along x: the side walls dent inwards and
// the top and bottom outwards (Wierzbicki & Abramowicz's symmetric mode).
void fold_trigger(VehicleBody& b, Range x, Range y, Range z, double wavelength, double amplitude) {
  const double length = 2 * wavelength;
  for (int w = 0; w < 2; ++w) {  // side walls: planes y = y.lo, y.hi; tangents (z, x)
    const double plane = w ? y.hi : y.lo;
    b.bead({1, plane, 2, {z.lo, x.lo}, {z.hi, x.hi}, length, w ? -amplitude : amplitude, wavelength});
  }
  for (int w = 0; w < 2; ++w) {  // top and bottom: planes z = z.lo, z.hi; tangents (x, y)
    const double plane = w ? z.hi : z.lo;
    b.bead({2, plane, 1, {x.lo, y.lo}, {x.hi, y.hi}, length, w ? amplitude : -amplitude, wavelength});
  }
}

void bumper(VehicleBody& b, const FrontStations& s) {
  const VehicleSpec& v = b.spec();
  const double half = v.rail_y + 150, zb = v.rail_bottom() - 5, zt = v.rail_top() + 5;
  const GlobalId fascia = b.part("bumper fascia", Grade::Plastic, 3.0);
  b.yz(fascia, 0, {-(v.width / 2 - 80), v.width / 2 - 80}, {zb - 100, zt + 100});
  b.xy(b.part("fascia bracket lower", Grade::Plastic, 2.5), zb, {0, s.beam_front}, {-half, half});
  b.xy(b.part("fascia bracket upper", Grade::Plastic, 2.5), zt, {0, s.beam_front}, {-half, half});
  b.box("bumper beam", Grade::Dp600, 1, {-half, half}, {2.0}, {zb, zt}, {s.beam_front, s.beam_back});
  for (int side : {1, -1})
    b.xz(b.part(side_name("bumper beam end cap", side), Grade::Dp600, 2.0), side * half, {s.beam_front, s.beam_back},
         {zb, zt});
}

void rail(VehicleBody& b, const FrontStations& s, int side) {
  const VehicleSpec& v = b.spec();
  const Range y = side_range(side, {v.rail_y - v.rail_width / 2, v.rail_y + v.rail_width / 2});
  const Range z{v.rail_bottom(), v.rail_top()};
  b.box(side_name("crash box", side), Grade::Mild, 0, {s.beam_back, s.box_end}, {1.4}, y, z);
  fold_trigger(b, {s.beam_back, s.box_end}, y, z, 0.6 * v.rail_width, 0.02 * v.rail_width);
  const GlobalId flange = b.part(side_name("crash box flange", side), Grade::Mild, 3.0);
  b.yz(flange, s.box_end, {y.lo - 25, y.hi + 25}, {z.lo - 25, z.hi + 25});

  // Rail zones thicken towards the firewall: the front folds first.
  std::vector<double> zones, gauge;
  for (int k = 0; k <= v.rail_zones; ++k) zones.push_back(s.box_end + (s.firewall - s.box_end) * k / v.rail_zones);
  for (int k = 0; k < v.rail_zones; ++k) gauge.push_back(1.5 + 0.8 * k / std::max(1, v.rail_zones - 1));
  b.box(side_name("front rail", side), Grade::Hsla, 0, zones, gauge, y, z);
  fold_trigger(b, {zones[0], zones[1]}, y, z, 0.6 * v.rail_width, 0.015 * v.rail_width);
  if (v.rail_zones > 1) {
    const GlobalId bulkhead = b.part(side_name("front rail bulkhead", side), Grade::Hsla, 1.5);
    b.yz(bulkhead, zones[zones.size() - 2], y, z);
  }
  // Kick-down: the rail steps down under the floor behind the firewall.
  b.box(side_name("rail kick-down", side), Grade::Hsla, 0, {s.firewall, s.firewall + 150}, {2.0}, y,
        {v.floor_z - 70, z.hi});
}

void upper_structure(VehicleBody& b, const FrontStations& s, int side) {
  const VehicleSpec& v = b.spec();
  const double axle = v.front_overhang, r = v.wheel_radius, zwh = v.wheelhouse_z();
  const double side_y = v.width / 2 - 10, apron = v.apron_y();
  const Range shotgun_y{side_y - 100, side_y - 50};
  b.box(side_name("shotgun rail", side), Grade::Mild, 0, {s.box_end, s.firewall}, {1.2},
        side_range(side, shotgun_y), {zwh, zwh + 60});
  // Apron (wheelhouse inner wall) standing on a flange off the rail's top.
  b.xz(b.part(side_name("apron front", side), Grade::Mild, 1.0), side * apron, {s.box_end, axle}, {v.rail_top(), zwh});
  b.xz(b.part(side_name("apron rear", side), Grade::Mild, 1.0), side * apron, {axle, s.firewall}, {v.rail_top(), zwh});
  b.xy(b.part(side_name("apron flange", side), Grade::Mild, 1.2), v.rail_top(), {s.box_end, s.firewall},
       side_range(side, {v.rail_y + v.rail_width / 2, apron}));
  const GlobalId top = b.part(side_name("wheelhouse top", side), Grade::Mild, 1.0);
  b.xy(top, zwh, {axle - r - 70, s.firewall}, side_range(side, {apron, shotgun_y.lo}));
  b.yz(b.part(side_name("wheelhouse front", side), Grade::Mild, 1.0), axle - r - 70,
       side_range(side, {apron, shotgun_y.lo}), {v.rail_top(), zwh});
  // Strut tower on the wheelhouse: four walls and a cap.
  const Range tx{axle - 70, axle + 70}, ty = side_range(side, {apron, apron + 120});
  b.tube(side_name("strut tower", side), Grade::Mild, 2, {zwh, zwh + 180}, 1.5, tx, ty);
  b.xy(b.part(side_name("strut tower cap", side), Grade::Mild, 2.0), zwh + 180, tx, ty);
}

void radiator_support(VehicleBody& b, const FrontStations& s) {
  const VehicleSpec& v = b.spec();
  const double zwh = v.wheelhouse_z(), inner = v.rail_y - v.rail_width / 2;
  const Range x{s.box_end, s.box_end + 60};
  const double upper_half = v.width / 2 - 110;  // to the shotgun rails' inner walls
  b.box("radiator support upper", Grade::Mild, 1, {-upper_half, upper_half}, {1.2}, {zwh, zwh + 60}, x);
  const double lower_z = v.rail_bottom() + 20;
  b.box("radiator support lower", Grade::Mild, 1, {-inner, inner}, {1.2}, {v.rail_bottom() - 60, lower_z}, x);
  for (int side : {1, -1})
    b.tube(side_name("radiator support post", side), Grade::Mild, 2, {lower_z, zwh}, 1.2, x,
          side_range(side, {inner - 60, inner - 10}));
  b.yz(b.part("radiator", Grade::Aluminium, 1.5), x.hi, {-(inner - 60), inner - 60}, {lower_z, zwh});
}

}  // namespace

void add_front_structure(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  FrontStations s;
  s.box_end = s.beam_back + v.crash_box_length;
  s.firewall = v.firewall_x();
  bumper(b, s);
  for (int side : {1, -1}) {
    rail(b, s, side);
    upper_structure(b, s, side);
  }
  radiator_support(b, s);
}

}  // namespace mc
