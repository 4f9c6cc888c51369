#include "miniapp/outputs/energies.hpp"

#include "miniapp/nodal/given_inertia.hpp"

namespace mc {

void keep_half_step_velocities(State& s) {
  if (s.nodes.v_before.extent(0) != s.nodes.v.extent(0)) {
    s.nodes.v_before = Vec3View("v_before", s.nodes.count());
    s.nodes.w_before = Vec3View("w_before", s.nodes.count());
  }
  Kokkos::deep_copy(s.nodes.v_before, s.nodes.v);
  Kokkos::deep_copy(s.nodes.w_before, s.nodes.w);
  keep_given_inertia_velocities(s);
}

namespace {
// Per part: internal, kinetic, hourglass, mass, momentum xyz, and the
// internal energy and count of its eroded shells (LS-DYNA's glstat keeps
// an eroded shell's energy apart, so the balance still closes).
constexpr int kFields = 9;
}  // namespace

std::vector<double> part_energy_terms(const State& s, bool with_bodies) {
  const std::size_t np = s.part_info.size();
  std::vector<double> sums(kFields * (np + 1), 0.0);  // the last: nodes on no element
  struct Sink final : EnergySink {
    std::vector<double>& sums;
    explicit Sink(std::vector<double>& out) : sums(out) {}
    void add(int part, double internal, double hourglass, bool eroded) override {
      double* out = &sums[kFields * static_cast<std::size_t>(part)];
      if (!eroded) {
        out[0] += internal;
      } else {
        out[7] += internal;
        out[8] += 1;
      }
      out[2] += hourglass;
    }
  } sink(sums);
  for (const auto& block : s.blocks) block->energies(s, sink);
  // Each node's kinetic energy and mass go to its part (nodes.part: of its lowest-id shell model-wide).
  // At t = 0 there is no v^{-1/2}: the kinetic energy is that of the initial
  // velocities (kept as v_before), 1/2 m v0.v0. The first step's impulses
  // (a prescribed motion changing an initial velocity) are external work,
  // counted against v0 (prescribed_motion.cpp); v0.v^{1/2} would put part
  // of them in the starting energy too (DOF -4 across an initial vz: 0).
  const bool at_start = s.cycle == 0;
  const auto& nd = s.nodes;
  const auto& terms = nd.terms;
  const std::vector<char> on_given_body = nodes_on_given_bodies(s);
  for (int n = 0; n < nd.count(); ++n) {
    if (!nd.owned[n]) continue;
    if (!on_given_body.empty() && on_given_body[static_cast<std::size_t>(n)]) continue;
    // A node on no element (a point mass, a rigid body's extra node) has no
    // part of its own: it counts to the model's totals, not to matsum's parts.
    const bool on_element = terms.offset(n) != terms.offset(n + 1);
    const std::size_t bucket = on_element ? static_cast<std::size_t>(nd.part[static_cast<std::size_t>(n)]) : np;
    double* out = &sums[kFields * bucket];
    const double m = nd.mass(n), j = nd.inertia(n);
    double v2 = 0, w2 = 0;
    for (int k = 0; k < 3; ++k) {
      v2 += double(nd.v_before(n, k)) * (at_start ? nd.v_before(n, k) : nd.v(n, k));
      w2 += double(nd.w_before(n, k)) * (at_start ? nd.w_before(n, k) : nd.w(n, k));
      out[4 + k] += m * nd.v(n, k);
    }
    out[1] += 0.5 * (m * v2 + j * w2);
    out[3] += m;
  }
  if (with_bodies) add_given_inertia_energies(s, sums.data(), kFields);
  return sums;
}

namespace {
PartRecord record_of(const double* in) {
  PartRecord r;
  r.internal = in[0];
  r.kinetic = in[1];
  r.hourglass = in[2];
  r.mass = in[3];
  r.momentum = {in[4], in[5], in[6]};
  r.eroded_internal = in[7];
  r.eroded_shells = static_cast<std::int64_t>(in[8]);
  return r;
}
}  // namespace

PartRecord off_element_record(const State& s, const double* sums) {
  return record_of(&sums[kFields * s.part_info.size()]);
}

std::vector<PartRecord> part_records(const State& s, const double* sums) {
  const std::size_t np = s.part_info.size();
  std::vector<PartRecord> parts(np);
  for (std::size_t p = 0; p < np; ++p) {
    const double* in = &sums[kFields * p];
    parts[p] = record_of(in);
    parts[p].id = s.part_info[p].id;
    parts[p].title = s.part_info[p].title;
  }
  return parts;
}

double wall_kinetic_energy(const WallState& w) { return w.moving ? 0.5 * w.mass * w.velocity * w.velocity : 0.0; }

// A moving wall's own kinetic energy is part of the system; what the nodes
// lost at the wall and the wall did not gain was dissipated.
double stonewall_energy(const WallState& w) { return w.absorbed_energy - (wall_kinetic_energy(w) - w.initial_kinetic); }

EnergyRecord global_energies(const State& s, const std::vector<PartRecord>& parts, double contact,
                             double initial_total) {
  EnergyRecord r;
  r.contact = contact;
  r.time = s.time;
  r.dt = s.dt_next;
  r.cycle = s.cycle;
  for (const PartRecord& p : parts) {
    r.internal += p.internal;
    r.kinetic += p.kinetic;
    r.hourglass += p.hourglass;
    r.mass += p.mass;
    r.eroded_internal += p.eroded_internal;
    r.eroded_shells += p.eroded_shells;
    for (int k = 0; k < 3; ++k) r.momentum[k] += p.momentum[k];
  }
  for (const WallState& w : s.walls) {
    r.stonewall += stonewall_energy(w);
    r.kinetic += wall_kinetic_energy(w);
  }
  r.added_mass = s.added_mass;
  r.total = r.kinetic + r.internal + r.hourglass + r.contact + r.stonewall + r.eroded_internal;
  r.external_work = s.external_work;
  // The first cycle's output is the start: its total is what was supplied
  // (initial_total is set from it, so it is not known yet here).
  const double supplied = s.cycle == 0 ? r.total : initial_total + r.external_work;
  r.ratio = supplied > 0 ? r.total / supplied : 1.0;
  return r;
}

std::int64_t yielded_shells(const State& s, Communicator& comm) {
  Kokkos::fence();
  double count = 0;  // exact below 2^53
  const int width = static_cast<int>(s.elements.points.extent(1));
  for (int e = 0; e < s.elements.count(); ++e) {
    if (!s.elements.alive(e)) continue;
    bool yielded = false;
    for (int j = 3; j < width && !yielded; j += 4) yielded = packed(s.elements.points, e, j) > 0;  // epsp of point j / 4
    count += yielded;
  }
  comm.allreduce_sum(&count, 1);
  return static_cast<std::int64_t>(count);
}

}  // namespace mc
