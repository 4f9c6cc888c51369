// nodout, the nodal time histories of *DATABASE_HISTORY_NODE, in the layout
// LS-DYNA's ASCII writer and LSTC's l2a converter give it (l2a.c,
// translate_nodout2; output_title; output_legend), which LS-PrePost and
// the usual nodout parsers read by fixed columns:
//    <title>                                       (1x,a72: blank padded)
//                             ls-dyna <version>  date <mm/dd/yyyy>
//   <blank> <blank>                                (an empty legend)
//   per output time: three blank lines, then
//    n o d a l   p r i n t   o u t   f o r   t i m e  s t e p%8d      ( at time%14.7E )
//   <blank>
//    nodal point  x-disp ... z-coor                (column names)
//   %9d%13.4E then eleven %12.4E per node: displacement, velocity,
//   acceleration, coordinates.
// The rotational block LS-DYNA adds for nodes with rotations is left out:
// minicrash keeps angular velocities but not rotations.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/output/history_writers.hpp"

namespace mc {

class NodoutWriter {
 public:
  static constexpr int kValues = 12;  // per node: displacement, velocity, acceleration, coordinates (x y z each)

  NodoutWriter() = default;  // inert
  // Rank 0. `version` goes on the ls-dyna line; `append`: a resumed run continues the file.
  NodoutWriter(const std::string& dir, const std::string& title, const std::string& version,
               std::vector<std::int64_t> nodes, bool append = false);
  // `values`: kValues per node, in the order the nodes were given.
  void write(double time, std::int64_t cycle, const double* values);
  const HistoryFile& file() const { return file_; }

 private:
  std::vector<std::int64_t> nodes_;
  HistoryFile file_;
};

}  // namespace mc
