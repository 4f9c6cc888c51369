// Every Kokkos View type of the solver, in one place (miniAero style).
// Nodal vectors are View<Real*[3]>; element corner data View<Real**[W][6]>.
#pragma once

#include <Kokkos_Core.hpp>
#include <cstdint>

#include "decomposition/parallel/experimental_simd.hpp"

namespace mc {

#ifdef MINICRASH_SINGLE_PRECISION
using Real = float;
#else
using Real = double;
#endif

// Elements are processed in packs of one SIMD register's worth (see
// simd.hpp); per-element state the kernel streams through is stored packed,
// lanes innermost ("AoSoA"), so a pack loads and stores whole registers.
inline constexpr int kPackWidth = static_cast<int>(std::experimental::native_simd<Real>::size());

using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
using Layout = Kokkos::LayoutRight;  // one element's data contiguous: cache-friendly per-element kernels

using RealView = Kokkos::View<Real*, Layout, MemSpace>;
using DoubleView = Kokkos::View<double*, Layout, MemSpace>;  // energy accumulators stay double
using IntView = Kokkos::View<int*, Layout, MemSpace>;
using ByteView = Kokkos::View<std::uint8_t*, Layout, MemSpace>;
using Vec3View = Kokkos::View<Real* [3], Layout, MemSpace>;
using Conn4View = Kokkos::View<int* [4], Layout, MemSpace>;
// [corner][pack][lane][fx fy fz mx my mz]: a corner's components side by
// side, and each corner's packs in a run of their own (element_block.hpp)
using CornerForceView = Kokkos::View<Real** [kPackWidth][6], Layout, MemSpace>;
// [pack][entry][lane]: element state the shell kernel loads and stores a
// pack at a time (the points' stresses, transverse shear, IHQ 4 resultants)
using PackedStateView = Kokkos::View<Real** [kPackWidth], Layout, MemSpace>;

template <class View>
using ConstView = typename View::const_type;

inline int pack_count(int elements) { return (elements + kPackWidth - 1) / kPackWidth; }

// Element e's entry j of a packed View.
template <class PackedView>
KOKKOS_INLINE_FUNCTION auto& packed(const PackedView& v, int e, int j) {
  return v(e / kPackWidth, j, e % kPackWidth);
}
KOKKOS_INLINE_FUNCTION Real& corner_force(const CornerForceView& v, int e, int c, int k) {
  return v(c, e / kPackWidth, e % kPackWidth, k);
}

using RangePolicy = Kokkos::RangePolicy<ExecSpace>;
// Loops over host containers (std::vector: the contact search, sorts).
using HostRange = Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>;

}  // namespace mc
