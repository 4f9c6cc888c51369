#include "contact/bucket_search.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

#include "decomposition/parallel/views.hpp"

namespace mc {

namespace {
// At most this many cells a side: bounds memory for sparse, spread-out surfaces.
constexpr long long kMaxCellsPerSide = 1 << 20;
}  // namespace

BucketGrid::BucketGrid(const SearchBoxes& boxes) {
  const int m = boxes.count();
  double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300}, mean = 0;
  for (int s = 0; s < m; ++s) {
    double largest = 0;
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::min(lo[k], boxes.lo[3 * s + k]);
      hi[k] = std::max(hi[k], boxes.hi[3 * s + k]);
      largest = std::max(largest, boxes.hi[3 * s + k] - boxes.lo[3 * s + k]);
    }
    mean += largest;
  }
  // A cell as big as a typical search box: a segment touches about 8 cells.
  double cell = std::max(mean / m, 1e-12);
  for (int k = 0; k < 3; ++k) cell = std::max(cell, (hi[k] - lo[k]) / double(kMaxCellsPerSide));
  inv_cell_ = 1 / cell;
  for (int k = 0; k < 3; ++k) {
    origin_[k] = lo[k];
    dims_[k] = static_cast<long long>(std::floor((hi[k] - lo[k]) * inv_cell_)) + 1;
  }
  // The cells of each segment's box.
  const auto cells_of = [&](int s, long long from[3], long long to[3]) {
    for (int k = 0; k < 3; ++k) {
      from[k] = static_cast<long long>(std::floor((boxes.lo[3 * s + k] - origin_[k]) * inv_cell_));
      to[k] = static_cast<long long>(std::floor((boxes.hi[3 * s + k] - origin_[k]) * inv_cell_));
    }
  };
  std::size_t n = 0;
  Kokkos::parallel_reduce(
      "contact::grid_cells", HostRange(0, m),
      [&](const int s, std::size_t& sum) {
        long long from[3], to[3];
        cells_of(s, from, to);
        sum += static_cast<std::size_t>((to[0] - from[0] + 1) * (to[1] - from[1] + 1) * (to[2] - from[2] + 1));
      },
      n);
  // About four entries a bucket: a cell holds about eight, so most buckets
  // hold one cell or none.
  while ((std::size_t{1} << bucket_bits_) < n / 4) ++bucket_bits_;
  const std::size_t buckets = std::size_t{1} << bucket_bits_;
  cell_.resize(n);
  segment_.resize(n);
  bucket_start_.assign(buckets + 1, 0);
  const auto for_segment_cells = [&](const char* name, auto&& body) {
    Kokkos::parallel_for(name, HostRange(0, m), [&](const int s) {
      long long from[3], to[3], c[3];
      cells_of(s, from, to);
      for (c[0] = from[0]; c[0] <= to[0]; ++c[0])
        for (c[1] = from[1]; c[1] <= to[1]; ++c[1])
          for (c[2] = from[2]; c[2] <= to[2]; ++c[2]) body(s, key(c));
    });
  };
  // Atomic only where threads share the counters: a lone thread's locked
  // adds made the grid 20 % slower (the Neon-like window's ten sorts: 0.059
  // against 0.049 s).
  const bool shared = Kokkos::DefaultHostExecutionSpace().concurrency() > 1;
  const auto take = [shared](std::size_t& counter) {
    return shared ? Kokkos::atomic_fetch_add(&counter, std::size_t{1}) : counter++;
  };
  // How many entries each bucket holds, then where each bucket starts.
  for_segment_cells("contact::grid_count", [&](int, long long k) { take(bucket_start_[bucket(k) + 1]); });
  for (std::size_t b = 0; b < buckets; ++b) bucket_start_[b + 1] += bucket_start_[b];
  // Entries to their buckets, in any order (threads race for the places),
  // then each bucket sorted by cell and segment: every (cell, segment)
  // entry is distinct, so the order is the same for any thread count. The
  // starts serve as cursors: after the pass bucket_start_[b] is where
  // bucket b ends, so they move up one place.
  for_segment_cells("contact::grid_place", [&](int s, long long k) {
    const std::size_t at = take(bucket_start_[bucket(k)]);
    cell_[at] = k;
    segment_[at] = s;
  });
  std::copy_backward(bucket_start_.begin(), bucket_start_.end() - 1, bucket_start_.end());
  bucket_start_[0] = 0;
  Kokkos::parallel_for("contact::grid_sort", HostRange(0, static_cast<int>(buckets)), [&](const int b) {
    sort_bucket(bucket_start_[static_cast<std::size_t>(b)], bucket_start_[static_cast<std::size_t>(b) + 1]);
  });
}

// Entries first..last-1 by cell, then segment: in place where they are few
// (most buckets), through a list of pairs where a cell holds many.
void BucketGrid::sort_bucket(std::size_t first, std::size_t last) {
  const auto before = [](long long c1, int s1, long long c2, int s2) { return c1 < c2 || (c1 == c2 && s1 < s2); };
  if (last - first <= 32) {
    for (std::size_t i = first + 1; i < last; ++i) {
      const long long c = cell_[i];
      const int s = segment_[i];
      std::size_t j = i;
      for (; j > first && before(c, s, cell_[j - 1], segment_[j - 1]); --j) {
        cell_[j] = cell_[j - 1];
        segment_[j] = segment_[j - 1];
      }
      cell_[j] = c;
      segment_[j] = s;
    }
    return;
  }
  std::vector<std::pair<long long, int>> entries;
  for (std::size_t i = first; i < last; ++i) entries.emplace_back(cell_[i], segment_[i]);
  std::sort(entries.begin(), entries.end());
  for (std::size_t i = first; i < last; ++i) std::tie(cell_[i], segment_[i]) = entries[i - first];
}

long long BucketGrid::key(const long long cell[3]) const { return (cell[0] * dims_[1] + cell[1]) * dims_[2] + cell[2]; }

// Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4): the top bits of the key
// times 2^64 / golden ratio spread neighbouring cells over the table.
std::size_t BucketGrid::bucket(long long key) const {
  return static_cast<std::size_t>((static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull) >> (64 - bucket_bits_));
}

std::pair<const int*, const int*> BucketGrid::segments_near(const double* p) const {
  long long c[3];
  for (int k = 0; k < 3; ++k) {
    const double f = std::floor((p[k] - origin_[k]) * inv_cell_);
    if (!(f >= 0 && f < double(dims_[k]))) return {nullptr, nullptr};
    c[k] = static_cast<long long>(f);
  }
  const long long k = key(c);
  const std::size_t b = bucket(k);
  const long long* const cells = cell_.data();
  const long long* const last = cells + bucket_start_[b + 1];
  const long long* const first = std::find(cells + bucket_start_[b], last, k);
  const long long* end = first;
  while (end != last && *end == k) ++end;
  return {segment_.data() + (first - cells), segment_.data() + (end - cells)};
}

}  // namespace mc
