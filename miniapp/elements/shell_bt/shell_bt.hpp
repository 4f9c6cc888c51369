// Belytschko-Lin-Tsay shell kinematics (ELFORM 2): one in-plane point, a
// co-rotational frame that follows the element, velocity strains from the
// centre-point B matrix, and the nodal forces that are their work conjugates.
// Source: Belytschko, Lin & Tsay (1984), "Explicit algorithms for the
// nonlinear dynamics of shells", CMAME 42; Hallquist, LS-DYNA Theory Manual,
// "Belytschko-Lin-Tsay shell". Sign convention: a point at height z moves
// with v = v_mid - z e3 x theta, so dvx/dz = theta_y and dvy/dz = -theta_x.
#pragma once

#include <cmath>

#include "miniapp/elements/simd.hpp"

namespace mc {

// T is Real (one element) or SimdReal (a pack of elements, see simd.hpp).
template <class T>
struct ShellGeometry {
  T e[3][3];        // rows: e1, e2, e3 (e3 the normal)
  T xl[4], yl[4];   // local in-plane coordinates about the centroid
  T b1[4], b2[4];   // dN/dx, dN/dy at the centre
  T area;           // <= 0: inverted or collapsed element
  T centroid[3];
  // h.z, h = (1,-1,1,-1), z the nodes' heights above the plane: the frame's
  // normal is across both diagonals, so a quad's nodes sit at z = warp h / 4
  // (0 when flat).
  T warp;
};

template <class T>
KOKKOS_INLINE_FUNCTION void cross(const T a[3], const T b[3], T c[3]) {
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

template <class T>
KOKKOS_INLINE_FUNCTION T dot3(const T a[3], const T b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// Local frame: e3 along the cross product of the diagonals, e1 along side
// 1-2 projected into the plane. Works for triangles stored as n3 == n4.
template <class T>
KOKKOS_INLINE_FUNCTION void shell_geometry(const T x[4][3], ShellGeometry<T>& g) {
  T d31[3], d42[3], s21[3], n[3];
  for (int k = 0; k < 3; ++k) {
    d31[k] = x[2][k] - x[0][k];
    d42[k] = x[3][k] - x[1][k];
    s21[k] = x[1][k] - x[0][k];
    g.centroid[k] = Real(0.25) * (x[0][k] + x[1][k] + x[2][k] + x[3][k]);
  }
  cross(d31, d42, n);
  T alternate[3];  // x1 - x2 + x3 - x4: the centroid drops out of h.z
  for (int k = 0; k < 3; ++k) alternate[k] = (x[0][k] - x[1][k]) + (x[2][k] - x[3][k]);
  const T nn = vsqrt(dot3(n, n));
  const T inv_n = select(nn > 0, T(1) / nn, T(0));
  for (int k = 0; k < 3; ++k) g.e[2][k] = n[k] * inv_n;
  g.warp = dot3(alternate, g.e[2]);
  const T s3 = dot3(s21, g.e[2]);
  T t1[3] = {s21[0] - s3 * g.e[2][0], s21[1] - s3 * g.e[2][1], s21[2] - s3 * g.e[2][2]};
  const T tt = vsqrt(dot3(t1, t1));
  const T inv_t = select(tt > 0, T(1) / tt, T(0));
  for (int k = 0; k < 3; ++k) g.e[0][k] = t1[k] * inv_t;
  cross(g.e[2], g.e[0], g.e[1]);
  for (int i = 0; i < 4; ++i) {
    T r[3] = {x[i][0] - g.centroid[0], x[i][1] - g.centroid[1], x[i][2] - g.centroid[2]};
    g.xl[i] = dot3(g.e[0], r);
    g.yl[i] = dot3(g.e[1], r);
  }
  const T x31 = g.xl[2] - g.xl[0], x42 = g.xl[3] - g.xl[1];
  const T y31 = g.yl[2] - g.yl[0], y42 = g.yl[3] - g.yl[1];
  const T two_a = x31 * y42 - x42 * y31;
  g.area = Real(0.5) * two_a;
  const T inv = select(two_a > 0, T(1) / two_a, T(0));
  g.b1[0] = (g.yl[1] - g.yl[3]) * inv;
  g.b1[1] = (g.yl[2] - g.yl[0]) * inv;
  g.b1[2] = (g.yl[3] - g.yl[1]) * inv;
  g.b1[3] = (g.yl[0] - g.yl[2]) * inv;
  g.b2[0] = (g.xl[3] - g.xl[1]) * inv;
  g.b2[1] = (g.xl[0] - g.xl[2]) * inv;
  g.b2[2] = (g.xl[1] - g.xl[3]) * inv;
  g.b2[3] = (g.xl[2] - g.xl[0]) * inv;
}

// Rotate nodal global vectors (velocities or angular velocities) into the frame.
// `components` 3 for velocities, 2 for angular velocities (the drilling
// component is not used by the element).
template <class T>
KOKKOS_INLINE_FUNCTION void to_local(const ShellGeometry<T>& g, const T v[4][3], T vl[4][3], int components) {
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < components; ++k) vl[i][k] = dot3(g.e[k], v[i]);
}

// Velocity strains at the mid-surface.
template <class T>
struct ShellRates {
  T membrane[3];   // dxx, dyy, 2dxy
  T curvature[3];  // kxx, kyy, 2kxy
  T shear[2];      // 2dxz, 2dyz
};

template <class T>
KOKKOS_INLINE_FUNCTION void shell_rates(const ShellGeometry<T>& g, const T v[4][3], const T w[4][3],
                                        ShellRates<T>& r) {
  for (int k = 0; k < 3; ++k) r.membrane[k] = r.curvature[k] = 0;
  r.shear[0] = r.shear[1] = 0;
  T sum_wx = 0, sum_wy = 0;
  for (int i = 0; i < 4; ++i) {
    r.membrane[0] += g.b1[i] * v[i][0];
    r.membrane[1] += g.b2[i] * v[i][1];
    r.membrane[2] += g.b2[i] * v[i][0] + g.b1[i] * v[i][1];
    r.curvature[0] += g.b1[i] * w[i][1];
    r.curvature[1] -= g.b2[i] * w[i][0];
    r.curvature[2] += g.b2[i] * w[i][1] - g.b1[i] * w[i][0];
    r.shear[0] += g.b1[i] * v[i][2];
    r.shear[1] += g.b2[i] * v[i][2];
    sum_wx += w[i][0];
    sum_wy += w[i][1];
  }
  r.shear[0] += Real(0.25) * sum_wy;
  r.shear[1] -= Real(0.25) * sum_wx;
}

// Stress resultants per unit length: membrane N, moments M, transverse shear Q.
template <class T>
struct ShellResultants {
  T n[3], m[3], q[2];
};

// Local nodal forces (f[i][0..2]) and moments (f[i][3..4]) conjugate to the
// rates above: internal power = A (N.d + M.k + Q.gamma).
template <class T>
KOKKOS_INLINE_FUNCTION void shell_local_forces(const ShellGeometry<T>& g, const ShellResultants<T>& s,
                                               T f[4][5]) {
  const T a = g.area;
  for (int i = 0; i < 4; ++i) {
    f[i][0] = a * (g.b1[i] * s.n[0] + g.b2[i] * s.n[2]);
    f[i][1] = a * (g.b2[i] * s.n[1] + g.b1[i] * s.n[2]);
    f[i][2] = a * (g.b1[i] * s.q[0] + g.b2[i] * s.q[1]);
    f[i][3] = a * (-g.b2[i] * s.m[1] - g.b1[i] * s.m[2] - Real(0.25) * s.q[1]);
    f[i][4] = a * (g.b1[i] * s.m[0] + g.b2[i] * s.m[2] + Real(0.25) * s.q[0]);
  }
}

// Characteristic length for the stable step (LS-DYNA ISDO = 0):
// area over the longest side, doubled for triangles.
template <class T>
KOKKOS_INLINE_FUNCTION T shell_characteristic_length(const T x[4][3], const T& area, bool triangle) {
  T longest2 = 0;
  const int sides = triangle ? 3 : 4;
  for (int i = 0; i < sides; ++i) {
    const int j = (i + 1) % sides;
    T d[3] = {x[j][0] - x[i][0], x[j][1] - x[i][1], x[j][2] - x[i][2]};
    longest2 = vmax(longest2, dot3(d, d));
  }
  const T l = area / vsqrt(longest2);
  return triangle ? T(Real(2) * l) : l;
}

}  // namespace mc
