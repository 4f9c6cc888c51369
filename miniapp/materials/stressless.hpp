// What the materials whose shells the element phase skips (rigid.hpp,
// null.hpp) share: nothing to fill, no plastic strain, and an update that
// the table needs but no point ever takes.
#pragma once

#include "miniapp/materials/material_params.hpp"
#include "miniapp/materials/point_column.hpp"

namespace mc {

struct StresslessMaterial {
  static constexpr bool plastic_strain = false;
  static void fill(const Material&, const Model&, CurveTable&, MaterialParams&) {}
  template <class T>
  KOKKOS_INLINE_FUNCTION static void update(const MaterialParams&, const Real*, const Real*, Real, bool,
                                            PointColumn<T>&) {}
};

}  // namespace mc
