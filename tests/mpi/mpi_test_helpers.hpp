// Helpers of the mpi_tests binary: this rank's piece of a global model.
#pragma once

#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/partition/partition.hpp"
#include "decomposition/subdomain/subdomain.hpp"
#include "io/model.hpp"

namespace mc::test {

// Every rank builds `global`; rank 0 partitions it (RCB) and sends each rank its subdomain.
inline Subdomain my_subdomain(const Model& global, Communicator& comm) {
  std::vector<int> part;
  if (comm.root()) part = partition_elements(partition_input(global), comm.size(), PartitionMethod::Rcb);
  return scatter_subdomains(comm.root() ? &global : nullptr, comm.root() ? &part : nullptr, comm);
}

// The largest node id of a model (to size per-id arrays reduced over ranks).
inline GlobalId max_node_id(const Model& m) {
  GlobalId top = 0;
  for (const Node& n : m.nodes) top = n.id > top ? n.id : top;
  return top;
}

}  // namespace mc::test
