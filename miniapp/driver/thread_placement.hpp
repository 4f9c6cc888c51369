// Start-up advice on where a run's OpenMP threads land (docs/running.md).
// Two launches look fine and are not: a rank bound to fewer cores than its
// threads (mpirun binds each rank to one core when np <= 2), whose threads
// then share them; and more ranks x threads than a node has cores while
// idle threads spin (the OpenMP default), where a spinning thread holds the
// core another rank waits for: np 2 x ncpu 2 on 2 cores ran 100 times
// slower than with OMP_WAIT_POLICY=passive (docs/speed.md, "The wait
// policy").
#pragma once

#include <string>
#include <vector>

#include "decomposition/parallel/communicator.hpp"

namespace mc {

struct ThreadPlacement {
  int threads = 1;        // ncpu
  int rank_cpus = 1;      // cores in this rank's CPU set (its binding)
  int node_ranks = 1;     // ranks on this rank's node
  int node_cpus = 1;      // cores of the node
  bool passive = false;   // OMP_WAIT_POLICY=passive: idle threads sleep at once
};

// The warnings the placement calls for (none where the threads fit).
std::vector<std::string> thread_placement_warnings(const ThreadPlacement& p);

// This rank's placement as the system reports it; collective (the node's
// ranks) where threads > 1, and only threads filled in at one thread.
ThreadPlacement this_rank_placement(int threads, Communicator& comm);

}  // namespace mc
