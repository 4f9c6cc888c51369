// LS-DYNA's binary plot database (d3plot), shells only, as LS-PrePost and
// lasso-python read it: 4-byte little-endian words, single precision.
// Layout from "LS-DYNA Database Binary Output Files" (LSTC) as lasso-python
// 2.0.4 reads it (lasso/dyna/d3plot_header.py load_file, d3plot.py
// _read_geometry_data, _read_user_ids, _read_states_*):
//   d3plot     64-word control header, initial coordinates, shell
//              connectivity, user ids (node, shell, part), -999999.0, part
//              titles (90001 block), -999999.0, then whole states
//   d3plotNN   family members: whole states only, from byte 0
// A state is TIME, the global words (KE IE TE, velocity, per part IE KE
// velocity mass hourglass, per rigid wall its normal force and position), current coordinates, velocities,
// accelerations, per shell LAYERS x (sx sy sz sxy syz szx, plastic strain)
// then thickness, two zero words and internal energy, then a deletion flag
// per shell (1 alive, 0 deleted). Every member ends with -999999.0 and zero
// padding to 512 words, which the next state overwrites.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace mc {

// The whole model in output order (rank 0). Ids ascending keep the order
// the same at any rank count.
struct D3plotGeometry {
  std::string title;
  std::vector<std::int64_t> node_ids;
  std::vector<float> x0;                    // 3 per node
  std::vector<std::int64_t> shell_ids;
  std::vector<std::int32_t> shell_nodes;    // 4 per shell, 1-based node indices; n3 == n4: triangle
  std::vector<std::int32_t> shell_part;     // 1-based index into part_ids
  std::vector<std::int64_t> part_ids;
  std::vector<std::string> part_titles;
  std::int64_t walls = 0;  // rigid walls, in the global words
};

// Words of one state, by section.
struct D3plotStateLayout {
  static constexpr int kLayers = 3;                 // LS-DYNA's default MAXINT: lower, middle, upper point
  static constexpr int kWordsPerLayer = 7;          // six stresses and the plastic strain
  static constexpr int kShellWords = kLayers * kWordsPerLayer + 4;  // NV2D: + thickness, 2 zeros, energy
  std::int64_t nodes = 0, shells = 0, parts = 0, walls = 0;
  // KE IE TE, velocity; per part IE KE velocity mass hourglass; per wall its
  // normal force, then its position (VERSION 971's 4 words a wall).
  std::int64_t globals() const { return 6 + 7 * parts + 4 * walls; }
  // TIME, globals, x v a per node, NV2D per shell, a deletion flag per shell.
  std::int64_t words() const { return 1 + globals() + 9 * nodes + (kShellWords + 1) * shells; }
};

class D3plotWriter {
 public:
  D3plotWriter() = default;  // inert
  // Starts <dir>/d3plot afresh (removing old family members) with the
  // geometry, or with `resume_states` > 0 keeps the first that many states
  // of the family already there and cuts the rest (a resumed run; false
  // from resumed() when the files are not what was written, then it starts
  // afresh). `family_bytes` bounds each file; throws InputError when one
  // state does not fit or a file cannot be written.
  D3plotWriter(const std::string& dir, const D3plotGeometry& geometry, std::int64_t family_bytes,
               std::int64_t resume_states = 0);
  bool active() const { return active_; }
  bool resumed() const { return resumed_; }
  const D3plotStateLayout& layout() const { return layout_; }

  // One state of layout().words() words, in the order above. When a write
  // fails (a full disk) the family is cut back to its last whole state and
  // ended, nothing more is written, and failure() says why.
  void write_state(const std::vector<float>& words);
  const std::string& failure() const { return failure_; }
  int states() const { return static_cast<int>(states_); }
  std::string member_path(int member) const;

 private:
  void start_fresh(const D3plotGeometry& geometry);
  bool keep_states(std::int64_t states);
  void open_member(int member, bool truncate);
  bool close_member();  // marker and padding after the last state; false: the write failed
  void stop_writing(const std::string& why);

  std::string dir_, failure_;
  D3plotStateLayout layout_;
  std::int64_t family_bytes_ = 0, geometry_bytes_ = 0;
  bool active_ = false, resumed_ = false;
  std::fstream out_;
  int member_ = 0;
  std::int64_t end_ = 0;  // bytes of the current member up to its last state
  std::int64_t states_ = 0;
};

}  // namespace mc
