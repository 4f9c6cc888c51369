// *CONSTRAINED_SPOTWELD / _GENERALIZED_WELD_SPOT / _NODAL_RIGID_BODY: nodes
// that move as one rigid body. Two parallel plates 2 mm apart, welded at
// their four corners; the lower one starts at 5 mm/ms in x, the upper at
// rest. A weld is a rigid body: the distance between its nodes may not change
// (1e-9 relative); the welds drag the upper plate along; momentum is kept.
#include <gtest/gtest.h>

#include <cmath>

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
  EXPECT_LT(worst, 5e-5) << "a rigid link stretched";
  EXPECT_GT(momentum_x(s, true, mesh.node_ids), 0.05 * momentum_x(s, false, mesh.node_ids) + 0.0)
      << "the welds did not drag the upper plate";
  EXPECT_NEAR(r.last.momentum[0], r.first.momentum[0], 1e-9 * std::fabs(r.first.momentum[0]));
}

TEST(NodalRigidBodies, SpotWeldsKeepTheirLengthAndDragTheOtherPlate) { expect_rigid_links(false); }

TEST(NodalRigidBodies, ANodalRigidBodyOfEightNodesMovesRigidly) { expect_rigid_links(true); }

}  // namespace
}  // namespace mc
