// Broad phase: a voxel (bucket) grid over the segments' search boxes. Each
// segment is filed in every cell its box touches; a node looks only in its
// own cell. Output is sorted by node, then segment: the same list for any
// thread count.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "decomposition/parallel/blocked_for.hpp"

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

// The grid itself, for the template above (bucket_search.cpp). Cells are
// hashed into buckets; the entries are counted into their buckets, then
// sorted by cell within each. On the Neon-like window the sort of all the
// entries that this replaces was 29 % of the contact phase, and a lookup
// reads one bucket instead of binary-searching all the entries.
class BucketGrid {
 public:
  explicit BucketGrid(const SearchBoxes& boxes);
  // Segments filed in the cell of point p, ascending (empty outside the grid).
  std::pair<const int*, const int*> segments_near(const double* p) const;

 private:
  long long key(const long long cell[3]) const;
  std::size_t bucket(long long key) const;
  void sort_bucket(std::size_t first, std::size_t last);
  double origin_[3] = {0, 0, 0}, inv_cell_ = 1;
  long long dims_[3] = {0, 0, 0};
  int bucket_bits_ = 1;
  std::vector<std::size_t> bucket_start_;  // bucket b's entries are [bucket_start_[b], bucket_start_[b + 1])
  std::vector<long long> cell_;            // each entry's cell key: a bucket's entries grouped by cell
  std::vector<int> segment_;               // each entry's segment, ascending within a cell
};

template <class Keep>
std::vector<std::pair<int, int>> bucket_candidates(const std::vector<double>& points, const SearchBoxes& boxes,
                                                   Keep keep) {
  std::vector<std::pair<int, int>> out;
  if (boxes.count() == 0) return out;
  const BucketGrid grid(boxes);
  // Nodes searched in parallel blocks, joined in block order (blocked_for.hpp);
  // a thread that has run its blocks takes others' (the crash zone's nodes
  // lie together in the node order and find the most segments).
  const std::size_t nodes = points.size() / 3;
  std::vector<std::vector<std::pair<int, int>>> found(static_cast<std::size_t>(list_blocks(nodes)));
  for_list_blocks<Kokkos::Dynamic>("contact::bucket_candidates", nodes, [&](int b, std::size_t first, std::size_t last) {
    for (std::size_t n = first; n < last; ++n) {
      const double* p = &points[3 * n];
      const auto [lo_seg, hi_seg] = grid.segments_near(p);
      for (const int* s = lo_seg; s != hi_seg; ++s) {
        const double* lo = &boxes.lo[3 * static_cast<std::size_t>(*s)];
        const double* hi = &boxes.hi[3 * static_cast<std::size_t>(*s)];
        const bool inside = p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1] && p[2] >= lo[2] &&
                            p[2] <= hi[2];
        const int node = static_cast<int>(n);
        if (inside && keep(node, *s)) found[static_cast<std::size_t>(b)].emplace_back(node, *s);
      }
    }
  });
  for (const auto& block : found) out.insert(out.end(), block.begin(), block.end());
  return out;
}

}  // namespace mc
