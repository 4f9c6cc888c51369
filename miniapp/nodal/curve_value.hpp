// A *DEFINE_CURVE's value at t, as LS-DYNA takes it for loads and motions:
// linear between its points, its end values beyond them (walls' _MOTION,
// *BOUNDARY_PRESCRIBED_MOTION).
#pragma once

#include <cstddef>
#include <vector>

namespace mc {

inline double curve_at(const std::vector<double>& t, const std::vector<double>& value, double time) {
  if (time <= t.front()) return value.front();
  if (time >= t.back()) return value.back();
  std::size_t hi = 1;
  while (t[hi] < time) ++hi;
  const double w = (time - t[hi - 1]) / (t[hi] - t[hi - 1]);
  return value[hi - 1] + w * (value[hi] - value[hi - 1]);
}

// The velocity over the step from `time` to time + dt of something a curve
// moves: the curve's value at mid-step, or, for a displacement curve, what
// takes it from its displacement now (`displaced`) to the curve's value at
// the step's end.
inline double step_velocity(const std::vector<double>& t, const std::vector<double>& value, bool displacement,
                            double time, double dt, double displaced) {
  if (!displacement) return curve_at(t, value, time + 0.5 * dt);
  return (curve_at(t, value, time + dt) - displaced) / dt;
}

}  // namespace mc
