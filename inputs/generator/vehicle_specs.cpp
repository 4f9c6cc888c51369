// Body styles of the benchmark vehicles, from public dimensions of the cars
// the real models represent (overall size, wheelbase, track, wheels, mass).
#include "inputs/generator/vehicle_scenes.hpp"

namespace mc {

VehicleSpec sedan_spec() {  // Neon-like compact sedan: the defaults of VehicleSpec
  VehicleSpec v;
  v.track = 1430;
  v.crash_box_length = 60;  // a 1990s car: the rails run almost to the bumper
  v.mass = 1200;
  return v;
}

VehicleSpec compact_spec() {  // small three-door hatchback
  VehicleSpec v;
  v.name = "compact";
  v.length = 3800, v.width = 1590, v.roof_z = 1380;
  v.front_overhang = 760, v.wheelbase = 2370;
  v.wheel_radius = 280, v.tire_width = 155, v.track = 1350;
  v.floor_z = 250, v.rail_y = 420, v.rail_width = 60, v.rail_height = 90, v.rail_z = 420;
  v.belt_z = 930, v.windshield_rake = 380, v.backlight_rake = 250;
  v.greenhouse_rear = v.back_panel_x();
  v.doors_per_side = 1, v.trunk = false, v.floor_tiles = 4;
  v.gauge = 0.9, v.mass = 900, v.engine_mass = 140, v.wheel_mass = 15;
  return v;
}

VehicleSpec midsize_spec() {  // mid-size four-door sedan
  VehicleSpec v;
  v.name = "midsize";
  v.length = 5000, v.width = 1850, v.roof_z = 1420;
  v.front_overhang = 950, v.wheelbase = 2760;
  v.wheel_radius = 320, v.tire_width = 215, v.track = 1560;
  v.floor_z = 270, v.rail_y = 520, v.rail_width = 80, v.rail_height = 110, v.rail_z = 460;
  v.belt_z = 990, v.windshield_rake = 450, v.backlight_rake = 350;
  v.greenhouse_rear = v.rear_axle() + 60;
  v.rail_zones = 5, v.rocker_zones = 4, v.floor_tiles = 8;
  v.gauge = 1.05, v.mass = 1600, v.engine_mass = 220, v.wheel_mass = 22;
  return v;
}

VehicleSpec van_spec() {  // full-size van: tall, heavy gauge, three seat rows
  VehicleSpec v;
  v.name = "van";
  v.length = 5400, v.width = 2000, v.roof_z = 2000;
  v.front_overhang = 900, v.wheelbase = 3350;
  v.wheel_radius = 380, v.tire_width = 245, v.track = 1700;
  v.floor_z = 450, v.rail_y = 560, v.rail_width = 90, v.rail_height = 140, v.rail_z = 560;
  v.belt_z = 1150, v.hood_drop = 120, v.windshield_rake = 500, v.backlight_rake = 40;
  v.greenhouse_rear = v.back_panel_x();
  v.trunk = false, v.seat_rows = 3;
  v.rail_zones = 6, v.rocker_zones = 5, v.floor_tiles = 10;
  v.gauge = 1.25, v.mass = 2600, v.engine_mass = 300, v.wheel_mass = 30;
  return v;
}

VehicleSpec minivan_spec() {  // minivan: the car2car vehicle
  VehicleSpec v;
  v.name = "minivan";
  v.length = 5100, v.width = 1950, v.roof_z = 1750;
  v.front_overhang = 950, v.wheelbase = 3030;
  v.wheel_radius = 340, v.tire_width = 225, v.track = 1640;
  v.floor_z = 300, v.rail_y = 540, v.rail_width = 85, v.rail_height = 120, v.rail_z = 480;
  v.belt_z = 1020, v.windshield_rake = 550, v.backlight_rake = 150;
  v.greenhouse_rear = v.back_panel_x();
  v.trunk = false, v.seat_rows = 3;
  v.rail_zones = 4, v.rocker_zones = 3, v.floor_tiles = 4;
  v.gauge = 1.1, v.mass = 2000, v.engine_mass = 230, v.wheel_mass = 25;
  return v;
}

}  // namespace mc
