// Kokkos initialise/finalise with an explicit thread count, for Kokkos 3.4
// (InitArguments) and 4.x (InitializationSettings) alike.
#pragma once

#include <Kokkos_Core.hpp>

namespace mc {

class KokkosSession {
 public:
  explicit KokkosSession(int threads) {
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
