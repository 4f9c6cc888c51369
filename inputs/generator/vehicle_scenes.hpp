// The vehicle benchmarks as scenes: which vehicles, where, how fast, against
// what, and the element count each must reach at scale 1.
#pragma once

#include <string>
#include <vector>

#include "inputs/generator/generator.hpp"
#include "inputs/generator/vehicle_assembly.hpp"

namespace mc {

VehicleSpec sedan_spec();
VehicleSpec compact_spec();
VehicleSpec midsize_spec();
VehicleSpec van_spec();
VehicleSpec minivan_spec();

// Vehicles after the first are slid along x to `gap` mm behind the previous
// one (or ahead of it, facing it).
struct SceneVehicle {
  VehicleSpec spec;
  VehiclePlacement where;
  double speed = 0;  // mm/ms along the heading
  double gap = 0;
  bool ahead = false;
};

struct Scene {
  std::string title;
  std::vector<SceneVehicle> vehicles;
  std::int64_t shells_at_scale_1 = 0;  // the real benchmark's element count
  double end_time = 0;                 // ms, the real benchmark's
  bool rigid_wall = false;             // stonewall just ahead of the first vehicle
  // Surface-to-surface contacts between vehicles: the striking vehicle's
  // front against the struck one's rear (or front, head-on).
  struct Impact {
    int striking, struck;
    bool head_on = false;
  };
  std::vector<Impact> impacts;
};

Model build_scene(const Scene& scene, const GeneratorOptions& options);

}  // namespace mc
