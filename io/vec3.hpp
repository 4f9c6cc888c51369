// Small 3-vectors for host-side geometry (model checks, rigid bodies, walls,
// welds). io/ is the bottom layer, so every library can share these.
#pragma once

#include <array>
#include <cmath>

namespace mc {

inline constexpr double kPi = 3.14159265358979323846;

using Vec3 = std::array<double, 3>;

inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

inline double length(const Vec3& a) { return std::sqrt(dot(a, a)); }

inline Vec3 minus(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// A symmetric 3x3 tensor (inertia): xx yy zz xy yz zx.
using Sym3 = std::array<double, 6>;

inline Vec3 multiply(const Sym3& i, const Vec3& v) {
  return {i[0] * v[0] + i[3] * v[1] + i[5] * v[2], i[3] * v[0] + i[1] * v[1] + i[4] * v[2],
          i[5] * v[0] + i[4] * v[1] + i[2] * v[2]};
}

// R T R^T for a rotation (or any change of axes) R.
inline Sym3 turned(const double r[3][3], const Sym3& t) {
  const double full[3][3] = {{t[0], t[3], t[5]}, {t[3], t[1], t[4]}, {t[5], t[4], t[2]}};
  double out[3][3] = {};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) out[a][b] += r[a][k] * full[k][l] * r[b][l];
  return {out[0][0], out[1][1], out[2][2], out[0][1], out[1][2], out[2][0]};
}

}  // namespace mc
