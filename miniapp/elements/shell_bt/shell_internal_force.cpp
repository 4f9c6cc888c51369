// Element phase of a cycle: for every shell, strain increment from the
// current velocities, stress update at each through-thickness point,
// resultants, nodal forces (plus hourglass), written per corner in the
// global frame. Each element writes only its own corners, so the phase is
// race-free; nodes gather the corners afterwards (nodal_update.cpp).
//
// Elements go in packs of SimdReal::size() consecutive elements (one SIMD
// lane each) when the pack is uniform: one part, all alive, deformable,
// quadrilateral and not inverted. A pack across kernel classes runs once
// per class among its live quadrilaterals, as a partial pack (PackLanes);
// the rest run one element at a time through the same code with T = Real.
// Packs are fixed by element index, so results do not depend on the thread
// count.
#include "miniapp/elements/shell_bt/shell_internal_force.hpp"

#include <limits>

#include "miniapp/elements/pack_lanes.hpp"
#include "miniapp/elements/shell_bt/hourglass_bt.hpp"
#include "miniapp/materials/material_table.hpp"
#include "miniapp/elements/shell_bt/shell_bt.hpp"

namespace mc {
namespace {

struct KernelData {
  ConstView<Vec3View> x, v, w;
  ConstView<Conn4View> conn;
  ConstView<IntView> part;
  ByteView alive;
  RealView thickness;  // written where the part updates it (ISTUPD)
  ConstView<RealView> density_scale;
  PackedStateView points;
  PackedStateView back_stress;
  PackedStateView shear;
  PackedStateView hg_q;
  CornerForceView force;
  DoubleView ie, he;
  ByteView yielding;
  IntView plastic_updates;
  ConstView<PartTable> parts;
  ConstView<MaterialTable> mats;
  const Real* curve_x;
  const Real* curve_y;
  bool stream_corners;  // store_lane_major's non-temporal stores
};

// Corner stores stream past the cache where each thread's share of the
// corner array is above this: the node gather then reads it from memory
// anyway. Below it the array stays in cache for the gather and streaming
// gains nothing (bench_shell_kernel, one thread: whole cycle x1.00 at 2000
// shells, x1.02 at 8000 (1.5 MiB of corners), x0.90 at 12 000 (2.2 MiB),
// x0.90 at 200 000; docs/speed.md, "Corner stores past the cache").
constexpr double kStreamedCornerBytesPerThread = 2 << 20;

// Each pack's state (points, shear, IHQ 4 resultants, back stresses) is
// requested this many packs ahead. A pack's entries lie 1-2 KB on from the
// last pack's in each array, and without the requests perf put the element
// phase's stalls on the first loads of every pack's points: 200 000
// shells, MAT_024, 70-73 -> 55-57 ns an element-cycle (2, 8 and 16 packs
// ahead did no better; docs/speed.md, "Element state fetched ahead"). On
// the 2-vCPU EPYC VM they cost 4-7 % in an hour whose triad read 12-20
// GB/s (4 KiB pages) and gained 3-10 % in one that read 22-29 (the state in
// 2 MiB pages; docs/speed.md, "The element state's requests again").
constexpr int kPrefetchPacks = 4;

// Packs differ in cost (a yielding pack runs the plastic return at every
// point, and a crash zone's packs lie together in the element order), so a
// thread that has run its share of the packs takes packs from the others.
// Each pack's results are its own and the step is a minimum, so the answer
// does not depend on which thread runs a pack.
using PackPolicy = Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>;

// Requests every line of pack `pack` of a packed View, for writing.
KOKKOS_INLINE_FUNCTION void prefetch_pack(const PackedStateView& v, int pack) {
  if (pack >= v.extent_int(0)) return;
  const Real* first = &v(pack, 0, 0);
  constexpr int kLine = 64 / sizeof(Real);
  for (int i = 0; i < v.extent_int(1) * kPackWidth; i += kLine) __builtin_prefetch(first + i, 1);
}

// Updates the W elements e0..e0+W-1 (W = 1 for T = Real) that `lanes` owns
// and returns their stable-step length over wave speed, or -1 in every lane
// (and no update) when one of them has no positive area. `triangle` only
// for W = 1.
template <class T, bool Partial = false>
KOKKOS_INLINE_FUNCTION T update_shells(const KernelData& k, int e0, const PartParams& p, const MaterialParams& m,
                                       Real dt, bool triangle, const PackLanes<T, Partial>& lanes = {}) {
  using L = Lanes<T>;
  constexpr int W = L::width;
  // Each corner node's offset once: x, v and w are [node][3], LayoutRight (views.hpp).
  int at[4][W];
  for (int c = 0; c < 4; ++c)
    for (int l = 0; l < W; ++l) at[c][l] = 3 * k.conn(lanes.element(e0, l), c);
  const Real* const x = k.x.data();
  const Real* const v = k.v.data();
  const Real* const w = k.w.data();
  T xe[4][3], ve[4][3], we[4][3];
  for (int c = 0; c < 4; ++c) {
    L::gather_triples(x, at[c], xe[c]);
    L::gather_triples(v, at[c], ve[c]);
    L::gather_triples(w, at[c], we[c]);
  }
  ShellGeometry<T> g;
  shell_geometry(xe, g);
  // Collapsed, inverted or non-finite: nothing is written, the caller decides.
  if (L::any(!(g.area > 0))) return T(Real(-1));
  const T scale = k.density_scale.extent(0) > 0 ? lanes.load(&k.density_scale(e0)) : T(1);
  const T dt_e = shell_characteristic_length(xe, g.area, triangle) / m.wave_speed * vsqrt(scale);

  T vl[4][3], wl[4][3];
  to_local(g, ve, vl, 3);
  to_local(g, we, wl, 2);
  ShellRates<T> r;
  shell_rates(g, vl, wl, r);

  // Through-thickness integration of the stress update.
  const T t = lanes.load(&k.thickness(e0));
  ShellResultants<T> res = {{0, 0, 0}, {0, 0, 0}, {0, 0}};
  T energy_density = 0;  // work per unit area this step
  T yielded = 0;    // points of each lane that yielded this cycle
  T peak_epsp = 0;  // each lane's largest plastic strain, for erosion
  const bool plastic = has_plastic_strain(m.kind);
  const bool kinematic = m.kinematic_modulus > 0;  // the points carry back stresses
  const bool stiffness_form = p.ihq == 4 && k.hg_q.extent(0) > 0;  // IHQ 4: stored resultants
  const bool capped_hourglass = plastic && stiffness_form;
  const bool thinning = p.updates_thickness;
  // The points' stress updates as one column (their returns overlap).
  PointColumn<T> col;
  col.n = p.nip;
  T old_work[kMaxThicknessPoints];
  T old_sum[kMaxThicknessPoints];  // s_xx + s_yy before the step, for the thickness strain
  for (int ip = 0; ip < p.nip; ++ip) {
    const T z = p.zeta[ip] * t;
    for (int j = 0; j < 3; ++j) {
      col.s[ip][j] = lanes.load(&packed(k.points, e0, 4 * ip + j));
      col.de[ip][j] = (r.membrane[j] + z * r.curvature[j]) * dt;
    }
    old_work[ip] = col.s[ip][0] * col.de[ip][0] + col.s[ip][1] * col.de[ip][1] + col.s[ip][2] * col.de[ip][2];
    if (thinning) old_sum[ip] = col.s[ip][0] + col.s[ip][1];
    col.epsp[ip] = plastic ? lanes.load(&packed(k.points, e0, 4 * ip + 3)) : T(0);
    if (kinematic)
      for (int j = 0; j < 3; ++j) col.back[ip][j] = lanes.load(&packed(k.back_stress, e0, 3 * ip + j));
  }
  material_update<T>(m, k.curve_x, k.curve_y, dt, kinematic, col);
  T mean_epsp = 0;  // through the thickness: sets the flow stress that caps IHQ 4
  T thickness_strain = 0;  // through the thickness, this step (ISTUPD)
  for (int ip = 0; ip < p.nip; ++ip) {
    const T z = p.zeta[ip] * t;
    const T wt = p.weight[ip] * t;
    const T* sig = col.s[ip];
    const T* de = col.de[ip];
    if (kinematic)
      for (int j = 0; j < 3; ++j) lanes.store(&packed(k.back_stress, e0, 3 * ip + j), col.back[ip][j]);
    if (plastic) {
      const T dep = col.dep[ip];
      const T updated = col.epsp[ip] + dep;
      lanes.store(&packed(k.points, e0, 4 * ip + 3), updated);
      if (capped_hourglass) mean_epsp += p.weight[ip] * updated;
      yielded += select(dep > 0, T(1), T(0));
      peak_epsp = vmax(peak_epsp, updated);
    }
    for (int j = 0; j < 3; ++j) lanes.store(&packed(k.points, e0, 4 * ip + j), sig[j]);
    if (thinning)
      thickness_strain += p.weight[ip] * (p.thickness_compliance * (sig[0] + sig[1] - old_sum[ip]) - (de[0] + de[1]));
    energy_density += Real(0.5) * wt * (old_work[ip] + sig[0] * de[0] + sig[1] * de[1] + sig[2] * de[2]);
    for (int j = 0; j < 3; ++j) {
      res.n[j] += wt * sig[j];
      res.m[j] += (wt * z) * sig[j];
    }
  }
  // Transverse shear: elastic, constant through the thickness.
  const Real kg = p.shear_factor * m.shear_modulus;
  for (int j = 0; j < 2; ++j) {
    const T dg = r.shear[j] * dt;
    const T old_tau = lanes.load(&packed(k.shear, e0, j));
    const T tau = old_tau + kg * dg;
    lanes.store(&packed(k.shear, e0, j), tau);
    energy_density += Real(0.5) * t * (old_tau + tau) * dg;
    res.q[j] = t * tau;
  }
  const T work = energy_density * g.area;
  for (int l = 0; l < W; ++l)
    if (lanes.owns(l)) k.ie(e0 + l) += static_cast<double>(L::get(work, l));

  T fl[4][5];
  shell_local_forces(g, res, fl);
  if (!triangle) {
    HourglassModes<T> h;
    hourglass_modes(g, m.youngs, m.poisson, t, stiffness_form, h);
    const T mass = scale * (m.density * t) * g.area;
    const T rotary = mass * (t * t + g.area) / Real(12);
    const Real coefficient[5] = {p.qh, p.qh, p.qw, p.qb, p.qb};  // QM QM QW QB QB
    T power;
    if (stiffness_form) {
      T q[5];
      for (int j = 0; j < 5; ++j) q[j] = lanes.load(&packed(k.hg_q, e0, j));
      T limit[5], sigy, slope;
      if (capped_hourglass) {
        hardening_lanes(m, k.curve_x, k.curve_y, mean_epsp, sigy, slope);
        hourglass_limits(coefficient, sigy, t, g.area, limit);
      }
      power = hourglass_forces(g, h, vl, wl, coefficient, mass, rotary, dt, q, capped_hourglass ? limit : nullptr, fl);
      for (int j = 0; j < 5; ++j) lanes.store(&packed(k.hg_q, e0, j), q[j]);
    } else {
      power = hourglass_forces<T>(g, h, vl, wl, coefficient, mass, rotary, dt, nullptr, nullptr, fl);
    }
    for (int l = 0; l < W; ++l)
      if (lanes.owns(l)) k.he(e0 + l) += static_cast<double>(L::get(power, l) * dt);
  }
  // A triangle (n3 == n4) lists its third node once among the node's terms
  // (ShellBlock::corners), so that corner carries both corners' forces.
  if (triangle)
    for (int j = 0; j < 5; ++j) fl[2][j] += fl[3][j];
  // Back to the global frame, one corner at a time; a corner keeps what
  // the element adds to its node, minus the internal force: the frame is
  // negated once (9 values) instead of the 24 results (exact either way).
  T minus_e[3][3];
  for (int i = 0; i < 3; ++i)
    for (int d = 0; d < 3; ++d) minus_e[i][d] = -g.e[i][d];
  for (int c = 0; c < (triangle ? 3 : 4); ++c) {
    T out[6];
    for (int d = 0; d < 3; ++d) {
      out[d] = fl[c][0] * minus_e[0][d] + fl[c][1] * minus_e[1][d] + fl[c][2] * minus_e[2][d];
      out[3 + d] = fl[c][3] * minus_e[0][d] + fl[c][4] * minus_e[1][d];
    }
    if constexpr (Partial) {
      for (int l = 0; l < W; ++l)
        if (lanes.owns(l))
          for (int d = 0; d < 6; ++d) corner_force(k.force, e0 + l, c, d) = L::get(out[d], l);
    } else {
      store_lane_major(out, &corner_force(k.force, e0, c, 0), k.stream_corners);
    }
  }
  // The next step's thickness; this one's forces keep the thickness they started with.
  if (thinning) lanes.store(&k.thickness(e0), t * (Real(1) + thickness_strain));
  for (int l = 0; l < W; ++l) {
    if (!lanes.owns(l)) continue;
    const int points_yielded = static_cast<int>(L::get(yielded, l));
    k.yielding(e0 + l) = static_cast<std::uint8_t>(points_yielded);
    k.plastic_updates(e0 + l) += points_yielded;
    // Erosion: the element stops carrying load next cycle.
    if (m.fail_strain > 0 && L::get(peak_epsp, l) >= m.fail_strain) k.alive(e0 + l) = 0;
  }
  return dt_e;
}

// One element through the scalar path; -1 for a collapsed/inverted element.
KOKKOS_INLINE_FUNCTION Real update_one_shell(const KernelData& k, int e, Real dt) {
  const PartParams& p = k.parts(k.part(e));
  if (!k.alive(e) || p.stressless) {
    k.yielding(e) = 0;
    // -0: what the negated internal force of a zero force is, bit for bit,
    // and the additive identity: the force sums leave a stressless shell's
    // corners out (nodes.force_terms), the halo's add them.
    for (int c = 0; c < 4; ++c)
      for (int d = 0; d < 6; ++d) corner_force(k.force, e, c, d) = -Real(0);
    return std::numeric_limits<Real>::max();
  }
  const Real dt_e = update_shells<Real>(k, e, p, k.mats(p.material), dt, k.conn(e, 3) == k.conn(e, 2));
  return dt_e > 0 ? dt_e : Real(-1);  // NaN geometry
}

}  // namespace

bool corner_stores_stream(double bytes) {
  return kStreamedCornerStores && bytes / ExecSpace().concurrency() > kStreamedCornerBytesPerThread;
}

double shell_internal_force(State& s, const CornerForceView& force, Real dt) {
  KernelData k{s.nodes.x, s.nodes.v, s.nodes.w, s.elements.conn, s.elements.part, s.elements.alive,
               s.elements.thickness, s.elements.density_scale, s.elements.points, s.elements.back_stress, s.elements.shear, s.elements.hourglass_q,
               force, s.elements.internal_energy, s.elements.hourglass_energy, s.elements.yielding,
               s.elements.plastic_updates, s.parts, s.materials,
               s.curve_x.data(), s.curve_y.data(), corner_stores_stream(double(force.span()) * sizeof(Real))};
  constexpr int W = Lanes<SimdReal>::width;
  const int ne = s.elements.count();
  const int packs = (ne + W - 1) / W;
  Real dt_min = std::numeric_limits<Real>::max();
  Kokkos::parallel_reduce(
      "shell_bt::internal_force", PackPolicy(0, packs),
      KOKKOS_LAMBDA(const int pack, Real& local_min) {
        const int e0 = pack * W;
        Real pack_min = std::numeric_limits<Real>::max();
        unsigned left = ~0u;  // lanes to run element by element: all of a pack past the last element
        const auto class_of = [&](int e) {
          return lane_class(k.parts(k.part(e)), k.alive(e), k.conn(e, 3) == k.conn(e, 2));
        };
        const auto pass = [&](unsigned own, int first) {
          const PartParams& p = k.parts(k.part(e0 + first));
          const MaterialParams& m = k.mats(p.material);
          Real d;
          if (own == kAllLanes<W>) {
            for (const PackedStateView* state : {&k.points, &k.shear, &k.hg_q, &k.back_stress})
              prefetch_pack(*state, pack + kPrefetchPacks);
            d = Lanes<SimdReal>::min_lane(update_shells<SimdReal>(k, e0, p, m, dt, false));
            if (!(d > 0)) fence_streamed_stores();
          } else {
            const PackLanes<SimdReal, true> lanes(own, first);
            d = Lanes<SimdReal>::min_lane(update_shells<SimdReal, true>(k, e0, p, m, dt, false, lanes));
          }
          if (d > 0) pack_min = d < pack_min ? d : pack_min;
          return d > 0;
        };
        if (e0 + W <= ne) left = pack_passes<W>(e0, class_of, pass);
        for (int e = e0; left != 0 && e < e0 + W && e < ne; ++e) {
          if (!((left >> (e - e0)) & 1u)) continue;
          const Real d = update_one_shell(k, e, dt);
          pack_min = (d < 0 || pack_min < 0) ? Real(-1) : (d < pack_min ? d : pack_min);
        }
        local_min = (pack_min < 0 || local_min < 0) ? Real(-1) : (pack_min < local_min ? pack_min : local_min);
      },
      Kokkos::Min<Real>(dt_min));
  return static_cast<double>(dt_min);
}

}  // namespace mc
