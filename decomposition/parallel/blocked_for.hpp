// A threaded pass over a list that also collects: the list is cut into
// fixed blocks (their size does not depend on the thread count), each block
// fills its own partial results, and the caller joins the partials in block
// order. Reproducible sums do not depend on how terms are grouped, and lists
// joined in block order keep the serial order, so a fixed np gives the same
// bits for any thread count. Static schedule: on 16 threads a dynamic one
// made the rigid-body sums 6.5x slower (Neon-like window, docs/studies.md).
#pragma once

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>

namespace mc {

inline constexpr std::size_t kListBlock = 256;

inline int list_blocks(std::size_t count) { return static_cast<int>((count + kListBlock - 1) / kListBlock); }

// body(block, first, last) for every block [first, last) of [0, count):
// list_blocks(count) calls, none for an empty list (a rank may hold none of
// a body's or a wall's nodes, and then has no partials to fill).
template <class Body>
void for_list_blocks(const char* name, std::size_t count, Body&& body) {
  if (count == 0) return;
  if (count <= kListBlock) {  // one block: no parallel region to open
    body(0, std::size_t{0}, count);
    return;
  }
  using Blocks = Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Schedule<Kokkos::Static>>;
  Kokkos::parallel_for(name, Blocks(0, list_blocks(count)), [&](const int b) {
    const std::size_t first = static_cast<std::size_t>(b) * kListBlock;
    body(b, first, std::min(count, first + kListBlock));
  });
}

}  // namespace mc
