// The node phase stores f and m only where a rigid body or a prescribed
// motion reads them (node_roles); everyone else who needs a node's net force
// (the rigid walls) sums its terms again through net_force. Both must give
// the bits of the gather that stores every node's f and m, whether it
// keeps the speed bound of the wall gaps or not.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

// A 12 x 8 elastic-plastic plate whose left two columns are a rigid part,
// rippled and stretched so that every node carries a force of its own.
State rippled_plate_with_grip() {
  test::PlateSpec spec = test::plate_spec(12, 8, 60, 40, 1.0);
  spec.kind = MaterialKind::PiecewiseLinearPlasticity;
  Model m = test::plate_model(spec);
  test::make_rigid_part(m, [&](const Shell& shell) { return (shell.id - 1) % spec.nx < 2; });
  State s = build_state(m, whole_model_mesh(m));
  for (int n = 0; n < s.nodes.count(); ++n) {
    const double x = s.nodes.x(n, 0), y = s.nodes.x(n, 1);
    s.nodes.v(n, 0) = 0.3 * x;
    s.nodes.v(n, 2) = 2.0 * std::sin(x / 7) * std::cos(y / 5);
    s.nodes.w(n, 1) = 0.01 * std::cos(x / 9);
  }
  return s;
}

TEST(NodeRoles, GatherThatStoresOnlyReadForcesAdvancesEveryNodeAlike) {
  State all = rippled_plate_with_grip(), roled = rippled_plate_with_grip();
  const Real dt = static_cast<Real>(0.5 * element_forces(all, 0));
  const Halo none;
  const ByteView roles = node_roles(roled, none);
  int kept = 0;
  for (int n = 0; n < roled.nodes.count(); ++n) kept += roles(n) == kNodeKeepsForce;
  ASSERT_FALSE(roled.rigid_bodies.empty());
  EXPECT_EQ(kept, static_cast<int>(roled.rigid_bodies[0].nodes.size()));  // 3 columns of 9 nodes
  EXPECT_EQ(kept, 27);
  for (int cycle = 0; cycle < 3; ++cycle) {
    element_forces(all, dt);
    element_forces(roled, dt);
    // Keeping the speed bound (for the wall gaps) or not changes no bit.
    const double fastest = gather_forces_and_accelerate(all, ByteView(), dt, true);
    EXPECT_EQ(gather_forces_and_accelerate(roled, roles, dt, false), std::numeric_limits<double>::infinity());
    double speed = 0;  // the bound is the largest |v_x| + |v_y| + |v_z| exactly
    for (int n = 0; n < all.nodes.count(); ++n)
      speed = std::fmax(speed, std::fabs(static_cast<double>(all.nodes.v(n, 0))) +
                                   std::fabs(static_cast<double>(all.nodes.v(n, 1))) +
                                   std::fabs(static_cast<double>(all.nodes.v(n, 2))));
    EXPECT_EQ(fastest, speed);
    EXPECT_GT(fastest, 0);
    for (int n = 0; n < all.nodes.count(); ++n) {
      Real f[3];
      net_force(roled, roles, n, f);
      for (int k = 0; k < 3; ++k) {
        ASSERT_EQ(roled.nodes.v(n, k), all.nodes.v(n, k)) << "node " << n;
        ASSERT_EQ(roled.nodes.w(n, k), all.nodes.w(n, k)) << "node " << n;
        ASSERT_EQ(f[k], all.nodes.f(n, k)) << "node " << n;
        if (roles(n) == kNodeKeepsForce) {
          ASSERT_EQ(roled.nodes.m(n, k), all.nodes.m(n, k)) << "node " << n;
        }
      }
    }
    update_positions(all, dt);
    update_positions(roled, dt);
  }
  // The forces are not trivially zero: the stretch loads the plate.
  double largest = 0;
  for (int n = 0; n < all.nodes.count(); ++n) largest = std::fmax(largest, std::fabs(all.nodes.f(n, 0)));
  EXPECT_GT(largest, 0);
}

// A node whose new velocity is not finite makes the speed bound infinite
// (so the wall pass checks every node), wherever it sits in its block: in
// the SIMD packs of the block's reduction or in their tail. The plate's
// 117 nodes are one block: 14 packs of 8 (AVX-512) and 5 more.
TEST(NodeRoles, SpeedBoundIsInfiniteWhereAVelocityIsNotFinite) {
  for (const Real bad : {std::numeric_limits<Real>::quiet_NaN(), std::numeric_limits<Real>::infinity()})
    for (const int at : {3, 116}) {
      State s = rippled_plate_with_grip();
      ASSERT_EQ(s.nodes.count(), 117);
      const Real dt = static_cast<Real>(0.5 * element_forces(s, 0));
      element_forces(s, dt);
      s.nodes.v(at, 1) = bad;
      EXPECT_EQ(gather_forces_and_accelerate(s, ByteView(), dt, true), std::numeric_limits<double>::infinity())
          << "velocity " << bad << " at node " << at;
    }
}

// The force sums leave out the rigid shells' corners (nodes.force_terms):
// they hold -0, which adds nothing, so the gather over the rest gives the
// bits of the gather over every corner.
TEST(NodeRoles, ForceSumsLeaveOutStresslessCornersAndKeepTheGathersBits) {
  State every = rippled_plate_with_grip(), forces_only = rippled_plate_with_grip();
  every.nodes.force_terms = every.nodes.terms;
  const NodeTerms& all = forces_only.nodes.terms;
  const NodeTerms& kept = forces_only.nodes.force_terms;
  // The grip is two columns of 8 rigid shells: 64 corners left out. The
  // nodes of columns 0 and 1 (13 a row) meet rigid shells only, those of
  // column 2 one rigid and one deformable shell a row.
  EXPECT_EQ(all.term.extent(0) - kept.term.extent(0), 64u);
  for (int n = 0; n < forces_only.nodes.count(); ++n) {
    const int column = static_cast<int>((forces_only.nodes.ids[static_cast<std::size_t>(n)] - 1) % 13);
    const int terms = all.offset(n + 1) - all.offset(n), force_terms = kept.offset(n + 1) - kept.offset(n);
    EXPECT_EQ(force_terms, column < 2 ? 0 : column == 2 ? terms / 2 : terms) << "node " << n;
  }
  const Real dt = static_cast<Real>(0.5 * element_forces(every, 0));
  for (int cycle = 0; cycle < 3; ++cycle) {
    element_forces(every, dt);
    element_forces(forces_only, dt);
    gather_forces_and_accelerate(every, ByteView(), dt, false);
    gather_forces_and_accelerate(forces_only, ByteView(), dt, false);
    for (int n = 0; n < every.nodes.count(); ++n)
      for (int k = 0; k < 3; ++k) {
        ASSERT_EQ(std::signbit(forces_only.nodes.f(n, k)), std::signbit(every.nodes.f(n, k))) << "node " << n;
        ASSERT_EQ(forces_only.nodes.f(n, k), every.nodes.f(n, k)) << "node " << n;
        ASSERT_EQ(forces_only.nodes.m(n, k), every.nodes.m(n, k)) << "node " << n;
        ASSERT_EQ(forces_only.nodes.v(n, k), every.nodes.v(n, k)) << "node " << n;
        ASSERT_EQ(forces_only.nodes.w(n, k), every.nodes.w(n, k)) << "node " << n;
      }
    update_positions(every, dt);
    update_positions(forces_only, dt);
  }
  // Without a stressless shell the force sums read the same table.
  Model plain = test::plate_model(test::plate_spec(4, 3, 20, 15, 1.0));
  const State s = build_state(plain, whole_model_mesh(plain));
  EXPECT_EQ(s.nodes.force_terms.term.data(), s.nodes.terms.term.data());
}

}  // namespace
}  // namespace mc
