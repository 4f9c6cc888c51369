// *MAT_PIECEWISE_LINEAR_PLASTICITY (MAT_024), and *MAT_PLASTIC_KINEMATIC
// (MAT_003), which the reader maps onto it with BETA: an elastic trial
// stress per point, then the plane-stress return of plane_stress_return.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

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
      if (mat.rate_p == std::floor(mat.rate_p) && mat.rate_p >= 1 && mat.rate_p <= kMaxWholeRatePower)
        p.rate_p_whole = static_cast<int>(mat.rate_p);
    }
    p.viscoplastic = mat.viscoplastic && (mat.rate_c > 0 || mat.rate_curve != 0 || mat.hardening_table != 0);
    if (p.viscoplastic && mat.rate_curve == 0) p.viscoplastic_yield = static_cast<Real>(mat.viscoplastic_yield);
    if (mat.rate_curve != 0) {
      const Curve& c = model.curves.at(mat.rate_curve);
      p.rate_curve_begin = static_cast<int>(curves.x.size());
      for (std::size_t i = 0; i < c.x.size(); ++i) {
        curves.x.push_back(static_cast<Real>(c.x[i]));
        curves.y.push_back(static_cast<Real>(c.y[i]));
      }
      if (c.x.size() == 1) {  // one point: a constant factor
        curves.x.push_back(static_cast<Real>(c.x[0] + 1));
        curves.y.push_back(static_cast<Real>(c.y[0]));
      }
      p.rate_curve_end = static_cast<int>(curves.x.size());
    }
    if (mat.hardening_table != 0) return fill_table(model.tables.at(mat.hardening_table), mat, model, curves, p);
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
  // A table's curves on the union of their abscissas (exact: each stays
  // piecewise linear, and beyond its own points follows its end segments as
  // the kernel would), one block per rate, and the rates (as logarithms
  // with _LOG_INTERPOLATION or when the first is negative, LS-DYNA's ln(rate)).
  static void fill_table(const Table& t, const Material& mat, const Model& model, CurveTable& curves,
                         MaterialParams& p) {
    std::vector<double> xs;
    for (GlobalId id : t.curves) xs.insert(xs.end(), model.curves.at(id).x.begin(), model.curves.at(id).x.end());
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    if (xs.size() == 1) xs.push_back(xs[0] + 1);  // single points: flat curves
    p.curve_begin = static_cast<int>(curves.x.size());
    for (GlobalId id : t.curves)
      for (double x : xs) {
        curves.x.push_back(static_cast<Real>(x));
        curves.y.push_back(static_cast<Real>(curve_value(model.curves.at(id), x)));
      }
    p.curve_end = p.curve_begin + static_cast<int>(xs.size());
    p.yield = curves.y[static_cast<std::size_t>(p.curve_begin)];
    p.table_count = static_cast<int>(t.values.size());
    const bool given_as_logs = t.values.front() < 0;
    p.table_log = mat.log_rate_interpolation || given_as_logs;
    for (std::size_t k = 0; k < t.values.size(); ++k)
      p.table_rates[k] = static_cast<Real>(p.table_log && !given_as_logs ? std::log(t.values[k]) : t.values[k]);
  }
  // A curve's value at x, its end segments extended (as the kernels read it).
  static double curve_value(const Curve& c, double x) {
    if (c.x.size() == 1) return c.y[0];
    double y, slope;
    curve_at(c.x.data(), c.y.data(), 0, static_cast<int>(c.x.size()), x, y, slope);
    return y;
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
