// Broad phase: a voxel (bucket) grid over the segments' search boxes. Each
// segment is filed in every cell its box touches; a node looks only in its
// own cell. Output is sorted by node, then segment: the same list for any
// thread count.
#pragma once

#include <utility>
#include <vector>

namespace mc {

struct SearchBoxes {
  std::vector<double> lo, hi;  // 3 per segment: the segment's box grown by the search reach
  int count() const { return static_cast<int>(lo.size() / 3); }
};

// (node, segment) pairs with the node inside the segment's box. `points` has
// 3 coordinates a node; `keep(node, segment)` filters (sides, own segment).
template <class Keep>
std::vector<std::pair<int, int>> bucket_candidates(const std::vector<double>& points, const SearchBoxes& boxes,
                                                   Keep keep);

// The grid itself, for the template above (bucket_search.cpp).
class BucketGrid {
 public:
  explicit BucketGrid(const SearchBoxes& boxes);
  // Segments filed in the cell of point p, ascending (empty outside the grid).
  std::pair<const int*, const int*> segments_near(const double* p) const;

 private:
  long long key(const long long cell[3]) const;
  double origin_[3] = {0, 0, 0}, inv_cell_ = 1;
  long long dims_[3] = {0, 0, 0};
  std::vector<long long> cell_start_;  // sorted cell keys of the entries
  std::vector<int> segment_;           // entries, grouped by cell
};

template <class Keep>
std::vector<std::pair<int, int>> bucket_candidates(const std::vector<double>& points, const SearchBoxes& boxes,
                                                   Keep keep) {
  std::vector<std::pair<int, int>> out;
  if (boxes.count() == 0) return out;
  const BucketGrid grid(boxes);
  const int nodes = static_cast<int>(points.size() / 3);
  for (int n = 0; n < nodes; ++n) {
    const double* p = &points[3 * static_cast<std::size_t>(n)];
    const auto [first, last] = grid.segments_near(p);
    for (const int* s = first; s != last; ++s) {
      const double* lo = &boxes.lo[3 * static_cast<std::size_t>(*s)];
      const double* hi = &boxes.hi[3 * static_cast<std::size_t>(*s)];
      const bool inside = p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1] && p[2] >= lo[2] &&
                          p[2] <= hi[2];
      if (inside && keep(n, *s)) out.emplace_back(n, *s);
    }
  }
  return out;
}

}  // namespace mc
