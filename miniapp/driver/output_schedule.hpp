// The run's outputs and when each is due: glstat, matsum, rwforc, rcforc
// (rank 0; each in LS-DYNA's layout and as .csv), nodout and the ParaView series (every rank its piece), each on its own
// clock of simulated time. The clocks live in the State, so a restart
// resumes them.
#pragma once

#include <array>
#include <limits>

#include "contact/contact_phase.hpp"
#include "io/output/history_writers.hpp"
#include "io/output/nodout_writer.hpp"
#include "io/output/restart_files.hpp"
#include "io/output/vtk_writer.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/outputs/d3plot_output.hpp"
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

// The outputs, in the order of State::carry.next_output.
enum class Output { Glstat, Matsum, Rwforc, D3plot, Rcforc, Nodout };

struct DueOutputs {
  bool glstat = false, matsum = false, rwforc = false, d3plot = false, rcforc = false, nodout = false;
  // Bit per Output: due only because the run ends at this cycle. A restart
  // set written after such an output does not keep it, since a run resumed
  // from the set goes on past this cycle and writes what is due then.
  unsigned closing = 0;
  bool closing_only(Output o) const { return (closing >> static_cast<unsigned>(o)) & 1u; }
  bool energies() const { return glstat || matsum || d3plot; }  // a plot state carries them too
  bool accelerations() const { return energies() || nodout; }  // need v^(n-1/2) kept
  bool any() const { return glstat || matsum || rwforc || d3plot || rcforc || nodout; }
};

class OutputSchedule {
 public:
  // Collective. A resumed run (cycle > 0) in the restart set's own output
  // directory continues its histories and ParaView series from the set's
  // time (continue_outputs_of_set); in another directory it starts them.
  OutputSchedule(const RunSettings& rs, Communicator& comm, State& s);
  // What is due at this cycle: everything at the `first` and `last` cycles.
  DueOutputs due(const State& s, bool first, bool last);
  // Collective. Writes what is due; returns the energies (zero unless glstat or matsum was due).
  EnergyRecord write(State& s, const ContactPhase& contact, Communicator& comm, const DueOutputs& due);
  // Rank 0's history files and their lengths up to the last output a
  // resumed run keeps (closing outputs left out), for the restart manifest.
  const OutputLengths& kept_lengths() const { return kept_; }
  // Rank 0: the first output that could not be written (a full disk), cut
  // back to its last whole row or state; empty while all are written.
  const std::string& failure() const;
  bool failed() const { return !failure().empty(); }  // checked every cycle: no string copied

 private:
  void keep(const HistoryFile& file, bool closing_only);
  void keep(const std::array<const HistoryFile*, 2>& files, bool closing_only);
  std::array<const HistoryFile*, 9> histories() const {
    const auto [glstat, glstat_csv] = glstat_.files();
    const auto [matsum, matsum_csv] = matsum_.files();
    const auto [rwforc, rwforc_csv] = rwforc_.files();
    const auto [rcforc, rcforc_csv] = rcforc_.files();
    return {glstat, glstat_csv, matsum, matsum_csv, rwforc, rwforc_csv, rcforc, rcforc_csv, &nodout_.file()};
  }
  // This rank's terms of nodout's values: 12 per history node (displacement,
  // velocity, acceleration, coordinates), zero where another rank owns it.
  std::vector<double> history_node_terms(const State& s) const;
  OutputLengths kept_;
  GlstatWriter glstat_;
  MatsumWriter matsum_;
  RwforcWriter rwforc_;
  RcforcWriter rcforc_;
  NodoutWriter nodout_;
  VtkSeriesWriter d3plot_;     // ParaView series; every rank writes its piece
  D3plotOutput binary_plot_;   // LS-DYNA's d3plot family; rank 0 writes
  OutputClock glstat_clock_, matsum_clock_, rwforc_clock_, d3plot_clock_, rcforc_clock_, nodout_clock_;
  std::vector<int> history_nodes_;  // local index of each nodout node this rank owns, -1 elsewhere
};

}  // namespace mc
