#include "miniapp/driver/simulation.hpp"

#include <algorithm>
#include <limits>

#include "contact/contact_phase.hpp"
#include "io/output/vtk_writer.hpp"
#include "miniapp/driver/energy_guard.hpp"
#include "miniapp/driver/modeled_compute.hpp"
#include "miniapp/driver/output_schedule.hpp"
#include "miniapp/driver/restart.hpp"
#include "miniapp/driver/run_control.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/nodal/prescribed_motion.hpp"
#include "miniapp/nodal/rigid_bodies.hpp"
#include "miniapp/nodal/rigid_walls.hpp"
#include "miniapp/nodal/wall_gaps.hpp"
#include "miniapp/outputs/energies.hpp"
#include "miniapp/outputs/vtk_snapshot.hpp"
#include "miniapp/state/contact_mesh_of.hpp"

namespace mc {
namespace {

// One rank's part of a run: the state, the neighbours, the contact, and the
// objects that control the run. cycle() is DESIGN.md section 3, one call a step.
class TimeLoop {
 public:
  TimeLoop(State& s, const RunSettings& rs, Communicator& comm, Halo& halo)
      : s_(s), rs_(rs), comm_(comm), halo_(halo), contact_mesh_(contact_mesh_of(s)), outputs_(rs, comm, s),
        steps_(rs), control_(rs, wall_seconds(), s), energy_guard_(rs.max_energy_ratio) {
    if (s.contact.active()) contact_ = ContactPhase(s.contact, contact_mesh_, comm);
    model_ = ModeledCompute(rs.compute_costs, contact_.active() ? contact_.owned_nodes(contact_mesh_) : 0, comm);
    if (s.cycle == 0) initialize_rigid_bodies(s, comm);  // a restart brings its bodies along
  }

  // Returns false after the last cycle.
  bool cycle() {
    const bool first = s_.cycle == 0;  // false when resuming from a restart
    double element_step;
    {
      ScopedPhase phase(result.timers, Phase::Elements, comm_);
      element_step = element_forces(s_, static_cast<Real>(s_.dt_prev));
      if (model_.on()) model_.elements(s_, comm_);
    }
    bool wants_sort = false;
    if (contact_.active()) {
      ScopedPhase phase(result.timers, Phase::Contact, comm_);
      wants_sort = contact_.load_motion(contact_mesh_, clock());
    }
    const AgreedStep step = steps_.agree(s_, element_step, contact_.active(), wants_sort, comm_);
    s_.dt_next = step.dt;
    const ExternalRequest request = control_.poll(s_, outputs_.failed(), comm_);
    if (request.stop) stop_by(request);
    const bool last = (rs_.end_time > 0 && s_.time + step.dt >= rs_.end_time) ||
                      (rs_.end_cycle > 0 && s_.cycle + 1 >= rs_.end_cycle) || request.stop;
    const bool pause = !last && rs_.pause_time > 0 && s_.time + step.dt >= rs_.pause_time;
    const DueOutputs due = outputs_.due(s_, first, last);
    if (due.accelerations()) keep_half_step_velocities(s_);
    s_.carry.contact_soft_dt = std::max(s_.carry.contact_soft_dt, step.dt);
    contact_forces(step.contact_sort);
    nodal_forces_and_velocities(static_cast<Real>(step.dt_avg));
    {
      ScopedPhase phase(result.timers, Phase::RigidWalls, comm_);
      apply_rigid_walls(s_, node_roles_, comm_, step.dt, step.dt_avg, wall_gaps_, fastest_);
      if (model_.on()) model_.walls(s_, comm_);
    }
    {
      ScopedPhase phase(result.timers, Phase::RigidBodies, comm_);
      update_rigid_bodies(s_, comm_, step.dt_avg);
      account_body_wall_work(s_);
      if (model_.on()) model_.bodies(s_, comm_);
    }
    if (!s_.motions.empty()) {
      ScopedPhase phase(result.timers, Phase::Nodes, comm_);
      apply_prescribed_motions(s_, step.dt, step.dt_avg);
    }
    if (due.any()) write_outputs(due, first);
    {
      ScopedPhase phase(result.timers, Phase::Nodes, comm_);
      node_travel_ = update_positions(s_, static_cast<Real>(step.dt), &wall_gaps_);
    }
    advance(step.dt);
    energy_guard_.check();
    {
      ScopedPhase phase(result.timers, Phase::Output, comm_);
      control_.checkpoint(s_, request, last, pause, outputs_.kept_lengths(), comm_);
    }
    if (rs_.after_cycle) rs_.after_cycle(s_);
    control_.progress(s_, comm_);
    result.paused = pause;
    return !last && !pause;
  }

  // Every rank is here on the same cycle: leave the state for diagnosis.
  void write_fault_state() {
    if (!rs_.write_files) return;
    write_restart_set(s_, rs_.output_dir, rs_.deck, outputs_.kept_lengths(), comm_);
    VtkSeriesWriter fault(rs_.output_dir, "fault", comm_.rank(), comm_.size());
    fault.write_piece(make_snapshot(s_, comm_.rank()));
    comm_.barrier();
    fault.end_step(s_.time);
  }

  void finish(std::int64_t start_cycle, double start) {
    result.first = s_.carry.first_energy;
    if (contact_.active()) {
      result.contact_pairs = contact_.pairs_checked();
      result.contact_nodes = contact_.owned_nodes(contact_mesh_);
    }
    result.cycles = s_.cycle - start_cycle;
    result.compute_modeled = model_.on();
    result.modeled = model_.seconds();
    result.modeled_messages = comm_.modeled_message_seconds();
    result.elapsed = wall_seconds() - start;
  }

  RunResult result;

 private:
  ContactClock clock() const { return {s_.time, s_.cycle, s_.dt_prev, s_.carry.contact_soft_dt, node_travel_}; }

  void stop_by(const ExternalRequest& request) {
    result.stop_signal = request.signal;
    result.output_failed = request.output_failed;
    if (request.output_failed) {  // the failure's words are rank 0's, which prints them
      result.termination = "stopped: " + outputs_.failure() + "; restart set written";
      return;
    }
    result.termination = request.signal ? "stopped by signal " + std::to_string(request.signal) + ", restart set written"
                                        : "stopped by request (" + rs_.stop_file + "), restart set written";
  }

  // This rank's contact share at its nodes (nodes.fc); contact messages timed apart.
  void contact_forces(bool sort) {
    if (!contact_.active()) return;
    double message_seconds;
    const double mpi_before = result.timers.mpi_seconds(Phase::Contact);
    {
      ScopedPhase phase(result.timers, Phase::Contact, comm_);
      message_seconds = contact_.compute(contact_mesh_, clock(), s_.carry.contact_dissipated_work,
                                         s_.carry.contact_ties, comm_, sort);
      // At the phase's end: the pairs are known only then (so the model does
      // not delay this cycle's contact messages by their compute).
      if (model_.on()) model_.contact(contact_.pairs_checked(), comm_);
    }
    if (contact_.searched()) contact_.count_shell_pairs(s_.elements.contact_pairs, s_.elements.count());
    result.timers.add(Phase::Contact, -message_seconds);
    result.timers.add(Phase::ContactMessages, message_seconds);
    const double mpi = result.timers.mpi_seconds(Phase::Contact) - mpi_before;  // all in the messages
    result.timers.add_mpi(Phase::Contact, -mpi);
    result.timers.add_mpi(Phase::ContactMessages, mpi);
  }

  // Every node's net force and new velocity: its own terms, then the shared
  // nodes' complete sums.
  void nodal_forces_and_velocities(Real dt_avg) {
    {
      ScopedPhase phase(result.timers, Phase::Nodes, comm_);
      fastest_ = gather_forces_and_accelerate(s_, node_roles_, dt_avg, wall_gaps_.planes() > 0);
      // The whole node phase, before the shared-node sums wait on it.
      if (model_.on()) model_.nodes(s_, comm_);
    }
    {
      ScopedPhase phase(result.timers, Phase::SharedNodes, comm_);
      sum_shared_forces(s_, halo_, comm_);
    }
    ScopedPhase phase(result.timers, Phase::Nodes, comm_);
    fastest_ = std::max(fastest_, accelerate_shared(s_, halo_, dt_avg, wall_gaps_.planes() > 0));
  }

  void write_outputs(const DueOutputs& due, bool first) {
    ScopedPhase phase(result.timers, Phase::Output, comm_);
    const EnergyRecord e = outputs_.write(s_, contact_, comm_, due);
    if (first) {
      s_.carry.initial_total = e.total;
      s_.carry.first_energy = e;
    }
    result.last = e;  // the newest: the run's end, or the output a fault stopped after
    energy_guard_.observe(e, s_.carry.initial_total);
  }

  void advance(double dt) {
    s_.time += dt;
    s_.dt_prev = dt;
    s_.cycle += 1;
  }

  State& s_;
  const RunSettings& rs_;
  Communicator& comm_;
  Halo& halo_;
  const ByteView node_roles_ = node_roles(s_, halo_);  // shared nodes wait for the halo; which keep f and m
  const ContactMesh contact_mesh_;
  ContactPhase contact_;
  OutputSchedule outputs_;
  StepControl steps_;
  RunControl control_;
  EnergyRatioGuard energy_guard_;
  ModeledCompute model_{ComputeCosts{}, 0, comm_};
  double node_travel_ = std::numeric_limits<double>::infinity();  // the last step's, for contact's sort test
  WallGaps wall_gaps_{s_};  // kept by the position update for the next wall pass
  double fastest_ = 0;      // the velocity update's largest |v_x| + |v_y| + |v_z|, for the wall pass
};

}  // namespace

RunResult run_simulation(State& s, const RunSettings& rs, Communicator& comm, Halo* halo) {
  Halo none;  // one rank: nothing shared
  TimeLoop loop(s, rs, comm, halo ? *halo : none);
  const double start = wall_seconds();
  const std::int64_t start_cycle = s.cycle;
  try {
    while (loop.cycle()) {
    }
  } catch (const NumericalFault& fault) {
    loop.write_fault_state();
    loop.finish(start_cycle, start);
    throw FaultedRun(fault, loop.result);
  }
  loop.finish(start_cycle, start);
  return loop.result;
}

}  // namespace mc
