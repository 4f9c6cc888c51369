// How ctest launched mpi_tests (tests/CMakeLists.txt, minicrash_mpi_test):
// the rank and thread counts of the ctest name must be what MPI and Kokkos run.
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>
#include <iostream>
#include <string>

#include "decomposition/parallel/communicator.hpp"

namespace mc {
namespace {

// Value of a `--name=N` argument of the test binary, or -1.
int argument(const std::string& name) {
  const std::string prefix = "--" + name + "=";
  for (const std::string& arg : ::testing::internal::GetArgvs())
    if (arg.rfind(prefix, 0) == 0) return std::stoi(arg.substr(prefix.size()));
  return -1;
}

// Exact: every rank's Kokkos default execution space runs the OMP_NUM_THREADS
// that ctest set (--expect-threads), and MPI has the ranks of -np (--expect-ranks).
TEST(MpiLaunch, KokkosThreadsAndMpiRanksAreTheOnesCtestAskedFor) {
  Communicator comm;
  const int threads = argument("expect-threads"), ranks = argument("expect-ranks");
  if (threads < 0 || ranks < 0) GTEST_SKIP() << "run by hand: no --expect-threads/--expect-ranks given";
  const int concurrency = Kokkos::DefaultExecutionSpace().concurrency();
  if (comm.root())
    std::cout << "[ mpi_tests ] " << comm.size() << " ranks x " << concurrency << " threads ("
              << Kokkos::DefaultExecutionSpace::name() << ")\n";
  EXPECT_EQ(comm.size(), ranks);
  EXPECT_EQ(concurrency, threads) << "rank " << comm.rank();
}

}  // namespace
}  // namespace mc
