// The material table: every material minicrash knows, in one list. A
// material is one header (elastic.hpp, piecewise_linear_plasticity.hpp,
// rigid.hpp, null.hpp) with its code, the Model kind it comes from, what it adds to
// MaterialParams (fill) and its update of a column of points; the kernels call
// material_update(), which dispatches on MaterialParams::kind. A new
// material: its header, its code in MaterialCode, one entry below, and its
// keyword reader in io/deck/.
#pragma once

#include "miniapp/materials/elastic.hpp"
#include "miniapp/materials/piecewise_linear_plasticity.hpp"
#include "miniapp/materials/null.hpp"
#include "miniapp/materials/rigid.hpp"

namespace mc {

template <class... M>
struct MaterialList {};
using Materials = MaterialList<ElasticMaterial, PiecewiseLinearPlasticity, RigidMaterial, NullMaterial>;

namespace detail {
template <class First, class... Rest, class F>
KOKKOS_INLINE_FUNCTION auto for_code(MaterialList<First, Rest...>, int code, F&& f) {
  if constexpr (sizeof...(Rest) == 0) {
    return f(First{});
  } else {
    if (code == First::code) return f(First{});
    return for_code(MaterialList<Rest...>{}, code, f);
  }
}
template <class First, class... Rest, class F>
void for_model_kind(MaterialList<First, Rest...>, MaterialKind kind, F&& f) {
  if (kind == First::model_kind) return f(First{});
  if constexpr (sizeof...(Rest) > 0) for_model_kind(MaterialList<Rest...>{}, kind, f);
}
}  // namespace detail

// Whether points of this material keep an effective plastic strain.
KOKKOS_INLINE_FUNCTION bool has_plastic_strain(int code) {
  return detail::for_code(Materials{}, code, [](auto m) { return decltype(m)::plastic_strain; });
}

// The stress update of a column of points (point_column.hpp) over the step
// dt: c.s holds the old stresses on entry, the new ones on exit; c.dep the
// effective plastic strain increments, set only where has_plastic_strain
// (the kernel reads them nowhere else; zeros written by the others were a
// memset call inside it). kinematic: the points carry back
// stresses (c.back, updated), where MaterialParams::kinematic_modulus > 0.
template <class T>
KOKKOS_INLINE_FUNCTION void material_update(const MaterialParams& m, const Real* curve_x, const Real* curve_y,
                                            Real dt, bool kinematic, PointColumn<T>& c) {
  detail::for_code(Materials{}, m.kind, [&](auto mat) {
    decltype(mat)::template update<T>(m, curve_x, curve_y, dt, kinematic, c);
  });
}

// A deck material as the kernels see it (hardening curves go to `curves`).
MaterialParams material_params(const Material& mat, const Model& model, CurveTable& curves);

}  // namespace mc
