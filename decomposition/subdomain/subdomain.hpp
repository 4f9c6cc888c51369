// One rank's share of the model after partitioning: its elements, every node
// they touch (rank 0 also the nodes on no element), the loads and walls on
// those nodes, and who else holds each shared node. Rank 0 builds them and sends each rank its own.
#pragma once

#include <unordered_map>
#include <utility>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "io/model.hpp"

namespace mc {

struct SubdomainPlan {
  std::vector<int> neighbours;                 // ranks sharing nodes with this one, ascending
  std::vector<std::vector<GlobalId>> shared;   // per neighbour: the shared node ids, in global node order
  // Per shared node, in global node order: the part of the lowest-id element that
  // touches it anywhere in the model. Its kinetic energy is booked to that
  // part (matsum) whatever the decomposition; a rank sees only its own
  // elements.
  std::vector<std::pair<GlobalId, GlobalId>> shared_node_parts;  // (node id, part id)
};

struct Subdomain {
  Model model;        // local nodes and shells (global order), all parts/materials/controls
  SubdomainPlan plan;
};

// Rank 0: the subdomain of `rank` under element partition `part` (one entry per shell).
class SubdomainBuilder {
 public:
  SubdomainBuilder(const Model& global, const std::vector<int>& part, int parts);
  Subdomain build(int rank) const;

 private:
  const Model& global_;
  std::unordered_map<GlobalId, int> node_index_;     // node id -> index in global_.nodes
  std::vector<int> node_rank_offset_, node_ranks_;  // node index -> ranks touching it (CSR, ascending)
  std::vector<std::vector<int>> rank_elements_;     // rank -> its shells, ascending
  std::vector<GlobalId> lowest_element_part_;       // node index -> part of its lowest-id shell
  std::vector<int> free_nodes_;                     // node indices on no shell: rank 0's
};

// Rank 0 passes the global model and the partition; every rank gets its own
// subdomain (point-to-point sends from rank 0, one rank at a time).
Subdomain scatter_subdomains(const Model* global, const std::vector<int>* part, Communicator& comm);

}  // namespace mc
