// Hourglass control for the one-point shell. The hourglass shape vector
// gamma_I = h_I - (h.x) b1_I - (h.y) b2_I, h = (1,-1,1,-1), is orthogonal to
// every linear field, so it leaves the patch test untouched (Flanagan &
// Belytschko 1981, IJNME 17; Belytschko, Lin & Tsay 1984).
//
// Five modes, in the local frame: in-plane x, y; out-of-plane w; rotations
// about x, y. Each gets a stiffness scaled like the element's own:
//   membrane  k_m = E t A BB / 8
//   w         k_w = D A BB^2            (plate twist, D = E t^3 / 12(1-nu^2))
//   rotation  k_r = D A BB / 8
// with BB = b1.b1 + b2.b2. IHQ 4 (Flanagan-Belytschko stiffness) integrates
// Q += QH k qdot dt; IHQ 1/2 (viscous) uses Q = QH sqrt(k m) qdot / 2 with m
// the element mass (or rotary inertia): for the membrane modes of a square
// element this is FB's a = QH rho c V^(2/3) / 4 with the element's face t h
// in place of V^(2/3). Either way
// the work Q.qdot dt is the hourglass energy reported in glstat.
//
// Against the LS-DYNA Theory Manual's Belytschko-Tsay stiffness form
// (membrane E t A BB/8, w kappa G t^3 BB/12, rotation E t^3 A BB/192): the
// membrane modes are the same, w is 24/(5(1-nu)) = 6.9x and the rotations
// 2/(1-nu^2) = 2.2x stiffer. With the Manual's w and rotations the tube
// deck at IHQ 4, QM 0.1 folds its corner elements flat and its step falls
// from 3e-4 to 3.6e-6 ms by 3.8 ms (docs/physics-and-validation.md), so
// they are not used.
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
                                            HourglassModes<T>& h) {
  const Real hs[4] = {1, -1, 1, -1};
  T hx = 0, hy = 0, bb = 0;
  for (int i = 0; i < 4; ++i) {
    hx += hs[i] * g.xl[i];
    hy += hs[i] * g.yl[i];
    bb += g.b1[i] * g.b1[i] + g.b2[i] * g.b2[i];
  }
  for (int i = 0; i < 4; ++i) h.gamma[i] = hs[i] - hx * g.b1[i] - hy * g.b2[i];
  const T a = g.area;
  const T bending = youngs * t * t * t / (Real(12) * (Real(1) - poisson * poisson));
  h.k[0] = h.k[1] = youngs * t * a * bb / Real(8);
  h.k[2] = bending * a * bb * bb;
  h.k[3] = h.k[4] = bending * a * bb / Real(8);
}

// Adds hourglass forces to the local nodal forces f[i][0..4] and returns the
// hourglass power Q.qdot. v, w: local nodal velocities and angular velocities.
// stiffness_q: the five stored IHQ-4 resultants (updated in place) or
// nullptr for the viscous form.
template <class T>
KOKKOS_INLINE_FUNCTION T hourglass_forces(const HourglassModes<T>& h, const T v[4][3], const T w[4][3], Real qh,
                                          const T& mass, const T& rotary_inertia, Real dt, T* stiffness_q,
                                          T f[4][5]) {
  T rate[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    rate[0] += h.gamma[i] * v[i][0];
    rate[1] += h.gamma[i] * v[i][1];
    rate[2] += h.gamma[i] * v[i][2];
    rate[3] += h.gamma[i] * w[i][0];
    rate[4] += h.gamma[i] * w[i][1];
  }
  T q[5];
  T power = 0;
  if (stiffness_q) {
    // Work over the step with the mid-step resultant (trapezoidal, like the stresses).
    for (int m = 0; m < 5; ++m) {
      const T old_q = stiffness_q[m];
      stiffness_q[m] += qh * h.k[m] * rate[m] * dt;
      q[m] = stiffness_q[m];
      power += Real(0.5) * (old_q + q[m]) * rate[m];
    }
  } else {
    for (int m = 0; m < 5; ++m) {
      const T& inertia = m < 3 ? mass : rotary_inertia;
      q[m] = Real(0.5) * qh * vsqrt(h.k[m] * inertia) * rate[m];
      power += q[m] * rate[m];
    }
  }
  for (int i = 0; i < 4; ++i)
    for (int m = 0; m < 5; ++m) f[i][m] += h.gamma[i] * q[m];
  return power;
}

}  // namespace mc
