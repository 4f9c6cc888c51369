#include "miniapp/driver/energy_guard.hpp"

#include <sstream>

#include "miniapp/driver/simulation.hpp"

namespace mc {

void EnergyRatioGuard::observe(const EnergyRecord& energy) {
  if (max_ratio_ > 0 && !runaway_ && energy.ratio > max_ratio_) runaway_ = energy;
}

void EnergyRatioGuard::check() const {
  if (!runaway_) return;
  const EnergyRecord& e = *runaway_;
  std::ostringstream msg;
  msg << "numerical fault at cycle " << e.cycle << ", time " << e.time << ": total energy " << e.total << " is "
      << e.ratio << " times the initial total plus external work " << e.total / e.ratio
      << " (max_energy_ratio=" << max_ratio_
      << "): the run creates energy, it is unstable";
  throw NumericalFault(msg.str());
}

}  // namespace mc
