// Decomposition behaviour that only shows with several ranks (mpi_tests:
// ctest runs them at np = 1, 2, 3; at np = 1 they hold trivially).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "decomposition/subdomain/local_mesh.hpp"
#include "decomposition/partition/partition.hpp"
#include "decomposition/subdomain/subdomain.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"
#include "mpi_test_helpers.hpp"

namespace mc {
namespace {

using test::my_subdomain;

Model strip_model() {
  test::PlateSpec spec;
  spec.nx = 36;
  spec.ny = 6;
  spec.lx = 72;
  spec.ly = 12;
  return test::plate_model(spec);
}

TEST(MpiDecomposition, SharedNodeListsAreTheSameSeenFromBothNeighbours) {
  Communicator comm;
  const Subdomain sub = my_subdomain(strip_model(), comm);
  for (std::size_t q = 0; q < sub.plan.neighbours.size(); ++q) {
    const int other = sub.plan.neighbours[q];
    std::vector<char> mine(reinterpret_cast<const char*>(sub.plan.shared[q].data()),
                           reinterpret_cast<const char*>(sub.plan.shared[q].data() + sub.plan.shared[q].size()));
    // Lower rank sends first, so the pairwise exchange cannot deadlock.
    std::vector<char> theirs;
    if (comm.rank() < other) {
      comm.send(mine, other, 7);
      theirs = comm.recv(other, 7);
    } else {
      theirs = comm.recv(other, 7);
      comm.send(mine, other, 7);
    }
    EXPECT_EQ(mine, theirs) << "rank " << comm.rank() << " vs " << other;
  }
  if (comm.size() > 1) {
    EXPECT_FALSE(sub.plan.neighbours.empty());
  }
}

TEST(MpiDecomposition, NodalMassesEqualTheSingleRankMassesBitwise) {
  Communicator comm;
  const Model global = strip_model();
  const RankState local = build_rank_state(my_subdomain(global, comm), comm);
  const State whole = build_state(global, whole_model_mesh(global));
  for (int n = 0; n < local.state.nodes.count(); ++n) {
    const auto it = std::find(whole.nodes.ids.begin(), whole.nodes.ids.end(), local.state.nodes.ids[n]);
    ASSERT_NE(it, whole.nodes.ids.end());
    const int g = static_cast<int>(it - whole.nodes.ids.begin());
    EXPECT_EQ(local.state.nodes.mass(n), whole.nodes.mass(g)) << "node " << local.state.nodes.ids[n];
    EXPECT_EQ(local.state.nodes.inertia(n), whole.nodes.inertia(g)) << "node " << local.state.nodes.ids[n];
  }
}

// Profile bookkeeping: one Allreduce per cycle for the time step, plus one
// per energy output (here only the first and the last cycle); every
// message-carrying call lands in exactly one histogram bucket.
TEST(MpiProfile, AllreduceCountIsCyclesPlusTwoOutputsAndHistogramCountsEveryMessage) {
  Communicator comm;
  const Model global = strip_model();
  RankState local = build_rank_state(my_subdomain(global, comm), comm);
  const std::int64_t before = comm.stats()[static_cast<int>(MpiCall::Allreduce)].calls;
  RunSettings rs;
  rs.end_cycle = 50;
  rs.write_files = false;
  rs.progress_seconds = 0;
  rs.glstat_dt = rs.matsum_dt = rs.rwforc_dt = 1e30;
  const RunResult r = run_simulation(local.state, rs, comm, &local.halo);
  EXPECT_EQ(comm.stats()[static_cast<int>(MpiCall::Allreduce)].calls - before, r.cycles + 2);
  std::int64_t messages = 0, histogram = 0;
  for (MpiCall c : {MpiCall::Allreduce, MpiCall::Bcast, MpiCall::Gather, MpiCall::Allgather, MpiCall::Alltoall,
                    MpiCall::Send, MpiCall::Isend})
    messages += comm.stats()[static_cast<int>(c)].calls;
  for (const CallStats& s : comm.stats())
    for (std::int64_t h : s.histogram) histogram += h;
  EXPECT_EQ(histogram, messages);
}

// 200 cycles of this rank's piece, writing nothing.
void run_200_cycles(RankState& local, Communicator& comm) {
  RunSettings rs;
  rs.end_cycle = 200;
  rs.write_files = false;
  rs.progress_seconds = 0;
  run_simulation(local.state, rs, comm, &local.halo);
}

// A rigid band along the strip is cut by every partition; spun about the
// strip's axis it must stay one body: the same velocity and spin on every
// rank, and each of its nodes moving with v = V + w x (x - c).
TEST(MpiRigidBody, RigidPartSplitAcrossRanksMovesAsOneBody) {
  Communicator comm;
  Model global = strip_model();
  Material rigid;
  rigid.id = 2;
  rigid.kind = MaterialKind::Rigid;
  rigid.density = 7.85e-6;
  rigid.youngs = 210;
  rigid.poisson = 0.3;
  global.materials[2] = rigid;
  global.parts[2] = Part{2, "rigid band", 1, 2, 0, ThicknessUpdate::None, {}};
  for (Shell& s : global.shells)
    if ((s.id - 1) / 36 == 2) s.part = 2;  // third row of elements
  InitialVelocity spin;
  spin.all_nodes = true;
  spin.spin_about_center = true;
  spin.omega = {0.01, 0, 0};
  spin.center = {36, 6, 0};
  spin.v = {0, 0, 1};
  global.initial_velocities.push_back(spin);
  RankState local = build_rank_state(my_subdomain(global, comm), comm);
  run_200_cycles(local, comm);
  ASSERT_EQ(local.state.rigid_bodies.size(), 1u);
  const RigidBody& body = local.state.rigid_bodies[0];
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(comm.allreduce_max(body.velocity[k]), -comm.allreduce_max(-body.velocity[k]));
    EXPECT_EQ(comm.allreduce_max(body.omega[k]), -comm.allreduce_max(-body.omega[k]));
  }
  EXPECT_GT(std::fabs(body.omega[0]), 1e-3);
  const NodeData& nd = local.state.nodes;
  for (int n : body.nodes) {
    const double r[3] = {nd.x(n, 0) - body.center[0], nd.x(n, 1) - body.center[1], nd.x(n, 2) - body.center[2]};
    const double w[3] = {body.omega[0], body.omega[1], body.omega[2]};
    const double expect[3] = {body.velocity[0] + w[1] * r[2] - w[2] * r[1], body.velocity[1] + w[2] * r[0] - w[0] * r[2],
                              body.velocity[2] + w[0] * r[1] - w[1] * r[0]};
    // Positions advanced after the velocities were imposed: one step's drift.
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(nd.v(n, k), expect[k], 1e-3 * (1 + std::fabs(expect[k])));
  }
}


// A nodal rigid body at the strip's end holds a 5 g mass on a node of no
// element and a massless PNODE: rank 0 integrates both at every np, so the
// strip keeps the momentum of all its mass, (strip + 5 g) * 1 mm/ms, and
// the PNODE starts and stays at the body's centre of mass.
TEST(MpiRigidBody, AMassOffTheMeshAndAPnodeMoveWithTheirBodyAtAnyNp) {
  Communicator comm;
  Model global = strip_model();
  test::PlateSpec spec;
  spec.nx = 36;
  spec.ny = 6;
  constexpr GlobalId kMassNode = 9001, kCenterNode = 9002;
  constexpr double kMass = 5e-3;
  global.nodes.push_back(Node{kMassNode, {80, 6, 5}});
  global.nodes.push_back(Node{kCenterNode, {0, 0, 0}});
  global.point_masses.push_back(PointMass{1, kMassNode, kMass, 0, {}});
  NodalRigidBody body;
  body.id = 5;
  for (int j = 0; j <= 6; ++j) body.nodes.push_back(test::plate_node_id(spec, 36, j));
  body.nodes.push_back(kMassNode);
  body.nodes.push_back(kCenterNode);
  body.center_node = kCenterNode;
  global.nodal_rigid_bodies.push_back(body);
  InitialVelocity lift;
  lift.all_nodes = true;
  lift.v = {0, 0, 1};
  global.initial_velocities.push_back(lift);
  RankState local = build_rank_state(my_subdomain(global, comm), comm);
  run_200_cycles(local, comm);
  const NodeData& nd = local.state.nodes;
  const RigidBody& moving = local.state.rigid_bodies.at(0);
  // momentum z; copies of the two free nodes; the body's mass and first moment; the PNODE's x0 and x
  double sums[12] = {};
  for (int n = 0; n < nd.count(); ++n) {
    if (nd.owned[n]) sums[0] += nd.mass(n) * nd.v(n, 2);
    const GlobalId id = nd.ids[static_cast<std::size_t>(n)];
    sums[1] += id == kMassNode;
    sums[2] += id == kCenterNode;
    if (id == kCenterNode)
      for (int k = 0; k < 3; ++k) {
        sums[6 + k] = nd.x0(n, k);
        sums[9 + k] = nd.x(n, k);
      }
  }
  for (int n : moving.nodes) {
    if (!nd.owned[n]) continue;
    sums[3] += nd.mass(n);
    for (int k = 0; k < 2; ++k) sums[4 + k] += nd.mass(n) * nd.x(n, 2 * k);  // x and z
  }
  comm.allreduce_sum(sums, 12);
  const double strip = test::Steel::density * 1.0 * 72 * 12;
  EXPECT_NEAR(sums[0], strip + kMass, 1e-12 * (strip + kMass));
  EXPECT_EQ(sums[1], 1);
  EXPECT_EQ(sums[2], 1);
  // At the start: the centre of the strip's end column (six 2 x 2 mm shells
  // give it half their mass, 12 rho t) and the 5 g at (80, 6, 5).
  const double column = 12 * test::Steel::density * 1.0, body_mass = column + kMass;
  EXPECT_NEAR(sums[6], (column * 72 + kMass * 80) / body_mass, 1e-9);
  EXPECT_NEAR(sums[7], 6, 1e-9);
  EXPECT_NEAR(sums[8], kMass * 5 / body_mass, 1e-9);
  // At the end: still the centre of mass of the body's nodes.
  EXPECT_NEAR(sums[3], body_mass, 1e-15);
  EXPECT_NEAR(sums[9], sums[4] / sums[3], 1e-9);
  EXPECT_NEAR(sums[11], sums[5] / sums[3], 1e-9);
  EXPECT_NEAR(sums[11] - sums[8], 0.0, 1.0);  // it moved up with the strip
  EXPECT_GT(sums[11] - sums[8], 0.0);
}

}  // namespace
}  // namespace mc
