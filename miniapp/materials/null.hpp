// *MAT_NULL (MAT_009) on shells: no stiffness and no stress. As in LS-DYNA,
// the element phase skips its shells (their nodes feel only contact and
// constraints), their mass still counts at their nodes, they set no time
// step, and their YM and PR give the contact penalty alone: null shells are
// contact surfaces laid over a structure (LS-DYNA Keyword Manual, *MAT_NULL:
// "YM, PR ... used for null beams and shells only", the shells "completely
// bypassed in the element processing").
#pragma once

#include "miniapp/materials/material_params.hpp"
#include "miniapp/materials/point_column.hpp"

namespace mc {

struct NullMaterial {
  static constexpr MaterialCode code = kNull;
  static constexpr MaterialKind model_kind = MaterialKind::Null;
  static constexpr bool plastic_strain = false;
  static void fill(const Material&, const Model&, CurveTable&, MaterialParams&) {}
  template <class T>
  KOKKOS_INLINE_FUNCTION static void update(const MaterialParams&, const Real*, const Real*, Real, bool,
                                            PointColumn<T>& c) {
    for (int i = 0; i < c.n; ++i) c.dep[i] = T(0);
  }
};

}  // namespace mc
