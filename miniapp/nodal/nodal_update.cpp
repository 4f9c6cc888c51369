#include "miniapp/nodal/nodal_update.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#if defined(__AVX512F__) && defined(__AVX512VL__)
#include <immintrin.h>
#endif

#include "decomposition/parallel/blocked_for.hpp"
#include "miniapp/nodal/block_largest.hpp"

namespace mc {
namespace {

// Sum of node n's terms, component by component, in table order. The
// sums take the state's own view types: a const view parameter made every
// call convert its arguments, in the gather once a node (a reference-count
// check in its loop, and the spills around it: the window's node phase
// 0.93x without them; docs/speed.md, "The node sums' view types, and the
// speed bound by packs").
template <int Width>
KOKKOS_INLINE_FUNCTION void sum_terms(const IntView& offset, const IntView& term,
                                      const Real* corners, int n, Real sum[Width]) {
  for (int k = 0; k < Width; ++k) sum[k] = 0;
  for (int i = offset(n); i < offset(n + 1); ++i) {
    const Real* t = corners + term(i);
    for (int k = 0; k < Width; ++k) sum[k] += t[k];
  }
}

// Node n's net force (and, Width 6, moment): its terms, then this rank's
// contact share, as the halo adds it at shared nodes. The gather's net_six
// sums through here, or with AVX-512 does its operations in its order, so
// a wall's recomputed force (net_force) has the gather's bits.
template <int Width>
KOKKOS_INLINE_FUNCTION void sum_net(const IntView& offset, const IntView& term,
                                    const Real* corners, const Vec3View& fc, int n, Real sum[Width]) {
  sum_terms<Width>(offset, term, corners, n, sum);
  if (fc.extent(0) > 0)
    for (int k = 0; k < 3; ++k) sum[k] += fc(n, k);
}

// A node's force and moment as six lanes, from the gather's sums to the
// velocity update (net_six, store_halves, Accelerate). With AVX-512 they
// are one vector: GCC adds a term's six components one by one (six is no
// vector width), and the update read them back one by one. Each lane does
// the scalar code's operations in its order, so the bits are the same.
// (The sums alone as a vector took single's node phase on the Neon-like
// deck from 3.03-3.09 to 2.67-2.71 s; the update from the vector then
// single's plate 0.85x, double's 0.95x: docs/speed.md, "Single precision's
// corner stores and node gathers" and "The node update as one vector".)
// Elsewhere six Reals through the scalar code.
#if defined(__AVX512F__) && defined(__AVX512VL__)  // VL: single's 256-bit vectors
// The lanes come and go by plain loads and stores of exactly their bytes
// (six values: 4 + 2, three: 2 + 1), not by masked 512- or 256-bit ones:
// a masked access spans the whole vector, so each node's masked load of v
// and w overlapped the span of the last node's masked stores and waited
// for them, and a masked load of a corner's six values crossed a line
// three times in four (the plain loads one in four). On a Zen 5 EPYC VM
// the plate's node phase took 0.56x its time at 200 000 shells, the
// Neon-like window's 0.55x, with the same bits (docs/speed.md, "A Zen 5
// EPYC VM").
#ifdef MINICRASH_SINGLE_PRECISION
using SixLanes = __m256;
#define MC_SIX(op) _mm256_##op##_ps

// Two floats from p into lanes 0-1 of a vector whose other lanes are 0.
KOKKOS_INLINE_FUNCTION __m128 load_two(const Real* p) { return _mm_castsi128_ps(_mm_loadu_si64(p)); }

KOKKOS_INLINE_FUNCTION SixLanes load_six(const Real* p) {
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), load_two(p + 4), 1);
}

KOKKOS_INLINE_FUNCTION SixLanes load_three(const Real* p) {
  return _mm256_zextps128_ps256(_mm_movelh_ps(load_two(p), _mm_load_ss(p + 2)));
}

KOKKOS_INLINE_FUNCTION void store_three(const SixLanes& x, Real* to) {
  const __m128 low = _mm256_castps256_ps128(x);
  _mm_storeu_si64(to, _mm_castps_si128(low));
  _mm_store_ss(to + 2, _mm_movehl_ps(low, low));
}
#else
using SixLanes = __m512d;
#define MC_SIX(op) _mm512_##op##_pd

KOKKOS_INLINE_FUNCTION SixLanes load_six(const Real* p) {
  return _mm512_insertf64x4(_mm512_zextpd256_pd512(_mm256_loadu_pd(p)), _mm256_zextpd128_pd256(_mm_loadu_pd(p + 4)),
                            1);
}

KOKKOS_INLINE_FUNCTION SixLanes load_three(const Real* p) {
  return _mm512_zextpd256_pd512(_mm256_insertf128_pd(_mm256_zextpd128_pd256(_mm_loadu_pd(p)), _mm_load_sd(p + 2), 1));
}

KOKKOS_INLINE_FUNCTION void store_three(const SixLanes& x, Real* to) {
  const __m256d low = _mm512_castpd512_pd256(x);
  _mm_storeu_pd(to, _mm256_castpd256_pd128(low));
  _mm_store_sd(to + 2, _mm256_extractf128_pd(low, 1));
}
#endif
constexpr __mmask8 kLastThree = 0x38, kSix = 0x3F;

// sum_net<6> as one vector: each term's six components (lanes 6-7 zero)
// and one add, then the contact share.
KOKKOS_INLINE_FUNCTION SixLanes net_six(const IntView& offset, const IntView& term,
                                        const Real* corners, const Vec3View& fc, int n) {
  SixLanes sum = MC_SIX(setzero)();
  for (int i = offset(n); i < offset(n + 1); ++i) sum = MC_SIX(add)(sum, load_six(corners + term(i)));
  if (fc.extent(0) > 0) sum = MC_SIX(add)(sum, load_three(&fc(n, 0)));
  return sum;
}

// Stores lanes 0-2 at first and lanes 3-5 at second (three values each).
KOKKOS_INLINE_FUNCTION void store_halves(const SixLanes& six, Real* first, Real* second) {
  store_three(six, first);
  store_three(MC_SIX(maskz_compress)(kLastThree, six), second);
}
#else
struct SixLanes {
  Real lane[6];
};

KOKKOS_INLINE_FUNCTION SixLanes net_six(const IntView& offset, const IntView& term,
                                        const Real* corners, const Vec3View& fc, int n) {
  SixLanes sum;
  sum_net<6>(offset, term, corners, fc, n, sum.lane);
  return sum;
}

KOKKOS_INLINE_FUNCTION void store_halves(const SixLanes& six, Real* first, Real* second) {
  for (int k = 0; k < 3; ++k) {
    first[k] = six.lane[k];
    second[k] = six.lane[3 + k];
  }
}
#endif

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

  // Returns |v_x| + |v_y| + |v_z| of the new velocity (NaN for a NaN: the
  // block's maximum makes it infinite): the wall pass bounds a step's
  // travel with the largest (wall_gaps.hpp).
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
    return speed;
  }
#if defined(__AVX512F__) && defined(__AVX512VL__)
  // The same from the force and moment as one vector (net_six), v and w as
  // lanes 0-2 and 3-5; the fixed bits are the zeroing mask. With_speed:
  // returns the speed as the scalar form does, else 0.
  KOKKOS_INLINE_FUNCTION double operator()(int n, const SixLanes& sum, bool with_speed) const {
    const std::uint8_t fix = fixed(n);
    const Real inv_m = mass(n) > 0 ? Real(1) / mass(n) : Real(0);
    const Real inv_i = inertia(n) > 0 ? Real(1) / inertia(n) : Real(0);
    const SixLanes inv = MC_SIX(mask_blend)(kLastThree, MC_SIX(set1)(inv_m), MC_SIX(set1)(inv_i));
    const SixLanes vw = MC_SIX(mask_expand)(load_three(&v(n, 0)), kLastThree, load_three(&w(n, 0)));
    const SixLanes step = MC_SIX(mul)(MC_SIX(mul)(sum, inv), MC_SIX(set1)(dt_avg));
    const SixLanes next = MC_SIX(maskz_mov)(static_cast<__mmask8>(~fix & kSix), MC_SIX(add)(vw, step));
    store_halves(next, &v(n, 0), &w(n, 0));
    if (!with_speed) return 0;
    alignas(64) Real lanes[sizeof(SixLanes) / sizeof(Real)];
    MC_SIX(store)(lanes, next);
    return std::fabs(static_cast<double>(lanes[0])) + std::fabs(static_cast<double>(lanes[1])) +
           std::fabs(static_cast<double>(lanes[2]));
  }
#else
  KOKKOS_INLINE_FUNCTION double operator()(int n, const SixLanes& sum, bool) const {
    return (*this)(n, sum.lane, sum.lane + 3);
  }
#endif
};

// Runs body(n) over [0, count); body returns the speed it advanced node n
// to (0 where it advanced none). With `WithSpeed` returns the largest
// (infinity where one is NaN or infinite), else infinity (no bound kept)
// and reduces nothing. The speeds are reduced a block of nodes at a time
// (kListBlock, block_largest.hpp).
// Without the speed the nodes also run a block at a time: over single
// nodes GCC called the gather's body once a node (its views reloaded, its
// registers saved), where in a block's loop it inlines it (docs/speed.md,
// "A Zen 5 EPYC VM").
template <bool WithSpeed, class Body>
double for_nodes_keeping_speed(const char* name, int count, const Body& body) {
  if constexpr (WithSpeed) {
    double fastest = 0;
    Kokkos::parallel_reduce(
        name, RangePolicy(0, list_blocks(static_cast<std::size_t>(count))),
        KOKKOS_LAMBDA(const int b, double& most) {
          double speeds[kListBlock];
          const int first = list_block_first(b), last = list_block_end(b, count);
          for (int n = first; n < last; ++n) speeds[n - first] = body(n);
          const BlockLargest block = block_largest(speeds, last - first);
          const double block_most = block.all_finite ? block.most : std::numeric_limits<double>::infinity();
          most = block_most > most ? block_most : most;
        },
        Kokkos::Max<double>(fastest));
    return fastest;
  } else {
    Kokkos::parallel_for(
        name, RangePolicy(0, list_blocks(static_cast<std::size_t>(count))), KOKKOS_LAMBDA(const int b) {
          for (int n = list_block_first(b), last = list_block_end(b, count); n < last; ++n) body(n);
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
      "nodes::gather", s.nodes.count(), KOKKOS_LAMBDA(const int n) {
        if (n + kPrefetchNodes + 1 < offset.extent_int(0))
          for (int i = offset(n + kPrefetchNodes); i < offset(n + kPrefetchNodes + 1); ++i) {
            __builtin_prefetch(corners + term(i));  // a corner's six components: one or two lines
            __builtin_prefetch(corners + term(i) + 5);
          }
        const SixLanes sum = net_six(offset, term, corners, fc, n);
        const std::uint8_t role = has_roles ? roles(n) : kNodeKeepsForce;
        if (!WithVelocities || role == kNodeKeepsForce) store_halves(sum, &f(n, 0), &m(n, 0));
        return WithVelocities && role != kNodeShared ? accelerate(n, sum, WithSpeed) : 0.0;
      });
}

template <bool WithSpeed>
double accelerate_shared(State& s, const Halo& halo, Real dt_avg) {
  const Accelerate accelerate(s, dt_avg);
  const auto f = s.nodes.f, m = s.nodes.m;
  const int* nodes = halo.shared_nodes().data();
  return for_nodes_keeping_speed<WithSpeed>(
      "nodes::accelerate_shared", static_cast<int>(halo.shared_nodes().size()),
      KOKKOS_LAMBDA(const int i) {
        const int n = nodes[i];
        const Real fn[3] = {f(n, 0), f(n, 1), f(n, 2)}, mn[3] = {m(n, 0), m(n, 1), m(n, 2)};
        return accelerate(n, fn, mn);
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

#ifdef MC_SIX
#undef MC_SIX
#endif

}  // namespace mc
