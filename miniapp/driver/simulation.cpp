#include "miniapp/driver/simulation.hpp"

#include <cstdio>
#include <limits>
#include <sstream>

#include "contact/contact_phase.hpp"
#include "io/output/history_writers.hpp"
#include "io/output/vtk_writer.hpp"
#include "miniapp/outputs/energies.hpp"
#include "miniapp/driver/energy_guard.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/nodal/rigid_bodies.hpp"
#include "miniapp/nodal/rigid_walls.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/driver/restart.hpp"
#include "miniapp/driver/stop_request.hpp"
#include "miniapp/outputs/vtk_snapshot.hpp"
#include "miniapp/state/contact_mesh_of.hpp"

namespace mc {
namespace {

// When an output is due: every `interval` of simulated time, or every 100
// cycles when the run has no end time to divide.
// The next output time lives in the State (restarts resume it).
class OutputClock {
 public:
  OutputClock(double interval, double end_time, double& next)
      : interval_(interval > 0 ? interval : end_time / 100), next_(next) {}
  bool due(double time, std::int64_t cycle) {
    if (interval_ > 0 && interval_ < std::numeric_limits<double>::infinity()) {
      if (time + 1e-12 * interval_ < next_) return false;
      while (next_ <= time + 1e-12 * interval_) next_ += interval_;
      return true;
    }
    return cycle % 100 == 0;
  }

 private:
  double interval_;
  double& next_;
};

struct Outputs {
  GlstatWriter glstat;
  MatsumWriter matsum;
  RwforcWriter rwforc;
  RcforcWriter rcforc;
  VtkSeriesWriter d3plot;  // ParaView series; every rank writes its piece
  OutputClock glstat_clock, matsum_clock, rwforc_clock, d3plot_clock, rcforc_clock;

  // A resumed run (cycle > 0) appends to the histories and the ParaView series.
  Outputs(const RunSettings& rs, const Communicator& comm, State& s)
      : glstat_clock(rs.glstat_dt, rs.end_time, s.carry.next_output[0]),
        matsum_clock(rs.matsum_dt, rs.end_time, s.carry.next_output[1]),
        rwforc_clock(rs.rwforc_dt, rs.end_time, s.carry.next_output[2]),
        d3plot_clock(rs.d3plot_dt, rs.end_time, s.carry.next_output[3]),
        rcforc_clock(rs.rcforc_dt, rs.end_time, s.carry.next_output[4]) {
    const bool append = s.cycle > 0;
    if (comm.root() && rs.write_files) {
      glstat = GlstatWriter(rs.output_dir, rs.title, append);
      matsum = MatsumWriter(rs.output_dir, rs.title, append);
      rwforc = RwforcWriter(rs.output_dir, rs.title, append);
      if (s.contact.active()) rcforc = RcforcWriter(rs.output_dir, rs.title, append);
    }
    if (rs.write_files && rs.d3plot_dt > 0) {  // DT 0: no plot states, as LS-DYNA
      d3plot = VtkSeriesWriter(rs.output_dir, "d3plot", comm.rank(), comm.size());
      d3plot.resume(s.carry.d3plot_times);
    }
  }
};

struct DueOutputs {
  bool glstat = false, matsum = false, rwforc = false, d3plot = false, rcforc = false;
  bool any() const { return glstat || matsum || rwforc || d3plot || rcforc; }
};

DueOutputs due_outputs(const State& s, Outputs& out, bool force) {
  DueOutputs d;
  d.glstat = out.glstat_clock.due(s.time, s.cycle) || force;
  d.matsum = out.matsum_clock.due(s.time, s.cycle) || force;
  d.rwforc = (out.rwforc_clock.due(s.time, s.cycle) || force) && !s.walls.empty();
  d.d3plot = (out.d3plot_clock.due(s.time, s.cycle) || force) && out.d3plot.active();
  d.rcforc = (out.rcforc_clock.due(s.time, s.cycle) || force) && s.contact.active();
  return d;
}

EnergyRecord write_outputs(State& s, Outputs& out, const ContactPhase& contact, Communicator& comm,
                           const DueOutputs& due) {
  const bool glstat = due.glstat, matsum = due.matsum, rwforc = due.rwforc;
  EnergyRecord energy;
  reduce_wall_outputs(s, comm);
  std::vector<ContactRecord> contacts;
  if (contact.active() && (glstat || matsum || due.rcforc)) contacts = contact.outputs(s.carry.contact_friction_work, comm);
  if (due.rcforc) out.rcforc.write(s.time, contacts);
  if (glstat || matsum) {
    const std::vector<PartRecord> parts = part_energies(s, comm);
    double contact_energy = 0;
    for (const ContactRecord& c : contacts) contact_energy += c.energy;
    energy = global_energies(s, parts, contact_energy, s.carry.initial_total);
    if (glstat) out.glstat.write(energy);
    if (matsum) out.matsum.write(s.time, parts);
  }
  if (rwforc) {
    std::vector<WallRecord> walls;
    for (std::size_t w = 0; w < s.walls.size(); ++w) {
      const WallState& ws = s.walls[w];
      WallRecord r;
      r.id = static_cast<int>(w + 1);
      r.force = ws.force;
      r.normal_force = -(ws.force[0] * ws.normal[0] + ws.force[1] * ws.normal[1] + ws.force[2] * ws.normal[2]);
      walls.push_back(r);
    }
    out.rwforc.write(s.time, walls);
  }
  if (due.d3plot) {
    out.d3plot.write_piece(make_snapshot(s, comm.rank()));
    if (comm.size() > 1) comm.barrier();  // the .pvd names a step only once all its pieces exist
    out.d3plot.end_step(s.time);
    s.carry.d3plot_times.push_back(s.time);
  }
  return energy;
}

// The first collapsed/inverted element, by user id, agreed on by all ranks.
[[noreturn]] void report_bad_element(const State& s, Communicator& comm) {
  BadElement bad;
  for (const auto& block : s.blocks)
    if (bad.id < 0) bad = block->first_bad_element(s);
  const std::int64_t local = bad.id, local_part = bad.part, local_nonfinite = bad.nonfinite;
  const std::int64_t id = comm.allreduce_max(local);
  const std::int64_t part = comm.allreduce_max(local == id ? local_part : std::int64_t{-1});
  const std::int64_t nonfinite = comm.allreduce_max(local == id ? local_nonfinite : std::int64_t{0});
  std::ostringstream msg;
  msg << "numerical fault at cycle " << s.cycle << ", time " << s.time << ": ";
  if (id >= 0)
    msg << "shell " << id << " of part " << part
        << (nonfinite ? " has non-finite geometry (NaN/Inf in the state)" : " has collapsed (zero area)");
  else msg << "non-finite or negative stable time step";
  throw NumericalFault(msg.str());
}

void print_progress(const State& s, const RunSettings& rs, double elapsed) {
  const double frac = rs.end_cycle > 0 && rs.end_time <= 0 ? double(s.cycle) / rs.end_cycle
                                                           : s.time / rs.end_time;
  const double eta = frac > 0 ? elapsed * (1 - frac) / frac : 0;
  std::printf("  cycle %10lld  t %12.5e  dt %10.3e  %5.1f%%  elapsed %8.1f s  eta %8.1f s\n",
              static_cast<long long>(s.cycle), s.time, s.dt_next, 100 * frac, elapsed, eta);
  std::fflush(stdout);
}

}  // namespace

RunResult run_simulation(State& s, const RunSettings& rs, Communicator& comm, Halo* halo) {
  RunResult result;
  Outputs out(rs, comm, s);
  const ContactMesh contact_mesh = contact_mesh_of(s);
  ContactPhase contact;
  if (s.contact.active()) contact = ContactPhase(s.contact, contact_mesh, comm);
  if (s.cycle == 0) initialize_rigid_bodies(s, comm);  // a restart brings its bodies along
  double last_checkpoint = wall_seconds();
  const double start = wall_seconds();
  double next_progress = rs.progress_seconds;
  bool first = s.cycle == 0;  // false when resuming from a restart
  const std::int64_t start_cycle = s.cycle;
  EnergyRatioGuard energy_guard(rs.max_energy_ratio);

  try {
    for (;;) {
      double dt_local;
      {
        ScopedPhase phase(result.timers, Phase::Elements);
        dt_local = element_forces(s, static_cast<Real>(s.dt_prev));
      }
      // One Allreduce a cycle: the step, and with contact whether any rank needs a bucket sort.
      double agreed[2] = {dt_local < 0 ? -1.0 : rs.tssfac * dt_local, contact.active() && contact.wants_sort(contact_mesh, {s.time, s.cycle, s.dt_prev}) ? -1.0 : 0.0};
      if (contact.active()) comm.allreduce_min(agreed, 2);
      else agreed[0] = comm.allreduce_min(agreed[0]);
      const double dt = agreed[0];
      const bool contact_sort = agreed[1] < 0;
      if (!(dt > 0)) report_bad_element(s, comm);
      if (dt >= 0.1 * std::numeric_limits<Real>::max())
        throw NumericalFault("no deformable shell sets a time step (all parts rigid or eroded)");
      if (first) s.carry.dt_floor = rs.dt_min_factor * dt;
      const double dt_floor = s.carry.dt_floor;
      if (dt < dt_floor) {
        std::ostringstream msg;
        msg << "numerical fault at cycle " << s.cycle << ", time " << s.time << ": time step " << dt
            << " fell below DTMIN * first step = " << dt_floor;
        throw NumericalFault(msg.str());
      }
      const double dt_avg = first ? 0.5 * dt : 0.5 * (s.dt_prev + dt);
      s.dt_next = dt;
      const bool checkpoint_due = rs.restart_seconds > 0 && wall_seconds() - last_checkpoint >= rs.restart_seconds;
      const ExternalRequest request =
          poll_external_requests(rs.stop_file, s.cycle, rs.stop_check_cycles, checkpoint_due, comm);
      if (request.status && comm.root()) print_progress(s, rs, wall_seconds() - start);
      if (request.stop) {
        result.stop_signal = request.signal;
        result.termination = request.signal ? "stopped by signal " + std::to_string(request.signal) + ", restart set written"
                                            : "stopped by request (" + rs.stop_file + "), restart set written";
      }
      const bool last = (rs.end_time > 0 && s.time + dt >= rs.end_time) ||
                        (rs.end_cycle > 0 && s.cycle + 1 >= rs.end_cycle) || request.stop;
      const DueOutputs due = due_outputs(s, out, first || last);
      if (due.glstat || due.matsum) keep_half_step_velocities(s);
      if (contact.active()) {
        double message_seconds;
        {
          ScopedPhase phase(result.timers, Phase::Contact);
          message_seconds = contact.compute(contact_mesh, {s.time, s.cycle, s.dt_prev}, s.carry.contact_friction_work, comm, contact_sort);
        }
        result.timers.add(Phase::Contact, -message_seconds);
        result.timers.add(Phase::ContactMessages, message_seconds);
      }
      {
        ScopedPhase phase(result.timers, Phase::Nodes);
        gather_nodal_forces(s);
      }
      if (halo) {
        ScopedPhase phase(result.timers, Phase::SharedNodes);
        sum_shared_forces(s, *halo, comm);
      }
      {
        ScopedPhase phase(result.timers, Phase::Nodes);
        integrate_velocities(s, static_cast<Real>(dt_avg));
      }
      {
        ScopedPhase phase(result.timers, Phase::RigidBodies);
        update_rigid_bodies(s, comm, dt_avg);
      }
      {
        ScopedPhase phase(result.timers, Phase::RigidWalls);
        apply_rigid_walls(s, comm, dt, dt_avg);
      }
      if (due.any()) {
        ScopedPhase phase(result.timers, Phase::Output);
        const EnergyRecord e = write_outputs(s, out, contact, comm, due);
        if (first) {
          s.carry.initial_total = e.total;
          s.carry.first_energy = e;
        }
        if (last) result.last = e;
        energy_guard.observe(e);
      }
      {
        ScopedPhase phase(result.timers, Phase::Nodes);
        update_positions(s, static_cast<Real>(dt));
      }
      s.time += dt;
      s.dt_prev = dt;
      s.cycle += 1;
      first = false;
      energy_guard.check();
      const bool periodic = rs.restart_every > 0 && s.cycle % rs.restart_every == 0;
      if (rs.write_files && (periodic || request.checkpoint || request.stop)) {
        ScopedPhase phase(result.timers, Phase::Output);
        write_restart_set(s, rs.output_dir, rs.deck, comm);
        last_checkpoint = wall_seconds();
      }
      if (rs.after_cycle) rs.after_cycle(s);
      if (comm.root() && !rs.quiet && rs.progress_seconds > 0 && wall_seconds() - start >= next_progress) {
        print_progress(s, rs, wall_seconds() - start);
        next_progress += rs.progress_seconds;
      }
      if (last) break;
    }
  } catch (const NumericalFault&) {
    // Every rank is here on the same cycle: leave the state for diagnosis.
    if (rs.write_files) {
      write_restart_set(s, rs.output_dir, rs.deck, comm);
      VtkSeriesWriter fault(rs.output_dir, "fault", comm.rank(), comm.size());
      fault.write_piece(make_snapshot(s, comm.rank()));
      comm.barrier();
      fault.end_step(s.time);
    }
    throw;
  }
  result.first = s.carry.first_energy;
  if (contact.active()) {
    result.contact_pairs = contact.pairs_checked();
    result.contact_nodes = contact.owned_nodes(contact_mesh);
  }
  result.cycles = s.cycle - start_cycle;
  result.elapsed = wall_seconds() - start;
  return result;
}

RunSettings run_settings(const Model& model, const Options& o) {
  RunSettings rs;
  rs.title = model.title;
  rs.end_time = o.end_time > 0 ? o.end_time : model.controls.end_time;
  rs.end_cycle = o.cycles >= 0 ? o.cycles : model.controls.end_cycle;
  if (o.cycles >= 0) rs.end_time = o.end_time > 0 ? o.end_time : 0;  // a cycle count alone bounds the run
  rs.tssfac = model.controls.tssfac;
  rs.dt_min_factor = model.controls.dt_min;
  rs.glstat_dt = model.controls.glstat_dt;
  rs.matsum_dt = model.controls.matsum_dt;
  rs.rwforc_dt = model.controls.rwforc_dt;
  rs.rcforc_dt = model.controls.rcforc_dt;
  rs.d3plot_dt = model.controls.d3plot_dt;
  rs.output_dir = o.output_dir;
  rs.stop_file = o.output_dir + "/minicrash.stop";
  rs.restart_every = o.restart_every;
  rs.restart_seconds = o.restart_seconds;
  rs.max_energy_ratio = o.max_energy_ratio;
  rs.deck = o.input;
  rs.progress_seconds = o.progress_seconds;
  rs.quiet = o.quiet;
  return rs;
}

}  // namespace mc
