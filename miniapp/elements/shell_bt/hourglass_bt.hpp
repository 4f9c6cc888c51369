// Hourglass control for the one-point shell. The hourglass shape vector
// gamma_I = h_I - (h.x) b1_I - (h.y) b2_I, h = (1,-1,1,-1), is orthogonal to
// every linear field, so it leaves the patch test untouched (Flanagan &
// Belytschko 1981, IJNME 17; Belytschko, Lin & Tsay 1984).
//
// Five modes, in the local frame: in-plane x, y; out-of-plane w; rotations
// about x, y. BB = b1.b1 + b2.b2, D = E t^3 / 12(1-nu^2), G = E / 2(1+nu).
//
// IHQ 4 (stiffness form) integrates Q += QH k qdot dt with the Belytschko-Tsay
// stiffnesses of the LS-DYNA Theory Manual (section "Hourglass control",
// Belytschko-Lin-Tsay shell; Belytschko, Lin & Tsay 1984):
//   membrane  k_m = E t A BB / 8
//   w         k_w = kappa G t^3 BB / 12   (kappa = 5/6)
//   rotation  k_r = E t^3 A BB / 192
// and bounds each Q where the material yields (hourglass_limits, below).
//
// IHQ 1/2 (viscous) uses Q = QH sqrt(k m) qdot / 2 with m the element mass
// (or rotary inertia), scaled by the membrane k_m and by plate stiffnesses
//   w  D A BB^2,   rotation  D A BB / 8
// (6.9x and 2.2x the Manual's k_w and k_r; the viscous form's magnitudes
// are checked by the shipped references, docs/physics-and-validation.md).
// For the membrane modes of a square element this is FB's
// a = QH rho c V^(2/3) / 4 with the element's face t h in place of V^(2/3).
// Either way the work Q.qdot dt is the hourglass energy reported in glstat.
//
// Rigid rotation of a warped element. gamma is orthogonal to the fields
// linear in the element's plane, which holds every rigid motion of a flat
// element. A warped quad's nodes sit at z = warp h / 4 off that plane, so a
// rigid turn about an in-plane axis (omega_x, omega_y) moves them in-plane
// by v_x = omega_y z, v_y = -omega_x z: membrane rates gamma.v = omega_y warp
// and -omega_x warp with no deformation, and forces gamma Q whose net moment
// is warp Q. The membrane rates are therefore taken relative to the
// element's frame, whose normal (across the diagonals) turns at
// omega_x = dv_z/dy, omega_y = -dv_z/dx at the centre (the full projection
// of Belytschko & Leviathan 1994, CMAME 113, applied to the hourglass
// rates, which are the only rates of this element that such a turn
// excites). The conjugate forces add warp (b1 Q_x + b2 Q_y) to each
// node's f_z: the hourglass forces then carry no net force or moment. A
// flat element (warp 0) is unchanged.
#pragma once

#include <cmath>

#include "miniapp/elements/shell_bt/shell_bt.hpp"

namespace mc {

template <class T>
struct HourglassModes {
  T gamma[4];
  T k[5];  // stiffness per mode: x, y, w, rx, ry
};

template <class T>
KOKKOS_INLINE_FUNCTION void hourglass_modes(const ShellGeometry<T>& g, Real youngs, Real poisson, const T& t,
                                            bool stiffness_form, HourglassModes<T>& h) {
  const Real hs[4] = {1, -1, 1, -1};
  T hx = 0, hy = 0, bb = 0;
  for (int i = 0; i < 4; ++i) {
    hx += hs[i] * g.xl[i];
    hy += hs[i] * g.yl[i];
    bb += g.b1[i] * g.b1[i] + g.b2[i] * g.b2[i];
  }
  for (int i = 0; i < 4; ++i) h.gamma[i] = hs[i] - hx * g.b1[i] - hy * g.b2[i];
  const T a = g.area;
  const T t3 = t * t * t;
  h.k[0] = h.k[1] = youngs * t * a * bb / Real(8);
  if (stiffness_form) {
    const Real shear = Real(5) / Real(6) * youngs / (Real(2) * (Real(1) + poisson));
    h.k[2] = shear * t3 * bb / Real(12);
    h.k[3] = h.k[4] = youngs * t3 * a * bb / Real(192);
    return;
  }
  const T bending = youngs * t3 / (Real(12) * (Real(1) - poisson * poisson));
  h.k[2] = bending * a * bb * bb;
  h.k[3] = h.k[4] = bending * a * bb / Real(8);
}

// Bounds on the stiffness form's resultants where the material yields: the
// hourglass part of the stress cannot pass the flow stress sigy any more
// than the rest of it. Radioss' elasto-plastic hourglass (Ishell 3, routine
// CHSTI3 of OpenRadioss; Altair Radioss Theory Manual, "Hourglass
// resistance": forces "bounded with a maximum force depending on the
// current element mean yield stress") caps the membrane resultant at
// hm sigy t sqrt(A) / 2 and the out-of-plane one at hf sigy t^2 / 4. The
// rotation modes (viscous in Radioss) get the same plastic moment per unit
// width as w, over the element's width sqrt(A): qh sigy t^2 sqrt(A) / 4.
// A capped resultant dissipates what it cannot store, so the form stays
// passive. qh[m]: each mode's coefficient (hourglass_forces).
template <class T>
KOKKOS_INLINE_FUNCTION void hourglass_limits(const Real qh[5], const T& sigy, const T& t, const T& area, T limit[5]) {
  const T width = vsqrt(area);
  limit[0] = Real(0.5) * qh[0] * sigy * t * width;
  limit[1] = Real(0.5) * qh[1] * sigy * t * width;
  limit[2] = Real(0.25) * qh[2] * sigy * t * t;
  limit[3] = Real(0.25) * qh[3] * sigy * t * t * width;
  limit[4] = Real(0.25) * qh[4] * sigy * t * t * width;
}

// Adds hourglass forces to the local nodal forces f[i][0..4] and returns the
// hourglass power Q.qdot. g: the element's frame (b1, b2, warp); v, w: local
// nodal velocities and angular velocities.
// qh[m]: each mode's coefficient, LS-DYNA's QM for the membrane modes, QW
// for w (warping) and QB for the rotations (bending).
// stiffness_q: the five stored IHQ-4 resultants (updated in place) or
// nullptr for the viscous form; limit: their bounds (hourglass_limits) or
// nullptr for an elastic material.
template <class T>
KOKKOS_INLINE_FUNCTION T hourglass_forces(const ShellGeometry<T>& g, const HourglassModes<T>& h, const T v[4][3],
                                          const T w[4][3], const Real qh[5], const T& mass, const T& rotary_inertia,
                                          Real dt, T* stiffness_q, const T* limit, T f[4][5]) {
  T rate[5] = {0, 0, 0, 0, 0};
  T slope_x = 0, slope_y = 0;  // dv_z/dx = -omega_y, dv_z/dy = omega_x
  for (int i = 0; i < 4; ++i) {
    rate[0] += h.gamma[i] * v[i][0];
    rate[1] += h.gamma[i] * v[i][1];
    rate[2] += h.gamma[i] * v[i][2];
    rate[3] += h.gamma[i] * w[i][0];
    rate[4] += h.gamma[i] * w[i][1];
    slope_x += g.b1[i] * v[i][2];
    slope_y += g.b2[i] * v[i][2];
  }
  // Less the warped nodes' in-plane motion in the element's rotation (above).
  rate[0] += g.warp * slope_x;
  rate[1] += g.warp * slope_y;
  T q[5];
  T power = 0;
  if (stiffness_q) {
    // Work over the step with the mid-step resultant (trapezoidal, like the stresses).
    for (int m = 0; m < 5; ++m) {
      const T old_q = stiffness_q[m];
      stiffness_q[m] += qh[m] * h.k[m] * rate[m] * dt;
      if (limit) stiffness_q[m] = vmax(-limit[m], vmin(limit[m], stiffness_q[m]));
      q[m] = stiffness_q[m];
      power += Real(0.5) * (old_q + q[m]) * rate[m];
    }
  } else {
    for (int m = 0; m < 5; ++m) {
      const T& inertia = m < 3 ? mass : rotary_inertia;
      q[m] = Real(0.5) * qh[m] * vsqrt(h.k[m] * inertia) * rate[m];
      power += q[m] * rate[m];
    }
  }
  for (int i = 0; i < 4; ++i) {
    for (int m = 0; m < 5; ++m) f[i][m] += h.gamma[i] * q[m];
    f[i][2] += g.warp * (g.b1[i] * q[0] + g.b2[i] * q[1]);
  }
  return power;
}

}  // namespace mc
