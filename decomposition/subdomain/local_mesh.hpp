// The piece of the global mesh one rank owns: its elements and every node
// they touch, in local numbering. With one rank this is the whole model.
#pragma once

#include <array>
#include <unordered_map>
#include <vector>

#include "decomposition/subdomain/element_order.hpp"
#include "io/model.hpp"

namespace mc {

struct LocalMesh {
  std::vector<GlobalId> node_ids;
  std::vector<std::array<double, 3>> node_x;
  std::vector<GlobalId> element_ids, element_parts;
  std::vector<std::array<int, 4>> element_nodes;  // local node indices
  std::vector<double> element_thickness;          // *ELEMENT_SHELL_THICKNESS; 0: the section's
  std::unordered_map<GlobalId, int> node_index;   // user id -> local index
  OrderChoice order;                              // the order element_order chose for the elements
};

// Parts with the same section, material, hourglass control and thickness
// update are the same to the element kernel, so their shells may share a
// SIMD pack: the key of that class (all 0 for an unknown part).
KernelClassKey kernel_class_key(const Model& model, GlobalId part);
// Each shell's kernel class, in deck order.
std::vector<KernelClassKey> shell_kernel_classes(const Model& model);
// Node id -> index in model.nodes.
std::unordered_map<GlobalId, std::size_t> node_deck_index(const Model& model);

// All elements of the model (a rank's subdomain, or the whole model at
// np 1) in the order element_order gives: by kernel class, so that few SIMD
// packs mix classes (a mixed pack runs one element at a time), then the
// deck's order or, where that scatters neighbours, Morton order. Nodes are
// numbered in the order those elements first meet them, then the nodes on
// no element in deck order: the order of the deck's *NODE lines changes
// no bit.
LocalMesh whole_model_mesh(const Model& model);

}  // namespace mc
