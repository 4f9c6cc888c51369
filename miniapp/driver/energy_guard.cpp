#include "miniapp/driver/energy_guard.hpp"

#include <algorithm>
#include <sstream>

#include "miniapp/driver/simulation.hpp"

namespace mc {

void EnergyRatioGuard::observe(const EnergyRecord& energy, double initial_total) {
  const double supplied = initial_total + std::max(energy.external_work, 0.0);
  if (max_ratio_ > 0 && !runaway_ && supplied > 0 && energy.total > max_ratio_ * supplied) {
    runaway_ = energy;
    supplied_ = supplied;
  }
}

void EnergyRatioGuard::check() const {
  if (!runaway_) return;
  const EnergyRecord& e = *runaway_;
  std::ostringstream msg;
  msg << "numerical fault at cycle " << e.cycle << ", time " << e.time << ": total energy " << e.total << " is "
      << e.total / supplied_ << " times the initial total plus external work " << supplied_
      << " (max_energy_ratio=" << max_ratio_
      << "): the run creates energy, it is unstable";
  throw NumericalFault(msg.str());
}

}  // namespace mc
