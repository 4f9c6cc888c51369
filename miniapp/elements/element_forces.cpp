#include "miniapp/elements/element_forces.hpp"

#include <limits>

namespace mc {

double element_forces(State& s, Real dt) {
  double smallest = std::numeric_limits<Real>::max();
  for (const auto& block : s.blocks) {
    const double d = block->internal_force(s, dt);
    smallest = (d < 0 || smallest < 0) ? -1.0 : (d < smallest ? d : smallest);
  }
  return smallest;
}

}  // namespace mc
