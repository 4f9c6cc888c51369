// Small 3-vectors for host-side geometry (model checks, rigid bodies, walls,
// welds). io/ is the bottom layer, so every library can share these.
#pragma once

#include <array>
#include <cmath>

namespace mc {

using Vec3 = std::array<double, 3>;

inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

inline double length(const Vec3& a) { return std::sqrt(dot(a, a)); }

inline Vec3 minus(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

}  // namespace mc
