// *MAT_PIECEWISE_LINEAR_PLASTICITY (MAT_024), and *MAT_PLASTIC_KINEMATIC
// (MAT_003), which the reader maps onto it with BETA: an elastic trial
// stress per point, then the plane-stress return of plane_stress_return.hpp.
#pragma once

#include "miniapp/materials/elastic.hpp"
#include "miniapp/materials/material_params.hpp"
#include "miniapp/materials/plane_stress_return.hpp"

namespace mc {

// One point over a step dt: s is the old stress on entry, the new one on
// exit; returns the effective plastic strain increment. back: the point's
// back stress (updated) with kinematic hardening, else nullptr.
template <class T>
KOKKOS_INLINE_FUNCTION T plastic_plane_stress_update(const MaterialParams& m, const Real* curve_x,
                                                     const Real* curve_y, const T de[3], Real dt, T s[3],
                                                     const T& epsp, T* back = nullptr) {
  PointColumn<T> c;
  c.n = 1;
  for (int j = 0; j < 3; ++j) {
    c.de[0][j] = de[j];
    c.s[0][j] = s[j];
    if (back) c.back[0][j] = back[j];
  }
  c.epsp[0] = epsp;
  elastic_plane_stress_update(m, c.de[0], c.s[0]);
  plastic_return(m, curve_x, curve_y, dt, back != nullptr, c);
  for (int j = 0; j < 3; ++j) {
    s[j] = c.s[0][j];
    if (back) back[j] = c.back[0][j];
  }
  return c.dep[0];
}

// The material's entry in the table (material_table.hpp).
struct PiecewiseLinearPlasticity {
  static constexpr MaterialCode code = kPlastic;
  static constexpr MaterialKind model_kind = MaterialKind::PiecewiseLinearPlasticity;
  static constexpr bool plastic_strain = true;  // the point keeps an effective plastic strain
  // Yield from SIGY and linear hardening E Etan / (E - Etan), or the LCSS
  // curve (effective stress vs effective plastic strain) appended to `curves`.
  static void fill(const Material& mat, const Model& model, CurveTable& curves, MaterialParams& p) {
    p.yield = static_cast<Real>(mat.yield);
    if (mat.tangent > 0 && mat.tangent < mat.youngs) {
      // BETA splits Ep between the radius (isotropic) and the back stress.
      const double ep = mat.youngs * mat.tangent / (mat.youngs - mat.tangent);
      p.plastic_modulus = static_cast<Real>(mat.beta * ep);
      if (mat.beta < 1.0) p.kinematic_modulus = static_cast<Real>((1.0 - mat.beta) * ep);
    }
    p.fail_strain = static_cast<Real>(mat.fail_strain);
    if (mat.rate_c > 0) {
      p.rate_c = static_cast<Real>(mat.rate_c);
      p.rate_inv_p = static_cast<Real>(1.0 / mat.rate_p);
    }
    if (mat.hardening_curve == 0) return;
    const Curve& c = model.curves.at(mat.hardening_curve);
    p.curve_begin = static_cast<int>(curves.x.size());
    for (std::size_t i = 0; i < c.x.size(); ++i) {
      curves.x.push_back(static_cast<Real>(c.x[i]));
      curves.y.push_back(static_cast<Real>(c.y[i]));
    }
    p.curve_end = static_cast<int>(curves.x.size());
    p.yield = static_cast<Real>(c.y.front());
  }
  // Every point of a column: c.s the old stresses on entry, the new on exit.
  template <class T>
  KOKKOS_INLINE_FUNCTION static void update(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                            Real dt, bool kinematic, PointColumn<T>& c) {
    for (int i = 0; i < c.n; ++i) elastic_plane_stress_update(m, c.de[i], c.s[i]);
    plastic_return(m, curve_x, curve_y, dt, kinematic, c);
  }
};

}  // namespace mc
