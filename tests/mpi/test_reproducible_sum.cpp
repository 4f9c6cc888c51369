// Communicator::allreduce_sum of ReproducibleSums: the one-rank bits at any np.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "decomposition/parallel/communicator.hpp"

namespace {

TEST(MpiReproducibleSum, AllreduceGivesTheSingleRankBitsAtAnyRankCount) {
  mc::Communicator comm;
  std::mt19937_64 rng(42);  // every rank draws the same terms
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-60, 40);
  constexpr int kValues = 5, kTerms = 3001;
  std::vector<double> terms(kValues * kTerms);
  for (double& t : terms) t = std::ldexp(mantissa(rng), exponent(rng));
  // This rank's share: every size()-th term, so each np groups them differently.
  std::vector<mc::ReproducibleSum> mine(kValues), all(kValues);
  for (int i = 0; i < kTerms; ++i)
    for (int v = 0; v < kValues; ++v) {
      all[v] += terms[static_cast<std::size_t>(kValues * i + v)];
      if (i % comm.size() == comm.rank()) mine[v] += terms[static_cast<std::size_t>(kValues * i + v)];
    }
  comm.allreduce_sum(mine);
  for (int v = 0; v < kValues; ++v) EXPECT_EQ(mine[v].value(), all[v].value()) << "value " << v;
  EXPECT_EQ(comm.stats()[static_cast<int>(mc::MpiCall::Allreduce)].bytes,
            static_cast<std::int64_t>(kValues * sizeof(mc::ReproducibleSum)));
}

}  // namespace
