// Time per phase of the cycle, on the communicator's timer clock (wall
// time unless clock=cpu). Each phase is also a Kokkos profiling
// region, so Kokkos Tools (space-time-stack, ...) see the same breakdown.
#pragma once

#include <Kokkos_Core.hpp>
#include <array>

#include "decomposition/parallel/communicator.hpp"

namespace mc {

enum class Phase : int { Elements, Contact, ContactMessages, Nodes, SharedNodes, RigidBodies, RigidWalls, Output, Count };

inline const char* phase_name(Phase p) {
  constexpr const char* kNames[] = {"elements",     "contact",      "contact messages", "nodes",
                                    "shared nodes", "rigid bodies", "rigid walls",      "output"};
  return kNames[static_cast<int>(p)];
}

// Each phase's seconds, and the part of them spent in MPI calls (the rest is
// its computation: what tools/study.py calibrate fits).
class PhaseTimers {
 public:
  double seconds(Phase p) const { return seconds_[static_cast<int>(p)]; }
  void add(Phase p, double s) { seconds_[static_cast<int>(p)] += s; }
  double mpi_seconds(Phase p) const { return mpi_[static_cast<int>(p)]; }
  void add_mpi(Phase p, double s) { mpi_[static_cast<int>(p)] += s; }

 private:
  std::array<double, static_cast<int>(Phase::Count)> seconds_{}, mpi_{};
};

// Times one phase (fenced, so asynchronous backends are timed honestly) and
// the MPI time inside it.
class ScopedPhase {
 public:
  ScopedPhase(PhaseTimers& timers, Phase phase, const Communicator& comm)
      : timers_(timers), phase_(phase), comm_(comm), start_(comm.now()), mpi_start_(comm.mpi_seconds()) {
    Kokkos::Profiling::pushRegion(phase_name(phase));
  }
  ~ScopedPhase() {
    Kokkos::fence();
    Kokkos::Profiling::popRegion();
    timers_.add(phase_, comm_.now() - start_);
    timers_.add_mpi(phase_, comm_.mpi_seconds() - mpi_start_);
  }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  PhaseTimers& timers_;
  Phase phase_;
  const Communicator& comm_;
  double start_, mpi_start_;
};

}  // namespace mc
