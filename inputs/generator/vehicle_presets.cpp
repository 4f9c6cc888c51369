// The three vehicle presets, after the benchmarks the field runs: a Neon-like
// sedan into a rigid wall; a van into the rear of a compact car pushed into
// a mid-size car; two minivans in an angled offset frontal crash.
#include "inputs/generator/generator.hpp"
#include "inputs/generator/vehicle_scenes.hpp"

namespace mc {
namespace {

constexpr double kMph = 0.44704;  // mm/ms per mph

}  // namespace

Model generate_neon(const GeneratorOptions& o) {
  Scene s;
  s.title = "Neon-like sedan, 31.5 mph into a rigid wall";
  s.vehicles.push_back({sedan_spec(), {}, 31.5 * kMph});
  s.shells_at_scale_1 = 535000;
  s.end_time = 30;
  s.rigid_wall = true;
  return build_scene(s, o);
}

Model generate_three_vehicle(const GeneratorOptions& o) {
  Scene s;
  s.title = "3 vehicles: a van at 35 mph into a compact car pushed into a mid-size car";
  s.vehicles.push_back({midsize_spec(), {}, 0});
  s.vehicles.push_back({compact_spec(), {}, 0, 30});
  s.vehicles.push_back({van_spec(), {}, 35 * kMph, 100});
  s.impacts = {{2, 1}, {1, 0}};
  s.shells_at_scale_1 = 794780;
  s.end_time = 150;
  return build_scene(s, o);
}

Model generate_car2car(const GeneratorOptions& o) {
  Scene s;
  s.title = "car2car: two minivans at 35 mph each, 30 degree angled offset frontal crash";
  s.vehicles.push_back({minivan_spec(), {}, 35 * kMph});
  // The second faces the first at 30 degrees, its centre line 500 mm to the side.
  s.vehicles.push_back({minivan_spec(), {{0, 500, 0}, 150}, 35 * kMph, 100, true});
  s.impacts = {{0, 1, true}};
  s.shells_at_scale_1 = 2500000;
  s.end_time = 120;
  return build_scene(s, o);
}

}  // namespace mc
