#include "miniapp/driver/step_control.hpp"

#include <limits>
#include <sstream>

namespace mc {
namespace {

// The first collapsed/inverted element, by user id, agreed on by all ranks.
[[noreturn]] void report_bad_element(const State& s, Communicator& comm) {
  BadElement bad;
  for (const auto& block : s.blocks)
    if (bad.id < 0) bad = block->first_bad_element(s);
  const std::int64_t id = comm.allreduce_max(std::int64_t{bad.id});
  const std::int64_t part = comm.allreduce_max(bad.id == id ? std::int64_t{bad.part} : std::int64_t{-1});
  const std::int64_t nonfinite = comm.allreduce_max(bad.id == id ? std::int64_t{bad.nonfinite} : std::int64_t{0});
  std::ostringstream msg;
  msg << "numerical fault at cycle " << s.cycle << ", time " << s.time << ": ";
  if (id >= 0)
    msg << "shell " << id << " of part " << part
        << (nonfinite ? " has non-finite geometry (NaN/Inf in the state)" : " has collapsed (zero area)");
  else msg << "non-finite or negative stable time step";
  throw NumericalFault(msg.str());
}

}  // namespace

AgreedStep StepControl::agree(State& s, double element_step, bool with_contact, bool wants_sort,
                              Communicator& comm) const {
  const bool first = s.cycle == 0;
  double agreed[2] = {element_step < 0 ? -1.0 : tssfac_ * element_step, with_contact && wants_sort ? -1.0 : 0.0};
  if (with_contact) comm.allreduce_min(agreed, 2);
  else agreed[0] = comm.allreduce_min(agreed[0]);
  const double dt = agreed[0];
  if (!(dt > 0)) report_bad_element(s, comm);
  if (dt >= 0.1 * std::numeric_limits<Real>::max())
    throw NumericalFault("no deformable shell sets a time step (all parts rigid or eroded)");
  if (first) s.carry.dt_floor = dt_min_factor_ * dt;
  if (dt < s.carry.dt_floor) {
    std::ostringstream msg;
    msg << "numerical fault at cycle " << s.cycle << ", time " << s.time << ": time step " << dt
        << " fell below DTMIN * first step = " << s.carry.dt_floor;
    throw NumericalFault(msg.str());
  }
  return {dt, first ? 0.5 * dt : 0.5 * (s.dt_prev + dt), agreed[1] < 0};
}

}  // namespace mc
