// Partitioning anew during a run, as LS-DYNA MPP does with
// *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION: where the crash puts its
// plastic flow and its contact pairs is known only once it is under way, so
// a partition made at t = 0 cannot balance them. At each redecomposition
// time the run writes a restart set and continues from it in the same
// process, partitioned by each element's measured work in the last cycle
// (as r= rebalance=1 does), its histories continuing unbroken.
#pragma once

#include "io/model.hpp"
#include "miniapp/driver/options.hpp"
#include "miniapp/driver/simulation.hpp"

namespace mc {

class RedecompositionSchedule {
 public:
  RedecompositionSchedule() = default;
  // FREQ and STIME from the deck, overridden by redecompose= and
  // redecompose_start=; `end_time` spreads a count (FREQ < 0) over the run.
  RedecompositionSchedule(const Controls& deck, const Options& o, double end_time);

  bool on() const { return freq_ != 0; }
  // A count (FREQ < 0) was asked for, but the run has no end time after
  // STIME to spread it over (cycles= alone): none is done.
  bool count_dropped() const { return count_dropped_; }
  // The first redecomposition time after `time`, or 0 when none is left.
  // FREQ > 0: STIME (or FREQ when STIME is 0), then every FREQ; FREQ < 0:
  // round(|FREQ|) times, evenly spaced over (STIME, end time).
  double next_after(double time) const;
  // What the summary and the report say of it ("every 2 ms from 2", ...).
  std::string describe() const;

 private:
  double freq_ = 0, start_ = 0, end_time_ = 0;
  bool count_dropped_ = false;
};

// The whole run's result from its segments: times, cycles and contact
// pairs summed, the termination and last energies of the latest segment.
void add_segment(RunResult& run, const RunResult& segment);

}  // namespace mc
