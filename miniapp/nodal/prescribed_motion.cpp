#include "miniapp/nodal/prescribed_motion.hpp"

#include "miniapp/nodal/curve_value.hpp"

namespace mc {

namespace {

bool active(const PrescribedMotionState& motion, double t) { return t >= motion.birth && t < motion.death; }

// The velocity over the step from t to t + dt: the last one plus the
// acceleration, or as the walls' motions (step_velocity) for a velocity or
// a displacement from `start`.
double prescribed_velocity(const PrescribedMotionState& motion, double t, double dt, double dt_avg, double v_minus,
                           double start, double position) {
  if (motion.kind == PrescribedMotion::Kind::Acceleration)
    return v_minus + curve_at(motion.curve_t, motion.curve_value, t) * dt_avg;
  return step_velocity(motion.curve_t, motion.curve_value, motion.kind == PrescribedMotion::Kind::Displacement, t, dt,
                       position - start);
}

}  // namespace

void apply_prescribed_motions(State& s, double dt, double dt_avg) {
  if (s.motions.empty() || !(dt > 0)) return;
  auto& nd = s.nodes;
  const double t = s.time;
  for (const PrescribedMotionState& motion : s.motions) {
    if (!active(motion, t)) continue;
    const int c = motion.component;
    for (const int i : motion.nodes) {
      const double m = nd.mass(i);
      const double v = nd.v(i, c);
      // v^{n-1/2}: the update added f/m dt_avg (no SPC holds a prescribed component).
      const double v_minus = m > 0 ? v - nd.f(i, c) / m * dt_avg : v;
      const double prescribed = prescribed_velocity(motion, t, dt, dt_avg, v_minus, nd.x0(i, c), nd.x(i, c));
      if (nd.owned[static_cast<std::size_t>(i)])
        s.motion_work_local += 0.5 * m * (prescribed - v) * (v_minus + prescribed);
      nd.v(i, c) = static_cast<Real>(prescribed);
    }
  }
}

void prescribe_body_velocity(State& s, std::size_t body_index, const std::array<double, 3>& v_minus, double dt_avg,
                             bool count) {
  RigidBody& body = s.rigid_bodies[body_index];
  for (const PrescribedMotionState& motion : s.motions) {
    if (motion.body != static_cast<int>(body_index) || !active(motion, s.time) || !(s.dt_next > 0)) continue;
    const int c = motion.component;
    const double v = body.velocity[c];
    const double prescribed =
        prescribed_velocity(motion, s.time, s.dt_next, dt_avg, v_minus[c], motion.start, body.center[c]);
    if (count) s.motion_work_local += 0.5 * body.mass * (prescribed - v) * (v_minus[c] + prescribed);
    body.velocity[c] = prescribed;
  }
}

void record_body_motion_starts(State& s) {
  for (PrescribedMotionState& motion : s.motions)
    if (motion.body >= 0) motion.start = s.rigid_bodies[static_cast<std::size_t>(motion.body)].center[motion.component];
}

}  // namespace mc
