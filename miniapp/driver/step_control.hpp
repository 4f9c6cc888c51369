// The global stable step of a cycle (DESIGN.md section 3, step 6): each
// rank's smallest element step times TSSFAC, agreed in one Allreduce that
// also carries whether any rank's contact wants a bucket sort. The faults
// it reveals (a collapsed element, no deformable element, a step below
// DTMIN) stop every rank on the same cycle.
#pragma once

#include <stdexcept>

#include "decomposition/parallel/communicator.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// A numerical fault detected during the run (exit code kExitNumerical).
class NumericalFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct AgreedStep {
  double dt = 0;              // dt^{n+1/2}
  double dt_avg = 0;          // (dt^{n-1/2} + dt^{n+1/2}) / 2: the velocity update's step
  bool contact_sort = false;  // every rank re-sorts its contact this cycle
};

class StepControl {
 public:
  explicit StepControl(const RunSettings& rs) : tssfac_(rs.tssfac), dt_min_factor_(rs.dt_min_factor) {}
  // Collective. element_step: this rank's smallest L/c (negative: a
  // collapsed element); with_contact: whether contact is active anywhere
  // (the same on every rank). Throws NumericalFault.
  AgreedStep agree(State& s, double element_step, bool with_contact, bool wants_sort, Communicator& comm) const;

 private:
  double tssfac_, dt_min_factor_;
};

}  // namespace mc
