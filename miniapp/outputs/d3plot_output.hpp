// The binary d3plot of a parallel run: every rank sends its owned nodes and
// its shells to rank 0, one rank at a time, and rank 0 places them by global
// id (ascending, so the file is the same at any rank count) and writes
// (io/d3plot_writer). Rank 0 holds the geometry and one state, never more.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/d3plot_writer.hpp"
#include "io/output/output_records.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

class D3plotOutput {
 public:
  D3plotOutput() = default;  // inert
  // Collective: gathers the geometry. `resume_states` > 0 continues the
  // family already in `dir` after that many states (D3plotWriter).
  D3plotOutput(const State& s, const std::string& dir, const std::string& title, std::int64_t family_bytes,
               std::int64_t resume_states, Communicator& comm);
  bool active() const { return active_; }
  // Rank 0: whether the family of a resumed run was continued.
  bool resumed() const { return writer_.resumed(); }
  // Rank 0: why the family stopped growing (a full disk), empty while it grows.
  const std::string& failure() const { return writer_.failure(); }

  // Collective: one state. `parts` in State::part_info order, `walls` in
  // deck order; `dt_avg` turns v - v_before (keep_half_step_velocities)
  // into accelerations.
  void write(const State& s, const EnergyRecord& energy, const std::vector<PartRecord>& parts,
             const std::vector<WallRecord>& walls, double dt_avg, Communicator& comm);

 private:
  // Per part: no stresses to write, or which points are the lower, middle
  // and upper layers.
  struct PartLayers {
    bool stressless = false;
    std::array<int, D3plotStateLayout::kLayers> points{};
  };
  static PartLayers part_layers(const State& s, int p);
  void shell_words(const State& s, int e, float* w) const;

  std::vector<PartLayers> parts_;
  bool active_ = false;
  std::vector<int> owned_;  // this rank's owned nodes, local indices
  // Rank 0: for each rank, the output index of each node and shell it sends.
  std::vector<std::vector<std::int32_t>> node_slot_, shell_slot_;
  std::vector<int> part_of_slot_;  // rank 0: State::part_info index of each d3plot part
  D3plotWriter writer_;            // rank 0
};

}  // namespace mc
