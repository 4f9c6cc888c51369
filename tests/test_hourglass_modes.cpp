// Hourglass control of the Belytschko-Tsay shell, mode by mode, on one square
// element of side a: each hourglass mode driven alone must store (stiffness
// form) or dissipate (viscous form) the energy of the published formula, and
// rigid-body and constant-strain motions must give no hourglass force at all.
//
// Square element, nodes (0,0) (a,0) (a,a) (0,a): b1 = (-1,1,1,-1)/2a,
// b2 = (-1,-1,1,1)/2a, so BB = 2/a^2, A = a^2, and gamma = h = (1,-1,1,-1).
// A mode driven as v_I = h_I udot has the rate qdot = gamma.v = 4 udot.
// The mode stiffnesses of miniapp/elements/shell_bt/hourglass_bt.hpp:
//   membrane  k = E t A BB / 8         = E t / 4     (both forms)
// stiffness form (LS-DYNA Theory Manual), G = E / 2(1 + nu):
//   w         k = 5/6 G t^3 BB / 12    = 5 G t^3 / 36 a^2
//   rotation  k = E t^3 A BB / 192     = E t^3 / 96
// viscous form, D = E t^3 / 12(1 - nu^2):
//   w         k = D A BB^2             = 4 D / a^2
//   rotation  k = D A BB / 8           = D / 4
#include <gtest/gtest.h>

#include <cmath>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::PlateSpec;
using test::Steel;

constexpr double kSide = 5, kThickness = 1.2, kQm = 0.1;
constexpr double kHourglassSign[4] = {1, -1, 1, -1};

enum Mode { kMembraneX, kMembraneY, kW, kRotationX, kRotationY };

// qb, qw: *HOURGLASS QB and QW (0: QM, LS-DYNA's default).
State one_square(int ihq, MaterialKind kind = MaterialKind::Elastic, double qb = 0, double qw = 0) {
  PlateSpec spec;
  spec.kind = kind;
  spec.nx = spec.ny = 1;
  spec.lx = spec.ly = kSide;
  spec.thickness = kThickness;
  spec.ihq = ihq;
  Model m = test::plate_model(spec);
  m.controls.hourglass.qh = kQm;
  m.controls.hourglass.qb = qb;
  m.controls.hourglass.qw = qw;
  return build_state(m, whole_model_mesh(m));
}

// Nodal velocities (or angular velocities) of the mode at rate udot.
void drive(State& s, Mode mode, double udot) {
  for (int i = 0; i < 4; ++i) {
    const int n = s.elements.conn(0, i);
    const double value = kHourglassSign[i] * udot;
    if (mode <= kW) s.nodes.v(n, mode) = value;
    else s.nodes.w(n, mode - kRotationX) = value;
  }
}

double mode_stiffness(Mode mode, bool stiffness_form) {
  const double E = Steel::youngs, nu = Steel::poisson, t = kThickness, a = kSide;
  const double d = E * t * t * t / (12 * (1 - nu * nu)), g = E / (2 * (1 + nu));
  if (mode <= kMembraneY) return E * t / 4;
  if (stiffness_form) return mode == kW ? 5 * g * t * t * t / (36 * a * a) : E * t * t * t / 96;
  if (mode == kW) return 4 * d / (a * a);
  return d / 4;
}

double hourglass_energy(const State& s) { return s.elements.hourglass_energy(0); }
double internal_energy(const State& s) { return s.elements.internal_energy(0); }

const char* name(Mode mode) {
  static const char* names[] = {"membrane x", "membrane y", "w", "rotation x", "rotation y"};
  return names[mode];
}

// IHQ 4: after n steps at a constant rate the mode holds q = 4 udot n dt and
// stores QM k q^2 / 2 (the trapezoidal work of a linear spring is exact);
// an hourglass motion has no strain, so the internal energy stays zero.
TEST(HourglassModes, StiffnessFormStoresQhKqSquaredOverTwoInEachModeTo1em12) {
  const double udot = 1e-4, dt = 1e-3;
  const int steps = 50;
  for (Mode mode : {kMembraneX, kMembraneY, kW, kRotationX, kRotationY}) {
    State s = one_square(4);
    drive(s, mode, udot);
    for (int k = 0; k < steps; ++k) element_forces(s, dt);
    const double q = 4 * udot * steps * dt;
    const double hand = 0.5 * kQm * mode_stiffness(mode, true) * q * q;
    EXPECT_NEAR(hourglass_energy(s), hand, 1e-12 * hand) << name(mode);
    EXPECT_NEAR(internal_energy(s), 0, 1e-12 * hand) << name(mode);
  }
}

// *HOURGLASS QB and QW: the rotation (bending) modes take QB, the w
// (warping) mode QW, the membrane modes QM, in both forms (the LS-DYNA
// keyword manual: QM for membrane, QB for bending, QW for warping).
TEST(HourglassModes, BendingAndWarpingModesTakeQbAndQw) {
  const double qb = 0.05, qw = 0.2, udot = 1e-4, dt = 1e-3;
  const double t = kThickness, area = kSide * kSide;
  const double mass = Steel::density * t * area, rotary = mass * (t * t + area) / 12;
  for (Mode mode : {kMembraneX, kMembraneY, kW, kRotationX, kRotationY}) {
    const double coefficient = mode <= kMembraneY ? kQm : mode == kW ? qw : qb;
    State stiff = one_square(4, MaterialKind::Elastic, qb, qw);
    drive(stiff, mode, udot);
    const int steps = 50;
    for (int k = 0; k < steps; ++k) element_forces(stiff, dt);
    const double q = 4 * udot * steps * dt;
    const double stored = 0.5 * coefficient * mode_stiffness(mode, true) * q * q;
    EXPECT_NEAR(hourglass_energy(stiff), stored, 1e-12 * stored) << name(mode);
    State viscous = one_square(1, MaterialKind::Elastic, qb, qw);
    drive(viscous, mode, udot);
    element_forces(viscous, dt);
    const double inertia = mode <= kW ? mass : rotary;
    const double dissipated = 0.5 * coefficient * std::sqrt(mode_stiffness(mode, false) * inertia) * 16 * udot * udot * dt;
    EXPECT_NEAR(hourglass_energy(viscous), dissipated, 1e-12 * dissipated) << name(mode);
  }
}

// IHQ 1-3: Q = QH sqrt(k m) qdot / 2 with the same k and m the element mass
// (rho t A) or rotary inertia (m (t^2 + A) / 12); one step dissipates
// Q qdot dt.
TEST(HourglassModes, ViscousFormDissipatesQhSqrtKmOverTwoTimesRateSquaredTo1em12) {
  const double t = kThickness, area = kSide * kSide;
  const double mass = Steel::density * t * area, rotary = mass * (t * t + area) / 12;
  const double udot = 1e-3, dt = 1e-3;
  for (Mode mode : {kMembraneX, kMembraneY, kW, kRotationX, kRotationY}) {
    State s = one_square(1);
    drive(s, mode, udot);
    element_forces(s, dt);
    const double rate = 4 * udot;
    const double inertia = mode <= kW ? mass : rotary;
    const double hand = 0.5 * kQm * std::sqrt(mode_stiffness(mode, false) * inertia) * rate * rate * dt;
    EXPECT_NEAR(hourglass_energy(s), hand, 1e-12 * hand) << name(mode);
  }
}

// IHQ 4 on a yielding material (MAT_024, SIGY 0.3 GPa): each resultant stops
// at its bound (hourglass_limits: membrane QM sigy t a / 2, w QM sigy t^2 / 4,
// rotation QM sigy t^2 a / 4 on this square; an hourglass motion has no
// strain, so sigy stays SIGY). Driven out to q_max and back to 0, the mode
// is a perfectly plastic spring (k, cap): the resultant does the work
// 2 cap q_max - 5/2 cap^2 / k, all but cap^2 / 2k of it dissipated. That is
// positive for any q_max > q_c: the bounded form never creates energy.
// One step's work is exact but at the step that reaches the cap (error
// below cap dq / 2 each way).
TEST(HourglassModes, StiffnessFormOnAYieldingMaterialIsAPerfectlyPlasticSpringInEachMode) {
  const double sigy = PlateSpec{}.yield, t = kThickness, a = kSide;
  const double dt = 1e-3;
  const int steps = 400;
  for (Mode mode : {kMembraneX, kMembraneY, kW, kRotationX, kRotationY}) {
    const double k = kQm * mode_stiffness(mode, true);
    const double cap = mode <= kMembraneY ? 0.5 * kQm * sigy * t * a
                       : mode == kW       ? 0.25 * kQm * sigy * t * t
                                          : 0.25 * kQm * sigy * t * t * a;
    const double q_max = 10 * cap / k;  // well past the cap, in `steps` steps
    const double udot = q_max / (4 * steps * dt), dq = 4 * udot * dt;
    State s = one_square(4, MaterialKind::PiecewiseLinearPlasticity);
    drive(s, mode, udot);
    for (int n = 0; n < steps; ++n) element_forces(s, dt);
    const double out = cap * q_max - 0.5 * cap * cap / k;
    EXPECT_NEAR(hourglass_energy(s), out, cap * dq) << name(mode);
    const double q_out = packed(s.elements.hourglass_q, 0, mode);
    EXPECT_NEAR(std::fabs(q_out), cap, 1e-12 * cap) << name(mode);
    drive(s, mode, -udot);
    for (int n = 0; n < steps; ++n) element_forces(s, dt);
    const double cycle = 2 * cap * q_max - 2.5 * cap * cap / k;
    EXPECT_NEAR(hourglass_energy(s), cycle, 2 * cap * dq) << name(mode);
    EXPECT_NEAR(packed(s.elements.hourglass_q, 0, mode), -q_out, 1e-12 * cap) << name(mode);
    EXPECT_NEAR(internal_energy(s), 0, 1e-12 * cycle) << name(mode);
  }
}

// Rigid translation and rotation and every constant-strain field (membrane,
// transverse shear, curvature) are linear in x, so gamma is orthogonal to
// them: no hourglass energy in either form, while the strains do work.
// Lifts the square's nodes to z = warp_height h_I (the frame's normal stays
// z, the local x, y stay the global ones): a warped element.
void warp_square(State& s, double warp_height) {
  for (int i = 0; i < 4; ++i) s.nodes.x(s.elements.conn(0, i), 2) = kHourglassSign[i] * warp_height;
}

// A rigid motion plus every constant membrane, transverse-shear and
// curvature field, on the flat square and on the square warped by 0.4 mm
// (a rigid turn about an in-plane axis moves a warped element's nodes in
// its plane: hourglass_bt.hpp takes the frame's turn out of the membrane
// rates). On the warped square the transverse shear is made by the nodal
// rotations alone: a slope of v_z turns the element's frame, and warped
// nodes that do not follow it in-plane move in the membrane hourglass
// pattern relative to the frame, which is an hourglass motion.
TEST(HourglassModes, RigidBodyAndConstantStrainMotionsGiveNoHourglassEnergy) {
  const double v0[3] = {1e-3, -2e-3, 3e-3}, spin[3] = {2e-4, -3e-4, 5e-4};
  const double strain[2][2] = {{1e-4, 4e-5}, {-2e-5, -6e-5}};  // in-plane velocity gradient
  const double slope[2] = {3e-5, -4e-5};                          // w = slope . x: transverse shear
  const double curvature[2][2] = {{2e-5, -1e-5}, {3e-5, 1e-5}};   // theta = theta0 + K x
  for (int ihq : {1, 4})
  for (double warp_height : {0.0, 0.4}) {
    State s = one_square(ihq);
    warp_square(s, warp_height);
    for (int n = 0; n < s.nodes.count(); ++n) {
      const double r[3] = {s.nodes.x(n, 0), s.nodes.x(n, 1), s.nodes.x(n, 2)};
      const double rigid[3] = {spin[1] * r[2] - spin[2] * r[1], spin[2] * r[0] - spin[0] * r[2],
                               spin[0] * r[1] - spin[1] * r[0]};
      for (int d = 0; d < 2; ++d) s.nodes.v(n, d) = v0[d] + rigid[d] + strain[d][0] * r[0] + strain[d][1] * r[1];
      const double shear = warp_height == 0 ? slope[0] * r[0] + slope[1] * r[1] : 0.0;
      s.nodes.v(n, 2) = v0[2] + rigid[2] + shear;
      for (int d = 0; d < 2; ++d) s.nodes.w(n, d) = spin[d] + curvature[d][0] * r[0] + curvature[d][1] * r[1];
      s.nodes.w(n, 2) = spin[2];
    }
    for (int k = 0; k < 20; ++k) element_forces(s, 1e-3);
    ASSERT_GT(internal_energy(s), 0) << "IHQ " << ihq;
    EXPECT_LE(std::abs(hourglass_energy(s)), 1e-12 * internal_energy(s)) << "IHQ " << ihq << ", warp " << warp_height;
  }
}

// The warped square (0.4 mm on a 5 mm side) driven in a membrane hourglass
// mode and in w: the hourglass forces are self-equilibrated, no net force and
// no net moment about the origin (sum of x x f + m over the nodes). Without
// the rotation taken out, the membrane resultant Q_x of a warp h.z = 1.6 mm
// would leave a moment 1.6 Q_x about y.
TEST(HourglassModes, HourglassForcesOfAWarpedElementCarryNoNetMoment) {
  for (int ihq : {1, 4}) {
    State s = one_square(ihq);
    warp_square(s, 0.4);
    for (int i = 0; i < 4; ++i) {
      const int n = s.elements.conn(0, i);
      s.nodes.v(n, 0) = kHourglassSign[i] * 2e-3;
      s.nodes.v(n, 2) = kHourglassSign[i] * 1e-3;
    }
    for (int k = 0; k < 10; ++k) element_forces(s, 1e-3);
    gather_nodal_forces(s);
    double force[3] = {0, 0, 0}, moment[3] = {0, 0, 0}, scale = 0;
    for (int n = 0; n < s.nodes.count(); ++n) {
      const double x[3] = {s.nodes.x(n, 0), s.nodes.x(n, 1), s.nodes.x(n, 2)};
      const double f[3] = {s.nodes.f(n, 0), s.nodes.f(n, 1), s.nodes.f(n, 2)};
      const double xf[3] = {x[1] * f[2] - x[2] * f[1], x[2] * f[0] - x[0] * f[2], x[0] * f[1] - x[1] * f[0]};
      for (int k = 0; k < 3; ++k) {
        force[k] += f[k];
        moment[k] += xf[k] + s.nodes.m(n, k);
        scale += std::abs(f[k]);
      }
    }
    ASSERT_GT(scale, 0) << "IHQ " << ihq;
    for (int k = 0; k < 3; ++k) {
      EXPECT_LE(std::abs(force[k]), 1e-12 * scale) << "IHQ " << ihq << ", component " << k;
      EXPECT_LE(std::abs(moment[k]), 1e-12 * scale * kSide) << "IHQ " << ihq << ", component " << k;
    }
  }
}

}  // namespace
}  // namespace mc
