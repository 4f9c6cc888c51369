// One rank file of a restart set as restart.cpp and restart_by_ids.cpp read
// it: the header and global id lists that lead it (the fields follow, in
// state_fields' order).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/driver/restart_streams.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// The last character is the layout's version: bumped whenever state_fields,
// loop_carry_fields or the header change, so an older set is refused
// instead of misread.
constexpr char kRestartMagic[8] = {'M', 'C', 'R', 'S', 'T', 'R', 'T', 'D'};

// What precedes the fields in every rank file.
struct FileHeader {
  char magic[8];
  std::int32_t ranks, rank, real_size, pad;
  std::int64_t model_nodes, model_shells;  // of the whole model: a set from another deck is refused
};

struct ModelCounts {
  std::int64_t nodes = 0, shells = 0;
};

struct OldFile {
  FileHeader header{};
  std::vector<GlobalId> node_ids, element_ids;
  std::vector<std::uint8_t> owned, yielding;
  std::vector<std::int32_t> contact_pairs;
};

// Collective: the model's node count (each node counted by its owner) and shell count.
ModelCounts model_counts(const State& s, Communicator& comm);

// Old file's entity index -> this rank's index (-1: not here), by global id.
std::vector<int> index_map(const std::vector<GlobalId>& old_ids, const std::unordered_map<GlobalId, int>& here);
std::unordered_map<GlobalId, int> index_of(const std::vector<GlobalId>& ids);

// Parses the header and id lists of rank file `r` (or of a piece of it,
// restart_splitter.hpp) in `bytes`; `reader` is left at its fields. The
// reader checks every length it reads, so a damaged piece cannot make it
// read out of bounds. Throws InputError naming `file`.
void parse_rank_head(const std::string& file, const RestartManifest& m, int r, const std::vector<char>& bytes,
                     OldFile& f, RestartReader& reader);

// A rank file's bytes, its parsed head, and a reader left at its fields.
struct RankFile {
  std::vector<char> bytes;
  OldFile head;
  RestartReader reader;
};

// Reads rank file `r` of the set into `f`, checks its size and checksum
// against the manifest (and with `model` its model's counts), and parses
// its head.
void open_rank_file(const std::string& set_dir, const RestartManifest& m, int r, const ModelCounts* model, RankFile& f);

}  // namespace mc
