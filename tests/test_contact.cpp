// Penalty contact: the node-segment kernel against closed forms, and
// collisions checked for penetration, energy and momentum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "contact/contact_phase.hpp"
#include "contact/contact_setup.hpp"
#include "contact/initial_penetration.hpp"
#include "contact/node_segment_penalty.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/contact_mesh_of.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::kFixedCorners;
using test::Steel;

// A node 0.3 above a unit quad, reach 1: penetration 0.7, force k 0.7 up,
// weights summing to one (action = reaction), energy 1/2 k 0.7^2.
TEST(ContactKernel, NodeAboveQuadGetsPenaltyForceAlongNormal) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double v[4][3] = {};
  const double p[3] = {0.25, 0.6, 0.3}, vp[3] = {0, 0, 0};
  const PairForce f = node_segment_force(p, vp, 1.0, kFixedCorners, x, v, false, 1.0, 2.0, FrictionLaw{}, 0.0, 1e-3);
  ASSERT_TRUE(f.active);
  EXPECT_NEAR(f.f[2], 2.0 * 0.7, 1e-12);
  EXPECT_NEAR(f.f[0], 0, 1e-12);
  EXPECT_NEAR(f.f[1], 0, 1e-12);
  EXPECT_NEAR(f.weight[0] + f.weight[1] + f.weight[2] + f.weight[3], 1.0, 1e-14);
  EXPECT_NEAR(f.penalty_energy, 0.5 * 2.0 * 0.49, 1e-12);
  // The weights reproduce the contact point.
  double q[3] = {0, 0, 0};
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < 3; ++k) q[k] += f.weight[c] * x[c][k];
  EXPECT_NEAR(q[0], 0.25, 1e-14);
  EXPECT_NEAR(q[1], 0.6, 1e-14);
}

// Beyond an edge the push is radial from the edge; out of reach nothing.
TEST(ContactKernel, EdgeContactPushesAwayFromTheEdgeAndFarNodesAreFree) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double v[4][3] = {};
  const double vp[3] = {0, 0, 0};
  const double beside[3] = {1.3, 0.5, 0.4};  // 0.5 from the edge x = 1
  const PairForce f = node_segment_force(beside, vp, 1.0, kFixedCorners, x, v, false, 1.0, 1.0, FrictionLaw{}, 0.0, 1e-3);
  ASSERT_TRUE(f.active);
  EXPECT_NEAR(f.f[0], 0.5 * 0.6, 1e-12);
  EXPECT_NEAR(f.f[2], 0.5 * 0.8, 1e-12);
  const double far[3] = {0.5, 0.5, 1.01};
  EXPECT_FALSE(node_segment_force(far, vp, 1.0, kFixedCorners, x, v, false, 1.0, 1.0, FrictionLaw{}, 0.0, 1e-3).active);
}

// Sliding at speed s with mu = 0.3: friction 0.3 * fn against the slip,
// its power the force times the mean of the slips before and after it acts,
// capped for slow slip by half the force that stops it within the step:
// m/2 s / dt against an immovable segment, and with the segment's corners
// as heavy as the node (the centre, on the diagonal of the quad's two
// triangles: weights 1/2 on corners 1 and 3), the slip changes by
// F dt (1/m + 2 (1/2)^2 / m), so m/3 s / dt.
TEST(ContactKernel, CoulombFrictionOpposesSlipAndSticksWhenSlow) {
  const double x[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const double v[4][3] = {};
  const double p[3] = {0.5, 0.5, 0.5};
  const FrictionLaw law{0.3, 0.3, 0};
  const double fast[3] = {10, 0, 0};
  const PairForce f = node_segment_force(p, fast, 1.0, kFixedCorners, x, v, false, 1.0, 4.0, law, 0.0, 1e-3);
  EXPECT_NEAR(f.f[2], 2.0, 1e-12);
  EXPECT_NEAR(f.f[0], -0.3 * 2.0, 1e-12);
  EXPECT_NEAR(f.dissipated_power, 0.6 * (10 - 0.5 * 0.6 * 1e-3), 1e-12);  // the mean slip over the step
  const double slow[3] = {1e-3, 0, 0};
  const PairForce g = node_segment_force(p, slow, 1e-3, kFixedCorners, x, v, false, 1.0, 4.0, law, 0.0, 1e-3);
  EXPECT_NEAR(g.f[0], -0.5 * 1e-3 * 1e-3 / 1e-3, 1e-15);
  const double light[4] = {1e-3, 1e-3, 1e-3, 1e-3};
  const PairForce h = node_segment_force(p, slow, 1e-3, light, x, v, false, 1.0, 4.0, law, 0.0, 1e-3);
  EXPECT_NEAR(h.f[0], -1e-3 / 3.0 * 1e-3 / 1e-3, 1e-15);
}

// SLSFAC K A / d_max for a 2 x 2 mm steel segment.
TEST(ContactSetup, PenaltyStiffnessFollowsTheSegmentFormula) {
  const double bulk = Steel::youngs / (3 * (1 - 2 * Steel::poisson));
  EXPECT_NEAR(segment_penalty_stiffness(0.1, Steel::youngs, Steel::poisson, 4.0, std::sqrt(8.0)),
              0.1 * bulk * 4.0 / std::sqrt(8.0), 1e-12);
}

// Nodes to surface is one way: the slave plate's nodes meet the master
// plate's segments, its own segments meet nothing.
TEST(ContactSetup, NodesToSurfaceMakesSlaveSegmentsNoSurface) {
  Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  const State s = build_state(m, whole_model_mesh(m));
  const InterfaceSetup& in = s.contact.interfaces.at(0);
  ASSERT_EQ(in.segment_bits.size(), 200u);  // both 10 x 10 plates
  for (std::size_t g = 0; g < in.segment_bits.size(); ++g)
    EXPECT_EQ(in.segment_bits[g], s.elements.part(in.segment_element[g]) == 0 ? 0 : kMasterSide) << g;
  for (std::size_t n = 0; n < in.node_local.size(); ++n)  // the bottom plate is the slave side
    EXPECT_EQ(in.node_bits[n], test::on_bottom_plate(s, in.node_local[n]) ? kSlaveSide : kMasterSide) << n;
}

// A slave node set (SSTYP 4) keeps the slave side to its nodes: the other
// nodes of the slave plate are neither side; with every node of the plate
// in the set the run is bit for bit the run with the plate as the side.
TEST(ContactSetup, SlaveNodeSetKeepsOnlyItsNodesAsSlaves) {
  Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  m.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  for (GlobalId id = 1; id <= 121; id += 2) m.contacts[0].slave_nodes.push_back(id);  // every other bottom node
  const State s = build_state(m, whole_model_mesh(m));
  const InterfaceSetup& in = s.contact.interfaces.at(0);
  for (std::size_t n = 0; n < in.node_local.size(); ++n) {
    const GlobalId id = s.nodes.ids[static_cast<std::size_t>(in.node_local[n])];
    EXPECT_EQ(in.node_bits[n], id > 1000 ? kMasterSide : id % 2 == 1 ? kSlaveSide : 0) << id;
  }
  Model all = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  all.contacts[0].kind = ContactInterface::Kind::NodesToSurface;
  Model by_set = all;
  for (GlobalId id = 1; id <= 121; ++id) by_set.contacts[0].slave_nodes.push_back(id);
  State a = build_state(all, whole_model_mesh(all)), b = build_state(by_set, whole_model_mesh(by_set));
  test::run_quietly(a, 0.1);  // they touch from about 0.03 ms
  test::run_quietly(b, 0.1);
  for (int n = 0; n < a.nodes.count(); ++n)
    for (int k = 0; k < 3; ++k) ASSERT_EQ(a.nodes.x(n, k), b.nodes.x(n, k)) << n << " " << k;
}

// A side given as shells (a segment or shell set) takes those shells
// alone: with every other shell of the master plate, only they are master
// segments, and their nodes alone master nodes; with all of them the run is
// bit for bit the run with the master plate's part.
TEST(ContactSetup, ShellSideKeepsOnlyItsShellsAsSegments) {
  Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  for (GlobalId id = 1001; id <= 1100; id += 2) m.contacts[0].master_shells.push_back(id);
  const State s = build_state(m, whole_model_mesh(m));
  const InterfaceSetup& in = s.contact.interfaces.at(0);
  ASSERT_EQ(in.segment_bits.size(), 150u);  // the slave plate's 100 and 50 of the master's
  for (std::size_t g = 0; g < in.segment_bits.size(); ++g) {
    const GlobalId id = s.elements.ids[static_cast<std::size_t>(in.segment_element[g])];
    EXPECT_EQ(in.segment_bits[g], id > 1000 ? kMasterSide : kSlaveSide) << id;
    EXPECT_TRUE(id < 1000 || id % 2 == 1) << id;
  }
  Model by_part = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  Model by_shells = by_part;
  for (GlobalId id = 1001; id <= 1100; ++id) by_shells.contacts[0].master_shells.push_back(id);
  State a = build_state(by_part, whole_model_mesh(by_part)), b = build_state(by_shells, whole_model_mesh(by_shells));
  test::run_quietly(a, 0.1);
  test::run_quietly(b, 0.1);
  for (int n = 0; n < a.nodes.count(); ++n)
    for (int k = 0; k < 3; ++k) ASSERT_EQ(a.nodes.x(n, k), b.nodes.x(n, k)) << n << " " << k;
}

// Two elastic plates meet head-on (10 and 5 m/s) and separate: the gap
// between their mid-surfaces never closes by more than 10 % of the
// thickness below the contact distance (1 mm), total energy with contact
// energy stays within 3 %, and momentum is conserved to 1e-6. Surface to
// surface checks both plates' nodes; nodes to surface the bottom plate's.
class HeadOnPlates : public ::testing::TestWithParam<ContactInterface::Kind> {};

TEST_P(HeadOnPlates, BounceWithoutPenetrationEnergyAndMomentumKept) {
  Model m = test::colliding_plates(1.5, 5.0, 10.0, 0.0);
  m.contacts[0].kind = GetParam();
  const LocalMesh mesh = whole_model_mesh(m);
  State s = build_state(m, mesh);
  double closest = 1e9;
  const RunResult r = test::run_quietly(s, 0.2, [&](const State& st) {
    // Each top node over the bottom plate against the bottom node nearest under it (2 mm grid).
    for (int n = 0; n < st.nodes.count(); ++n) {
      if (test::on_bottom_plate(st, n)) continue;
      const long i = std::lround(st.nodes.x(n, 0) / 2), j = std::lround(st.nodes.x(n, 1) / 2);
      if (i > 10 || j > 10) continue;  // overhangs the bottom plate
      const int under = mesh.node_index.at(static_cast<GlobalId>(1 + i + 11 * j));
      closest = std::min(closest, double(st.nodes.x(n, 2) - st.nodes.x(under, 2)));
    }
  });
  std::printf("plates: closest mid-surfaces %.4f mm (contact distance 1), energy %.6g -> %.6g, z momentum %.9g -> %.9g\n",
              closest, r.first.total, r.last.total, r.first.momentum[2], r.last.momentum[2]);
  EXPECT_GT(closest, 0.9) << "plates 1 mm thick came within " << closest << " mm";
  EXPECT_LT(closest, 1.0) << "they never touched";
  EXPECT_NEAR(r.last.total, r.first.total, 0.03 * r.first.total);
  const double scale = std::abs(r.first.momentum[2]) + r.first.mass * 5.0;
  EXPECT_NEAR(r.last.momentum[2], r.first.momentum[2], 1e-6 * scale);
  // The slower plate leaves faster: they have exchanged velocities, so the
  // bottom plate now moves down.
  EXPECT_LT(test::plates_mean_vz(s).bottom, 0);
}

INSTANTIATE_TEST_SUITE_P(Contact, HeadOnPlates,
                         ::testing::Values(ContactInterface::Kind::SurfaceToSurface,
                                           ContactInterface::Kind::NodesToSurface),
                         [](const auto& param_info) {
                           return param_info.param == ContactInterface::Kind::NodesToSurface ? "NodesToSurface"
                                                                                       : "SurfaceToSurface";
                         });

// A closed 10 mm shell box falls at 10 m/s onto a 20 x 20 mm plate clamped
// at its edges (single surface contact over both): it bounces back up and
// no box node ever passes below the plate under it.
TEST(Contact, BoxDroppedOnClampedPlateReboundsWithoutPassingThrough) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 10;
  spec.lx = spec.ly = 20;
  spec.x0 = spec.y0 = -10;
  spec.end_time = 0.4;
  Model m = test::plate_model(spec);
  for (int j = 0; j <= spec.ny; ++j)
    for (int i = 0; i <= spec.nx; ++i)
      if (i == 0 || j == 0 || i == spec.nx || j == spec.ny)
        m.spcs.push_back(Spc{test::plate_node_id(spec, i, j), {true, true, true, true, true, true}, {}});
  const int n = 5;  // box: lattice points of a 5 x 5 x 5 grid on the cube's surface
  const double side = 10, z0 = 1.5;
  auto box_id = [&](int i, int j, int k) { return GlobalId{10000} + i + (n + 1) * (j + (n + 1) * k); };
  for (int k = 0; k <= n; ++k)
    for (int j = 0; j <= n; ++j)
      for (int i = 0; i <= n; ++i)
        if (i == 0 || j == 0 || k == 0 || i == n || j == n || k == n)
          m.nodes.push_back({box_id(i, j, k), {-side / 2 + side * i / n, -side / 2 + side * j / n, z0 + side * k / n}});
  GlobalId eid = 10000;
  auto quad = [&](GlobalId a, GlobalId b, GlobalId c, GlobalId d) {
    Shell s;
    s.id = eid++;
    s.part = 2;
    s.nodes = {a, b, c, d};
    m.shells.push_back(s);
  };
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int face = 0; face < 2; ++face) {
        const int f = face * n;
        quad(box_id(a, b, f), box_id(a + 1, b, f), box_id(a + 1, b + 1, f), box_id(a, b + 1, f));
        quad(box_id(a, f, b), box_id(a + 1, f, b), box_id(a + 1, f, b + 1), box_id(a, f, b + 1));
        quad(box_id(f, a, b), box_id(f, a + 1, b), box_id(f, a + 1, b + 1), box_id(f, a, b + 1));
      }
  Part box = m.parts[1];
  box.id = 2;
  box.title = "box";
  m.parts[2] = box;
  InitialVelocity fall;
  for (const Node& node : m.nodes)
    if (node.id >= 10000) fall.nodes.push_back(node.id);
  fall.v = {0, 0, -10};
  m.initial_velocities.push_back(fall);
  ContactInterface c;
  c.slave_all = true;
  m.contacts.push_back(c);
  const LocalMesh mesh = whole_model_mesh(m);
  State s = build_state(m, mesh);
  const auto on_box = [&](int node) { return s.nodes.ids[static_cast<std::size_t>(node)] >= 10000; };  // box_id
  double worst = 1e9;
  const RunResult r = test::run_quietly(s, spec.end_time, [&](const State& st) {
    for (int b = 0; b < st.nodes.count(); ++b) {
      if (!on_box(b)) continue;
      // The plate node nearest under the box node (grid spacing 2 mm).
      const int i = std::clamp(static_cast<int>(std::lround((st.nodes.x(b, 0) + 10) / 2)), 0, spec.nx);
      const int j = std::clamp(static_cast<int>(std::lround((st.nodes.x(b, 1) + 10) / 2)), 0, spec.ny);
      const int under = mesh.node_index.at(test::plate_node_id(spec, i, j));
      worst = std::min(worst, double(st.nodes.x(b, 2) - st.nodes.x(under, 2)));
    }
  });
  std::printf("box: closest box node to the plate %.4f mm, energy %.6g -> %.6g\n", worst, r.first.total,
              r.last.total);
  EXPECT_GT(worst, 0.5) << "a box node came within " << worst << " mm of the plate (contact distance 1 mm)";
  double vz = 0;
  for (int b = 0; b < s.nodes.count(); ++b)
    if (on_box(b)) vz += s.nodes.v(b, 2) * s.nodes.mass(b);
  EXPECT_GT(vz, 0) << "the box did not bounce";
  EXPECT_NEAR(r.last.total, r.first.total, 0.05 * r.first.total);
}

// Erosion: a shell that fails is no contact segment from that cycle on,
// between sorts too. Two plates start 0.5 mm apart (contact distance 1 mm),
// so the first cycle finds pairs; once every shell of both plates has
// eroded, the same candidates give no pair and no force.
TEST(Contact, ErodedShellsAreNoContactSegmentsFromTheNextCycle) {
  Model m = test::colliding_plates(0.5, 0.0, 0.0, 0.0);
  State s = build_state(m, whole_model_mesh(m));
  s.dt_prev = 1e-4;
  Communicator comm;
  const ContactMesh mesh = contact_mesh_of(s);
  const ContactClock clock{0, 0, s.dt_prev};
  std::vector<double> friction;
  std::vector<std::vector<ContactTie>> ties;
  ContactPhase contact(s.contact, mesh, comm);
  contact.load_motion(mesh, clock);
  contact.compute(mesh, clock, friction, ties, comm, true);
  const std::int64_t touching = contact.outputs(friction, comm)[0].active_pairs;
  EXPECT_GT(touching, 100) << "the plates should touch over their overlap";

  for (int e = 0; e < s.elements.count(); ++e) s.elements.alive(e) = 0;
  contact.load_motion(mesh, clock);
  contact.compute(mesh, clock, friction, ties, comm, false);  // the candidates of the sort above
  EXPECT_EQ(contact.outputs(friction, comm)[0].active_pairs, 0);
  double force = 0;
  for (int n = 0; n < s.nodes.count(); ++n)
    for (int k = 0; k < 3; ++k) force += std::abs(double(s.nodes.fc(n, k)));
  EXPECT_EQ(force, 0.0);
  contact.load_motion(mesh, clock);
  contact.compute(mesh, clock, friction, ties, comm, true);
  EXPECT_EQ(contact.outputs(friction, comm)[0].active_pairs, 0) << "a sort should not find eroded segments";
}

// Initial penetrations: two 1 mm plates 0.5 mm apart (contact distance 1 mm).
// The bottom (slave, lower ids) plate's nodes are moved out first, each to
// the contact distance; the top plate's then find it there and stay, except
// near the bottom plate's edge, whose nodes went out radially. A second
// pass moves nothing, and the run starts with no contact energy.
TEST(ContactSetup, InitialPenetrationsAreMovedOutToTheContactDistance) {
  Model m = test::colliding_plates(0.5, 0.0, 0.0, 0.0);
  const Model before = m;
  const PenetrationFix fix = remove_initial_penetrations(m);
  std::printf("initial penetrations: %lld nodes moved, largest %.6f mm at node %lld\n",
              static_cast<long long>(fix.moved), fix.largest, static_cast<long long>(fix.node));
  EXPECT_NEAR(fix.largest, 0.5, 1e-8);
  EXPECT_EQ(fix.on_surface, 0);
  const std::size_t half = m.nodes.size() / 2;
  std::int64_t straight_down = 0;
  for (std::size_t n = 0; n < m.nodes.size(); ++n) {
    if (n >= half) {  // over the bottom plate's flat interior, the top plate finds it moved out already
      const bool over_flat = before.nodes[n].x[0] > 2 && before.nodes[n].x[1] > 2 && before.nodes[n].x[0] < 18 &&
                             before.nodes[n].x[1] < 18;
      if (over_flat) {
        EXPECT_EQ(m.nodes[n].x, before.nodes[n].x) << "top plate node " << m.nodes[n].id << " moved";
      }
      continue;
    }
    straight_down += std::fabs(m.nodes[n].x[2] + 0.5) < 1e-8 && std::fabs(m.nodes[n].x[0] - before.nodes[n].x[0]) < 1e-12 &&
                     std::fabs(m.nodes[n].x[1] - before.nodes[n].x[1]) < 1e-12;
  }
  EXPECT_EQ(straight_down, 100);  // the 10 x 10 nodes under the top plate's interior
  EXPECT_EQ(remove_initial_penetrations(m).moved, 0);
  State s = build_state(m, whole_model_mesh(m));
  const RunResult r = test::run_quietly(s, 1e-6);
  EXPECT_EQ(r.first.contact, 0.0);
}

}  // namespace
}  // namespace mc

namespace mc {
namespace {

// The sort test skips its pass over the contact nodes while update_positions'
// bounds on the nodes' travel add up to less than 0.4 margin: it must then
// ask for a sort on exactly the cycles the full pass asks for. The nodes
// glide in-plane at speeds that differ node by node, so the fastest decides.
TEST(Contact, SortTestWithTravelBoundsAsksForTheSortsTheFullPassAsksFor) {
  Model m = test::colliding_plates(0.5, 0.0, 0.0, 0.0);
  State s = build_state(m, whole_model_mesh(m));
  s.dt_prev = 0.05;
  for (int n = 0; n < s.nodes.count(); ++n) {
    s.nodes.v(n, 0) = 1.0 + 0.5 * (n % 3);
    s.nodes.v(n, 1) = -0.3 * (n % 5);
  }
  Communicator comm;
  const ContactMesh mesh = contact_mesh_of(s);
  std::vector<double> friction;
  std::vector<std::vector<ContactTie>> ties;
  ContactPhase bounded(s.contact, mesh, comm), full(s.contact, mesh, comm);
  ContactClock clock{0, 0, s.dt_prev};  // node_travel unknown: the first cycle sorts
  int sorts = 0;
  for (int cycle = 0; cycle < 200; ++cycle) {
    clock.cycle = cycle;
    const bool wants = bounded.load_motion(mesh, clock);
    ASSERT_EQ(wants, full.load_motion(mesh, ContactClock{0, cycle, s.dt_prev})) << "cycle " << cycle;
    if (wants || cycle == 0) {
      bounded.compute(mesh, clock, friction, ties, comm, true);
      full.compute(mesh, clock, friction, ties, comm, true);
      sorts += 1;
    }
    std::vector<Real> before(s.nodes.x.data(), s.nodes.x.data() + 3 * s.nodes.count());
    clock.node_travel = update_positions(s, static_cast<Real>(s.dt_prev));
    double farthest = 0;
    for (int n = 0; n < s.nodes.count(); ++n) {
      double d2 = 0;
      for (int k = 0; k < 3; ++k) d2 += std::pow(double(s.nodes.x(n, k)) - double(before[3 * n + k]), 2);
      farthest = std::max(farthest, std::sqrt(d2));
    }
    // A bound, and a close one: |v|_1 dt of the fastest node, (2 + 1.2) 0.05.
    ASSERT_GE(clock.node_travel, farthest);
    ASSERT_NEAR(clock.node_travel, 0.16, 1e-9);
  }
  EXPECT_GT(sorts, 3) << "the nodes should travel past 0.4 margin several times";
}

}  // namespace
}  // namespace mc
