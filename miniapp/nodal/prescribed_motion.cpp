#include "miniapp/nodal/prescribed_motion.hpp"

#include <cmath>

#include "miniapp/nodal/curve_value.hpp"

namespace mc {

namespace {

// A motion acts on every step that ends after BIRTH and starts before DEATH
// (the curve holds its first value before its first point, so the step
// across BIRTH moves the node by what the curve adds after BIRTH).
bool active(const PrescribedMotionState& motion, double t, double dt) {
  return t + dt > motion.birth && t < motion.death;
}

// The curve read from BIRTH on: LS-DYNA starts a motion at the curve's
// first point when it is born (the folding-box deck's flaps, born at 1 ms
// on a 0-1 ms curve, turn from 1 to 2 ms in LS-DYNA's own animation).
double motion_curve(const PrescribedMotionState& motion, double t) {
  return curve_at(motion.curve_t, motion.curve_value, t - motion.birth);
}

// How far the curve moves what it drives over the step from t to t + dt:
// the velocity at mid-step times dt, or the displacement's change (counted
// from where the node is at BIRTH: the steps' changes add up to the curve's).
double step_change(const PrescribedMotionState& motion, double t, double dt) {
  if (motion.kind == PrescribedMotion::Kind::Displacement)
    return motion_curve(motion, t + dt) - motion_curve(motion, t);
  return motion_curve(motion, t + 0.5 * dt) * dt;
}

// The translational velocity over the step: the last one plus the
// acceleration, or the step's change over dt.
double prescribed_velocity(const PrescribedMotionState& motion, double t, double dt, double dt_avg, double v_minus) {
  if (motion.kind == PrescribedMotion::Kind::Acceleration) return v_minus + motion_curve(motion, t) * dt_avg;
  return step_change(motion, t, dt) / dt;
}

// v^{n-1/2} of node i's component c: the update added f/m dt_avg (no SPC
// holds a prescribed component).
double velocity_before(const NodeData& nd, int i, int c, double dt_avg) {
  const double m = nd.mass(i);
  return m > 0 ? nd.v(i, c) - nd.f(i, c) / m * dt_avg : nd.v(i, c);
}

// Sets node i's velocity component c, and counts the impulse's work where
// the node is owned: the mean of the velocities before and after.
void prescribe_node_component(State& s, int i, int c, double prescribed, double dt_avg) {
  auto& nd = s.nodes;
  const double v = nd.v(i, c);
  const double v_minus = velocity_before(nd, i, c, dt_avg);
  if (nd.owned[static_cast<std::size_t>(i)])
    s.motion_work_local += 0.5 * nd.mass(i) * (prescribed - v) * (v_minus + prescribed);
  nd.v(i, c) = static_cast<Real>(prescribed);
}

// DOF 9-11: the node turns by the step's angle a about the axis through
// `center`, with the velocity v = W r(t + dt), W the turn's rate tan(a)/dt:
// the shell's strain rates, taken at the step's end positions, then see a
// rigid motion and no strain (a chord to the exact circle would give a
// spurious stretch of a^2/2 a step, which a fold accumulates into stress).
// The price: r(t + dt) = cos(a) R(a) r(t), so the radius shrinks by
// 1 - cos(a) a step, theta a / 2 over a turn by theta.
void turn_nodes(State& s, const PrescribedMotionState& motion, double dt, double dt_avg) {
  const double angle = step_change(motion, s.time, dt);
  const double c = std::cos(angle), sn = std::sin(angle);
  const auto [p, q] = motion_plane(motion.axis);
  for (const int i : motion.nodes) {
    const double rp = s.nodes.x(i, p) - motion.center[0];
    const double rq = s.nodes.x(i, q) - motion.center[1];
    prescribe_node_component(s, i, p, (c * (rp * c - rq * sn) - rp) / dt, dt_avg);
    prescribe_node_component(s, i, q, (c * (rp * sn + rq * c) - rq) / dt, dt_avg);
  }
}

}  // namespace

void apply_prescribed_motions(State& s, double dt, double dt_avg) {
  if (s.motions.empty() || !(dt > 0)) return;
  for (const PrescribedMotionState& motion : s.motions) {
    if (!active(motion, s.time, dt)) continue;
    if (motion.axis >= 0) {
      turn_nodes(s, motion, dt, dt_avg);
      continue;
    }
    const int c = motion.component;
    for (const int i : motion.nodes) {
      const double v_minus = velocity_before(s.nodes, i, c, dt_avg);
      prescribe_node_component(s, i, c, prescribed_velocity(motion, s.time, dt, dt_avg, v_minus), dt_avg);
    }
  }
}

void prescribe_body_velocity(State& s, std::size_t body_index, const std::array<double, 3>& v_minus, double dt_avg,
                             bool count) {
  RigidBody& body = s.rigid_bodies[body_index];
  for (const PrescribedMotionState& motion : s.motions) {
    if (motion.body != static_cast<int>(body_index) || !(s.dt_next > 0) || !active(motion, s.time, s.dt_next)) continue;
    const int c = motion.component;
    const double v = body.velocity[c];
    const double prescribed = prescribed_velocity(motion, s.time, s.dt_next, dt_avg, v_minus[c]);
    if (count) s.motion_work_local += 0.5 * body.mass * (prescribed - v) * (v_minus[c] + prescribed);
    body.velocity[c] = prescribed;
  }
}

}  // namespace mc
