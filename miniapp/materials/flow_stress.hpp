// The flow stress of MAT_024 / MAT_003 at a point: the hardening line or
// curve at an effective plastic strain, and the Cowper-Symonds rate factor.
#pragma once

#include <cmath>

#include "miniapp/elements/simd.hpp"
#include "miniapp/materials/material_params.hpp"

namespace mc {

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

}  // namespace mc
