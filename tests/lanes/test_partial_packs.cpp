// Packs across kernel classes (shell_internal_force.cpp, PackLanes): a pack
// whose lanes belong to more than one class runs once per class, each lane
// of another class computing a copy of an owned lane and keeping its own
// state. Its elements must come out bit for bit as in a uniform pack.
//
// A 10 x 10 plate, MAT_024 with IHQ 4 and thickness update, bent, stretched
// and twisted into plastic flow, is run twice: all in one part, then with
// its shells split into three parts whose sections are copies (identical
// physics, three kernel classes). Shells run by class, then deck order
// (element_order.cpp), so the split puts shells 0-44, 45 and 46-99 in
// classes 1, 2 and 3, and the pack holding shells 44-46 crosses all three.
// With 8 lanes, class 1 runs as a partial pack of 5 lanes, class 2 (one
// lane) element by element, class 3 as a partial pack of 2; with 16, 13
// lanes, one and two (below the four a partial pack needs: element by
// element). Every value of the two runs' states must be the same.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/driver/simulation.hpp"
#include "miniapp/elements/simd.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc {
namespace {

constexpr int kSide = 10;  // shells a side, 1 mm each (mm, ms, kg, GPa)

Model plastic_plate(bool split) {
  Model m;
  for (int j = 0; j <= kSide; ++j)
    for (int i = 0; i <= kSide; ++i) m.nodes.push_back({1 + i + j * (kSide + 1), {double(i), double(j), 0.0}});
  for (int j = 0; j < kSide; ++j)
    for (int i = 0; i < kSide; ++i) {
      Shell s;
      s.id = 1 + i + j * kSide;
      const int index = i + j * kSide;
      s.part = !split || index < 45 ? 1 : index == 45 ? 2 : 3;
      const GlobalId n0 = 1 + i + j * (kSide + 1);
      s.nodes = {n0, n0 + 1, n0 + kSide + 2, n0 + kSide + 1};
      m.shells.push_back(s);
    }
  Material steel;
  steel.id = 1;
  steel.kind = MaterialKind::PiecewiseLinearPlasticity;
  steel.density = 7.85e-6;
  steel.youngs = 210;
  steel.poisson = 0.3;
  steel.yield = 0.3;
  steel.tangent = 1.0;
  m.materials[1] = steel;
  for (GlobalId id = 1; id <= 3; ++id) {
    Section section;
    section.id = id;
    section.nip = 5;
    section.thickness = 1;
    m.sections[id] = section;
    Part part;
    part.id = id;
    part.section = id;
    part.material = 1;
    part.thickness_update = ThicknessUpdate::Total;
    m.parts[id] = part;
  }
  m.controls.hourglass.ihq = 4;
  m.controls.end_time = 0.02;
  return m;
}

// The plate after 0.02 ms from a velocity field that bends, stretches and
// twists it (121 cycles).
State run_plate(bool split) {
  const Model model = plastic_plate(split);
  State s = build_state(model, whole_model_mesh(model));
  for (int n = 0; n < s.nodes.count(); ++n) {
    const double x = s.nodes.x(n, 0) / kSide, y = s.nodes.x(n, 1) / kSide;
    s.nodes.v(n, 0) = static_cast<Real>(40 * x * y);
    s.nodes.v(n, 1) = static_cast<Real>(-30 * x * x);
    s.nodes.v(n, 2) = static_cast<Real>(60 * x * y * (1 - y) + 20 * std::sin(7 * x));
  }
  Communicator comm;
  RunSettings rs;
  rs.end_time = model.controls.end_time;
  rs.write_files = false;
  rs.progress_seconds = 0;
  rs.quiet = true;
  run_simulation(s, rs, comm);
  return s;
}

template <class View>
void expect_same_bits(const View& a, const View& b, const char* what) {
  ASSERT_EQ(a.span(), b.span()) << what;
  const auto bytes = a.span() * sizeof(typename View::value_type);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), bytes), 0) << what << " differs";
}

TEST(PartialPacks, APackAcrossThreeClassesGivesTheBitsOfAUniformOne) {
  const State whole = run_plate(false), split = run_plate(true);
  // The split's classes meet inside one pack, as the comment above says.
  constexpr int W = Lanes<SimdReal>::width;
  ASSERT_NE(45 % W, 0);
  ASSERT_EQ(split.elements.part(44), split.elements.part(0));
  ASSERT_NE(split.elements.part(45), split.elements.part(44));
  ASSERT_NE(split.elements.part(46), split.elements.part(45));
  // Plastic flow in that pack: the partial packs ran the return mapping.
  int yielded = 0;
  for (int e = 40; e < 48; ++e) yielded += split.elements.plastic_updates(e);
  EXPECT_GT(yielded, 0);
  std::printf("%lld cycles; %d point updates yielded in shells 40-47\n", static_cast<long long>(split.cycle), yielded);
  EXPECT_EQ(whole.cycle, split.cycle);
  expect_same_bits(whole.nodes.x, split.nodes.x, "x");
  expect_same_bits(whole.nodes.v, split.nodes.v, "v");
  expect_same_bits(whole.nodes.w, split.nodes.w, "w");
  expect_same_bits(whole.elements.points, split.elements.points, "stresses and plastic strains");
  expect_same_bits(whole.elements.shear, split.elements.shear, "transverse shear");
  expect_same_bits(whole.elements.hourglass_q, split.elements.hourglass_q, "IHQ 4 resultants");
  expect_same_bits(whole.elements.thickness, split.elements.thickness, "thickness");
  expect_same_bits(whole.elements.internal_energy, split.elements.internal_energy, "internal energy");
  expect_same_bits(whole.elements.hourglass_energy, split.elements.hourglass_energy, "hourglass energy");
  expect_same_bits(whole.elements.plastic_updates, split.elements.plastic_updates, "yielded points");
}

}  // namespace
}  // namespace mc
