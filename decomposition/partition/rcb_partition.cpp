// Recursive coordinate bisection on element centroids: cut the current box
// across its longest extent so that the work on each side is in proportion
// to the parts it gets (left floor(p/2), right the rest), then recurse.
// Parts may be given unequal capacities: the work then goes in proportion
// to the capacities of each side's parts.
//
// Determinism: elements are ordered by (coordinate, element index), a strict
// total order, so every cut selects a unique set of elements whatever order
// std::nth_element leaves inside the sides; work is summed as integers, so
// the sums do not depend on that order either. The result is a function of
// the input alone.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

#include "decomposition/partition/partition_methods.hpp"

namespace mc::detail {

namespace {

using Index = std::int64_t;

// Integer work: exact, order-independent sums. Totals stay below 2^41, so the
// sums convert to double exactly for the comparisons with the target.
std::vector<std::int64_t> integer_work(const PartitionInput& in) {
  const std::size_t n = in.centroids.size();
  const double total = in.work.empty() ? 0.0 : std::accumulate(in.work.begin(), in.work.end(), 0.0);
  if (!(total > 0)) return std::vector<std::int64_t>(n, 1);  // no work given: balance counts
  const double scale = std::ldexp(1.0, 40) / total;
  std::vector<std::int64_t> w(n);
  for (std::size_t e = 0; e < n; ++e)
    w[e] = in.work[e] > 0 ? std::max<std::int64_t>(1, std::llround(in.work[e] * scale)) : 0;
  return w;
}

class Bisection {
 public:
  Bisection(const PartitionInput& in, const std::vector<double>& capacity, std::vector<int>& part)
      : x_(in.centroids), w_(integer_work(in)), capacity_(capacity), order_(in.centroids.size()), part_(part) {
    std::iota(order_.begin(), order_.end(), Index{0});
  }

  void split(Index lo, Index hi, int first, int parts) {
    if (parts == 1 || lo == hi) {
      for (Index i = lo; i < hi; ++i) part_[order_[i]] = first;
      return;
    }
    const int left = parts / 2, right = parts - left;
    const Index n = hi - lo;
    const Less by{&x_, longest_axis(lo, hi)};
    std::int64_t total = 0;
    for (Index i = lo; i < hi; ++i) total += w_[order_[i]];
    const double target = static_cast<double>(total) * capacity(first, left) / capacity(first, parts);
    Index k = weighted_cut(lo, hi, target, total, by);
    // Keep every part non-empty when there are enough elements; with fewer
    // elements than parts, no part gets more than one element.
    const Index lower = n >= parts ? left : std::max<Index>(0, n - right);
    const Index upper = n >= parts ? n - right : std::min<Index>(n, left);
    const Index clamped = std::clamp(k, lower, upper);
    if (clamped < k) std::nth_element(at(lo), at(lo + clamped), at(lo + k), by);
    if (clamped > k) std::nth_element(at(lo + k), at(lo + clamped), at(hi), by);
    k = clamped;
    split(lo, lo + k, first, left);
    split(lo + k, hi, first + left, right);
  }

 private:
  struct Less {
    const std::vector<std::array<double, 3>>* x;
    int axis;
    bool operator()(Index a, Index b) const {
      const double xa = (*x)[a][axis], xb = (*x)[b][axis];
      return xa < xb || (xa == xb && a < b);  // ties by index: a strict total order
    }
  };
  std::vector<Index>::iterator at(Index i) { return order_.begin() + i; }

  // The capacity of parts first .. first + count - 1 (their count when all are equal).
  double capacity(int first, int count) const {
    if (capacity_.empty()) return count;
    double sum = 0;
    for (int p = first; p < first + count; ++p) sum += capacity_[static_cast<std::size_t>(p)];
    return sum;
  }

  int longest_axis(Index lo, Index hi) const {
    std::array<double, 3> mn = x_[order_[lo]], mx = mn;
    for (Index i = lo + 1; i < hi; ++i)
      for (int d = 0; d < 3; ++d) {
        mn[d] = std::min(mn[d], x_[order_[i]][d]);
        mx[d] = std::max(mx[d], x_[order_[i]][d]);
      }
    int axis = 0;
    for (int d = 1; d < 3; ++d)
      if (mx[d] - mn[d] > mx[axis] - mn[axis]) axis = d;
    return axis;
  }

  // Leaves the k smallest elements of [lo, hi) (in the axis order) in
  // [lo, lo + k) and returns the k whose work S_k is closest to target.
  // A weighted quickselect: each probe is an nth_element at the position
  // where the target falls if the rest of the range had its mean work, so
  // uniform work needs a single pass; a probe that does not halve the range
  // is followed by one at the midpoint, which bounds the worst case.
  Index weighted_cut(Index lo, Index hi, double target, std::int64_t total, const Less& by) {
    if (!(target > 0)) return 0;
    // Invariant: [lo, a) and [b, hi) hold the smallest and largest elements;
    // S(a - lo) = before < target <= S(b - lo) = through_b.
    Index a = lo, b = hi;
    std::int64_t before = 0, through_b = total;
    bool bisect = false;
    Index k = -1;
    std::int64_t s_k = 0;
    while (k < 0 && b - a > 16) {
      const Index size = b - a;
      Index m = a + size / 2;
      if (!bisect) {
        const double mean = static_cast<double>(through_b - before) / static_cast<double>(size);
        m = a + static_cast<Index>(std::ceil((target - static_cast<double>(before)) / mean)) - 1;
        m = std::clamp(m, a, b - 1);
      }
      std::nth_element(at(a), at(m), at(b), by);
      std::int64_t s = before;
      for (Index i = a; i < m; ++i) s += w_[order_[i]];
      if (static_cast<double>(s) >= target) {
        b = m;
        through_b = s;
      } else if (static_cast<double>(s + w_[order_[m]]) >= target) {
        k = m + 1 - lo;
        s_k = s + w_[order_[m]];
      } else {
        before = s + w_[order_[m]];
        a = m + 1;
      }
      bisect = !bisect && 2 * (b - a) > size;
    }
    if (k < 0) {  // a short range left: sort it and scan
      std::sort(at(a), at(b), by);
      k = b - lo;
      s_k = through_b;
      for (Index i = a; i < b; ++i) {
        before += w_[order_[i]];
        if (static_cast<double>(before) >= target) {
          k = i + 1 - lo;
          s_k = before;
          break;
        }
      }
    }
    // Element lo + k - 1 is the largest of the first k, so dropping it
    // leaves the k - 1 smallest in place.
    const std::int64_t s_prev = s_k - w_[order_[lo + k - 1]];
    return target - static_cast<double>(s_prev) < static_cast<double>(s_k) - target ? k - 1 : k;
  }

  const std::vector<std::array<double, 3>>& x_;
  std::vector<std::int64_t> w_;
  const std::vector<double>& capacity_;
  std::vector<Index> order_;
  std::vector<int>& part_;
};

}  // namespace

std::vector<int> rcb_partition(const PartitionInput& input, int parts, const std::vector<double>& capacity) {
  std::vector<int> part(input.centroids.size(), 0);
  Bisection rcb(input, capacity, part);
  rcb.split(0, static_cast<Index>(input.centroids.size()), 0, parts);
  return part;
}

}  // namespace mc::detail
