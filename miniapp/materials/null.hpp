// *MAT_NULL (MAT_009) on shells: no stiffness and no stress. As in LS-DYNA,
// the element phase skips its shells (their nodes feel only contact and
// constraints), their mass still counts at their nodes, they set no time
// step, and their YM and PR give the contact penalty alone: null shells are
// contact surfaces laid over a structure (LS-DYNA Keyword Manual, *MAT_NULL:
// "YM, PR ... used for null beams and shells only", the shells "completely
// bypassed in the element processing").
#pragma once

#include "miniapp/materials/stressless.hpp"

namespace mc {

struct NullMaterial : StresslessMaterial {
  static constexpr MaterialCode code = kNull;
  static constexpr MaterialKind model_kind = MaterialKind::Null;
};

}  // namespace mc
