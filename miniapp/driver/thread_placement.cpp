#include "miniapp/driver/thread_placement.hpp"

#include <sched.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>

namespace mc {

std::vector<std::string> thread_placement_warnings(const ThreadPlacement& p) {
  std::vector<std::string> out;
  if (p.threads <= 1) return out;
  const std::string threads = std::to_string(p.threads);
  if (p.threads > p.rank_cpus)
    out.push_back("a rank runs " + threads + " threads on the " + std::to_string(p.rank_cpus) +
                  " core(s) of its CPU set, so they share them (mpirun binds each rank to one core when np <= 2): "
                  "launch with --bind-to none or --map-by slot:PE=" + threads + " (docs/running.md)");
  if (p.node_ranks * p.threads > p.node_cpus && !p.passive)
    out.push_back(std::to_string(p.node_ranks) + " ranks x " + threads + " threads on the " +
                  std::to_string(p.node_cpus) + " cores of a node, and idle OpenMP threads spin "
                  "(OMP_WAIT_POLICY is not passive): such a run was 100 times slower on 2 cores. Set "
                  "OMP_WAIT_POLICY=passive (mpirun -x OMP_WAIT_POLICY=passive) or run fewer ranks x threads "
                  "(docs/running.md)");
  return out;
}

ThreadPlacement this_rank_placement(int threads, Communicator& comm) {
  ThreadPlacement p;
  p.threads = threads;
  if (threads <= 1) return p;  // no warning applies: skip the node's communicator split (ncpu is alike on every rank)
  p.node_ranks = comm.world_ranks_on_node();
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  p.node_cpus = online > 0 ? static_cast<int>(online) : 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  p.rank_cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : p.node_cpus;
  const char* policy = std::getenv("OMP_WAIT_POLICY");
  std::string word = policy ? policy : "";
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  p.passive = word == "passive";
  return p;
}

}  // namespace mc
