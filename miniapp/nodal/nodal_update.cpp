#include "miniapp/nodal/nodal_update.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#if defined(__AVX512F__) && defined(__AVX512VL__)
#include <immintrin.h>
#endif

#include "decomposition/parallel/experimental_simd.hpp"
#include "miniapp/nodal/given_inertia.hpp"
#include "miniapp/nodal/wall_gaps.hpp"

namespace mc {
namespace {

// Sum of node n's terms, component by component, in table order. GCC adds
// a term's six components one by one (six is no vector width), so with
// AVX-512 the gather's sums run as one vector: each term a masked load of
// its six components (the two after them are not read) and one add. The
// components are summed in the same order, so the bits are the same.
// Single precision's node phase on the Neon-like deck (scale 0.1, cycles
// 0-3000, np 1): 3.03-3.09 -> 2.67-2.71 s; double's within the noise
// (docs/speed.md, "Single precision's corner stores and node gathers").
template <int Width>
KOKKOS_INLINE_FUNCTION void sum_terms(const ConstView<IntView>& offset, const ConstView<IntView>& term,
                                      const Real* corners, int n, Real sum[Width]) {
#if defined(__AVX512F__) && defined(__AVX512VL__)  // VL: single's 256-bit masked load
  if constexpr (Width == 6) {
    constexpr __mmask8 kSix = 0x3F;
#ifdef MINICRASH_SINGLE_PRECISION
    __m256 acc = _mm256_setzero_ps();
    for (int i = offset(n); i < offset(n + 1); ++i) acc = _mm256_add_ps(acc, _mm256_maskz_loadu_ps(kSix, corners + term(i)));
    alignas(32) Real lanes[8];
    _mm256_store_ps(lanes, acc);
#else
    __m512d acc = _mm512_setzero_pd();
    for (int i = offset(n); i < offset(n + 1); ++i) acc = _mm512_add_pd(acc, _mm512_maskz_loadu_pd(kSix, corners + term(i)));
    alignas(64) Real lanes[8];
    _mm512_store_pd(lanes, acc);
#endif
    for (int k = 0; k < 6; ++k) sum[k] = lanes[k];
    return;
  }
#endif
  for (int k = 0; k < Width; ++k) sum[k] = 0;
  for (int i = offset(n); i < offset(n + 1); ++i) {
    const Real* t = corners + term(i);
    for (int k = 0; k < Width; ++k) sum[k] += t[k];
  }
}

// Node n's net force (and, Width 6, moment): its terms, then this rank's
// contact share, as the halo adds it at shared nodes. The gather and
// net_force both sum through here, so a wall's recomputed force has the
// gather's bits.
template <int Width>
KOKKOS_INLINE_FUNCTION void sum_net(const ConstView<IntView>& offset, const ConstView<IntView>& term,
                                    const Real* corners, const ConstView<Vec3View>& fc, int n, Real sum[Width]) {
  sum_terms<Width>(offset, term, corners, n, sum);
  if (fc.extent(0) > 0)
    for (int k = 0; k < 3; ++k) sum[k] += fc(n, k);
}

// How many nodes ahead the gather fetches corners: a node's corners lie in
// scattered packs, and waiting on them one node at a time was most of the
// gather's time (docs/speed.md, "Where the node phase goes"). 32 was the
// fastest of 8, 16, 32, 64 and 128 on the Neon-like window. With each
// corner's packs in one run (element_block.hpp) and nodes numbered by
// first meeting (local_mesh.cpp) it still cuts the window's node phase by
// a quarter to a third, where the strips break the runs; 16 and 64 do the
// same. On a uniform plate it no longer pays (docs/speed.md, "Corner
// runs" and "Nodes numbered by first meeting").
constexpr int kPrefetchNodes = 32;

// The largest of `size` values by packs, as a scalar loop of
// `value > most ? value : most` from 0 gives it (NaN values pass over).
double largest(const double* values, int size) {
  namespace stdx = std::experimental;
  using Pack = stdx::native_simd<double>;
  constexpr int width = static_cast<int>(Pack::size());
  Pack hi(0);
  int i = 0;
  for (; i + width <= size; i += width) {
    const Pack value(values + i, stdx::element_aligned);
    stdx::where(value > hi, hi) = value;
  }
  double most = stdx::hmax(hi);
  for (; i < size; ++i) most = values[i] > most ? values[i] : most;
  return most;
}

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

// Writes the halo's sums at shared nodes through set(node, k, value).
template <class Set>
void complete_shared(State& s, Halo& halo, const CornerField& field, Set set, Communicator& comm) {
  if (!halo.active()) return;
  std::vector<Real> sums;
  halo.sum_shared(field, sums, comm);
  const std::vector<int>& nodes = halo.shared_nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (int k = 0; k < field.width; ++k) set(nodes[i], k, sums[i * field.width + k]);
}

// v^{n+1/2} = v^{n-1/2} + (f/m) dt_avg for one node, SPC'd components held at zero.
struct Accelerate {
  Vec3View v, w;
  RealView mass, inertia;
  ByteView fixed;
  Real dt_avg;

  explicit Accelerate(const State& s, Real dt) :
      v(s.nodes.v), w(s.nodes.w), mass(s.nodes.mass), inertia(s.nodes.inertia), fixed(s.nodes.fixed), dt_avg(dt) {}

  // Returns |v_x| + |v_y| + |v_z| of the new velocity, infinite for a NaN
  // (so that a maximum keeps it): the wall pass bounds a step's travel with
  // the largest (wall_gaps.hpp).
  KOKKOS_INLINE_FUNCTION double operator()(int n, const Real f[3], const Real m[3]) const {
    const std::uint8_t fix = fixed(n);
    const Real inv_m = mass(n) > 0 ? Real(1) / mass(n) : Real(0);
    const Real inv_i = inertia(n) > 0 ? Real(1) / inertia(n) : Real(0);
    double speed = 0;
    for (int k = 0; k < 3; ++k) {
      const Real vk = (fix & (1u << k)) ? Real(0) : v(n, k) + f[k] * inv_m * dt_avg;
      v(n, k) = vk;
      speed += std::fabs(static_cast<double>(vk));
      w(n, k) = (fix & (8u << k)) ? Real(0) : w(n, k) + m[k] * inv_i * dt_avg;
    }
    return speed == speed ? speed : std::numeric_limits<double>::infinity();
  }
};

// Runs body(n, most) over [0, count): with `WithSpeed` returns the largest
// `most` it leaves (Kokkos' Max, whose slot goes through memory at every
// node), else infinity (no bound kept) and reduces nothing.
template <bool WithSpeed, class Body>
double for_nodes_keeping_speed(const char* name, int count, const Body& body) {
  if constexpr (WithSpeed) {
    double fastest = 0;
    Kokkos::parallel_reduce(name, RangePolicy(0, count), body, Kokkos::Max<double>(fastest));
    return fastest;
  } else {
    Kokkos::parallel_for(
        name, RangePolicy(0, count), KOKKOS_LAMBDA(const int n) {
          double unused = 0;
          body(n, unused);
        });
    return std::numeric_limits<double>::infinity();
  }
}

// The gather, and WithVelocities the velocity update while the sums are
// still in registers: one pass over the nodes' arrays instead of two (the
// update read f and m back). With `roles` (node_roles) a shared node only
// gathers (the halo writes its complete sums, then its velocity advances),
// and f and m are stored only where the bodies and motions read them: the
// stores were a fifth of the pass's bytes. Without roles every node stores
// and advances. WithSpeed: returns the largest speed it advanced.
template <bool WithVelocities, bool WithSpeed>
double gather(State& s, const ByteView& roles, Real dt_avg) {
  const auto offset = s.nodes.force_terms.offset;
  const auto term = s.nodes.force_terms.term;
  const Real* corners = s.corners.data();
  const auto fc = s.nodes.fc;
  const auto f = s.nodes.f;
  const auto m = s.nodes.m;
  const bool has_roles = roles.extent(0) > 0;
  const Accelerate accelerate(s, dt_avg);
  return for_nodes_keeping_speed<WithSpeed>(
      "nodes::gather", s.nodes.count(), KOKKOS_LAMBDA(const int n, double& most) {
        if (n + kPrefetchNodes + 1 < offset.extent_int(0))
          for (int i = offset(n + kPrefetchNodes); i < offset(n + kPrefetchNodes + 1); ++i) {
            __builtin_prefetch(corners + term(i));  // a corner's six components: one or two lines
            __builtin_prefetch(corners + term(i) + 5);
          }
        Real sum[6];
        sum_net<6>(offset, term, corners, fc, n, sum);
        const std::uint8_t role = has_roles ? roles(n) : kNodeKeepsForce;
        if (!WithVelocities || role == kNodeKeepsForce)
          for (int k = 0; k < 3; ++k) {
            f(n, k) = sum[k];
            m(n, k) = sum[3 + k];
          }
        if (WithVelocities && role != kNodeShared) {
          const double speed = accelerate(n, sum, sum + 3);
          if (WithSpeed) most = speed > most ? speed : most;
        }
      });
}

template <bool WithSpeed>
double accelerate_shared(State& s, const Halo& halo, Real dt_avg) {
  const Accelerate accelerate(s, dt_avg);
  const auto f = s.nodes.f, m = s.nodes.m;
  const int* nodes = halo.shared_nodes().data();
  return for_nodes_keeping_speed<WithSpeed>(
      "nodes::accelerate_shared", static_cast<int>(halo.shared_nodes().size()),
      KOKKOS_LAMBDA(const int i, double& most) {
        const int n = nodes[i];
        const Real fn[3] = {f(n, 0), f(n, 1), f(n, 2)}, mn[3] = {m(n, 0), m(n, 1), m(n, 2)};
        const double speed = accelerate(n, fn, mn);
        if (WithSpeed) most = speed > most ? speed : most;
      });
}

}  // namespace

void gather_nodal_forces(State& s) { gather<false, false>(s, ByteView(), Real(0)); }

double gather_forces_and_accelerate(State& s, const ByteView& roles, Real dt_avg, bool bound_speed) {
  return bound_speed ? gather<true, true>(s, roles, dt_avg) : gather<true, false>(s, roles, dt_avg);
}

ByteView node_roles(const State& s, const Halo& halo) {
  ByteView roles("node_roles", s.nodes.count());
  auto host = Kokkos::create_mirror_view(roles);
  for (const RigidBody& body : s.rigid_bodies)
    for (int n : body.nodes) host(n) = kNodeKeepsForce;
  for (const PrescribedMotionState& motion : s.motions)
    for (int n : motion.nodes) host(n) = kNodeKeepsForce;
  if (halo.active())
    for (int n : halo.shared_nodes()) host(n) = kNodeShared;  // the halo stores its f and m
  Kokkos::deep_copy(roles, host);
  return roles;
}

void net_force(const State& s, const ByteView& roles, int n, Real out[3]) {
  if (roles(n) != kNodeAdvances) {
    for (int k = 0; k < 3; ++k) out[k] = s.nodes.f(n, k);
    return;
  }
  sum_net<3>(s.nodes.force_terms.offset, s.nodes.force_terms.term, s.corners.data(), s.nodes.fc, n, out);
}

void sum_shared_forces(State& s, Halo& halo, Communicator& comm) {
  const auto f = s.nodes.f;
  const auto m = s.nodes.m;
  complete_shared(s, halo, {s.corners.data(), 6, s.nodes.fc},
                  [&](int n, int k, Real v) { (k < 3 ? f(n, k) : m(n, k - 3)) = v; }, comm);
}

double accelerate_shared(State& s, const Halo& halo, Real dt_avg, bool bound_speed) {
  return bound_speed ? accelerate_shared<true>(s, halo, dt_avg) : accelerate_shared<false>(s, halo, dt_avg);
}

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
        const int first = b * static_cast<int>(kListBlock);
        const int size = std::min(static_cast<int>(kListBlock), count - first);
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
        const double block_most = largest(bound, size);  // in registers: Kokkos' slot went through memory
        most = block_most > most ? block_most : most;
        for (int p = 0; p < planes; ++p)
          least[static_cast<std::size_t>(p) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(b)] =
              least_plane_gap(plane[p], at_x, size);
      },
      Kokkos::Max<double>(farthest));
  advance_given_inertias(s, dt);  // *PART_INERTIA mass moves with its body, as the body's nodes
  return farthest;
}

void gather_nodal_masses(State& s) {
  const auto offset = s.nodes.terms.offset;
  const auto term = s.nodes.terms.term;
  const Real* corners = s.corners.data();
  const auto mass = s.nodes.mass, inertia = s.nodes.inertia, point = s.nodes.point_mass,
             rotary = s.nodes.point_rotary;
  const bool points = point.extent(0) > 0;
  Kokkos::parallel_for(
      "nodes::gather_masses", RangePolicy(0, s.nodes.count()), KOKKOS_LAMBDA(const int n) {
        Real sum[2];
        sum_terms<2>(offset, term, corners, n, sum);
        mass(n) = points ? sum[0] + point(n) : sum[0];
        inertia(n) = points ? sum[1] + rotary(n) : sum[1];
      });
}

void sum_shared_masses(State& s, Halo& halo, Communicator& comm) {
  const auto mass = s.nodes.mass, inertia = s.nodes.inertia, point = s.nodes.point_mass,
             rotary = s.nodes.point_rotary;
  const bool points = point.extent(0) > 0;
  complete_shared(s, halo, {s.corners.data(), 2, Vec3View()},
                  [&](int n, int k, Real v) {
                    if (k == 1) inertia(n) = points ? v + rotary(n) : v;
                    else mass(n) = points ? v + point(n) : v;
                  }, comm);
}

}  // namespace mc
