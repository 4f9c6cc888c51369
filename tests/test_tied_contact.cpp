// *CONTACT_TIED_... (contact/contact_ties.cpp, form_starting_ties): in the
// interface's first cycle every slave node within the tolerance of a master
// segment, inside its normal projection, is tied where it is; untied nodes
// take no contact force at all, as in LS-DYNA's tied contacts.
#include <gtest/gtest.h>

#include <cstdio>

#include "contact/contact_ties.hpp"
#include "contact/initial_penetration.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

struct PlatesAtEnd {
  double gap = 0;           // mean z of the top plate minus the bottom's
  double bottom_z = 0;      // mean z of the bottom plate (it starts at 0)
  double bottom_vz = 0;     // mean z velocity of the bottom plate
  std::size_t ties = 0, failed = 0;
  RunResult run;
};

// test::colliding_plates: two 20 x 20 mm plates of 1 mm shells (contact
// distance 1 mm), the top one shifted by (0.9, 0.6) and `gap` above, the
// bottom one the slave side; the top one moves at `top_vz`.
PlatesAtEnd run_plates(double gap, double top_vz, bool tied, int tiebreak_option = 0, double nfls = 0) {
  Model m = test::colliding_plates(gap, 0.0, -top_vz, 0.0);
  m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  m.contacts[0].tie_at_start = m.contacts[0].tied_only = tied;
  if (tiebreak_option > 0) {  // _TIEBREAK OPTION 1, 2 or 3 with NFLS
    m.contacts[0].kind = ContactInterface::Kind::SurfaceToSurface;
    m.contacts[0].tie_option = tiebreak_option;
    m.contacts[0].tie_on_contact = tiebreak_option != 2;
    m.contacts[0].tie_at_start = tiebreak_option == 2;
    m.contacts[0].tie_normal_failure = nfls;
  }
  State s = build_state(m, whole_model_mesh(m));
  PlatesAtEnd out;
  out.run = test::run_quietly(s, 0.2);
  const int half = s.nodes.count() / 2;  // each plate's
  for (int n = 0; n < s.nodes.count(); ++n) {
    const bool bottom = test::on_bottom_plate(s, n);
    out.gap += (bottom ? -1.0 : 1.0) * s.nodes.x(n, 2) / half;
    if (bottom) out.bottom_z += s.nodes.x(n, 2) / half;
    if (bottom) out.bottom_vz += s.nodes.v(n, 2) / half;
  }
  if (!s.carry.contact_ties.empty()) out.ties = s.carry.contact_ties[0].size();
  for (const auto& ties : s.carry.contact_ties)
    for (const ContactTie& tie : ties) out.failed += tie.failed ? 1 : 0;
  return out;
}

// Without OFFSET the slave nodes that tie are moved onto the master
// surface first, as LS-DYNA does: the bottom plate's 100 nodes under the
// top plate, 1 mm below it, go up by 1 mm; the 21 beyond its edge stay.
TEST(TiedContact, WithoutOffsetTheTiedSlaveNodesMoveOntoTheMasterSurface) {
  Model m = test::colliding_plates(1.0, 0.0, 0.0, 0.0);
  m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  m.contacts[0].tie_at_start = m.contacts[0].tied_only = m.contacts[0].tie_moves_nodes = true;
  const PenetrationFix fix = remove_initial_penetrations(m);
  EXPECT_EQ(fix.tied_moved, 100);
  EXPECT_NEAR(fix.tied_largest, 1.0, 1e-12);
  EXPECT_EQ(fix.moved, 0);
  int lifted = 0, kept = 0;
  for (std::size_t n = 0; n < 121; ++n) {  // the bottom plate's nodes
    if (m.nodes[n].x[2] == 1.0) ++lifted;
    if (m.nodes[n].x[2] == 0.0) ++kept;
  }
  EXPECT_EQ(lifted, 100);
  EXPECT_EQ(kept, 21);
}

// The TIEBREAK criterion (sigma_n / NFLS)^2 + (sigma_s / SFLS)^2 >= 1 in
// closed form: a node above its segment (height > 0, normal +z), area 2;
// the force pulls it down (tension) by 0.6 NFLS A and across by 0.8 SFLS A:
// 0.36 + 0.64 = 1 fails, 1 % less does not; the same push up (compression)
// counts only the shear; each limit at 0 never fails by its stress.
TEST(TiedContact, TiebreakFailureIsTheQuadraticStressCriterion) {
  const double n[3] = {0, 0, 1}, area = 2, nfls = 3, sfls = 5;
  const double at_limit[3] = {0.8 * sfls * area, 0, -0.6 * nfls * area};
  const double below[3] = {0.99 * at_limit[0], 0, 0.99 * at_limit[2]};
  EXPECT_TRUE(tie_fails(at_limit, n, 0.5, area, nfls, sfls));
  EXPECT_FALSE(tie_fails(below, n, 0.5, area, nfls, sfls));
  EXPECT_FALSE(tie_fails(at_limit, n, -0.5, area, nfls, sfls));  // the node below: that force pushes it in
  const double pure_tension[3] = {0, 0, -nfls * area}, pure_shear[3] = {0, sfls * area, 0};
  EXPECT_TRUE(tie_fails(pure_tension, n, 0.5, area, nfls, sfls));
  EXPECT_TRUE(tie_fails(pure_shear, n, 0.5, area, nfls, sfls));
  EXPECT_FALSE(tie_fails(pure_tension, n, 0.5, area, 0, sfls));
  EXPECT_FALSE(tie_fails(pure_shear, n, 0.5, area, nfls, 0));
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

// _TIEBREAK OPTION 2: the nodes touching at the start are tied until the
// tension over the node's area reaches NFLS. Strong ties (NFLS 1 GPa) hold
// as the tied contact does; weak ones (1e-6 GPa) all break on the first
// cycle they stretch (cycle 2), after passing the bottom plate the impulse
// of that one cycle of the penalty spring, so the plates part (gap over
// 1.5 mm; the untied plates' 2.0). Ties at the start are made on either
// side's nodes (surface to surface).
TEST(TiedContact, TiebreakOptionTwoHoldsUntilTheTensionReachesNfls) {
  const PlatesAtEnd strong = run_plates(1.0, 5.0, false, 2, 1.0);
  const PlatesAtEnd weak = run_plates(1.0, 5.0, false, 2, 1e-6);
  std::printf("option 2: strong ties %zu (failed %zu), gap %.4f, bottom up %.4f; weak ties %zu (failed %zu), gap %.4f, "
              "bottom up %.4f mm\n", strong.ties, strong.failed, strong.gap, strong.bottom_z, weak.ties, weak.failed,
              weak.gap, weak.bottom_z);
  EXPECT_GT(strong.ties, 100u);
  EXPECT_EQ(strong.failed, 0u);
  EXPECT_NEAR(strong.gap, 1.0, 0.02);
  EXPECT_GT(strong.bottom_z, 0.4);
  EXPECT_EQ(weak.failed, weak.ties);
  EXPECT_GT(weak.gap, 1.5);
  EXPECT_LT(weak.bottom_z, 0.5 * strong.bottom_z);
}

// _TIEBREAK OPTION 3: plates that meet head-on tie on contact; OPTION 1
// keeps them glued, OPTION 3's ties (NFLS 1e-6 GPa) hold in compression
// and break in the rebound's tension, so the plates part as untied ones do.
TEST(TiedContact, TiebreakOptionThreeTiesOnContactAndBreaksInTension) {
  const PlatesAtEnd glued = run_plates(1.5, -10.0, false, 1, 0.0);
  const PlatesAtEnd breaking = run_plates(1.5, -10.0, false, 3, 1e-6);
  const PlatesAtEnd free = run_plates(1.5, -10.0, false);
  std::printf("head-on: glued gap %.4f (%zu ties), option 3 gap %.4f (%zu ties, %zu failed), untied gap %.4f mm\n",
              glued.gap, glued.ties, breaking.gap, breaking.ties, breaking.failed, free.gap);
  EXPECT_GT(breaking.ties, 0u);
  EXPECT_EQ(breaking.failed, breaking.ties);
  EXPECT_LT(glued.gap, 1.1);
  EXPECT_GT(breaking.gap, 1.1);
  EXPECT_NEAR(breaking.gap, free.gap, 0.25 * free.gap);
}

}  // namespace
}  // namespace mc
