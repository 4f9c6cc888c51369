// The model's ids and the place of each card: what every part of the
// global model (model.hpp) names things by.
#pragma once

#include <cstdint>
#include <string>

namespace mc {

using GlobalId = std::int64_t;  // 64-bit ids and counts: decks reach 1e7+ nodes

// Where a card came from, for file:line messages after parsing.
struct SourceLine {
  std::string file;
  int line = 0;
};

}  // namespace mc
