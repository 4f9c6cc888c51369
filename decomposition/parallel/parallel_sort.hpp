// std::sort on the host threads: fixed blocks sorted in parallel, then
// merged pairwise in parallel rounds. The blocks do not depend on the
// thread count and std::merge is stable, so the result is the same for any
// ncpu (and for distinct elements it is the one sorted order anyway).
#pragma once

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <vector>

#include "decomposition/parallel/views.hpp"

namespace mc {

template <class T>
void parallel_sort(std::vector<T>& v) {
  constexpr std::size_t kBlock = std::size_t{1} << 14;
  const std::size_t n = v.size();
  if (n <= kBlock) {
    std::sort(v.begin(), v.end());
    return;
  }
  const auto at = [&](std::vector<T>& w, std::size_t i) { return w.begin() + static_cast<std::ptrdiff_t>(i); };
  const int blocks = static_cast<int>((n + kBlock - 1) / kBlock);
  Kokkos::parallel_for("parallel_sort::blocks", HostRange(0, blocks), [&](const int b) {
    const std::size_t first = static_cast<std::size_t>(b) * kBlock;
    std::sort(at(v, first), at(v, std::min(n, first + kBlock)));
  });
  std::vector<T> merged(n);
  for (std::size_t width = kBlock; width < n; width *= 2) {
    const int merges = static_cast<int>((n + 2 * width - 1) / (2 * width));
    Kokkos::parallel_for("parallel_sort::merge", HostRange(0, merges), [&](const int m) {
      const std::size_t lo = static_cast<std::size_t>(m) * 2 * width;
      const std::size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
      std::merge(at(v, lo), at(v, mid), at(v, mid), at(v, hi), at(merged, lo));
    });
    v.swap(merged);
  }
}

}  // namespace mc
