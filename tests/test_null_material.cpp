// *MAT_NULL shells (miniapp/materials/null.hpp): no stiffness, no stress and
// no time step, their mass at their nodes, their YM and PR for contact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "deck_test_helpers.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "io/deck/deck_writer.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::error_of;
using test::minimal_deck;
using test::read;

// MID RO PC MU TEROD CEROD YM PR; MAT_009 is the same keyword; YM 0 (no
// contact stiffness) is allowed, a negative one is not; the writer writes it back.
TEST(NullMaterial, IsReadWithItsContactModuliAndWrittenBack) {
  const Model m = read(minimal_deck("*MAT_NULL\n2,7.8e-6,0,0,0,0,210,0.3\n*MAT_009_TITLE\nskin\n3,1e-6\n"));
  const Material& null = m.materials.at(2);
  EXPECT_EQ(null.kind, MaterialKind::Null);
  EXPECT_DOUBLE_EQ(null.density, 7.8e-6);
  EXPECT_DOUBLE_EQ(null.youngs, 210.0);
  EXPECT_DOUBLE_EQ(null.poisson, 0.3);
  EXPECT_EQ(m.materials.at(3).kind, MaterialKind::Null);
  EXPECT_DOUBLE_EQ(m.materials.at(3).youngs, 0.0);
  std::ostringstream written;
  write_deck(m, written);
  const Model again = read(written.str());
  EXPECT_EQ(again.materials.at(2).kind, MaterialKind::Null);
  EXPECT_DOUBLE_EQ(again.materials.at(2).youngs, 210.0);
  EXPECT_DOUBLE_EQ(again.materials.at(2).poisson, 0.3);
  EXPECT_NE(error_of(minimal_deck("*MAT_NULL\n2,7.8e-6,0,0,0,0,-1\n")).find("material 2: YM = -1 must not be negative"),
            std::string::npos);
}

Model null_plate(double stretch_rate) {
  test::PlateSpec spec = test::plate_spec(4, 4, 8, 8, 1.0);
  Model m = test::plate_model(spec);
  Material steel = m.materials.at(1);
  steel.id = 2;
  m.materials[2] = steel;
  m.materials.at(1).kind = MaterialKind::Null;
  test::add_loose_shell(m, 100.0);  // an elastic shell far away sets the step
  m.parts.at(3).material = 2;
  for (const Node& n : m.nodes) {
    if (n.id > 9000) continue;
    InitialVelocity v;
    v.nodes = {n.id};
    v.v = {stretch_rate * n.x[0], 0, 0};
    m.initial_velocities.push_back(v);
  }
  return m;
}

// Stretched at 1 /ms, a null plate resists nothing: every node keeps its
// velocity bit for bit, no internal or hourglass energy appears, and its
// nodes carry the plate's mass rho t A. The step is the loose steel shell's,
// as with the null plate left out (null shells set no step).
TEST(NullMaterial, ShellsCarryMassButNoForceAndSetNoStep) {
  Model m = null_plate(1.0);
  State s = build_state(m, whole_model_mesh(m));
  double plate_mass = 0;
  for (int n = 0; n < s.nodes.count(); ++n)
    if (s.nodes.ids[static_cast<std::size_t>(n)] < 9000) plate_mass += s.nodes.mass(n);
  const double density = m.materials.at(1).density;
  EXPECT_NEAR(plate_mass, density * 1.0 * 64.0, 1e-12 * density * 64.0);
  const RunResult r = test::run_quietly(s, 0.05);
  for (int n = 0; n < s.nodes.count(); ++n) {
    const GlobalId id = s.nodes.ids[static_cast<std::size_t>(n)];
    if (id > 9000) continue;
    const Node& node = *std::find_if(m.nodes.begin(), m.nodes.end(), [&](const Node& d) { return d.id == id; });
    EXPECT_EQ(s.nodes.v(n, 0), 1.0 * node.x[0]) << node.id;
    EXPECT_EQ(s.nodes.v(n, 1), 0.0) << node.id;
  }
  EXPECT_EQ(r.last.internal, 0.0);
  EXPECT_EQ(r.last.hourglass, 0.0);

  Model alone = null_plate(1.0);
  alone.shells.erase(std::remove_if(alone.shells.begin(), alone.shells.end(), [](const Shell& sh) { return sh.part == 1; }),
                     alone.shells.end());
  alone.nodes.erase(std::remove_if(alone.nodes.begin(), alone.nodes.end(), [](const Node& n) { return n.id < 9000; }),
                    alone.nodes.end());
  alone.initial_velocities.clear();
  State loose = build_state(alone, whole_model_mesh(alone));
  const RunResult first = test::run_quietly(loose, 1e-9);
  State with_null = build_state(m, whole_model_mesh(m));
  const RunResult first_null = test::run_quietly(with_null, 1e-9);
  EXPECT_EQ(first_null.last.dt, first.last.dt);
}

// A null plate as a contact surface: the steel plate under it hits its
// free nodes at 15 m/s relative, pushes them off through the penalty of the
// null material's YM and PR (the same as steel's here), and the momentum is
// kept; the null plate stores nothing, so what the steel plate loses goes
// to the null nodes' kinetic energy, the total kept within 3 %.
TEST(NullMaterial, NullPlateIsAContactSurface) {
  Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  Material null = m.materials.at(1);
  null.id = 2;
  null.kind = MaterialKind::Null;
  m.materials[2] = null;
  m.parts.at(2).material = 2;
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 0.2);
  const auto [bottom, top] = test::plates_mean_vz(s);
  std::printf("null plate: bottom %.6f m/s, top %.6f m/s, total energy %.6g -> %.6g (internal %.6g), z momentum %.9g -> %.9g\n",
              bottom, top, r.first.total, r.last.total, r.last.internal, r.first.momentum[2], r.last.momentum[2]);
  EXPECT_GT(top, 0) << "the null plate's nodes were not pushed up";
  EXPECT_LT(bottom, 5.0);
  const double scale = std::abs(r.first.momentum[2]) + r.first.mass * 5.0;
  EXPECT_NEAR(r.last.momentum[2], r.first.momentum[2], 1e-6 * scale);
  EXPECT_NEAR(r.last.total, r.first.total, 0.03 * r.first.total);
}

}  // namespace
}  // namespace mc
