#include "inputs/generator/generator.hpp"

#include <algorithm>
#include <cmath>

#include "io/deck/input_error.hpp"

namespace mc {

std::vector<PresetInfo> generator_presets() {
  return {{"tube", "square steel tube (60x60x1.5 mm, MAT_024) with a rigid 50 kg end plate hitting a rigid wall at 15 m/s"},
          {"neon", "Neon-like sedan into a rigid wall at 31.5 mph, 30 ms (scale 1: 535 000 shells)"},
          {"3vehicle", "van into a compact car pushed into a mid-size car, 150 ms (scale 1: 794 780 shells)"},
          {"car2car", "two minivans, angled offset frontal crash, 120 ms (scale 1: 2.5 M shells)"}};
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

void give_hardening_curves(Model& model, int points) {
  if (points < 2) throw InputError("generator: a hardening curve needs 2 points or more");
  GlobalId id = model.curves.empty() ? 0 : model.curves.rbegin()->first;
  for (auto& [mid, mat] : model.materials) {
    // MAT_024 only: with BETA < 1 (MAT_003) part of the line is kinematic.
    if (mat.kind != MaterialKind::PiecewiseLinearPlasticity || mat.beta != 1.0 || mat.hardening_curve ||
        mat.hardening_table)
      continue;
    const double slope = mat.tangent > 0 ? mat.youngs * mat.tangent / (mat.youngs - mat.tangent) : 0.0;
    Curve c;
    c.id = ++id;
    for (int i = 0; i < points; ++i) {
      const double strain = i == 0 ? 0.0 : 1e-3 * std::pow(1e3, (i - 1.0) / std::max(1, points - 2));
      c.x.push_back(strain);
      c.y.push_back(mat.yield + slope * strain);
    }
    model.curves[c.id] = c;
    mat.hardening_curve = c.id;
  }
}

namespace {

Model generate_preset(const GeneratorOptions& o) {
  if (o.preset == "tube") return generate_tube(o);
  if (o.preset == "neon") return generate_neon(o);
  if (o.preset == "3vehicle") return generate_three_vehicle(o);
  if (o.preset == "car2car") return generate_car2car(o);
  std::string names;
  for (const PresetInfo& p : generator_presets()) names += " " + p.name;
  throw InputError("generator: unknown preset '" + o.preset + "' (known:" + names + ")");
}

}  // namespace

Model generate_model(const GeneratorOptions& o) {
  if (o.element_size < 0 || o.end_time < 0 || o.velocity < 0 || o.scale < 0 || o.end_cycle < 0)
    throw InputError("generator: size, end time, velocity, scale and cycles must be positive");
  if (o.curve_points == 1 || o.curve_points < 0)
    throw InputError("generator: a hardening curve needs 2 points or more (0: SIGY and ETAN)");
  Model model = generate_preset(o);
  if (o.curve_points > 0) give_hardening_curves(model, o.curve_points);
  return model;
}

}  // namespace mc
