#include "contact/contact_phase.hpp"

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cmath>


namespace mc {
namespace {

bool in_time(const InterfaceSetup& in, double time) { return time >= in.birth && time <= in.death; }

// SOFT 1: the pair's stiffness is at least SOFSCL k1, k1 = m* / (2 dt_c^2),
// a spring whose own stable step is the solution's (LS-DYNA Theory Manual,
// "Soft constraint penalty formulation"; dynasupport's "SOFT option":
// k = max(SLSFAC SFS k0, SOFSCL k1)). m* is the smallest of the node's and
// the segment's corner masses (LSTC's FAQ contact.soft1: m* = min(m_master
// nodes, m_slave node); held corners, mass 0, left out) and dt_c the largest
// step so far (the first, updated when the step grows). Stable whatever the
// masses: the pair's omega^2 dt^2 <= k (2 / m*) dt_c^2 = SOFSCL.
double soft_stiffness(double scale, double soft_dt, double m, const double* corner_mass) {
  double smallest = m;
  for (int c = 0; c < 4; ++c)
    if (corner_mass[c] > 0) smallest = std::min(smallest, corner_mass[c]);
  return scale * 0.5 * smallest / (soft_dt * soft_dt);
}

// Every candidate pair's force (in parallel: pairs are independent). A
// segment whose shell has eroded carries no load from that cycle on.
void pair_forces(InterfaceRun& run, const ContactMesh& mesh, const ContactClock& clock,
                 const std::vector<ContactTie>& ties) {
  const InterfaceSetup& in = *run.setup;
  const double dt = clock.dt;
  const double soft_dt = in.soft_step > 0 ? in.soft_step : clock.soft_dt;  // DTSTIF, or the solution's
  const double soft_scale = soft_dt > 0 ? in.soft_scale : 0.0;
  const FrictionLaw friction{in.static_friction, in.dynamic_friction, in.decay, in.viscous_friction};
  const double damping_ratio = in.damping / 100;  // VDC is in percent of critical
  const double* x = run.x.data();
  const double* v = run.v.data();
  const int* pn = run.pair_node.data();
  const int* ps = run.pair_segment.data();
  const int* slot = run.segment_slot.data();
  const double* half = run.half.data();
  const double* stiff = run.stiffness.data();
  const double* mass = run.mass.data();
  const double* seg_half = in.segment_half_thickness.data();
  const double* seg_stiff = in.segment_stiffness.data();
  const int* seg_element = in.segment_element.data();
  const auto alive = mesh.alive;
  const bool ties_only = in.tied_only;  // *CONTACT_TIED_...: its untied pairs take no force
  const int* tie_of = in.ties() ? run.pair_tie.data() : nullptr;
  const ContactTie* tie = ties.data();
  if (tie_of) run.tie_corner.assign(12 * run.pair.size(), 0.0);
  double* tie_corner = run.tie_corner.data();
  PairForce* out = run.pair.data();
  Kokkos::parallel_for(
      "contact::pair_forces", HostRange(0, static_cast<int>(run.pair.size())),
      [=](const int p) {
        const int n = pn[p], g = ps[p];
        if (!alive(seg_element[g])) {
          out[p] = PairForce{};
          return;
        }
        double cx[4][3], cv[4][3], cm[4];
        for (int c = 0; c < 4; ++c) {
          cm[c] = mass[slot[4 * g + c]];
          for (int k = 0; k < 3; ++k) {
            cx[c][k] = x[3 * slot[4 * g + c] + k];
            cv[c][k] = v[3 * slot[4 * g + c] + k];
          }
        }
        const bool triangle = slot[4 * g + 2] == slot[4 * g + 3];
        double k_pair = std::min(stiff[n], seg_stiff[g]);
        if (soft_scale > 0) k_pair = std::max(k_pair, soft_stiffness(soft_scale, soft_dt, mass[n], cm));
        if (tie_of && tie_of[p] >= 0 && !tie[tie_of[p]].failed) {
          const TieForce tf = tied_node_force(&x[3 * n], mass[n], cm, cx, tie[tie_of[p]], k_pair, dt);
          out[p] = tf.pair;
          for (int c = 0; c < 4; ++c)
            for (int k = 0; k < 3; ++k) tie_corner[12 * p + 3 * c + k] = tf.corner_extra[c][k];
          return;
        }
        if (ties_only) {
          out[p] = PairForce{};
          return;
        }
        out[p] = node_segment_force(&x[3 * n], &v[3 * n], mass[n], cm, cx, cv, triangle, half[n] + seg_half[g],
                                    k_pair, friction, damping_ratio, dt);
      });
}

// Each slot's force: its contributions in the order of the entry list.
void assemble(InterfaceRun& run) {
  const int* offset = run.entry_offset.data();
  const int* entry = run.entry.data();
  const PairForce* pair = run.pair.data();
  const double* tie_corner = run.setup->ties() ? run.tie_corner.data() : nullptr;
  double* f = run.slot_force.data();
  const int* slots = run.force_slots.data();
  Kokkos::parallel_for(
      "contact::assemble", HostRange(0, static_cast<int>(run.force_slots.size())),
      [=](const int s) {
        const int n = slots[s];
        double sum[3] = {0, 0, 0};
        for (int i = offset[n]; i < offset[n + 1]; ++i) {
          const PairForce& pf = pair[entry[i] / 5];
          const int role = entry[i] % 5;
          if (!pf.active) continue;
          const double w = role == 0 ? 1.0 : -pf.weight[role - 1];
          for (int k = 0; k < 3; ++k) sum[k] += w * pf.f[k];
          if (tie_corner && role > 0)
            for (int k = 0; k < 3; ++k) sum[k] += tie_corner[12 * (entry[i] / 5) + 3 * (role - 1) + k];
        }
        for (int k = 0; k < 3; ++k) f[3 * n + k] = sum[k];
      });
}

// The local slots' forces onto their nodes (each node once per interface;
// the slots left out of force_slots add nothing).
void add_local_forces(const InterfaceRun& run, const ContactMesh& mesh) {
  const int* nodes = run.setup->node_local.data();
  const int* slots = run.force_slots.data();
  const double* f = run.slot_force.data();
  const auto force = mesh.force;
  Kokkos::parallel_for("contact::add_forces", HostRange(0, static_cast<int>(run.local_force_slots)), [=](const int s) {
    const int n = slots[s];
    for (int k = 0; k < 3; ++k) force(nodes[n], k) += static_cast<Real>(f[3 * n + k]);
  });
}

// Back to zero at the nodes add_local_forces wrote last cycle: the rest of
// mesh.force is zero from its allocation on, so clearing these, a few per
// cent of the nodes in a crash, replaces a pass over the whole array.
void clear_local_forces(const InterfaceRun& run, const ContactMesh& mesh) {
  const int* nodes = run.setup->node_local.data();
  const int* slots = run.force_slots.data();
  const auto force = mesh.force;
  Kokkos::parallel_for("contact::clear_forces", HostRange(0, static_cast<int>(run.local_force_slots)), [=](const int s) {
    for (int k = 0; k < 3; ++k) force(nodes[slots[s]], k) = 0;
  });
}

// This rank's sums over its pairs: stored energy, friction and damping work, the force
// on each side (a slave node's pair pushes the slave side by f).
void tally(InterfaceRun& run, double dt, double& dissipated_work) {
  run.penalty_energy = 0;
  run.active_pairs = 0;
  for (int k = 0; k < 3; ++k) run.slave_force[k] = run.master_force[k] = 0;
  for (std::size_t p = 0; p < run.pair.size(); ++p) {
    const PairForce& pf = run.pair[p];
    if (!pf.active) continue;
    run.active_pairs += 1;
    run.penalty_energy += pf.penalty_energy;
    dissipated_work += pf.dissipated_power * dt;
    const bool node_is_slave = run.bits[static_cast<std::size_t>(run.pair_node[p])] & kSlaveSide;
    for (int k = 0; k < 3; ++k) {
      (node_is_slave ? run.slave_force : run.master_force)[k] += pf.f[k];
      (node_is_slave ? run.master_force : run.slave_force)[k] -= pf.f[k];
    }
  }
  run.pairs_checked += static_cast<std::int64_t>(run.pair.size());
}

}  // namespace

namespace {

// The `count` local slots listed in `slots` (with none, slots 0..count-1)
// take this cycle's x^n and v^{n-1/2} from the nodes.
void copy_motion(InterfaceRun& run, const ContactMesh& mesh, const int* slots, int count) {
  const int* nodes = run.setup->node_local.data();
  double* x = run.x.data();
  double* v = run.v.data();
  const auto mx = mesh.x, mv = mesh.v;
  Kokkos::parallel_for("contact::copy_motion", HostRange(0, count), [=](const int s) {
    const int n = slots ? slots[s] : s;
    for (int k = 0; k < 3; ++k) {
      x[3 * n + k] = mx(nodes[n], k);
      v[3 * n + k] = mv(nodes[n], k);
    }
  });
}

}  // namespace

void load_all_local_motion(InterfaceRun& run, const ContactMesh& mesh) { copy_motion(run, mesh, nullptr, run.local); }

// Between sorts only the slots that can carry a force (force_slots) are
// read, so only the local ones take this cycle's motion; the pass that
// counts the slots that moved more than 0.4 margin since the last sort (two
// nodes closing at that speed stay found) reads the positions in place.
// While the nodes' travel since the sort (summed bounds, ContactClock)
// stays below that distance, none can have moved that far and the pass is
// skipped: about 7 ns a contact slot each cycle on the Neon-like window
// (docs/studies.md, "Three passes over every node, cut").
int load_local_motion(InterfaceRun& run, const ContactMesh& mesh, double node_travel) {
  if (!run.sorted) return 0;  // compute() loads every slot before it sorts
  const int* nodes = run.setup->node_local.data();
  const auto mx = mesh.x;
  const double* at_sort = run.x_at_sort.data();
  const double limit2 = 0.16 * run.margin * run.margin;
  run.travel_since_sort += node_travel;
  // (1 + 1e-9): the rounding of the sums of squares and of the bounds.
  const double travel = run.travel_since_sort * (1 + 1e-9);
  int moved = 0;
  if (travel * travel < limit2) {
    copy_motion(run, mesh, run.force_slots.data(), static_cast<int>(run.local_force_slots));
    return 0;
  }
  Kokkos::parallel_reduce(
      "contact::count_moved", HostRange(0, run.local),
      [=](const int n, int& count) {
        double d2 = 0;
        for (int k = 0; k < 3; ++k) {
          const double d = mx(nodes[n], k) - at_sort[3 * n + k];
          d2 += d * d;
        }
        if (d2 > limit2) count += 1;
      },
      moved);
  copy_motion(run, mesh, run.force_slots.data(), static_cast<int>(run.local_force_slots));
  return moved;
}

InterfaceRun start_interface_run(const InterfaceSetup& in, int index, const ContactMesh& mesh, Communicator& comm) {
  InterfaceRun run;
  run.setup = &in;
  run.index = index;
  run.local = static_cast<int>(in.node_local.size());
  double size[2] = {in.total_segment_size, double(in.segment_element.size())};
  comm.allreduce_sum(size, 2);
  // 0.3 of a typical segment: in-plane neighbours of a flat sheet stay out
  // of the candidates, and nodes still move for ~100 cycles between sorts.
  run.margin = size[1] > 0 ? 0.3 * size[0] / size[1] : 0.0;
  double half = 0;
  for (double h : in.node_half_thickness) half = std::max(half, h);
  run.max_node_half = comm.allreduce_max(half);
  for (int n : in.node_local) run.gid.push_back((*mesh.node_ids)[static_cast<std::size_t>(n)]);
  run.bits = in.node_bits;
  run.half = in.node_half_thickness;
  run.stiffness = in.node_stiffness;
  if (in.ties_fail()) run.area = in.node_area;
  for (int n : in.node_local) run.mass.push_back(mesh.mass(n));
  run.x.assign(3 * in.node_local.size(), 0.0);
  run.v.assign(3 * in.node_local.size(), 0.0);
  std::vector<int> slot_of(static_cast<std::size_t>(mesh.node_count()), -1);
  for (int n = 0; n < run.local; ++n) slot_of[static_cast<std::size_t>(in.node_local[static_cast<std::size_t>(n)])] = n;
  for (int e : in.segment_element) {
    for (int c = 0; c < 4; ++c) run.segment_slot.push_back(slot_of[static_cast<std::size_t>(mesh.shell_nodes(e, c))]);
    run.segment_gid.push_back((*mesh.shell_ids)[static_cast<std::size_t>(e)]);
  }
  return run;
}

ContactPhase::ContactPhase(const ContactSetup& setup, const ContactMesh& mesh, Communicator& comm) {
  for (std::size_t i = 0; i < setup.interfaces.size(); ++i)
    runs_.push_back(start_interface_run(setup.interfaces[i], static_cast<int>(i), mesh, comm));
}

bool ContactPhase::load_motion(const ContactMesh& mesh, const ContactClock& clock) {
  bool wants = false;
  for (InterfaceRun& run : runs_) {
    if (!in_time(*run.setup, clock.time)) continue;  // compute() clears it
    const int moved = load_local_motion(run, mesh, clock.node_travel);
    if (!run.sorted) continue;  // compute() sorts it itself
    const int bsort = run.setup->bucket_sort_interval;
    wants = wants || moved > 0 || (bsort > 0 && clock.cycle - run.last_sort_cycle >= bsort);
  }
  return wants;
}

double ContactPhase::compute(const ContactMesh& mesh, const ContactClock& clock, std::vector<double>& dissipated_work,
                             std::vector<std::vector<ContactTie>>& ties, Communicator& comm, bool sort) {
  double message_seconds = 0;
  searched_ = false;
  for (const InterfaceRun& run : runs_) clear_local_forces(run, mesh);  // before the slots change
  if (dissipated_work.size() != runs_.size()) dissipated_work.assign(runs_.size(), 0.0);
  if (ties.size() != runs_.size()) ties.resize(runs_.size());
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    InterfaceRun& run = runs_[i];
    if (!in_time(*run.setup, clock.time)) {
      run.sorted = false;  // sorted afresh when it comes (back) to life
      run.pair.clear();
      run.penalty_energy = run.active_pairs = 0;
      continue;
    }
    const bool search = sort || !run.sorted;
    if (search) load_all_local_motion(run, mesh);
    const double t0 = comm.now();
    if (search && comm.size() > 1) build_ghost_plan(run, ties[i], comm);
    if (comm.size() > 1) send_ghost_motion(run, comm, search);
    message_seconds += comm.now() - t0;
    if (search) {
      search_interface(run, mesh, clock.cycle, ties[i]);
      const double t1 = comm.now();
      if (comm.size() > 1) plan_active_ghosts(run, comm);
      message_seconds += comm.now() - t1;
      list_force_slots(run);
    }
    searched_ = searched_ || search;
    // A tied interface ties in its first cycle: cycle 0, or the one that
    // brings time past its birth (so a restart never ties anew).
    if (run.setup->tie_at_start && (clock.cycle == 0 || clock.time - clock.dt < run.setup->birth))
      form_starting_ties(run, ties[i]);
    pair_forces(run, mesh, clock, ties[i]);
    if (run.setup->ties_fail()) break_ties(run, ties[i]);
    if (run.setup->tie_on_contact) form_ties(run, ties[i]);
    assemble(run);
    if (comm.size() > 1) {
      const double t1 = comm.now();
      return_ghost_forces(run, comm);
      message_seconds += comm.now() - t1;
    }
    add_local_forces(run, mesh);
    tally(run, clock.dt, dissipated_work[i]);
  }
  return message_seconds;
}

namespace {
constexpr int kOutputTerms = 9;  // slave force xyz, master force xyz, penalty energy, friction and damping work, active pairs
}  // namespace

std::vector<ContactRecord> ContactPhase::outputs(const std::vector<double>& dissipated_work, Communicator& comm) const {
  std::vector<double> sums = output_terms(dissipated_work);
  comm.allreduce_sum(sums.data(), static_cast<int>(sums.size()));
  return output_records(sums.data());
}

std::vector<double> ContactPhase::output_terms(const std::vector<double>& dissipated_work) const {
  std::vector<double> terms;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const InterfaceRun& run = runs_[i];
    const double dissipated = i < dissipated_work.size() ? dissipated_work[i] : 0.0;
    terms.insert(terms.end(), {run.slave_force[0], run.slave_force[1], run.slave_force[2], run.master_force[0],
                               run.master_force[1], run.master_force[2], run.penalty_energy, dissipated,
                               double(run.active_pairs)});
  }
  return terms;
}

std::vector<ContactRecord> ContactPhase::output_records(const double* all_sums) const {
  std::vector<ContactRecord> out;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const InterfaceRun& run = runs_[i];
    const double* sums = all_sums + kOutputTerms * i;
    ContactRecord o;
    o.id = run.setup->id;
    for (int k = 0; k < 3; ++k) {
      o.slave_force[k] = sums[k];
      o.master_force[k] = sums[3 + k];
    }
    o.energy = sums[6] + sums[7];
    o.active_pairs = static_cast<std::int64_t>(sums[8]);
    out.push_back(o);
  }
  return out;
}

void ContactPhase::count_shell_pairs(std::vector<std::int32_t>& per_shell, int shells) const {
  per_shell.assign(static_cast<std::size_t>(shells), 0);
  for (const InterfaceRun& run : runs_)
    for (int g : run.pair_segment) per_shell[static_cast<std::size_t>(run.setup->segment_element[static_cast<std::size_t>(g)])] += 1;
}

std::int64_t ContactPhase::pairs_checked() const {
  std::int64_t n = 0;
  for (const InterfaceRun& run : runs_) n += run.pairs_checked;
  return n;
}

std::int64_t ContactPhase::owned_nodes(const ContactMesh& mesh) const {
  std::int64_t n = 0;
  for (const InterfaceRun& run : runs_)
    for (int node : run.setup->node_local) n += mesh.owned->empty() || (*mesh.owned)[static_cast<std::size_t>(node)];
  return n;
}

}  // namespace mc
