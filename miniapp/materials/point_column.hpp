// The through-thickness points of one shell (or of a pack of shells, T a
// SIMD pack) as one material update sees them. The kernel hands a material
// the whole column at once so that the points' updates, independent of
// each other, can overlap (the plastic return is a chain of divides and
// square roots per point: run alone, it leaves the core waiting).
#pragma once

#include "miniapp/materials/material_params.hpp"

namespace mc {

template <class T>
struct PointColumn {
  int n = 0;                         // points in use
  T de[kMaxThicknessPoints][3];      // strain increments (de[.][2]: engineering shear)
  T s[kMaxThicknessPoints][3];       // the old stress on entry, the new one on exit
  T epsp[kMaxThicknessPoints];       // effective plastic strain before the step
  T back[kMaxThicknessPoints][3];    // back stresses (updated), where the material has them
  T dep[kMaxThicknessPoints];        // effective plastic strain increments (plastic materials only)
};

}  // namespace mc
