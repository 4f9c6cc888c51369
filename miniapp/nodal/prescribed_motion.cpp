#include "miniapp/nodal/prescribed_motion.hpp"

#include <cmath>

#include "io/vec3.hpp"
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

// The field a motion drives at a node: the velocity with the force and
// mass that advanced it, or the angular velocity with the moment and
// rotary inertia.
struct NodeField {
  Vec3View v, f;
  RealView mass;
};

NodeField field_of(const NodeData& nd, bool rotation) {
  return rotation ? NodeField{nd.w, nd.m, nd.inertia} : NodeField{nd.v, nd.f, nd.mass};
}

// v^{n-1/2} of node i's component c: the update added f/m dt_avg (no SPC
// holds a prescribed component).
double velocity_before(const NodeField& nd, int i, int c, double dt_avg) {
  const double m = nd.mass(i);
  return m > 0 ? nd.v(i, c) - nd.f(i, c) / m * dt_avg : nd.v(i, c);
}

// Sets node i's velocity component c (v_minus before this step's update),
// and counts the impulse's work where the node is owned: the mean of the
// velocities before and after.
void prescribe_node_component(State& s, const NodeField& nd, int i, int c, double prescribed, double v_minus) {
  const double v = nd.v(i, c);
  if (s.nodes.owned[static_cast<std::size_t>(i)])
    s.motion_work_local += 0.5 * nd.mass(i) * (prescribed - v) * (v_minus + prescribed);
  nd.v(i, c) = static_cast<Real>(prescribed);
}

// DOF 4, 8 (-4, -8): the velocity along the unit d becomes p, by an impulse
// along d (across d the velocity is kept, or with `exclusive` set to zero
// by an impulse there too); its work is the impulse times the mean of the
// velocities before and after.
double prescribe_along(const Vec3& d, bool exclusive, double p, double mass, const Vec3& v_minus, Vec3& v) {
  double work = 0;
  const double change = p - dot(d, v);
  for (int k = 0; k < 3; ++k) {
    const double after = exclusive ? p * d[k] : v[k] + change * d[k];
    work += 0.5 * mass * (after - v[k]) * (v_minus[k] + after);
    v[k] = after;
  }
  return work;
}

void prescribe_node_vector(State& s, const PrescribedMotionState& motion, const NodeField& nd, int i, double dt,
                           double dt_avg) {
  Vec3 v, v_minus;
  for (int k = 0; k < 3; ++k) {
    v[k] = nd.v(i, k);
    v_minus[k] = velocity_before(nd, i, k, dt_avg);
  }
  const double p = prescribed_velocity(motion, s.time, dt, dt_avg, dot(motion.direction, v_minus));
  const double work = prescribe_along(motion.direction, motion.exclusive, p, nd.mass(i), v_minus, v);
  if (s.nodes.owned[static_cast<std::size_t>(i)]) s.motion_work_local += work;
  for (int k = 0; k < 3; ++k) nd.v(i, k) = static_cast<Real>(v[k]);
}

// DOF 9-11: the node turns by the step's angle a about the axis through
// `center`, with the velocity v = W r(t + dt), W the turn's rate tan(a)/dt:
// the shell's strain rates, taken at the step's end positions, then see a
// rigid motion and no strain (a chord to the exact circle would give a
// spurious stretch of a^2/2 a step, which a fold accumulates into stress).
// The price: r(t + dt) = cos(a) R(a) r(t), so the radius shrinks by
// 1 - cos(a) a step, theta a / 2 over a turn by theta.
// DOF -9..-11 (radius free): the velocity away from the axis is the one the
// forces gave, u; the velocity around it carries the node to the angle a
// from where u takes it, (R + u dt) tan(a) / dt. A node on nothing but its
// mass is then a bead on a spinning rod, r = r0 cosh(w t).
void turn_nodes(State& s, const PrescribedMotionState& motion, double dt, double dt_avg) {
  const double angle = step_change(motion, s.time, dt);
  const double c = std::cos(angle), sn = std::sin(angle);
  const auto [p, q] = motion_plane(motion.axis);
  const NodeField velocity = field_of(s.nodes, false);
  for (const int i : motion.nodes) {
    const double rp = s.nodes.x(i, p) - motion.center[0];
    const double rq = s.nodes.x(i, q) - motion.center[1];
    double vp, vq;
    if (motion.radius_free) {
      const double radius = std::hypot(rp, rq);
      if (!(radius > 0)) continue;  // on the axis: no direction around it
      const double ep = rp / radius, eq = rq / radius;  // away from the axis; around it: (-eq, ep)
      const double away = velocity.v(i, p) * ep + velocity.v(i, q) * eq;
      const double around = (radius + away * dt) * std::tan(angle) / dt;
      vp = away * ep - around * eq;
      vq = away * eq + around * ep;
    } else {
      vp = (c * (rp * c - rq * sn) - rp) / dt;
      vq = (c * (rp * sn + rq * c) - rq) / dt;
    }
    prescribe_node_component(s, velocity, i, p, vp, velocity_before(velocity, i, p, dt_avg));
    prescribe_node_component(s, velocity, i, q, vq, velocity_before(velocity, i, q, dt_avg));
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
    const NodeField field = field_of(s.nodes, motion.rotation);
    const int c = motion.component;
    for (const int i : motion.nodes) {
      if (c < 0) {
        prescribe_node_vector(s, motion, field, i, dt, dt_avg);
        continue;
      }
      const double v_minus = velocity_before(field, i, c, dt_avg);
      prescribe_node_component(s, field, i, c, prescribed_velocity(motion, s.time, dt, dt_avg, v_minus), v_minus);
    }
  }
}

void prescribe_body_velocity(State& s, std::size_t body_index, const std::array<double, 3>& v_minus, double dt_avg,
                             bool count) {
  RigidBody& body = s.rigid_bodies[body_index];
  for (const PrescribedMotionState& motion : s.motions) {
    if (motion.body != static_cast<int>(body_index) || motion.rotation || !(s.dt_next > 0) ||
        !active(motion, s.time, s.dt_next))
      continue;
    const int c = motion.component;
    if (c < 0) {
      const double p = prescribed_velocity(motion, s.time, s.dt_next, dt_avg, dot(motion.direction, v_minus));
      const double work = prescribe_along(motion.direction, motion.exclusive, p, body.mass, v_minus, body.velocity);
      if (count) s.motion_work_local += work;
      continue;
    }
    const double v = body.velocity[c];
    const double prescribed = prescribed_velocity(motion, s.time, s.dt_next, dt_avg, v_minus[c]);
    if (count) s.motion_work_local += 0.5 * body.mass * (prescribed - v) * (v_minus[c] + prescribed);
    body.velocity[c] = prescribed;
  }
}

std::vector<SpinTarget> body_spin_targets(const State& s, std::size_t body_index,
                                          const std::array<double, 3>& omega_minus, double dt_avg) {
  std::vector<SpinTarget> targets;
  for (const PrescribedMotionState& motion : s.motions) {
    if (motion.body != static_cast<int>(body_index) || !motion.rotation || !(s.dt_next > 0) ||
        !active(motion, s.time, s.dt_next))
      continue;
    const Vec3& d = motion.direction;
    targets.push_back({d, prescribed_velocity(motion, s.time, s.dt_next, dt_avg, dot(d, omega_minus))});
    if (!motion.exclusive) continue;
    // Two unit vectors across d, held at zero spin.
    const int least = std::fabs(d[0]) <= std::fabs(d[1]) && std::fabs(d[0]) <= std::fabs(d[2]) ? 0
                      : std::fabs(d[1]) <= std::fabs(d[2])                                   ? 1
                                                                                                : 2;
    Vec3 axis{};
    axis[static_cast<std::size_t>(least)] = 1;
    Vec3 a = cross(d, axis);
    const double norm = length(a);
    for (double& x : a) x /= norm;
    targets.push_back({a, 0.0});
    targets.push_back({cross(d, a), 0.0});
  }
  return targets;
}

}  // namespace mc
