// The run's outputs and when each is due: glstat, matsum, rwforc, rcforc
// (rank 0) and the ParaView series (every rank its piece), each on its own
// clock of simulated time. The clocks live in the State, so a restart
// resumes them.
#pragma once

#include <limits>

#include "contact/contact_phase.hpp"
#include "io/output/history_writers.hpp"
#include "io/output/vtk_writer.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Due every `interval` of simulated time, or every 100 cycles when the run
// has no end time to divide.
class OutputClock {
 public:
  OutputClock(double interval, double end_time, double& next)
      : interval_(interval > 0 ? interval : end_time / 100), next_(next) {}
  bool due(double time, std::int64_t cycle) {
    if (interval_ > 0 && interval_ < std::numeric_limits<double>::infinity()) {
      if (time + 1e-12 * interval_ < next_) return false;
      while (next_ <= time + 1e-12 * interval_) next_ += interval_;
      return true;
    }
    return cycle % 100 == 0;
  }

 private:
  double interval_;
  double& next_;
};

struct DueOutputs {
  bool glstat = false, matsum = false, rwforc = false, d3plot = false, rcforc = false;
  bool energies() const { return glstat || matsum; }
  bool any() const { return glstat || matsum || rwforc || d3plot || rcforc; }
};

class OutputSchedule {
 public:
  // A resumed run (cycle > 0) appends to the histories and the ParaView series.
  OutputSchedule(const RunSettings& rs, const Communicator& comm, State& s);
  // What is due at this cycle; `force` (first and last cycle) makes everything due.
  DueOutputs due(const State& s, bool force);
  // Collective. Writes what is due; returns the energies (zero unless glstat or matsum was due).
  EnergyRecord write(State& s, const ContactPhase& contact, Communicator& comm, const DueOutputs& due);

 private:
  GlstatWriter glstat_;
  MatsumWriter matsum_;
  RwforcWriter rwforc_;
  RcforcWriter rcforc_;
  VtkSeriesWriter d3plot_;  // ParaView series; every rank writes its piece
  OutputClock glstat_clock_, matsum_clock_, rwforc_clock_, d3plot_clock_, rcforc_clock_;
};

}  // namespace mc
