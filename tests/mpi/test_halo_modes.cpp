// The two halo modes (halo=corners, halo=sums) on the same plate: the same
// nodal sums to 1e-12 (bitwise on one rank, where nothing is exchanged),
// and sums sends under 60 % of the corners mode's bytes per exchange.
#include <gtest/gtest.h>

#include <cmath>

#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "model_builders.hpp"
#include "mpi_test_helpers.hpp"

namespace mc {
namespace {

Model plate() {
  test::PlateSpec spec;
  spec.nx = spec.ny = 16;
  spec.lx = spec.ly = 32;
  return test::plate_model(spec);
}

// Corner terms that are not round numbers, the same in every mode.
void fill_corners(State& s) {
  for (const auto& block : s.blocks)
    for (int e = 0; e < block->count(s); ++e)
      for (int c = 0; c < block->corners(s, e); ++c)
        for (int k = 0; k < 6; ++k)
          s.corners(static_cast<std::size_t>(block->corner_offset(e, c) + k)) =
              static_cast<Real>(std::cos(0.37 * double(block->id(s, e)) + 1.1 * c + 0.21 * k));
}

struct Exchanged {
  std::vector<Real> f;          // f then m of every local node
  std::int64_t bytes = 0;       // Isend bytes of the shared-node sum
};

Exchanged assemble(const Model& global, HaloMode mode, Communicator& comm) {
  RankState local = build_rank_state(test::my_subdomain(global, comm), comm, mode);
  fill_corners(local.state);
  gather_nodal_forces(local.state);
  const std::int64_t before = comm.stats()[static_cast<int>(MpiCall::Isend)].bytes;
  sum_shared_forces(local.state, local.halo, comm);
  Exchanged out;
  out.bytes = comm.stats()[static_cast<int>(MpiCall::Isend)].bytes - before;
  const NodeData& nd = local.state.nodes;
  for (int n = 0; n < nd.count(); ++n)
    for (int k = 0; k < 3; ++k) out.f.push_back(nd.f(n, k)), out.f.push_back(nd.m(n, k));
  return out;
}

TEST(HaloModes, SumsAndCornersAgreeTo1e12AndSumsSendUnder60PercentOfTheBytes) {
  Communicator comm;
  const Model global = plate();
  const Exchanged corners = assemble(global, HaloMode::Corners, comm);
  const Exchanged sums = assemble(global, HaloMode::Sums, comm);
  ASSERT_EQ(corners.f.size(), sums.f.size());
  for (std::size_t i = 0; i < corners.f.size(); ++i) {
    if (comm.size() == 1) EXPECT_EQ(sums.f[i], corners.f[i]) << "value " << i;
    else EXPECT_NEAR(sums.f[i], corners.f[i], 1e-12 * (1 + std::fabs(corners.f[i]))) << "value " << i;
  }
  const std::int64_t bytes[2] = {comm.allreduce_max(corners.bytes), comm.allreduce_max(sums.bytes)};
  if (comm.size() > 1) {
    EXPECT_GT(bytes[0], 0);
    EXPECT_LT(double(bytes[1]), 0.6 * double(bytes[0])) << "busiest rank: sums " << bytes[1] << " B, corners "
                                                          << bytes[0] << " B";
  }
  if (comm.root()) std::printf("  halo bytes of one exchange, busiest rank: corners %lld, sums %lld\n",
                               static_cast<long long>(bytes[0]), static_cast<long long>(bytes[1]));
}

TEST(HaloModes, UnknownModeNameIsRefused) {
  EXPECT_THROW(parse_halo_mode("partial"), std::invalid_argument);
  EXPECT_EQ(parse_halo_mode("sums"), HaloMode::Sums);
}

}  // namespace
}  // namespace mc
