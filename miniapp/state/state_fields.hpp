// The evolving part of a State, listed once: the restart writer and reader
// and the state checksum all walk state_fields, so they cannot disagree about
// what "the state" is. IO provides view(v), pod(x), vec(std::vector) and
// rank_share(x): a value that is this rank's part of a model-wide sum (a
// restart at another np gives the old ranks' total to the new rank 0).
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

template <class IO, class S>
inline void state_fields(IO& io, S& s) {
  io.view(s.nodes.x);
  io.view(s.nodes.v);
  io.view(s.nodes.w);
  io.view(s.elements.alive);
  io.view(s.elements.points);
  io.view(s.elements.shear);
  io.view(s.elements.hourglass_q);
  io.view(s.elements.back_stress);
  io.view(s.elements.internal_energy);
  io.view(s.elements.hourglass_energy);
  if (s.updates_thickness) io.view(s.elements.thickness);  // a model without it keeps its checksum
  io.pod(s.time);
  io.pod(s.dt_prev);
  io.pod(s.dt_next);
  io.pod(s.cycle);
  for (auto& b : s.rigid_bodies) {
    io.pod(b.mass);
    io.pod(b.center);
    io.pod(b.velocity);
    io.pod(b.omega);
    io.pod(b.failed_at);
    io.rank_share(b.failure_votes);
    if (b.given.set) {  // a body without one keeps its checksum
      io.pod(b.given.mass);
      io.pod(b.given.point);
      io.pod(b.given.moment);
      io.pod(b.given.inertia);
    }
  }
  for (auto& w : s.walls) {
    io.rank_share(w.local_impulse);
    io.rank_share(w.local_absorbed);
    io.pod(w.last_dt);
    io.pod(w.force);
    io.pod(w.absorbed_energy);
    io.pod(w.velocity);
    io.pod(w.position);
  }
  if (!s.motions.empty()) {  // every rank or none (a model without them keeps its checksum)
    io.rank_share(s.motion_work_local);
    io.pod(s.external_work);
  }
}

// What the time loop carries besides the physics (output clocks and
// history): restarted, but not part of the checksum, since a run that stops
// and restarts writes one more output at its stop.
template <class IO, class S>
inline void loop_carry_fields(IO& io, S& s) {
  io.pod(s.carry.dt_floor);
  io.pod(s.carry.initial_total);
  io.pod(s.carry.first_energy);
  io.pod(s.carry.next_output);
  io.vec(s.carry.d3plot_times);
  io.rank_share(s.carry.contact_dissipated_work);
  io.pod(s.carry.contact_soft_dt);
  io.ties(s.carry.contact_ties);
}

}  // namespace mc
