// Runaway energy: an explicit run that creates energy is unstable (a time
// step too long for some stiffness, a bad material constant), and it can do so
// for many cycles before anything turns non-finite. LS-DYNA users watch the
// energy ratio in glstat; this stops the run instead.
#pragma once

#include <optional>

#include "io/output/output_records.hpp"

namespace mc {

class EnergyRatioGuard {
 public:
  // max_ratio: the largest total / supplied energy allowed; 0 turns the guard off.
  explicit EnergyRatioGuard(double max_ratio) : max_ratio_(max_ratio) {}

  // An output's energies (summed over all ranks, so every rank agrees). The
  // energy supplied is the initial total plus the prescribed motions' work,
  // or the initial total where that work is negative (a motion that brakes
  // the structure leaves little to divide by, and rounding would trip it).
  void observe(const EnergyRecord& energy, double initial_total);
  // Throws NumericalFault, naming the output's cycle and ratio, when an
  // observed ratio exceeded the bound. Called once the cycle is complete,
  // so the fault's restart set holds a whole cycle.
  void check() const;

 private:
  double max_ratio_;
  std::optional<EnergyRecord> runaway_;
  double supplied_ = 0;  // of the runaway output
};

}  // namespace mc
