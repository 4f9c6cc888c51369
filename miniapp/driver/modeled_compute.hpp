// Modeled compute (docs/simulated-clusters.md#modeled-compute): each phase's
// computation is costed from what the rank did in the cycle times a fitted
// cost per unit of work (tools/study.py calibrate), instead of the CPU time
// it took. Under SimGrid (compute_costs= with smpi/simulate-computation:no)
// those seconds are what the simulated rank is charged, so the same point
// gives the same simulated time on every run and on any machine; in any
// build they are reported beside the measured phase times (rank_work), so
// the model can be checked against the clock.
#pragma once

#include <cstdint>

#include "decomposition/parallel/communicator.hpp"
#include "miniapp/driver/compute_costs.hpp"
#include "miniapp/driver/phase_timers.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Charges each modeled phase as the time loop finishes it.
class ModeledCompute {
 public:
  // Sets the message costs on `comm` (charged where messages go).
  ModeledCompute(const ComputeCosts& costs, std::int64_t contact_nodes, Communicator& comm);
  bool on() const { return costs_.any(); }
  void elements(const State& state, Communicator& comm);
  void contact(std::int64_t pairs_checked_so_far, Communicator& comm);
  void nodes(const State& state, Communicator& comm);
  void walls(const State& state, Communicator& comm);
  void bodies(const State& state, Communicator& comm);
  const PhaseTimers& seconds() const { return modeled_; }

 private:
  void charge(Phase phase, double nanoseconds, Communicator& comm);

  ComputeCosts costs_;
  std::int64_t contact_nodes_ = 0, pairs_before_ = 0;
  PhaseTimers modeled_;
};

}  // namespace mc
