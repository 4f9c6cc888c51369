// *CONTACT_TIED_... (contact/contact_ties.cpp, form_starting_ties): in the
// interface's first cycle every slave node within the tolerance of a master
// segment, inside its normal projection, is tied where it is; untied nodes
// take no contact force at all, as in LS-DYNA's tied contacts.
#include <gtest/gtest.h>

#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

struct PlatesAtEnd {
  double gap = 0;           // mean z of the top plate minus the bottom's
  double bottom_z = 0;      // mean z of the bottom plate (it starts at 0)
  double bottom_vz = 0;     // mean z velocity of the bottom plate
  std::size_t ties = 0;
  RunResult run;
};

// test::colliding_plates: two 20 x 20 mm plates of 1 mm shells (contact
// distance 1 mm), the top one shifted by (0.9, 0.6) and `gap` above, the
// bottom one the slave side; the top one moves at `top_vz`.
PlatesAtEnd run_plates(double gap, double top_vz, bool tied) {
  Model m = test::colliding_plates(gap, 0.0, -top_vz, 0.0);
  m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  m.contacts[0].tie_at_start = tied;
  State s = build_state(m, whole_model_mesh(m));
  PlatesAtEnd out;
  out.run = test::run_quietly(s, 0.2);
  const int half = s.nodes.count() / 2;  // the bottom plate's nodes first
  for (int n = 0; n < s.nodes.count(); ++n) {
    out.gap += (n < half ? -1.0 : 1.0) * s.nodes.x(n, 2) / half;
    if (n < half) out.bottom_z += s.nodes.x(n, 2) / half;
    if (n < half) out.bottom_vz += s.nodes.v(n, 2) / half;
  }
  if (!s.carry.contact_ties.empty()) out.ties = s.carry.contact_ties[0].size();
  return out;
}

// At the contact distance, tied: the top plate, leaving at 5 mm/ms, takes
// the bottom one along (momentum shared: 2.5 mm/ms each on average, so
// about 0.5 mm in 0.2 ms less the ties' first stretch), the ties holding
// the gap to a few hundredths of a mm, and the energy is kept to 2 % (the
// ties are springs; what grows is the hourglass work of the pinned plates,
// as in tests/contact/tied_plates.py). Free (the same contact untied), the
// top plate leaves alone: 1 mm more gap in 0.2 ms.
TEST(TiedContact, APlateTiedAtTheStartTakesTheOtherAlong) {
  const PlatesAtEnd tied = run_plates(1.0, 5.0, true);
  const PlatesAtEnd free = run_plates(1.0, 5.0, false);
  const EnergyRecord& e = tied.run.last;
  std::printf("tied: %zu ties, gap %.4f mm, bottom plate up %.4f mm at %.4f mm/ms; energy %.6g -> %.6g (kinetic "
              "%.4g, internal %.4g, hourglass %.4g, contact %.4g); free: gap %.4f mm\n",
              tied.ties, tied.gap, tied.bottom_z, tied.bottom_vz, tied.run.first.total, e.total, e.kinetic,
              e.internal, e.hourglass, e.contact, free.gap);
  EXPECT_EQ(tied.ties, 100u);  // the bottom nodes under the top plate: 10 x 10 of 11 x 11
  EXPECT_NEAR(tied.gap, 1.0, 0.02);
  EXPECT_GT(tied.bottom_z, 0.4);
  EXPECT_LT(tied.bottom_z, 0.55);
  EXPECT_NEAR(e.total, tied.run.first.total, 0.02 * tied.run.first.total);
  EXPECT_NEAR(free.gap, 2.0, 0.005);  // 0.2 ms and the last step's overshoot
  EXPECT_EQ(free.bottom_z, 0.0);
  EXPECT_EQ(free.ties, 0u);
}

// Beyond the tolerance nothing ties, and an untied node takes no contact
// force: the top plate, 1.5 mm up and falling at 10 mm/ms, passes through.
TEST(TiedContact, NodesTooFarAreNotTiedAndTakeNoContactForce) {
  const PlatesAtEnd far = run_plates(1.5, -10.0, true);
  EXPECT_EQ(far.ties, 0u);
  EXPECT_NEAR(far.gap, 1.5 - 10.0 * 0.2, 0.005);  // and the last step's overshoot
  EXPECT_EQ(far.bottom_z, 0.0);
  EXPECT_EQ(far.bottom_vz, 0.0);
}

}  // namespace
}  // namespace mc
