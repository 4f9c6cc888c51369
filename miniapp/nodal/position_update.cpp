// The position update of the node phase (nodal_update.hpp): x^{n+1} = x^n +
// v^{n+1/2} dt, with the bound on how far any node moved and, for the wall
// pass, each node block's least gap to each fixed planar wall.
#include <algorithm>
#include <cmath>
#include <limits>

#include "decomposition/parallel/blocked_for.hpp"
#include "decomposition/parallel/experimental_simd.hpp"
#include "miniapp/nodal/block_largest.hpp"
#include "miniapp/nodal/given_inertia.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/nodal/wall_gaps.hpp"

namespace mc {
namespace {

// The least of plane_gap over `size` nodes' x (at_x[k][i]), by packs; NaN
// where any gap is not finite, so that nothing is skipped past it.
double least_plane_gap(const FixedPlane& plane, const double (*at_x)[kListBlock], int size) {
  namespace stdx = std::experimental;
  using Pack = stdx::native_simd<double>;
  constexpr int width = static_cast<int>(Pack::size());
  const auto gap = [&](const auto& x0, const auto& x1, const auto& x2) {
    return plane_gap(plane.point, plane.axis, plane.position, x0, x1, x2);
  };
  Pack lo(std::numeric_limits<double>::infinity()), off(0);
  int i = 0;
  for (; i + width <= size; i += width) {
    const Pack g = gap(Pack(&at_x[0][i], stdx::element_aligned), Pack(&at_x[1][i], stdx::element_aligned),
                       Pack(&at_x[2][i], stdx::element_aligned));
    stdx::where(g < lo, lo) = g;
    off += g - g;  // 0, or NaN once a gap is NaN or infinite
  }
  double least = stdx::hmin(lo), bad = stdx::reduce(off);
  for (; i < size; ++i) {
    const double g = gap(at_x[0][i], at_x[1][i], at_x[2][i]);
    least = g < least ? g : least;
    bad += g - g;
  }
  return bad == 0 ? least : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

double update_positions(State& s, Real dt, WallGaps* gaps) {
  const auto x = s.nodes.x;
  const auto v = s.nodes.v;
  // A node moves |v_k dt| along each axis, give or take the rounding of
  // x_k + v_k dt (half an ulp of the result): the sum over the axes bounds
  // the distance, whatever the precision.
  constexpr double eps = std::numeric_limits<Real>::epsilon();
  const int count = s.nodes.count();
  // In blocks of the wall pass's size; each block's least gap to each
  // fixed plane (wall_gaps.hpp) from the x just computed, kept aside as
  // three arrays so that the gaps run as packs.
  const int blocks = list_blocks(static_cast<std::size_t>(count));
  const int planes = gaps ? gaps->planes() : 0;
  const FixedPlane* plane = planes > 0 ? gaps->plane_data() : nullptr;
  double* least = planes > 0 ? gaps->least(blocks) : nullptr;
  double farthest = 0;
  Kokkos::parallel_reduce(
      "nodes::advance_positions", RangePolicy(0, blocks),
      KOKKOS_LAMBDA(const int b, double& most) {
        const int first = list_block_first(b);
        const int size = list_block_end(b, count) - first;
        // The block's x and v as runs of x, y, z (LayoutRight), through
        // restrict pointers: the stores to x then need not reload v or dt,
        // and the loop runs as SIMD packs (it was scalar).
        Real* __restrict xb = &x(first, 0);
        const Real* __restrict vb = &v(first, 0);
        const Real step_dt = dt;
        double at_x[3][kListBlock], bound[kListBlock];
        for (int i = 0; i < size; ++i) {
          double moved = 0, at = 0;
          for (int k = 0; k < 3; ++k) {
            const Real step = vb[3 * i + k] * step_dt;
            const Real moved_to = xb[3 * i + k] + step;
            xb[3 * i + k] = moved_to;
            moved += std::fabs(static_cast<double>(step));
            at += std::fabs(static_cast<double>(moved_to));
            if (planes > 0) at_x[k][i] = moved_to;  // only the gaps read them
          }
          bound[i] = moved * (1 + 4 * eps) + eps * at;
        }
        const double block_most = block_largest(bound, size).most;  // in registers: Kokkos' slot went through memory
        most = block_most > most ? block_most : most;
        for (int p = 0; p < planes; ++p)
          least[static_cast<std::size_t>(p) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(b)] =
              least_plane_gap(plane[p], at_x, size);
      },
      Kokkos::Max<double>(farthest));
  advance_given_inertias(s, dt);  // *PART_INERTIA mass moves with its body, as the body's nodes
  return farthest;
}

}  // namespace mc
