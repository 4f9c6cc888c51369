// LS-DYNA-like ASCII time histories, one line per output time (columns
// named in a '#' header; docs/outputs.md documents each column):
//   glstat  global energies     matsum  per-part energies     rwforc  wall forces
//   rcforc  contact interface forces and energies
// Only rank 0 opens files; other ranks hold inert writers.
#pragma once

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

class GlstatWriter {
 public:
  GlstatWriter() = default;
  GlstatWriter(const std::string& dir, const std::string& title, bool append = false);
  void write(const EnergyRecord& r);

  const HistoryFile& file() const { return file_; }

 private:
  HistoryFile file_;
};

class MatsumWriter {
 public:
  MatsumWriter() = default;
  MatsumWriter(const std::string& dir, const std::string& title, bool append = false);
  void write(double time, const std::vector<PartRecord>& parts);

  const HistoryFile& file() const { return file_; }

 private:
  HistoryFile file_;
};

class RwforcWriter {
 public:
  RwforcWriter() = default;
  RwforcWriter(const std::string& dir, const std::string& title, bool append = false);
  void write(double time, const std::vector<WallRecord>& walls);

  const HistoryFile& file() const { return file_; }

 private:
  HistoryFile file_;
};

class RcforcWriter {
 public:
  RcforcWriter() = default;
  RcforcWriter(const std::string& dir, const std::string& title, bool append = false);
  void write(double time, const std::vector<ContactRecord>& contacts);

  const HistoryFile& file() const { return file_; }

 private:
  HistoryFile file_;
};

}  // namespace mc
