// Where a node stands against a rigid wall's surface: the gap (negative
// when it has gone through) and the unit normal out of the wall, into the
// structure. The infinite plane reaches every node; a bounded shape
// (*RIGIDWALL_GEOMETRIC_FLAT, _PRISM, _CYLINDER, _SPHERE) only those in
// front of its surface: beyond its edges, or already behind or inside it
// (nodes that did not arrive through the surface), it exerts nothing.
#pragma once

#include <cmath>

#include "miniapp/state/state.hpp"

namespace mc {

// A plane's gap at x (x in the wall's frame: less its shift): the one
// expression of wall_contact_frame's plane and of the wall gaps
// (wall_gaps.hpp), so that the nodes those skip are the ones it would pass.
// T: double, or a pack of doubles (the same operations lane by lane).
template <class T>
KOKKOS_INLINE_FUNCTION T plane_gap(const double point[3], const double axis[3], double position, const T& x0,
                                   const T& x1, const T& x2) {
  const T d[3] = {x0 - point[0], x1 - point[1], x2 - point[2]};
  return (d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2]) - position;
}

inline bool wall_contact_frame(const WallState& w, const double x[3], double& gap, double n[3]) {
  const double d[3] = {x[0] - w.point[0], x[1] - w.point[1], x[2] - w.point[2]};
  const double* axis = w.normal.data();
  const double along = d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2];
  const WallShape& s = w.shape;
  // A node within this distance behind the surface landed on it last step (rounding).
  const auto behind = [](double g, double size) { return g < -1e-9 * size; };
  switch (s.kind) {
    case WallShape::Kind::Plane:
      gap = plane_gap(w.point.data(), axis, w.position, x[0], x[1], x[2]);
      for (int k = 0; k < 3; ++k) n[k] = axis[k];
      return true;
    case WallShape::Kind::Flat: {
      const double l = d[0] * s.edge[0] + d[1] * s.edge[1] + d[2] * s.edge[2];
      const double m = d[0] * w.edge_m[0] + d[1] * w.edge_m[1] + d[2] * w.edge_m[2];
      if (l < 0 || l > s.length_l || m < 0 || m > s.length_m) return false;
      gap = along;
      for (int k = 0; k < 3; ++k) n[k] = axis[k];
      return !behind(gap, s.length_l + s.length_m);
    }
    case WallShape::Kind::Prism: {
      // The face the node is furthest outside of (signed distances, outward).
      const double l = d[0] * s.edge[0] + d[1] * s.edge[1] + d[2] * s.edge[2];
      const double m = d[0] * w.edge_m[0] + d[1] * w.edge_m[1] + d[2] * w.edge_m[2];
      const double faces[6] = {-l, l - s.length_l, -m, m - s.length_m, -along, along - s.length_p};
      int best = 0;
      for (int f = 1; f < 6; ++f)
        if (faces[f] > faces[best]) best = f;
      gap = faces[best];
      const double* dir = best < 2 ? s.edge.data() : best < 4 ? w.edge_m.data() : axis;
      const double sign = best % 2 == 0 ? -1.0 : 1.0;
      for (int k = 0; k < 3; ++k) n[k] = sign * dir[k];
      return !behind(gap, s.length_l + s.length_m + s.length_p);
    }
    case WallShape::Kind::Cylinder: {
      if (s.length > 0 && (along < 0 || along > s.length)) return false;
      const double r[3] = {d[0] - along * axis[0], d[1] - along * axis[1], d[2] - along * axis[2]};
      const double radial = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
      if (!(radial > 0)) return false;
      gap = radial - s.radius;
      for (int k = 0; k < 3; ++k) n[k] = r[k] / radial;
      return !behind(gap, s.radius);
    }
    case WallShape::Kind::Sphere: {
      const double radial = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      if (!(radial > 0)) return false;
      gap = radial - s.radius;
      for (int k = 0; k < 3; ++k) n[k] = d[k] / radial;
      return !behind(gap, s.radius);
    }
  }
  return false;
}

}  // namespace mc
