// Rank placement from a run's rank-to-rank traffic: METIS splits the ranks
// into nodes so that the heaviest pairs share a node (fewest bytes across
// the network), then each node's ranks into its sockets.
#pragma once

#include <vector>

namespace mc::placement {

struct Machine {
  int nodes = 1, sockets = 1, cores = 1;  // cores per socket
  int slots_per_node() const { return sockets * cores; }
};

struct Slot {
  int node = 0, socket = 0, core = 0;  // core within the socket
};

// traffic[i][j]: bytes rank i sent to rank j (the report's traffic_bytes).
using Traffic = std::vector<std::vector<double>>;

// Open MPI's default mapping (--map-by core): rank r on node r / slots.
std::vector<Slot> block_placement(int ranks, const Machine& machine);
// The METIS placement. Throws std::invalid_argument if the ranks do not fit.
std::vector<Slot> traffic_placement(const Traffic& traffic, const Machine& machine);

// Bytes, both directions, between ranks on different nodes; between ranks
// on different sockets of one node.
double inter_node_bytes(const Traffic& traffic, const std::vector<Slot>& slots);
double inter_socket_bytes(const Traffic& traffic, const std::vector<Slot>& slots);

}  // namespace mc::placement
