// Test main for MPI + Kokkos: every rank runs every test; only rank 0
// prints, and the exit code is the worst over ranks.
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdlib>

#include "decomposition/parallel/communicator.hpp"

int main(int argc, char** argv) {
  mc::MpiSession mpi(&argc, &argv);
  // Test discovery lists the tests at build time, where OMP_PROC_BIND may be
  // unset: Kokkos' warning about it on stdout was read as three test names.
  setenv("OMP_PROC_BIND", "false", 0);
  Kokkos::initialize(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  std::int64_t result = 0;
  {
    mc::Communicator comm;
    if (!comm.root()) {
      auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
      delete listeners.Release(listeners.default_result_printer());
    }
    result = comm.allreduce_max(static_cast<std::int64_t>(RUN_ALL_TESTS()));
  }
  Kokkos::finalize();
  return static_cast<int>(result);
}
