#include "decomposition/subdomain/local_mesh.hpp"

#include <map>

#include "decomposition/subdomain/element_order.hpp"

namespace mc {

KernelClassKey kernel_class_key(const Model& model, GlobalId part) {
  const auto it = model.parts.find(part);
  if (it == model.parts.end()) return {};
  const Part& p = it->second;
  return {p.section, p.material, p.hourglass, static_cast<GlobalId>(p.thickness_update)};
}

std::vector<KernelClassKey> shell_kernel_classes(const Model& model) {
  std::map<GlobalId, KernelClassKey> by_part;  // few parts, many shells
  for (const auto& [id, part] : model.parts) by_part.emplace(id, kernel_class_key(model, id));
  std::vector<KernelClassKey> classes(model.shells.size());
  for (std::size_t e = 0; e < model.shells.size(); ++e) {
    const auto it = by_part.find(model.shells[e].part);
    classes[e] = it == by_part.end() ? KernelClassKey{} : it->second;
  }
  return classes;
}

std::unordered_map<GlobalId, std::size_t> node_deck_index(const Model& model) {
  std::unordered_map<GlobalId, std::size_t> index;
  index.reserve(model.nodes.size());
  for (std::size_t i = 0; i < model.nodes.size(); ++i) index.emplace(model.nodes[i].id, i);
  return index;
}

LocalMesh whole_model_mesh(const Model& model) {
  LocalMesh mesh;
  const std::unordered_map<GlobalId, std::size_t> deck_index = node_deck_index(model);
  const ElementOrder chosen = element_order(model, shell_kernel_classes(model), deck_index);
  const std::vector<std::size_t>& order = chosen.shells;
  mesh.order = chosen.choice;
  // Nodes are numbered in the order the element loop first meets them, then
  // the nodes on no element in deck order: the node phase's gather then
  // reads the corner array nearly front to back, and an element pack's
  // corners are near each other in the node arrays.
  mesh.node_ids.reserve(model.nodes.size());
  mesh.node_x.reserve(model.nodes.size());
  mesh.node_index.reserve(model.nodes.size());
  const auto number = [&](const Node& n) {
    if (!mesh.node_index.emplace(n.id, static_cast<int>(mesh.node_ids.size())).second) return;
    mesh.node_ids.push_back(n.id);
    mesh.node_x.push_back(n.x);
  };
  for (const std::size_t e : order)
    for (const GlobalId id : model.shells[e].nodes) number(model.nodes[deck_index.at(id)]);
  for (const Node& n : model.nodes) number(n);
  mesh.element_ids.reserve(model.shells.size());
  for (const std::size_t e : order) {
    const Shell& s = model.shells[e];
    mesh.element_ids.push_back(s.id);
    mesh.element_parts.push_back(s.part);
    mesh.element_thickness.push_back(s.thickness);
    std::array<int, 4> local{};
    for (int c = 0; c < 4; ++c) local[c] = mesh.node_index.at(s.nodes[c]);
    mesh.element_nodes.push_back(local);
  }
  return mesh;
}

}  // namespace mc
