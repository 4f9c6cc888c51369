#include "contact/bucket_search.hpp"

#include <algorithm>
#include <cmath>

#include "decomposition/parallel/parallel_sort.hpp"

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
  std::vector<std::pair<long long, int>> entries;
  entries.reserve(static_cast<std::size_t>(m) * 8);
  for (int s = 0; s < m; ++s) {
    long long a[3], b[3];
    for (int k = 0; k < 3; ++k) {
      a[k] = static_cast<long long>(std::floor((boxes.lo[3 * s + k] - origin_[k]) * inv_cell_));
      b[k] = static_cast<long long>(std::floor((boxes.hi[3 * s + k] - origin_[k]) * inv_cell_));
    }
    long long c[3];
    for (c[0] = a[0]; c[0] <= b[0]; ++c[0])
      for (c[1] = a[1]; c[1] <= b[1]; ++c[1])
        for (c[2] = a[2]; c[2] <= b[2]; ++c[2]) entries.emplace_back(key(c), s);
  }
  parallel_sort(entries);
  cell_start_.resize(entries.size());
  segment_.resize(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    cell_start_[i] = entries[i].first;
    segment_[i] = entries[i].second;
  }
}

long long BucketGrid::key(const long long cell[3]) const { return (cell[0] * dims_[1] + cell[1]) * dims_[2] + cell[2]; }

std::pair<const int*, const int*> BucketGrid::segments_near(const double* p) const {
  long long c[3];
  for (int k = 0; k < 3; ++k) {
    const double f = std::floor((p[k] - origin_[k]) * inv_cell_);
    if (!(f >= 0 && f < double(dims_[k]))) return {nullptr, nullptr};
    c[k] = static_cast<long long>(f);
  }
  const long long k = key(c);
  const auto first = std::lower_bound(cell_start_.begin(), cell_start_.end(), k);
  const auto last = std::upper_bound(first, cell_start_.end(), k);
  const int* base = segment_.data();
  return {base + (first - cell_start_.begin()), base + (last - cell_start_.begin())};
}

}  // namespace mc
