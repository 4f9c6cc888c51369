// *MAT_RIGID (MAT_020): its parts move as rigid bodies (nodal/rigid_bodies.cpp);
// the element phase skips their shells, so no point is ever updated.
#pragma once

#include "miniapp/materials/stressless.hpp"

namespace mc {

struct RigidMaterial : StresslessMaterial {
  static constexpr MaterialCode code = kRigid;
  static constexpr MaterialKind model_kind = MaterialKind::Rigid;
};

}  // namespace mc
