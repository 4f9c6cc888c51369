// What each local node sums to get its force (or mass): the contributions
// of the element corners that meet there, in a fixed order. The solver
// builds the table from its element blocks (miniapp/elements/
// element_block.hpp); the nodal gather and the halo read it and know
// nothing of elements. Corner values live in one array laid out by the
// blocks: component k of term t is at corners[term(t) + k].
#pragma once

#include <cstdint>
#include <functional>
#include <tuple>

#include "decomposition/parallel/views.hpp"
#include "io/model.hpp"

namespace mc {

// Where a term stands in the model-wide order of a node's sum: by element
// block, then by the element's user id. Every rank orders a shared node's
// terms alike, so every holder adds them in the same order.
struct TermKey {
  int block = 0;
  GlobalId element = 0;
  bool operator<(const TermKey& o) const { return std::tie(block, element) < std::tie(o.block, o.element); }
};

struct NodeTerms {
  IntView offset;             // node n's terms are [offset(n), offset(n + 1)), in the order they are added
  IntView term;               // flat position of each term's component 0 in the corner array
  int nodes() const { return offset.extent(0) > 0 ? static_cast<int>(offset.extent(0)) - 1 : 0; }
};

// A term's place in the model-wide order, from its flat position (the
// element blocks know which element a position belongs to).
using TermKeyOf = std::function<TermKey(int term)>;

}  // namespace mc
