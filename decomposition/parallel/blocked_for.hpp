// A threaded pass over a list that also collects: the list is cut into
// fixed blocks (their size does not depend on the thread count), each block
// fills its own partial results, and the caller joins the partials in block
// order. Reproducible sums do not depend on how terms are grouped, and lists
// joined in block order keep the serial order, so a fixed np gives the same
// bits for any thread count. Static schedule by default: on 16 threads a
// dynamic one made the rigid-body sums 6.5x slower (Neon-like window,
// docs/speed.md, "Threads on a 16-core node"). A pass whose blocks differ
// much in cost (the contact search: the nodes near the crash find many
// segments) takes Kokkos::Dynamic.
#pragma once

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <vector>

namespace mc {

inline constexpr std::size_t kListBlock = 256;

inline int list_blocks(std::size_t count) { return static_cast<int>((count + kListBlock - 1) / kListBlock); }

// Block b of an int-indexed list of `count` (the node loops): its first
// index, and one past its last.
inline int list_block_first(int b) { return b * static_cast<int>(kListBlock); }
inline int list_block_end(int b, int count) {
  return std::min(count, list_block_first(b) + static_cast<int>(kListBlock));
}

template <class Schedule = Kokkos::Static>
using ListBlockPolicy = Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Schedule<Schedule>>;

// body(block, first, last) for every block [first, last) of [0, count):
// list_blocks(count) calls, none for an empty list (a rank may hold none of
// a body's or a wall's nodes, and then has no partials to fill).
template <class Schedule = Kokkos::Static, class Body>
void for_list_blocks(const char* name, std::size_t count, Body&& body) {
  if (count == 0) return;
  if (count <= kListBlock) {  // one block: no parallel region to open
    body(0, std::size_t{0}, count);
    return;
  }
  Kokkos::parallel_for(name, ListBlockPolicy<Schedule>(0, list_blocks(count)), [&](const int b) {
    const std::size_t first = static_cast<std::size_t>(b) * kListBlock;
    body(b, first, std::min(count, first + kListBlock));
  });
}

// Several lists cut into blocks together: list l has the blocks
// offsets[l] .. offsets[l + 1] - 1 (none when it is empty).
inline std::vector<int> list_block_offsets(const std::vector<std::size_t>& sizes) {
  std::vector<int> offsets(sizes.size() + 1, 0);
  for (std::size_t l = 0; l < sizes.size(); ++l) offsets[l + 1] = offsets[l] + list_blocks(sizes[l]);
  return offsets;
}

// body(list, block, first, last) for every block of every list, in one
// threaded pass: a few rigid bodies of a few hundred nodes each, or many
// welds of four, share one parallel region instead of opening one each.
// `block` counts over all lists, so partials joined in block order keep
// each list's order.
template <class Body>
void for_lists_blocks(const char* name, const std::vector<std::size_t>& sizes, const std::vector<int>& offsets,
                      Body&& body) {
  const auto run = [&](const int b) {
    const auto after = std::upper_bound(offsets.begin(), offsets.end(), b);
    const auto l = static_cast<std::size_t>(after - offsets.begin() - 1);
    const std::size_t first = static_cast<std::size_t>(b - offsets[l]) * kListBlock;
    body(l, b, first, std::min(sizes[l], first + kListBlock));
  };
  const int blocks = offsets.back();
  if (blocks == 1) run(0);
  if (blocks > 1) Kokkos::parallel_for(name, ListBlockPolicy<>(0, blocks), run);
}

}  // namespace mc
