// Wall time per phase of the cycle. Each phase is also a Kokkos profiling
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

class PhaseTimers {
 public:
  double seconds(Phase p) const { return seconds_[static_cast<int>(p)]; }
  void add(Phase p, double s) { seconds_[static_cast<int>(p)] += s; }

 private:
  std::array<double, static_cast<int>(Phase::Count)> seconds_{};
};

// Times one phase (fenced, so asynchronous backends are timed honestly).
class ScopedPhase {
 public:
  ScopedPhase(PhaseTimers& timers, Phase phase) : timers_(timers), phase_(phase), start_(wall_seconds()) {
    Kokkos::Profiling::pushRegion(phase_name(phase));
  }
  ~ScopedPhase() {
    Kokkos::fence();
    Kokkos::Profiling::popRegion();
    timers_.add(phase_, wall_seconds() - start_);
  }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  PhaseTimers& timers_;
  Phase phase_;
  double start_;
};

}  // namespace mc
