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

// Collective. Columns: each phase's seconds, the MPI seconds inside each
// phase (<phase>_mpi_seconds), this run's cycles, then this rank's shells by kind
// (deformable quadrilaterals and triangles, rigid, eroded, and the live
// deformable ones that run outside a uniform SIMD pack), through-thickness
// points of its live deformable shells, points that yielded in the last cycle,
// plastic point updates of this run, contact pairs checked and contact nodes
// owned, local and owned nodes, rigid-wall and rigid-body nodes, and the
// point-to-point messages sent and received with their bytes, and the order
// its shells run in (morton_order, and the far steps of either order that
// chose it: element_order.hpp). The values
// reach rank 0 only (the report's writer); other ranks get the columns.
struct RankCounts {
  std::int64_t cycles = 0, contact_pairs = 0, contact_nodes = 0;
};
// `modeled`: modeled compute per phase (compute_costs=), as more columns
// <phase>_modeled_seconds for the modeled phases and
// messages_modeled_seconds for `modeled_messages`; nullptr for none.
RankWorkTable rank_work_table(const State& state, const PhaseTimers& timers, const PhaseTimers* modeled,
                              double modeled_messages, const RankCounts& counts, Communicator& comm);

}  // namespace mc
