// The largest of a node block's values by SIMD packs. The node loops keep
// one value a node in a block's array and reduce it here, in registers:
// Kokkos' reduction slot went through memory at every node, and a running
// maximum with a NaN test at every node was a chain of its own (the
// Neon-like window's node share 0.96x without it; docs/speed.md, "The
// node sums' view types, and the speed bound by packs").
#pragma once

#include "decomposition/parallel/experimental_simd.hpp"

namespace mc {

struct BlockLargest {
  double most = 0;         // as a scalar loop of `value > most ? value : most` from 0 gives it (NaN passes over)
  bool all_finite = true;  // no value is NaN or infinite
};

inline BlockLargest block_largest(const double* values, int size) {
  namespace stdx = std::experimental;
  using Pack = stdx::native_simd<double>;
  constexpr int width = static_cast<int>(Pack::size());
  Pack hi(0), off(0);  // off: 0, or NaN once a value is NaN or infinite
  int i = 0;
  for (; i + width <= size; i += width) {
    const Pack value(values + i, stdx::element_aligned);
    stdx::where(value > hi, hi) = value;
    off += value - value;
  }
  BlockLargest out;
  out.most = stdx::hmax(hi);
  double bad = stdx::reduce(off);
  for (; i < size; ++i) {
    out.most = values[i] > out.most ? values[i] : out.most;
    bad += values[i] - values[i];
  }
  out.all_finite = bad == 0;
  return out;
}

}  // namespace mc
