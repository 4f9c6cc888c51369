#include "miniapp/nodal/prescribed_motion.hpp"

#include "miniapp/nodal/curve_value.hpp"

namespace mc {

void apply_prescribed_motions(State& s, double dt, double dt_avg) {
  if (s.motions.empty() || !(dt > 0)) return;
  auto& nd = s.nodes;
  const double t = s.time;
  for (const PrescribedMotionState& motion : s.motions) {
    if (t < motion.birth || t >= motion.death) continue;
    const int c = motion.component;
    const auto value = [&](double at) { return curve_at(motion.curve_t, motion.curve_value, at); };
    for (const int i : motion.nodes) {
      const double m = nd.mass(i);
      const double v = nd.v(i, c);
      // v^{n-1/2}: the update added f/m dt_avg unless the component is held.
      const bool held = (nd.fixed(i) >> c) & 1u;
      const double v_minus = held || !(m > 0) ? v : v - nd.f(i, c) / m * dt_avg;
      double prescribed = 0;
      switch (motion.kind) {
        case PrescribedMotion::Kind::Velocity: prescribed = value(t + 0.5 * dt); break;
        case PrescribedMotion::Kind::Acceleration: prescribed = v_minus + value(t) * dt_avg; break;
        case PrescribedMotion::Kind::Displacement:
          prescribed = (nd.x0(i, c) + value(t + dt) - nd.x(i, c)) / dt;
          break;
      }
      if (nd.owned[static_cast<std::size_t>(i)]) s.motion_work_local += 0.5 * m * (prescribed - v) * (v_minus + prescribed);
      nd.v(i, c) = static_cast<Real>(prescribed);
    }
  }
}

}  // namespace mc
