// How the shell kernel (shell_internal_force.cpp) runs a pack of
// consecutive shells: one SIMD pass for a uniform pack, one a kernel class
// for a pack across classes, and the rest one shell at a time; and which
// lanes a pass updates.
#pragma once

#include "miniapp/elements/simd.hpp"
#include "miniapp/materials/material_params.hpp"

namespace mc {

// All lanes, or (Partial) those of one class: every other lane computes
// the first owned lane's element, so that it stays finite and converges
// with it, and keeps its own state (its stores blend the old values back).
// Element by element, such a pack's elements cost about four lanes each
// (perf, Neon-like deck at scale 0.1: 0.0047 % of the samples an element
// against 0.0011 % in a uniform pack), and at np 16 up to 3 % of a rank's
// shells lie in packs across classes (docs/speed.md, "Packs across
// classes").
template <class T, bool Partial>
struct PackLanes {  // Partial: one class's lanes
  using L = Lanes<T>;
  unsigned own;  // bit l: lane l is updated
  int first;     // the first owned lane
  MaskOf<T> owned;

  PackLanes(unsigned lanes, int first_lane)
      : own(lanes), first(first_lane), owned(L::make([&](int l) { return Real((lanes >> l) & 1u); }) > T(0)) {}
  KOKKOS_INLINE_FUNCTION bool owns(int l) const { return (own >> l) & 1u; }
  KOKKOS_INLINE_FUNCTION int element(int e0, int l) const { return e0 + (owns(l) ? l : first); }
  KOKKOS_INLINE_FUNCTION T load(const Real* at) const {
    const T v = L::load(at);
    return select(owned, v, T(L::get(v, first)));
  }
  KOKKOS_INLINE_FUNCTION void store(Real* at, const T& v) const { L::store(at, select(owned, v, L::load(at))); }
};

// Every lane (a uniform pack, or one shell): no state, so that the kernel
// compiles as it would without PackLanes.
template <class T>
struct PackLanes<T, false> {
  using L = Lanes<T>;
  static KOKKOS_INLINE_FUNCTION bool owns(int) { return true; }
  static KOKKOS_INLINE_FUNCTION int element(int e0, int l) { return e0 + l; }
  static KOKKOS_INLINE_FUNCTION T load(const Real* at) { return L::load(at); }
  static KOKKOS_INLINE_FUNCTION void store(Real* at, const T& v) { L::store(at, v); }
};

// The lanes of a pack of W, one bit each.
template <int W>
inline constexpr unsigned kAllLanes = (W == 32 ? 0u : 1u << W) - 1;

// A lane's kernel class, or -1 where its shell runs alone: eroded,
// stressless (rigid, null) or a triangle.
KOKKOS_INLINE_FUNCTION int lane_class(const PartParams& p, bool alive, bool triangle) {
  return alive && !p.stressless && !triangle ? p.pack_class : -1;
}

// The SIMD passes over the full pack of W shells from e0: pass(own, first)
// for each kernel class among its lanes (class_of(e): lane_class of shell
// e) with at least W / 4 of them, `own` its lanes, `first` the lowest (all
// W lanes: a uniform pack). A pass returns false where one of its shells
// is bad (collapsed, inverted); they then run alone. Returns the lanes left
// to run one shell at a time. The kernel and the run report's
// shells_scalar (rank_work.cpp) both count through here.
template <int W, class ClassOf, class Pass>
KOKKOS_INLINE_FUNCTION unsigned pack_passes(int e0, const ClassOf& class_of, const Pass& pass) {
  static_assert(W <= 32, "a lane a bit");
  constexpr int kPartialLanes = W / 4;  // fewer run alone: a pass costs W lanes, a shell alone about four
  int lane_classes[W];
  bool uniform = true;
  for (int l = 0; l < W; ++l) {
    lane_classes[l] = class_of(e0 + l);
    uniform = uniform && lane_classes[l] >= 0 && lane_classes[l] == lane_classes[0];
  }
  if (uniform) return pass(kAllLanes<W>, 0) ? 0u : kAllLanes<W>;  // the common case first
  unsigned left = 0, live = 0;
  for (int l = 0; l < W; ++l) (lane_classes[l] >= 0 ? live : left) |= 1u << l;
  while (live != 0) {
    const int first = __builtin_ctz(live);
    unsigned own = 0;
    for (int l = first; l < W; ++l)
      if (lane_classes[l] == lane_classes[first]) own |= 1u << l;
    live &= ~own;
    if (__builtin_popcount(own) < kPartialLanes || !pass(own, first)) left |= own;
  }
  return left;
}

}  // namespace mc
