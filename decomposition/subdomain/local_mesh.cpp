#include "decomposition/subdomain/local_mesh.hpp"

namespace mc {

LocalMesh whole_model_mesh(const Model& model) {
  LocalMesh mesh;
  mesh.node_ids.reserve(model.nodes.size());
  mesh.node_x.reserve(model.nodes.size());
  for (const Node& n : model.nodes) {
    mesh.node_index.emplace(n.id, static_cast<int>(mesh.node_ids.size()));
    mesh.node_ids.push_back(n.id);
    mesh.node_x.push_back(n.x);
  }
  mesh.element_ids.reserve(model.shells.size());
  for (const Shell& s : model.shells) {
    mesh.element_ids.push_back(s.id);
    mesh.element_parts.push_back(s.part);
    std::array<int, 4> local{};
    for (int c = 0; c < 4; ++c) local[c] = mesh.node_index.at(s.nodes[c]);
    mesh.element_nodes.push_back(local);
  }
  return mesh;
}

}  // namespace mc
