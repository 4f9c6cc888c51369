// A *DEFINE_CURVE's value at t, as LS-DYNA takes it for loads and motions:
// linear between its points, its end values beyond them.
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

}  // namespace mc
