// The order a rank runs its shells in (whole_model_mesh numbers the nodes
// after it). Shells go by kernel class, so that few SIMD packs mix classes.
// Within a class they keep the deck's order where it already keeps
// neighbours together, as the shipped and generated decks do: read front
// to back, such a mesh streams its corners (a plate row by row ran
// its node phase a fifth faster than in Morton order). A deck whose
// order scatters them (more than a quarter of its steps far, and twice as
// many as Morton order's: renumbered, merged or shuffled) runs in Morton
// order of the shells' centres instead. A fixed model gives a fixed order.
#pragma once

#include <array>
#include <cstddef>
#include <unordered_map>
#include <vector>

#include "io/model.hpp"

namespace mc {

using KernelClassKey = std::array<GlobalId, 4>;

// How far apart consecutive shells of one class lie, in an order.
struct OrderSpread {
  std::size_t steps = 0;  // consecutive pairs in one class
  std::size_t far = 0;    // of them, centres more than kFarStep median shell sizes apart
};
constexpr double kFarStep = 4;

// Which order a rank's shells run in, and why (the run report's rank_work).
struct OrderChoice {
  OrderSpread deck, morton;  // the deck's order's spread and Morton order's
  bool spatial = false;      // Morton order was taken
};

struct ElementOrder {
  std::vector<std::size_t> shells;  // indices into model.shells, in run order
  OrderChoice choice;
};

// `classes`: each shell's kernel class; `deck_index`: node id -> index in model.nodes.
ElementOrder element_order(const Model& model, const std::vector<KernelClassKey>& classes,
                           const std::unordered_map<GlobalId, std::size_t>& deck_index);

}  // namespace mc
