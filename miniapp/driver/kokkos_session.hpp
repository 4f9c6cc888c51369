// Kokkos initialise/finalise with an explicit thread count, for Kokkos 3.4
// (InitArguments) and 4.x (InitializationSettings) alike.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdlib>

namespace mc {

class KokkosSession {
 public:
  explicit KokkosSession(int threads) {
    // The OpenMP runtime read its environment before main: unset binding is
    // no binding, threads float within the CPU set mpirun gave the rank.
    // Saying so keeps Kokkos from printing advice meant for one process
    // per node (docs/running.md says how to pin threads).
    setenv("OMP_PROC_BIND", "false", /*overwrite=*/0);
#if KOKKOS_VERSION >= 30700
    Kokkos::initialize(Kokkos::InitializationSettings().set_num_threads(threads));
#else
    Kokkos::InitArguments args;
    args.num_threads = threads;
    Kokkos::initialize(args);
#endif
  }
  ~KokkosSession() { Kokkos::finalize(); }
  KokkosSession(const KokkosSession&) = delete;
  KokkosSession& operator=(const KokkosSession&) = delete;
};

}  // namespace mc
