// *CONSTRAINED_SPOTWELD / _GENERALIZED_WELD_SPOT / _NODAL_RIGID_BODY: nodes
// that move as one rigid body. Two parallel plates 2 mm apart, welded at
// their four corners; the lower one starts at 5 mm/ms in x, the upper at
// rest. A weld is a rigid body: the distance between its nodes may not change
// (1e-9 relative); the welds drag the upper plate along; momentum is kept.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

constexpr GlobalId kOffset = 1000;  // ids of the upper plate
constexpr double kGap = 2.0;

Model welded_plates(bool one_body) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 4;
  Model m = test::plate_model(spec);
  const std::size_t nodes = m.nodes.size(), shells = m.shells.size();
  for (std::size_t i = 0; i < nodes; ++i) {
    Node n = m.nodes[i];
    n.id += kOffset;
    n.x[2] += kGap;
    m.nodes.push_back(n);
  }
  for (std::size_t e = 0; e < shells; ++e) {
    Shell s = m.shells[e];
    s.id += kOffset;
    for (GlobalId& n : s.nodes) n += kOffset;
    m.shells.push_back(s);
  }
  InitialVelocity lower;
  for (std::size_t i = 0; i < nodes; ++i) lower.nodes.push_back(m.nodes[i].id);
  lower.v = {5.0, 0, 0};
  m.initial_velocities.push_back(lower);
  const GlobalId corners[4] = {test::plate_node_id(spec, 0, 0), test::plate_node_id(spec, 4, 0),
                               test::plate_node_id(spec, 4, 4), test::plate_node_id(spec, 0, 4)};
  if (one_body) {  // a nodal rigid body of all eight corner nodes
    NodalRigidBody body;
    body.id = 7;
    for (GlobalId c : corners) {
      body.nodes.push_back(c);
      body.nodes.push_back(c + kOffset);
    }
    m.nodal_rigid_bodies.push_back(body);
  } else {
    for (GlobalId c : corners) {
      NodalRigidBody weld;
      weld.nodes.push_back(c);
      weld.nodes.push_back(c + kOffset);
      m.nodal_rigid_bodies.push_back(weld);
    }
  }
  return m;
}

double momentum_x(const State& s, bool upper, const std::vector<GlobalId>& ids) {
  double p = 0;
  for (int i = 0; i < s.nodes.count(); ++i)
    if ((ids[static_cast<std::size_t>(i)] > kOffset) == upper) p += s.nodes.mass(i) * s.nodes.v(i, 0);
  return p;
}

void expect_rigid_links(bool one_body) {
  const Model m = welded_plates(one_body);
  const LocalMesh mesh = whole_model_mesh(m);
  State s = build_state(m, mesh);
  // Every pair of nodes of a body keeps its distance.
  std::vector<std::pair<int, int>> pairs;
  for (const RigidBody& body : s.rigid_bodies)
    for (std::size_t a = 0; a < body.nodes.size(); ++a)
      for (std::size_t b = a + 1; b < body.nodes.size(); ++b) pairs.push_back({body.nodes[a], body.nodes[b]});
  ASSERT_FALSE(pairs.empty());
  const auto distance = [&](const State& st, const std::pair<int, int>& p) {
    double d2 = 0;
    for (int k = 0; k < 3; ++k) d2 += std::pow(st.nodes.x(p.first, k) - st.nodes.x(p.second, k), 2);
    return std::sqrt(d2);
  };
  std::vector<double> initial;
  for (const auto& p : pairs) initial.push_back(distance(s, p));
  double worst = 0;
  const RunResult r = test::run_quietly(s, 0.2, [&](const State& st) {
    for (std::size_t k = 0; k < pairs.size(); ++k)
      worst = std::max(worst, std::fabs(distance(st, pairs[k]) - initial[k]) / initial[k]);
  });
  // The nodes turn on their circles (rigid_bodies.cpp, turn_velocity):
  // round-off only (3.6e-15; 6.3e-6 when they stepped along w x r).
  std::printf("worst link stretch %.3e\n", worst);
  EXPECT_LT(worst, 1e-12) << "a rigid link stretched";
  EXPECT_GT(momentum_x(s, true, mesh.node_ids), 0.05 * momentum_x(s, false, mesh.node_ids) + 0.0)
      << "the welds did not drag the upper plate";
  EXPECT_NEAR(r.last.momentum[0], r.first.momentum[0], 1e-9 * std::fabs(r.first.momentum[0]));
}

TEST(NodalRigidBodies, SpotWeldsKeepTheirLengthAndDragTheOtherPlate) { expect_rigid_links(false); }

TEST(NodalRigidBodies, ANodalRigidBodyOfEightNodesMovesRigidly) { expect_rigid_links(true); }

// *MAT_RIGID CMO +1, CON1 7 (no translation), CON2 4 (no x, y rotation): a
// 10 mm rigid plate started with v = (3, -2, 4) + w x r, w = (0.5, 0.2, 1.0)
// /ms about its centre may only spin about z, at w_z = L_z / I_zz = 1.0 (the
// plate's inertia is diagonal about its centre): the centre stays put, the
// plate stays in z = 0, and after t = 0.5 ms it has turned by 0.5 rad (1 %).
TEST(NodalRigidBodies, MatRigidGlobalConstraintsLeaveOnlyTheFreeSpin) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 2;
  Model m = test::plate_model(spec);
  // An elastic copy 50 mm above sets the time step (rigid parts set none).
  const std::size_t nodes = m.nodes.size(), shells = m.shells.size();
  for (std::size_t i = 0; i < nodes; ++i) m.nodes.push_back({m.nodes[i].id + kOffset, {m.nodes[i].x[0], m.nodes[i].x[1], 50.0}});
  for (std::size_t e = 0; e < shells; ++e) {
    Shell copy = m.shells[e];
    copy.id += kOffset;
    copy.part = 2;
    for (GlobalId& n : copy.nodes) n += kOffset;
    m.shells.push_back(copy);
  }
  m.parts[2] = {2, "elastic", 1, 2, 0, ThicknessUpdate::None, {}};
  m.materials[2] = m.materials.at(1);
  m.materials.at(1).kind = MaterialKind::Rigid;
  m.materials.at(1).rigid_fixed = 7 | 8 | 16;
  State s = build_state(m, whole_model_mesh(m));
  const std::array<double, 3> v0 = {3, -2, 4}, w = {0.5, 0.2, 1.0};
  for (int n = 0; n < s.nodes.count(); ++n) {
    if (s.nodes.x(n, 2) > 1) continue;  // the elastic copy stays at rest
    const double r[3] = {s.nodes.x(n, 0) - 5, s.nodes.x(n, 1) - 5, s.nodes.x(n, 2)};
    s.nodes.v(n, 0) = v0[0] + w[1] * r[2] - w[2] * r[1];
    s.nodes.v(n, 1) = v0[1] + w[2] * r[0] - w[0] * r[2];
    s.nodes.v(n, 2) = v0[2] + w[0] * r[1] - w[1] * r[0];
    for (int k = 0; k < 3; ++k) s.nodes.w(n, k) = w[k];  // nodes turn with the body
  }
  int corner = -1;  // the node starting at (10, 10, 0)
  for (int n = 0; n < s.nodes.count(); ++n)
    if (s.nodes.x(n, 0) > 9.99 && s.nodes.x(n, 1) > 9.99 && s.nodes.x(n, 2) < 1) corner = n;
  test::run_quietly(s, 0.5);
  const RigidBody& body = s.rigid_bodies.at(0);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(body.center[k], k < 2 ? 5.0 : 0.0, 1e-12) << k;
  EXPECT_NEAR(body.omega[0], 0, 1e-15);
  EXPECT_NEAR(body.omega[1], 0, 1e-15);
  EXPECT_NEAR(body.omega[2], 1.0, 1e-12);
  for (int n : body.nodes) EXPECT_NEAR(s.nodes.x(n, 2), 0.0, 1e-12);
  const double turned = std::atan2(s.nodes.x(corner, 1) - 5, s.nodes.x(corner, 0) - 5) - std::atan2(5.0, 5.0);
  std::printf("constrained rigid plate: turned %.6f rad in %.6f ms, w = (%g, %g, %.12f)\n", turned, s.time,
              body.omega[0], body.omega[1], body.omega[2]);
  EXPECT_NEAR(turned, s.time * 1.0, 0.01 * s.time);
}

// Two point masses (no rotary inertia) joined by a nodal rigid body: the
// body has no inertia about their line. Set spinning at w0 about an axis
// across the line, it must keep w0 (no moment; I w0 is parallel to w0) and
// its length, with no spin about the line (the Cramer solve of a singular
// inertia gave w = 0 or rounding noise).
TEST(NodalRigidBodies, TwoPointMassesOnALineSpinAcrossIt) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 2;
  Model m = test::plate_model(spec);  // sets the time step; stays at rest
  const std::array<double, 3> u = {1.0 / 3, 2.0 / 3, 2.0 / 3}, w0 = {2.0 / std::sqrt(5.0), -1.0 / std::sqrt(5.0), 0};
  const std::array<double, 3> centre = {30, 0, 0};
  NodalRigidBody body;
  body.id = 9;
  for (int k = 0; k < 2; ++k) {
    const double r = k == 0 ? -3.0 : 3.0;
    const GlobalId id = 5001 + k;
    m.nodes.push_back({id, {centre[0] + r * u[0], centre[1] + r * u[1], centre[2] + r * u[2]}});
    m.point_masses.push_back({id, id, 2e-3, 0, {}});
    body.nodes.push_back(id);
  }
  m.nodal_rigid_bodies.push_back(body);
  State s = build_state(m, whole_model_mesh(m));
  std::vector<int> ends;
  for (int n = 0; n < s.nodes.count(); ++n) {
    if (s.nodes.x(n, 0) < 20) continue;
    ends.push_back(n);
    const double r[3] = {s.nodes.x(n, 0) - centre[0], s.nodes.x(n, 1) - centre[1], s.nodes.x(n, 2) - centre[2]};
    s.nodes.v(n, 0) = w0[1] * r[2] - w0[2] * r[1];
    s.nodes.v(n, 1) = w0[2] * r[0] - w0[0] * r[2];
    s.nodes.v(n, 2) = w0[0] * r[1] - w0[1] * r[0];
  }
  ASSERT_EQ(ends.size(), 2u);
  test::run_quietly(s, 0.2);
  const RigidBody& rb = s.rigid_bodies.at(0);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(rb.omega[k], w0[k], 1e-9) << k;
  double d2 = 0;
  for (int k = 0; k < 3; ++k) d2 += std::pow(s.nodes.x(ends[0], k) - s.nodes.x(ends[1], k), 2);
  // x += v dt moves each end along the tangent: a spinning body grows by
  // (w dt)^2 / 2 a step, |w0|^2 t dt / 2 = 8.3e-5 here (dt 8.3e-4 ms).
  EXPECT_NEAR(std::sqrt(d2), 6.0, 6.0 * 1e-4);
  // It turned by |w0| t = 0.2 rad about w0.
  const double cosine = ((s.nodes.x(ends[1], 0) - s.nodes.x(ends[0], 0)) * u[0] +
                         (s.nodes.x(ends[1], 1) - s.nodes.x(ends[0], 1)) * u[1] +
                         (s.nodes.x(ends[1], 2) - s.nodes.x(ends[0], 2)) * u[2]) / std::sqrt(d2);
  EXPECT_NEAR(std::acos(cosine), s.time, 0.01 * s.time);
}

}  // namespace
}  // namespace mc
