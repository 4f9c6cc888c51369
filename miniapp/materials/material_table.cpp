#include "miniapp/materials/material_table.hpp"

#include <cmath>

namespace mc {

MaterialParams material_params(const Material& mat, const Model& model, CurveTable& curves) {
  MaterialParams p;
  p.density = static_cast<Real>(mat.density);
  p.youngs = static_cast<Real>(mat.youngs);
  p.poisson = static_cast<Real>(mat.poisson);
  p.shear_modulus = static_cast<Real>(mat.youngs / (2 * (1 + mat.poisson)));
  p.plate_modulus = static_cast<Real>(mat.youngs / (1 - mat.poisson * mat.poisson));
  p.wave_speed = static_cast<Real>(std::sqrt(mat.youngs / (mat.density * (1 - mat.poisson * mat.poisson))));
  detail::for_model_kind(Materials{}, mat.kind, [&](auto m) {
    using M = decltype(m);
    p.kind = M::code;
    M::fill(mat, model, curves, p);
  });
  return p;
}

}  // namespace mc
