// The element-block seam (miniapp/elements/element_block.hpp) used by a kind
// of element the library does not know: a two-node axial spring, defined
// here, added to a plate's State next to its shells. Its forces must reach
// its nodes through the corner array, the nodal gather and the halo, on
// top of the shells' forces, and the time loop must run it.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <vector>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"
#include "mpi_test_helpers.hpp"

namespace mc {
namespace {

// ---- The dummy element kind: everything a new kind needs. ----
// Massless linear springs between two nodes: force k (L - L0) along the axis.
class SpringBlock final : public ElementBlock {
 public:
  struct Spring {
    GlobalId id = 0;
    int a = 0, b = 0;  // local nodes
    double k = 0, rest = 0;
  };
  std::vector<Spring> springs;

  const char* kind() const override { return "spring"; }
  int count(const State&) const override { return static_cast<int>(springs.size()); }
  int corner_slots() const override { return 2; }
  int corners(const State&, int) const override { return 2; }
  int node(const State&, int e, int c) const override { return c == 0 ? at(e).a : at(e).b; }
  GlobalId id(const State&, int e) const override { return at(e).id; }
  int part(const State&, int) const override { return 0; }
  double lump_mass(const Model&, State& s) override {  // massless: zero shares
    for (int e = 0; e < count(s); ++e)
      for (int c = 0; c < 2; ++c)
        for (int k = 0; k < kCornerComponents; ++k) s.corners(corner_offset(e, c) + k) = 0;
    return 0;
  }
  double internal_force(State& s, Real) override {
    double step = std::numeric_limits<double>::max();
    for (int e = 0; e < count(s); ++e) {
      const Spring& sp = at(e);
      double d[3], length = 0;
      for (int k = 0; k < 3; ++k) {
        d[k] = double(s.nodes.x(sp.b, k)) - s.nodes.x(sp.a, k);
        length += d[k] * d[k];
      }
      length = std::sqrt(length);
      const double tension = sp.k * (length - sp.rest) / length;
      for (int k = 0; k < kCornerComponents; ++k) {  // node a pulled towards b, b towards a
        s.corners(corner_offset(e, 0) + k) = static_cast<Real>(k < 3 ? tension * d[k] : 0.0);
        s.corners(corner_offset(e, 1) + k) = static_cast<Real>(k < 3 ? -tension * d[k] : 0.0);
      }
      // Two masses on a spring: omega^2 = k (1/m_a + 1/m_b), step 2 / omega.
      step = std::min(step, 2 / std::sqrt(sp.k * (1 / double(s.nodes.mass(sp.a)) + 1 / double(s.nodes.mass(sp.b)))));
    }
    return step;
  }
  void energies(const State& s, EnergySink& sink) const override {
    for (int e = 0; e < count(s); ++e) {
      const Spring& sp = at(e);
      double length = 0;
      for (int k = 0; k < 3; ++k) length += std::pow(double(s.nodes.x(sp.b, k)) - s.nodes.x(sp.a, k), 2);
      sink.add(0, 0.5 * sp.k * std::pow(std::sqrt(length) - sp.rest, 2), 0, false);
    }
  }
  BadElement first_bad_element(const State&) const override { return {}; }

 private:
  const Spring& at(int e) const { return springs[static_cast<std::size_t>(e)]; }
};
// ---- End of the dummy element kind. ----

constexpr double kSpringStiffness = 1;  // kN/mm

Model strip() {
  test::PlateSpec spec;
  spec.nx = 12;
  spec.ny = 4;
  spec.lx = 24;
  spec.ly = 8;
  return test::plate_model(spec);
}

// The spring's two nodes, the same on every rank: rank 0 picks the first
// and last node it shares with its first neighbour (one rank: the plate's
// first and last node), so at np > 1 both are shared and the halo must
// carry the spring's force to the other holders.
std::array<GlobalId, 2> spring_nodes(const Subdomain& sub, const Model& global, Communicator& comm) {
  std::array<std::int64_t, 2> ids = {-1, -1};
  if (comm.root()) {
    if (sub.plan.neighbours.empty())
      ids = {global.nodes.front().id, global.nodes.back().id};
    else
      ids = {sub.plan.shared[0].front(), sub.plan.shared[0].back()};
  }
  return {comm.allreduce_max(ids[0]), comm.allreduce_max(ids[1])};
}

// Adds a SpringBlock (holding the spring on rank 0 only, empty elsewhere),
// lays out the corner array again and rebuilds the halo for the new terms.
void add_spring(RankState& rs, const Subdomain& sub, std::array<GlobalId, 2> ends, Communicator& comm) {
  const LocalMesh mesh = whole_model_mesh(sub.model);
  auto block = std::make_shared<SpringBlock>();
  if (comm.root()) {
    const int a = mesh.node_index.at(ends[0]), b = mesh.node_index.at(ends[1]);
    double length = 0;
    for (int k = 0; k < 3; ++k) length += std::pow(double(rs.state.nodes.x(b, k)) - rs.state.nodes.x(a, k), 2);
    block->springs.push_back({900001, a, b, kSpringStiffness, 0.99 * std::sqrt(length)});  // stretched 1 %
  }
  rs.state.blocks.push_back(block);
  finish_element_blocks(rs.state);
  rs.halo = Halo(sub.plan, mesh.node_index, rs.state.nodes.terms, term_keys(rs.state), comm.rank(), comm);
}

// A smooth deformation, the same on every copy of a node (as Real, as stored).
std::array<double, 3> deformed(const std::array<double, 3>& x0) {
  const double x = x0[0], y = x0[1];
  const double p[3] = {x + 0.01 * std::sin(0.3 * y), y + 0.005 * std::cos(0.2 * x), 0.02 * std::sin(0.1 * x + 0.2 * y)};
  return {double(static_cast<Real>(p[0])), double(static_cast<Real>(p[1])), double(static_cast<Real>(p[2]))};
}

void deform(State& s) {
  for (int n = 0; n < s.nodes.count(); ++n) {
    const std::array<double, 3> x0 = {s.nodes.x0(n, 0), s.nodes.x0(n, 1), s.nodes.x0(n, 2)};
    const std::array<double, 3> x = deformed(x0);
    for (int k = 0; k < 3; ++k) {
      s.nodes.x(n, k) = static_cast<Real>(x[static_cast<std::size_t>(k)]);
      s.nodes.v(n, k) = static_cast<Real>(0.1 * std::sin(0.05 * x0[0] + 0.07 * x0[1] + k));
    }
  }
}

// The model position of node `id`.
std::array<double, 3> position(const Model& m, GlobalId id) {
  for (const Node& n : m.nodes)
    if (n.id == id) return n.x;
  return {};
}

// To 1e4 epsilons of the forces (2e-12 in double; the spring's force is added to the shells' sum):
// with the spring, its two nodes' f is the shells' f plus k (L - L0) along
// the axis, on every rank holding them; every other f and every m is
// bitwise the shells' alone; re-lumped masses are bitwise unchanged.
TEST(ElementBlockSeam, SpringForceReachesItsNodesOnTopOfTheShellsThroughGatherAndHalo) {
  Communicator comm;
  const Model global = strip();
  const Subdomain sub = test::my_subdomain(global, comm);
  RankState shells = build_rank_state(sub, comm);
  RankState both = build_rank_state(sub, comm);
  const std::array<GlobalId, 2> ends = spring_nodes(sub, global, comm);
  add_spring(both, sub, ends, comm);
  ASSERT_EQ(both.state.blocks.size(), 2u);

  // Mass through the seam: every block lumps again, the nodes gather, the halo completes.
  lump_masses(sub.model, both.state);
  sum_shared_masses(both.state, both.halo, comm);
  for (int n = 0; n < both.state.nodes.count(); ++n) {
    EXPECT_EQ(both.state.nodes.mass(n), shells.state.nodes.mass(n));
    EXPECT_EQ(both.state.nodes.inertia(n), shells.state.nodes.inertia(n));
  }

  const Real dt = 1e-4;
  for (RankState* rs : {&shells, &both}) {
    deform(rs->state);
    EXPECT_GT(element_forces(rs->state, dt), 0);
    gather_nodal_forces(rs->state);
    sum_shared_forces(rs->state, rs->halo, comm);
  }
  const State& s = both.state;
  const State& ref = shells.state;
  double ends_seen = 0;
  for (int n = 0; n < s.nodes.count(); ++n) {
    const GlobalId id = s.nodes.ids[static_cast<std::size_t>(n)];
    const bool is_end = id == ends[0] || id == ends[1];
    for (int k = 0; k < 3; ++k) EXPECT_EQ(s.nodes.m(n, k), ref.nodes.m(n, k)) << "node " << id;
    if (!is_end) {
      for (int k = 0; k < 3; ++k) EXPECT_EQ(s.nodes.f(n, k), ref.nodes.f(n, k)) << "node " << id;
      continue;
    }
    ends_seen += 1;
    // The spring from its ends' deformed positions, known from the model.
    const std::array<double, 3> xa = deformed(position(global, ends[0])), xb = deformed(position(global, ends[1]));
    const std::array<double, 3> xa0 = position(global, ends[0]), xb0 = position(global, ends[1]);
    double d[3], length = 0, rest = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      d[k] = xb[k] - xa[k];
      length += d[k] * d[k];
      rest += (xb0[k] - xa0[k]) * (xb0[k] - xa0[k]);
    }
    length = std::sqrt(length);
    rest = 0.99 * std::sqrt(rest);
    const double sign = id == ends[0] ? 1 : -1;
    double shell_force = 0;
    for (int k = 0; k < 3; ++k) {
      const double spring = sign * kSpringStiffness * (length - rest) * d[k] / length;
      const double added = double(s.nodes.f(n, k)) - ref.nodes.f(n, k);
      EXPECT_NEAR(added, spring, 1e4 * std::numeric_limits<Real>::epsilon() * (std::fabs(ref.nodes.f(n, k)) + std::fabs(spring)))
          << "node " << id << " component " << k << " rank " << comm.rank();
      shell_force += std::fabs(ref.nodes.f(n, k));
    }
    EXPECT_GT(shell_force, 0) << "the shells put no force on the spring's node: nothing to add to";
  }
  // Checked on every holder: at np > 1 both ends are shared, so more than rank 0 saw them.
  comm.allreduce_sum(&ends_seen, 1);
  if (comm.size() == 1) {
    EXPECT_EQ(ends_seen, 2);
  }
  if (comm.size() > 1) {
    EXPECT_GE(ends_seen, 4);
  }
}

// Relative 2e-3: a plate with a spring stretched 1 % between two of its
// nodes, run 300 cycles by the time loop: the energy at the start is the
// spring's, 1/2 k (0.01 L)^2 (to 1e-9), and the total (kinetic + shells' and
// spring's internal + hourglass) keeps it while the spring's energy passes
// to the plate (motion, hourglass work).
TEST(ElementBlockSeam, TimeLoopRunsAPlateWithASpringAndKeepsItsEnergy) {
  Communicator comm;
  const Model global = strip();
  const Subdomain sub = test::my_subdomain(global, comm);
  RankState rs = build_rank_state(sub, comm);
  const std::array<GlobalId, 2> ends = spring_nodes(sub, global, comm);
  add_spring(rs, sub, ends, comm);
  RunSettings settings;
  settings.end_cycle = 300;
  settings.write_files = false;
  settings.progress_seconds = 0;
  settings.max_energy_ratio = 0;
  settings.glstat_dt = settings.matsum_dt = settings.rwforc_dt = 1e30;
  const RunResult r = run_simulation(rs.state, settings, comm, &rs.halo);
  EXPECT_EQ(r.cycles, 300);
  const std::array<double, 3> xa = position(global, ends[0]), xb = position(global, ends[1]);
  const double length = std::sqrt(std::pow(xb[0] - xa[0], 2) + std::pow(xb[1] - xa[1], 2) + std::pow(xb[2] - xa[2], 2));
  const double stretch = length - 0.99 * length;
  EXPECT_NEAR(r.first.total, 0.5 * kSpringStiffness * stretch * stretch, 1e-9 * r.first.total);
  EXPECT_GT(r.last.kinetic, 0) << "nothing moved";
  EXPECT_LT(r.last.internal, 0.99 * r.first.total) << "the spring kept its energy: it did not act on the plate";
  if (comm.root())
    std::cout << "[ spring run ] np " << comm.size() << ": E0 " << r.first.total << ", drift "
              << (r.last.total - r.first.total) / r.first.total << " (kinetic " << r.last.kinetic << ", internal "
              << r.last.internal << ", hourglass " << r.last.hourglass << ")\n";
  EXPECT_NEAR(r.last.total, r.first.total, 2e-3 * r.first.total)
      << "first " << r.first.total << " last " << r.last.total << " (internal " << r.last.internal << ", kinetic "
      << r.last.kinetic << ", hourglass " << r.last.hourglass << ")";
}

}  // namespace
}  // namespace mc
