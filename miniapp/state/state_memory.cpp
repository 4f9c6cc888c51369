#include "miniapp/state/state_memory.hpp"

namespace mc {

std::size_t state_bytes(const State& s) {
  std::size_t total = 0;
  for_each_state_array(s, [&](const void*, std::size_t bytes) { total += bytes; });
  return total;
}

}  // namespace mc
