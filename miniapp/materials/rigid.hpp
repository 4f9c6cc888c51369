// *MAT_RIGID (MAT_020): its parts move as rigid bodies (nodal/rigid_bodies.cpp);
// the element phase skips their shells, so no point is ever updated.
#pragma once

#include "miniapp/materials/material_params.hpp"

namespace mc {

struct RigidMaterial {
  static constexpr MaterialCode code = kRigid;
  static constexpr MaterialKind model_kind = MaterialKind::Rigid;
  static constexpr bool plastic_strain = false;
  static void fill(const Material&, const Model&, CurveTable&, MaterialParams&) {}
  template <class T>
  KOKKOS_INLINE_FUNCTION static T update(const MaterialParams&, const Real*, const Real*, const T*, Real, T*,
                                         const T&, T*) {
    return T(0);
  }
};

}  // namespace mc
