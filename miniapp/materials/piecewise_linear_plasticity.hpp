// *MAT_PIECEWISE_LINEAR_PLASTICITY (MAT_024) at one through-thickness
// point, in plane stress: von Mises with isotropic
// hardening, integrated by the closest-point (backward Euler) return of
// Simo & Taylor (1986), "A return mapping algorithm for plane stress
// elastoplasticity", IJNME 22; Simo & Hughes, Computational Inelasticity,
// sec. 3.4. In the eigenbasis of the projection P the returned stress is the
// trial stress with each mode scaled, so the return is one scalar equation
// in the plastic multiplier, solved by safeguarded Newton.
//
// *MAT_PLASTIC_KINEMATIC (MAT_003) with BETA < 1 adds linear kinematic
// hardening: Prager's back stress, alpha' = 2/3 Hk eps_p' (deviators),
// Hk = (1 - BETA) Ep, while the radius grows with BETA Ep. Kept in its
// plane-stress form (the deviator minus its zz part), alpha' = 2/3 Hk x' xi
// with xi = sigma - alpha, since eps_p' = x' P xi. The same return then runs
// on xi: xi = [1 + x (C P + 2/3 Hk)]^-1 xi_trial, whose mode rates are the
// isotropic return's plus 2/3 Hk; then sigma = sigma_trial - x C P xi
// (Simo & Hughes sec. 3.4 with combined hardening). In uniaxial stress this
// is the bilinear 1-D model: back stress Hk eps_p, radius SIGY + BETA Ep eps_p.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "miniapp/elements/simd.hpp"
#include "miniapp/materials/elastic.hpp"
#include "miniapp/materials/material_params.hpp"

namespace mc {

// Relative tolerance of the return: a few ulps of the working precision.
inline constexpr Real kReturnTolerance = 64 * std::numeric_limits<Real>::epsilon();

// Yield stress and hardening slope at effective plastic strain epsp.
KOKKOS_INLINE_FUNCTION void hardening(const MaterialParams& m, const Real* curve_x,
                                      const Real* curve_y, Real epsp, Real& sigy, Real& slope) {
  if (m.curve_end == m.curve_begin) {
    sigy = m.yield + m.plastic_modulus * epsp;
    slope = m.plastic_modulus;
    return;
  }
  int i = m.curve_begin;
  while (i + 2 < m.curve_end && curve_x[i + 1] < epsp) ++i;  // segment [i, i+1], last one extrapolates
  slope = (curve_y[i + 1] - curve_y[i]) / (curve_x[i + 1] - curve_x[i]);
  sigy = curve_y[i] + slope * (epsp - curve_x[i]);
}

// Cowper-Symonds factor 1 + (rate / C)^(1/P) on the yield stress and the
// hardening slope, where rate = sqrt(d_ij d_ij) of the total strain rate
// (LS-DYNA Keyword User's Manual vol. II, *MAT_024 and *MAT_003 remarks;
// Cowper & Symonds 1957). A shell point has its in-plane rates; its
// thickness rate is taken as -(dxx + dyy), plastic incompressibility (the
// rate matters where the point flows), and transverse shear is left out.
// de[2] is the engineering shear increment, so d_xy = de[2] / 2 dt.
template <class T>
KOKKOS_INLINE_FUNCTION T rate_factor(const MaterialParams& m, const T de[3], Real dt) {
  if (!(m.rate_c > 0) || !(dt > 0)) return T(1);
  const T dzz = -(de[0] + de[1]);
  const T dxy = Real(0.5) * de[2];
  const T rate = vsqrt(de[0] * de[0] + de[1] * de[1] + dzz * dzz + Real(2) * dxy * dxy) / dt;
  return Lanes<T>::make([&](int l) {
    return Real(1) + static_cast<Real>(std::pow(Lanes<T>::get(rate, l) / m.rate_c, m.rate_inv_p));
  });
}

// Yield stress and slope for T = Real or a pack, lane by lane when the
// material has a curve (the lookup branches per lane).
template <class T>
KOKKOS_INLINE_FUNCTION void hardening_lanes(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                            const T& epsp, T& sigy, T& slope) {
  if (m.curve_end == m.curve_begin) {
    sigy = m.yield + m.plastic_modulus * epsp;
    slope = T(m.plastic_modulus);
    return;
  }
  for (int l = 0; l < Lanes<T>::width; ++l) {
    Real y, d;
    hardening(m, curve_x, curve_y, Lanes<T>::get(epsp, l), y, d);
    Lanes<T>::set(sigy, l, y);
    Lanes<T>::set(slope, l, d);
  }
}

// Returns the effective plastic strain increment (0 where elastic); s holds
// the elastic trial stress on entry and the returned stress on exit; de and
// dt give the rate factor (rate_factor), computed only where the trial
// stress passes the static yield stress (the factor is >= 1; exactly 1
// changes nothing). Lanes iterate independently: a converged lane is
// frozen, so each lane gets exactly the answer of the scalar iteration.
// back: the point's back stress (updated) with kinematic hardening, else
// nullptr.
template <class T>
KOKKOS_INLINE_FUNCTION T plastic_return(const MaterialParams& m, const Real* curve_x, const Real* curve_y, T s[3],
                                        const T& epsp, const T de[3], Real dt, T* back) {
  using L = Lanes<T>;
  T sigy, slope;
  hardening_lanes(m, curve_x, curve_y, epsp, sigy, slope);
  // xi: the trial stress relative to the back stress.
  const T xi_trial[3] = {back ? T(s[0] - back[0]) : s[0], back ? T(s[1] - back[1]) : s[1],
                         back ? T(s[2] - back[2]) : s[2]};
  // Modes of the trial stress: mean, deviatoric-difference and shear parts.
  const T sm = Real(0.5) * (xi_trial[0] + xi_trial[1]);
  const T sd = Real(0.5) * (xi_trial[0] - xi_trial[1]);
  const T ss = xi_trial[2];
  const T dev2 = sd * sd + ss * ss;
  const T vm2 = sm * sm + Real(3) * dev2;
  if (!L::any(vm2 > sigy * sigy)) return T(0);
  const T rate_scale = rate_factor(m, de, dt);
  sigy *= rate_scale;
  slope *= rate_scale;
  const auto yielding = vm2 > sigy * sigy;
  if (!L::any(yielding)) return T(0);

  const Real alpha_e = m.youngs / (Real(3) * (Real(1) - m.poisson));
  const Real twog_e = Real(2) * m.shear_modulus;
  // The mode decay rates; the elastic ones without kinematic hardening.
  const Real alpha = back ? alpha_e + Real(2) / Real(3) * m.kinematic_modulus : alpha_e;
  const Real twog = back ? twog_e + Real(2) / Real(3) * m.kinematic_modulus : twog_e;
  // g(x) = vm(x) - sigy(epsp + 2/3 x vm(x)) decreases in x. With no
  // hardening the slowest-decaying mode reaches sigy at hi, so for
  // non-softening materials the root lies in [0, hi].
  const T vm_trial = vsqrt(vm2);
  T lo = 0;
  T hi = (vm_trial / sigy - Real(1)) / std::min(alpha, twog);
  // Start from the exact answer for a purely deviatoric trial stress with
  // linear hardening: vm (1 - 2/3 H x) = sigy (1 + 2G x).
  T x = select(yielding, T((vm_trial - sigy) / (twog * sigy + Real(2) / Real(3) * slope * vm_trial)), T(0));
  x = select(x < hi, x, T(Real(0.5) * hi));
  auto active = yielding;
  for (int iter = 0; iter < 60; ++iter) {
    // Both mode factors from one division (divisions dominate this loop).
    const T a1 = Real(1) + alpha * x, a2 = Real(1) + twog * x;
    const T r = Real(1) / (a1 * a2);
    const T f1 = a2 * r, f2 = a1 * r;
    const T vm = vsqrt(sm * sm * f1 * f1 + Real(3) * dev2 * f2 * f2);
    hardening_lanes(m, curve_x, curve_y, T(epsp + Real(2) / Real(3) * x * vm), sigy, slope);
    sigy *= rate_scale;
    slope *= rate_scale;
    const T g = vm - sigy;
    lo = select(g > 0, x, lo);
    hi = select(g > 0, hi, x);
    active = active && (g > kReturnTolerance * sigy || g < -kReturnTolerance * sigy);
    if (!L::any(active)) break;
    const T dvm = (-alpha * sm * sm * f1 * f1 * f1 - Real(3) * twog * dev2 * f2 * f2 * f2) / vm;
    const T dg = dvm - slope * Real(2) / Real(3) * (vm + x * dvm);
    T next = x - g / dg;
    next = select(next > lo && next < hi, next, T(Real(0.5) * (lo + hi)));  // Newton left the bracket: bisect
    x = select(active, next, x);
  }
  const T f1 = Real(1) / (Real(1) + alpha * x);
  const T f2 = Real(1) / (Real(1) + twog * x);
  const T vm = vsqrt(sm * sm * f1 * f1 + Real(3) * dev2 * f2 * f2);
  const T smr = sm * f1, sdr = sd * f2;
  if (back) {
    // sigma = sigma_trial - x C P xi; alpha = sigma - xi.
    const T ssr = ss * f2;
    // s still holds the trial stress until the loop below writes it.
    const T sig[3] = {s[0] - x * (alpha_e * smr + twog_e * sdr), s[1] - x * (alpha_e * smr - twog_e * sdr),
                      s[2] - x * twog_e * ssr};
    const T xi[3] = {smr + sdr, smr - sdr, ssr};
    for (int j = 0; j < 3; ++j) {
      back[j] = select(yielding, T(sig[j] - xi[j]), back[j]);
      s[j] = select(yielding, sig[j], s[j]);
    }
    return select(yielding, T(Real(2) / Real(3) * x * vm), T(0));
  }
  // Elastic lanes keep their trial stress bit for bit (rebuilding it from the
  // modes would round it), so a point's answer does not depend on its pack.
  s[0] = select(yielding, T(smr + sdr), s[0]);
  s[1] = select(yielding, T(smr - sdr), s[1]);
  s[2] = select(yielding, T(ss * f2), s[2]);
  return select(yielding, T(Real(2) / Real(3) * x * vm), T(0));
}

// Elastic trial then return: one MAT_024 update of a point over a step dt.
template <class T>
KOKKOS_INLINE_FUNCTION T plastic_plane_stress_update(const MaterialParams& m, const Real* curve_x,
                                                     const Real* curve_y, const T de[3], Real dt, T s[3],
                                                     const T& epsp, T* back = nullptr) {
  elastic_plane_stress_update(m, de, s);
  return plastic_return(m, curve_x, curve_y, s, epsp, de, dt, back);
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
  template <class T>
  KOKKOS_INLINE_FUNCTION static T update(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                         const T de[3], Real dt, T s[3], const T& epsp, T* back) {
    return plastic_plane_stress_update(m, curve_x, curve_y, de, dt, s, epsp, back);
  }
};

}  // namespace mc
