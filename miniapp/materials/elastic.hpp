// *MAT_ELASTIC (MAT_001): Hooke's law in plane stress.
#pragma once

#include "miniapp/materials/material_params.hpp"
#include "miniapp/materials/point_column.hpp"

namespace mc {

// Stress components: s[0]=sxx, s[1]=syy, s[2]=sxy; strain increments with
// de[2] the engineering shear increment (2 * tensor shear).
template <class T>
KOKKOS_INLINE_FUNCTION void elastic_plane_stress_update(const MaterialParams& m, const T de[3], T s[3]) {
  const Real c = m.plate_modulus;
  s[0] += c * (de[0] + m.poisson * de[1]);
  s[1] += c * (de[1] + m.poisson * de[0]);
  s[2] += m.shear_modulus * de[2];
}

struct ElasticMaterial {
  static constexpr MaterialCode code = kElastic;
  static constexpr MaterialKind model_kind = MaterialKind::Elastic;
  static constexpr bool plastic_strain = false;
  static void fill(const Material&, const Model&, CurveTable&, MaterialParams&) {}
  template <class T>
  KOKKOS_INLINE_FUNCTION static void update(const MaterialParams& m, const Real*, const Real*, Real, bool,
                                            PointColumn<T>& c) {
    for (int i = 0; i < c.n; ++i) elastic_plane_stress_update(m, c.de[i], c.s[i]);
  }
};

}  // namespace mc
