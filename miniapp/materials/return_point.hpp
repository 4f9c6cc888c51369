// One point's plastic return in progress (plane_stress_return.hpp): its
// trial stress as the three modes of the projection P, the iterate and its
// bracket, and the mode algebra the trips share, P and its slope at an
// iterate.
#pragma once

#include <limits>

#include "miniapp/elements/simd.hpp"
#include "miniapp/materials/material_params.hpp"

namespace mc {

// Relative tolerance of the return: a few ulps of the working precision.
inline constexpr Real kReturnTolerance = 64 * std::numeric_limits<Real>::epsilon();

// The mode decay rates of a material: alpha for the mean mode, twog for
// the deviatoric ones; with kinematic hardening each gains 2/3 Hk.
struct ReturnRates {
  Real alpha_e, twog_e, alpha, twog;
  KOKKOS_INLINE_FUNCTION ReturnRates(const MaterialParams& m, bool kinematic)
      : alpha_e(m.youngs / (Real(3) * (Real(1) - m.poisson))),
        twog_e(Real(2) * m.shear_modulus),
        alpha(kinematic ? alpha_e + Real(2) / Real(3) * m.kinematic_modulus : alpha_e),
        twog(kinematic ? twog_e + Real(2) / Real(3) * m.kinematic_modulus : twog_e) {}
};

// One point's return in progress (a table's position, table_position, and
// a curve's SegmentRange are kept beside it by the column's return: the
// plain materials' points stay as small as before, and their code as it
// was: with the range inside, the bilinear plate ran 0.8 % more
// instructions).
template <class T>
struct ReturnPoint {
  T sm, sd, ss;       // modes of the trial stress relative to the back stress
  T sm2, dev3;        // sm^2 and 3 (sd^2 + ss^2)
  T epsp, rate_scale; // plastic strain before the step; Cowper-Symonds factor
  T s0, hs;           // the hardening line sigy = s0 + hs (2/3 x vm) at the iterate
  T x, lo, hi;        // the iterate and the bracket of the root
  T root;             // sqrt(P) at the answer, kept by the trip that finds every lane converged
  MaskOf<T> yielding, active;
  bool flowing = false;    // some lane passes yield (else the trial stands)
  bool iterating = false;  // some lane has not converged
};

// P = sm^2 a2^2 + 3 dev2 a1^2 at the iterate whose decay factors are a1, a2:
// one spelling for the trips and finish_return, which takes the last trip's
// sqrt(P) as the answer's and so needs the same bits.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T squared_modes(const ReturnPoint<T>& p, const T& a1, const T& a2) {
  return p.sm2 * a2 * a2 + p.dev3 * a1 * a1;
}

// P'/2 = sm^2 a2 twog + 3 dev2 a1 alpha, P's slope in x over 2.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T half_modes_slope(const ReturnRates& k, const ReturnPoint<T>& p, const T& a1, const T& a2) {
  return p.sm2 * a2 * k.twog + p.dev3 * a1 * k.alpha;
}

}  // namespace mc
