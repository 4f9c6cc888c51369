// Element-level specifications of the Belytschko-Lin-Tsay shell.
#include <gtest/gtest.h>

#include <cmath>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::PlateSpec;
using test::Steel;

// Patch test: a linear velocity field on a distorted 3x3 patch is a constant
// membrane strain rate; one-point BT integration must give the same stress
// in every element, equal to plane-stress Hooke's law, to 1e-10 relative.
TEST(ShellElement, PatchTestConstantMembraneStrainGivesUniformStressTo1em10) {
  PlateSpec spec;
  spec.nx = spec.ny = 3;
  spec.lx = spec.ly = 3;
  Model m = test::plate_model(spec);
  // Distort the four interior nodes.
  const double shift[4][2] = {{0.21, -0.13}, {-0.17, 0.09}, {0.11, 0.23}, {-0.19, -0.07}};
  int k = 0;
  for (Node& n : m.nodes) {
    const double x = n.x[0], y = n.x[1];
    if (x > 0.5 && x < 2.5 && y > 0.5 && y < 2.5) {
      n.x[0] += shift[k][0];
      n.x[1] += shift[k][1];
      ++k;
    }
  }
  ASSERT_EQ(k, 4);
  State s = build_state(m, whole_model_mesh(m));
  const double a = 1e-3, b = 4e-4, c = -2e-4, d = -6e-4;  // v = [a b; c d] x
  for (int n = 0; n < s.nodes.count(); ++n) {
    s.nodes.v(n, 0) = a * s.nodes.x(n, 0) + b * s.nodes.x(n, 1);
    s.nodes.v(n, 1) = c * s.nodes.x(n, 0) + d * s.nodes.x(n, 1);
  }
  const double dt = 0.5;
  element_forces(s, dt);
  const double E = Steel::youngs, nu = Steel::poisson, G = E / (2 * (1 + nu));
  const double exx = a * dt, eyy = d * dt, gxy = (b + c) * dt;
  const double expect[3] = {E / (1 - nu * nu) * (exx + nu * eyy), E / (1 - nu * nu) * (eyy + nu * exx), G * gxy};
  // The local frame's x axis follows each element's side 1-2; for this flat
  // patch with sides along x it coincides with global x up to the distortion,
  // so compare invariants: the trace and the von Mises stress.
  const double trace = expect[0] + expect[1];
  const double vm = std::sqrt(expect[0] * expect[0] - expect[0] * expect[1] + expect[1] * expect[1] + 3 * expect[2] * expect[2]);
  for (int e = 0; e < s.elements.count(); ++e) {
    for (int p = 0; p < spec.nip; ++p) {
      const double sx = packed(s.elements.points, e, 4 * p), sy = packed(s.elements.points, e, 4 * p + 1),
                   sxy = packed(s.elements.points, e, 4 * p + 2);
      EXPECT_NEAR(sx + sy, trace, 1e-10 * std::fabs(trace)) << "element " << e;
      EXPECT_NEAR(std::sqrt(sx * sx - sx * sy + sy * sy + 3 * sxy * sxy), vm, 1e-10 * vm) << "element " << e;
    }
  }
}

// Stable step of one square element of side h: dt = L / c with L = area /
// longest side = h and c = sqrt(E / (rho (1 - nu^2))) (LS-DYNA ISDO = 0).
TEST(ShellElement, StableTimestepOfSquareElementIsSideOverPlateWaveSpeed) {
  PlateSpec spec;
  spec.nx = spec.ny = 1;
  spec.lx = spec.ly = 5;
  Model m = test::plate_model(spec);
  State s = build_state(m, whole_model_mesh(m));
  const double c = std::sqrt(Steel::youngs / (Steel::density * (1 - Steel::poisson * Steel::poisson)));
  const double hand = 5.0 / c;  // 9.2215e-4 ms for steel
  EXPECT_NEAR(element_forces(s, 0), hand, 1e-12 * hand);
}

// A triangle (n3 == n4) uses twice its area over its longest side.
TEST(ShellElement, StableTimestepOfRightTriangleIsTwiceAreaOverHypotenuseOverSpeed) {
  PlateSpec spec;
  spec.nx = spec.ny = 1;
  spec.lx = spec.ly = 4;
  Model m = test::plate_model(spec);
  m.shells[0].nodes[3] = m.shells[0].nodes[2];
  m.nodes.erase(m.nodes.begin() + 2);  // node 3 at (0, 4) is unused now
  State s = build_state(m, whole_model_mesh(m));
  const double c = std::sqrt(Steel::youngs / (Steel::density * (1 - Steel::poisson * Steel::poisson)));
  const double hand = 2 * 8.0 / std::sqrt(32.0) / c;
  EXPECT_NEAR(element_forces(s, 0), hand, 1e-12 * hand);
}

// *ELEMENT_SHELL_THICKNESS: an element's own thickness replaces its
// section's in mass, membrane, bending and hourglass. A cantilever whose
// section says 1 mm but whose elements say 2 mm must run bitwise like the
// 2 mm section; half the elements at 3 mm add exactly their extra mass.
TEST(ShellElement, ElementThicknessReplacesTheSectionsBitwise) {
  PlateSpec spec;
  spec.nx = 8;
  spec.ny = 2;
  spec.lx = 40;
  spec.ly = 10;
  spec.thickness = 2;
  const auto bent_cantilever = [&](Model m) {
    for (const Node& n : m.nodes)
      if (n.x[0] < 1e-9) m.spcs.push_back({n.id, {true, true, true, true, true, true}, {}});
    State s = build_state(m, whole_model_mesh(m));
    for (int n = 0; n < s.nodes.count(); ++n) s.nodes.v(n, 2) = 0.01 * s.nodes.x0(n, 0);
    test::run_quietly(s, 0.2);  // about 240 cycles
    return s;
  };
  const State section = bent_cantilever(test::plate_model(spec));
  spec.thickness = 1;
  Model own = test::plate_model(spec);
  for (Shell& shell : own.shells) shell.thickness = 2;
  const State element = bent_cantilever(own);
  ASSERT_EQ(section.cycle, element.cycle);
  for (int n = 0; n < section.nodes.count(); ++n)
    for (int d = 0; d < 3; ++d) ASSERT_EQ(section.nodes.x(n, d), element.nodes.x(n, d)) << "node " << n;

  Model mixed = test::plate_model(spec);
  for (std::size_t e = 0; e < mixed.shells.size(); e += 2) mixed.shells[e].thickness = 3;
  const State s = build_state(mixed, whole_model_mesh(mixed));
  double mass = 0;
  for (int n = 0; n < s.nodes.count(); ++n) mass += s.nodes.mass(n);
  const double element_area = 5.0 * 5.0, thin = 8, thick = 8;  // 16 elements, every other one 3 mm
  const double hand = Steel::density * element_area * (thin * 1 + thick * 3);
  EXPECT_NEAR(mass, hand, 1e-12 * hand);
}

}  // namespace
}  // namespace mc
