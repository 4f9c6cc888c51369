// Per-part and per-material constants as the kernels see them: small POD
// tables copied to the device once. Built from the Model by state_builder.
#pragma once

#include <vector>

#include "decomposition/parallel/views.hpp"
#include "io/model.hpp"

namespace mc {

// Each material's code: MaterialParams::kind (material_table.hpp lists them).
enum MaterialCode : int { kElastic = 0, kPlastic = 1, kRigid = 2, kNull = 3 };

inline constexpr int kMaxThicknessPoints = 10;
// The largest Cowper-Symonds P that VP 1 raises to by products (overstress_trip).
inline constexpr int kMaxWholeRatePower = 16;

struct MaterialParams {
  int kind = kElastic;
  Real density = 0, youngs = 0, poisson = 0, shear_modulus = 0;
  Real plate_modulus = 0;     // E / (1 - nu^2)
  Real wave_speed = 0;        // sqrt(E / (rho (1 - nu^2))): shell stable-step speed
  Real yield = 0;             // SIGY (or first curve ordinate)
  Real plastic_modulus = 0;   // E*Etan/(E-Etan) (times BETA), used without a curve
  Real kinematic_modulus = 0; // (1 - BETA) E*Etan/(E-Etan): back-stress hardening (MAT_003)
  Real fail_strain = 0;       // 0: no erosion
  Real rate_c = 0;            // Cowper-Symonds C (0: rate-independent)
  Real rate_inv_p = 0;        // and 1/P
  int rate_p_whole = 0;       // P where it is a whole number up to kMaxWholeRatePower, else 0 (overstress_trip)
  int curve_begin = 0, curve_end = 0;  // hardening curve points [begin, end) in the curve table
  int rate_curve_begin = 0, rate_curve_end = 0;  // LCSR: the yield stress's factor against the strain rate
  bool viscoplastic = false;  // VP 1: C/P, LCSR or the table act on the plastic strain rate, inside the return
  Real viscoplastic_yield = 0;  // > 0: flow = static + this (rate / C)^(1/P); 0: static (1 + ...)
  // LCSS a *DEFINE_TABLE: table_count curves, one per strain rate, on the
  // same abscissas; curve k's points follow at curve_begin + k n, n = end - begin.
  int table_count = 0;
  bool table_log = false;  // table_rates hold ln(rate): the rate is looked up as its logarithm
  Real table_rates[kMaxTableValues] = {};
};

struct PartParams {
  int material = 0;        // index into the material table
  int rigid_body = -1;     // index into the rigid-body table, -1 if deformable
  int stressless = 0;      // 1: rigid or *MAT_NULL, shells the element phase skips
  int pack_class = 0;      // parts of one class (kernel_class_key) may share a SIMD pack
  int nip = 2;
  int ihq = 1;             // 1,2 viscous; 4 stiffness
  Real qh = 0.1;            // QM: membrane modes
  Real qb = 0.1, qw = 0.1;  // QB: rotation (bending) modes, QW: the w (warping) mode
  Real shear_factor = Real(5) / Real(6);
  Real thickness = 0;
  // *CONTROL_SHELL ISTUPD: each point's thickness strain over a step is
  // thickness_compliance dS - (de_xx + de_yy), dS the step's change of
  // s_xx + s_yy (shell_internal_force.cpp); the element's thickness follows
  // their weighted mean.
  bool updates_thickness = false;
  Real thickness_compliance = 0;
  // Through-thickness points: zeta in [-1/2, 1/2] (times t gives z), weights sum to 1.
  Real zeta[kMaxThicknessPoints] = {};
  Real weight[kMaxThicknessPoints] = {};
};

// Every hardening curve of the model, concatenated (host, while building).
struct CurveTable {
  std::vector<Real> x, y;
};

using MaterialTable = Kokkos::View<MaterialParams*, Layout, MemSpace>;
using PartTable = Kokkos::View<PartParams*, Layout, MemSpace>;

}  // namespace mc
