// Restart sets on disk: one file per rank plus a manifest, in
// <dir>/restart/cycle_NNNNNNNNNN/. Every file is written to a temporary
// name, flushed to disk and renamed, and the manifest goes last: a set is
// complete exactly when its manifest exists, so a kill at any moment leaves
// the previous complete set usable. Only the newest two complete sets are
// kept. This layer moves bytes; miniapp/driver/restart.cpp decides what they hold.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mc {

// History files by name and a length in bytes.
using OutputLengths = std::vector<std::pair<std::string, std::int64_t>>;

struct RestartManifest {
  int ranks = 0;
  std::int64_t cycle = 0;
  double time = 0;
  std::string deck;
  std::vector<std::uint64_t> checksums;  // per rank file, FNV-1a of its bytes
  std::vector<std::int64_t> sizes;       // per rank file, bytes
  // The history files of the output directory (glstat, ...) and their
  // lengths in bytes when the set was written: a run resumed from the set
  // cuts them back to these, so that they continue from the set's time.
  OutputLengths outputs;
};

std::uint64_t fnv1a(const std::vector<char>& bytes);

std::string restart_set_dir(const std::string& output_dir, std::int64_t cycle);
std::string restart_rank_file(const std::string& set_dir, int rank);

// Throws InputError on I/O failure.
void write_file_atomically(const std::string& path, const std::vector<char>& bytes);
void write_manifest(const std::string& set_dir, const RestartManifest& manifest);
// After the set `written` (restart_set_dir): removes every set of a later
// cycle (left by an earlier run in this directory, whose histories this run
// has replaced; kept, one would be taken for the newest), then all but the
// newest `keep` complete sets and any incomplete set older than them.
void prune_restart_sets(const std::string& output_dir, const std::string& written, int keep);

// `path`: an output directory (its newest complete set is used) or a set
// directory. Throws InputError when there is no complete set or the
// manifest is damaged. Returns the set directory in `set_dir`.
RestartManifest read_latest_manifest(const std::string& path, std::string& set_dir);
std::vector<char> read_file(const std::string& path);

}  // namespace mc
