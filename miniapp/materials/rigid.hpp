// *MAT_RIGID (MAT_020): its parts move as rigid bodies (nodal/rigid_bodies.cpp);
// the element phase skips their shells, so no point is ever updated.
#pragma once

#include "miniapp/materials/material_params.hpp"
#include "miniapp/materials/point_column.hpp"

namespace mc {

struct RigidMaterial {
  static constexpr MaterialCode code = kRigid;
  static constexpr MaterialKind model_kind = MaterialKind::Rigid;
  static constexpr bool plastic_strain = false;
  static void fill(const Material&, const Model&, CurveTable&, MaterialParams&) {}
  template <class T>
  KOKKOS_INLINE_FUNCTION static void update(const MaterialParams&, const Real*, const Real*, Real, bool,
                                            PointColumn<T>& c) {
    for (int i = 0; i < c.n; ++i) c.dep[i] = T(0);
  }
};

}  // namespace mc
