#include "inputs/generator/generator.hpp"

#include "io/input_error.hpp"

namespace mc {

std::vector<PresetInfo> generator_presets() {
  return {{"tube", "square steel tube (60x60x1.5 mm, MAT_024) with a rigid 50 kg end plate hitting a rigid wall at 15 m/s"}};
}

Material mild_steel(GlobalId id, double yield, double tangent) {
  Material steel;
  steel.id = id;
  steel.kind = MaterialKind::PiecewiseLinearPlasticity;
  steel.density = 7.85e-6;
  steel.youngs = 210;
  steel.poisson = 0.3;
  steel.yield = yield;
  steel.tangent = tangent;
  return steel;
}

Model generate_model(const GeneratorOptions& o) {
  if (o.element_size < 0 || o.end_time < 0 || o.velocity < 0)
    throw InputError("generator: size, end time and velocity must be positive");
  if (o.preset == "tube") return generate_tube(o);
  std::string names;
  for (const PresetInfo& p : generator_presets()) names += " " + p.name;
  throw InputError("generator: unknown preset '" + o.preset + "' (known:" + names + ")");
}

}  // namespace mc
