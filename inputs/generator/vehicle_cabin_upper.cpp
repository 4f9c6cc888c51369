// Upper cabin: A (with the hinge pillar below the belt), B and C pillars,
// roof rails, roof panel, headers and bow, windshield and rear window. Built
// upright; the styling map rakes the A and C pillars afterwards.
#include "inputs/generator/vehicle_body.hpp"

namespace mc {

void add_cabin_upper(VehicleBody& b) {
  const VehicleSpec& v = b.spec();
  const double fw = v.firewall_x(), xc = v.greenhouse_rear, xb = v.b_pillar_x();
  const double side_y = v.side_y(), inner = v.rocker_inner_y(), top = v.roof_rail_z();
  for (int side : {1, -1}) {
    const Range py = side_range(side, {inner, side_y});
    b.box(side_name("A pillar", side), Grade::Hsla, 2, {v.rocker_top(), v.belt_z, top}, {1.8, 1.5}, {fw, fw + 80}, py);
    b.box(side_name("B pillar", side), Grade::Boron, 2, {v.rocker_top(), v.belt_z, top}, {1.6, 1.2}, {xb, xb + 100},
          side_range(side, {side_y - 90, side_y}));
    b.box(side_name("C pillar", side), Grade::Mild, 2, {v.belt_z, top}, {1.2}, {xc - 100, xc},
          side_range(side, {side_y - 90, side_y}));
    std::vector<double> zones{fw, xb, xc};
    b.box(side_name("roof rail", side), Grade::Hsla, 0, zones, {1.4, 1.2}, py, {top, v.roof_z});
  }
  b.xy(b.part("roof", Grade::Mild, 0.7), v.roof_z, {fw, xc}, {-inner, inner});
  // Headers and bow: hats under the roof, which closes them.
  const Range hz{v.roof_z - 50, v.roof_z};
  b.tube("front header", Grade::Mild, 1, {-inner, inner}, 1.2, hz, {fw, fw + 80}, 1 | 4 | 8);
  b.tube("roof bow", Grade::Mild, 1, {-inner, inner}, 1.0, hz, {xb, xb + 100}, 1 | 4 | 8);
  b.tube("rear header", Grade::Mild, 1, {-inner, inner}, 1.2, hz, {xc - 80, xc}, 1 | 4 | 8);
  b.yz(b.part("windshield", Grade::Glass, 5.0), fw, {-inner, inner}, {v.belt_z, hz.lo});
  b.yz(b.part("rear window", Grade::Glass, 4.0), xc, {-inner, inner}, {v.belt_z, hz.lo});
}

}  // namespace mc
