// What each rank did, beside how long it took: the per-rank table of the run
// report. The study tools fit per-phase costs to it (tools/study.py
// calibrate) and compute the imbalance of each kind of work.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "miniapp/driver/phase_timers.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

struct RankWorkTable {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> values;  // values[column][rank]
};

// Collective. Columns: each phase's seconds, this run's cycles, then this rank's shells by kind
// (deformable quadrilaterals and triangles, rigid, eroded, and the live
// deformable ones that run outside a uniform SIMD pack), through-thickness
// points of its live deformable shells, points that yielded in the last cycle,
// plastic point updates of this run, contact pairs checked and contact nodes
// owned, local and owned nodes.
struct RankCounts {
  std::int64_t cycles = 0, contact_pairs = 0, contact_nodes = 0;
};
RankWorkTable rank_work_table(const State& state, const PhaseTimers& timers, const RankCounts& counts,
                              Communicator& comm);

}  // namespace mc
