// Synthetic decks built in memory: the same Model the keyword reader makes,
// so `minicrash-gen` can write it and `minicrash gen=...` can run it directly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/model.hpp"

namespace mc {

struct GeneratorOptions {
  std::string preset;      // see generator_presets()
  double element_size = 0; // mm; 0: the preset's default
  double end_time = 0;     // ms; 0: the preset's default
  double velocity = 0;     // impact speed, mm/ms (= m/s); 0: the preset's default
  bool rigid_parts = true; // false: no MAT_RIGID parts (e.g. the tube without its end plate)
  bool contact = true;     // false: no *CONTACT interfaces
  double scale = 0;        // vehicle presets: element count / the benchmark's; 0: 1
  std::int64_t end_cycle = 0;  // ENDCYC; 0: none
  int curve_points = 0;    // >= 2: MAT_024 hardening as curves of this many points (give_hardening_curves)
};

// Throws InputError for an unknown preset or a non-physical option.
Model generate_model(const GeneratorOptions& options);

struct PresetInfo {
  std::string name, description;
};
std::vector<PresetInfo> generator_presets();

// Each MAT_024 (BETA 1) given by SIGY and ETAN gets an LCSS curve of `points`
// points on the same hardening line instead (plastic strains 0, then 1e-3
// to 1 in equal ratios), as real decks give their steels: the same
// physics, with the curve's lookup in the solver's work. Throws
// InputError for fewer than 2 points.
void give_hardening_curves(Model& model, int points);

// MAT_024 mild steel (mm, ms, kg, GPa) with linear hardening, shared by the presets.
Material mild_steel(GlobalId id, double yield, double tangent);

// Presets: the tube in tube.cpp, the vehicles in vehicle_presets.cpp.
Model generate_tube(const GeneratorOptions& options);
Model generate_neon(const GeneratorOptions& options);
Model generate_three_vehicle(const GeneratorOptions& options);
Model generate_car2car(const GeneratorOptions& options);

}  // namespace mc
