// The time histories, each written twice by rank 0 (other ranks hold
// inert writers):
//   <name>      LS-DYNA's ASCII layout (lsdyna_layout.hpp), for LS-PrePost
//               and the parsers crash engineers already have;
//   <name>.csv  one row per output time (and part, wall or interface) under a
//               header row of column names, for scripts and the study tools.
//   glstat  global energies     matsum  per-part energies     rwforc  wall forces
//   rcforc  contact interface forces and energies
// docs/outputs.md documents each line and column.
#pragma once

#include <array>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "io/output/output_records.hpp"

namespace mc {

class HistoryFile {
 public:
  HistoryFile() = default;
  // Opens `path` and writes `header`, or with `append` (a restarted run)
  // adds to what is there (the header too when nothing is). Throws
  // InputError if it cannot.
  HistoryFile(const std::string& path, const std::string& header, bool append);
  bool active() const { return out_.is_open(); }
  const std::string& path() const { return path_; }
  // Appends `rows` whole and flushes (a killed run keeps its history). When
  // the write fails (a full disk) the file is cut back to its last whole
  // row, writes nothing more, and failure() says why.
  void append(const std::string& rows);
  const std::string& failure() const { return failure_; }
  std::uintmax_t bytes() const { return bytes_; }  // the file's length up to its last whole row

 private:
  std::string path_, failure_;
  std::ofstream out_;
  std::uintmax_t bytes_ = 0;  // up to the last whole row
};

// One history in both forms; `append`: a resumed run continues both files.
// The writers' `version` goes on the LS-DYNA header's ls-dyna line.
class TwinHistory {
 public:
  TwinHistory() = default;
  TwinHistory(const std::string& dir, const std::string& name, const std::string& lsdyna_header,
              const std::string& csv_columns, bool append);
  bool active() const { return lsdyna_.active(); }
  void append(const std::string& lsdyna_text, const std::string& csv_rows);
  std::array<const HistoryFile*, 2> files() const { return {&lsdyna_, &csv_}; }

 private:
  HistoryFile lsdyna_, csv_;
};

class GlstatWriter {
 public:
  GlstatWriter() = default;
  GlstatWriter(const std::string& dir, const std::string& title, const std::string& version, bool append = false);
  void write(const EnergyRecord& r, const std::vector<WallRecord>& walls);
  std::array<const HistoryFile*, 2> files() const { return history_.files(); }

 private:
  TwinHistory history_;
};

class MatsumWriter {
 public:
  MatsumWriter() = default;
  // `parts`: the legend's ids and titles.
  MatsumWriter(const std::string& dir, const std::string& title, const std::string& version,
               const std::vector<std::pair<GlobalId, std::string>>& parts, bool append = false);
  void write(double time, const std::vector<PartRecord>& parts);
  std::array<const HistoryFile*, 2> files() const { return history_.files(); }

 private:
  TwinHistory history_;
};

class RwforcWriter {
 public:
  RwforcWriter() = default;
  RwforcWriter(const std::string& dir, const std::string& title, const std::string& version, bool append = false);
  void write(double time, const std::vector<WallRecord>& walls);
  std::array<const HistoryFile*, 2> files() const { return history_.files(); }

 private:
  TwinHistory history_;
};

class RcforcWriter {
 public:
  RcforcWriter() = default;
  RcforcWriter(const std::string& dir, const std::string& title, const std::string& version, bool append = false);
  void write(double time, const std::vector<ContactRecord>& contacts);
  std::array<const HistoryFile*, 2> files() const { return history_.files(); }

 private:
  TwinHistory history_;
};

}  // namespace mc
