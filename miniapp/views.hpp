// Every Kokkos View type of the solver, in one place (miniAero style).
// Nodal vectors are View<Real*[3]>; element corner data View<Real*[4][6]>.
#pragma once

#include <Kokkos_Core.hpp>
#include <cstdint>

namespace mc {

#ifdef MINICRASH_SINGLE_PRECISION
using Real = float;
#else
using Real = double;
#endif

using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
using Layout = Kokkos::LayoutRight;  // one element's data contiguous: cache-friendly per-element kernels

using RealView = Kokkos::View<Real*, Layout, MemSpace>;
using DoubleView = Kokkos::View<double*, Layout, MemSpace>;  // energy accumulators stay double
using IntView = Kokkos::View<int*, Layout, MemSpace>;
using ByteView = Kokkos::View<std::uint8_t*, Layout, MemSpace>;
using Vec3View = Kokkos::View<Real* [3], Layout, MemSpace>;
using Conn4View = Kokkos::View<int* [4], Layout, MemSpace>;
using CornerForceView = Kokkos::View<Real* [4][6], Layout, MemSpace>;  // fx fy fz mx my mz per corner
using PointStateView = Kokkos::View<Real**, Layout, MemSpace>;          // [elem][4*nip]: sxx syy sxy epsp
using Shear2View = Kokkos::View<Real* [2], Layout, MemSpace>;
using Hourglass5View = Kokkos::View<Real* [5], Layout, MemSpace>;

template <class View>
using ConstView = typename View::const_type;

using RangePolicy = Kokkos::RangePolicy<ExecSpace>;

}  // namespace mc
