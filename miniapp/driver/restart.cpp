#include "miniapp/driver/restart.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include "io/deck/input_error.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/driver/restart_streams.hpp"
#include "miniapp/state/state_fields.hpp"

namespace mc {
namespace {

// The last character is the layout's version: bumped whenever state_fields,
// loop_carry_fields or the header change, so an older set is refused
// instead of misread.
constexpr char kMagic[8] = {'M', 'C', 'R', 'S', 'T', 'R', 'T', 'C'};

// What precedes the fields in every rank file.
struct FileHeader {
  char magic[8];
  std::int32_t ranks, rank, real_size, pad;
  std::int64_t model_nodes, model_shells;  // of the whole model: a set from another deck is refused
};

struct ModelCounts {
  std::int64_t nodes = 0, shells = 0;
};

// Collective: the model's node count (each node counted by its owner) and shell count.
ModelCounts model_counts(const State& s, Communicator& comm) {
  double counts[2] = {0, static_cast<double>(s.elements.count())};  // exact below 2^53
  for (std::uint8_t o : s.nodes.owned) counts[0] += o;
  comm.allreduce_sum(counts, 2);
  return {static_cast<std::int64_t>(counts[0]), static_cast<std::int64_t>(counts[1])};
}

// Old file's entity index -> this rank's index (-1: not here), by global id.
std::vector<int> index_map(const std::vector<GlobalId>& old_ids, const std::unordered_map<GlobalId, int>& here) {
  std::vector<int> map(old_ids.size(), -1);
  for (std::size_t i = 0; i < old_ids.size(); ++i)
    if (const auto it = here.find(old_ids[i]); it != here.end()) map[i] = it->second;
  return map;
}

std::unordered_map<GlobalId, int> index_of(const std::vector<GlobalId>& ids) {
  std::unordered_map<GlobalId, int> index;
  index.reserve(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) index.emplace(ids[i], static_cast<int>(i));
  return index;
}

struct OldFile {
  FileHeader header{};
  std::vector<GlobalId> node_ids, element_ids;
  std::vector<std::uint8_t> owned, yielding;
  std::vector<std::int32_t> contact_pairs;
};

// Reads rank file `r` into `bytes`, checks its size (and with `verify` its
// checksum) against the manifest, and parses its header and id lists;
// `reader` is left at its fields. The reader checks every length it reads,
// so an unverified damaged file cannot make it read out of bounds.
void open_rank_file(const std::string& set_dir, const RestartManifest& m, int r, bool verify, std::vector<char>& bytes,
                    OldFile& f, RestartReader& reader) {
  const std::string file = restart_rank_file(set_dir, r);
  bytes = read_file(file);
  if (static_cast<std::int64_t>(bytes.size()) != m.sizes[r] || (verify && fnv1a(bytes) != m.checksums[r]))
    throw InputError(file + ": damaged or partial restart file (size or checksum differs from the manifest)");
  reader.reset(bytes);
  reader.pod(f.header);
  if (std::memcmp(f.header.magic, kMagic, sizeof kMagic) != 0 || f.header.ranks != m.ranks || f.header.rank != r)
    throw InputError(file + ": not a restart file of this version (or not rank " + std::to_string(r) + " of its set)");
  if (f.header.real_size != static_cast<std::int32_t>(sizeof(Real)))
    throw InputError(file + ": written by a " + (f.header.real_size == 4 ? "single" : "double") +
                     "-precision build; this one is " + (sizeof(Real) == 4 ? "single" : "double"));
  reader.vec(f.node_ids);
  reader.vec(f.owned);
  reader.vec(f.element_ids);
  reader.vec(f.yielding);
  reader.vec(f.contact_pairs);
  if (f.owned.size() != f.node_ids.size() || f.yielding.size() != f.element_ids.size() ||
      f.contact_pairs.size() != f.element_ids.size())
    throw InputError(file + ": damaged restart file");
}

}  // namespace

void write_restart_set(const State& state, const std::string& output_dir, const std::string& deck,
                       const OutputLengths& outputs, Communicator& comm) {
  Kokkos::fence();
  const ModelCounts counts = model_counts(state, comm);
  RestartWriter w;
  FileHeader header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.ranks = comm.size();
  header.rank = comm.rank();
  header.real_size = static_cast<std::int32_t>(sizeof(Real));
  header.model_nodes = counts.nodes;
  header.model_shells = counts.shells;
  w.pod(header);
  w.vec(state.nodes.ids);
  w.vec(state.nodes.owned);
  w.vec(state.elements.ids);
  // Not state (the next cycle recomputes it): the work each element did last,
  // for the partition weights of a restart that rebalances.
  w.vec(std::vector<std::uint8_t>(state.elements.yielding.data(),
                                  state.elements.yielding.data() + state.elements.yielding.size()));
  std::vector<std::int32_t> pairs = state.elements.contact_pairs;
  pairs.resize(static_cast<std::size_t>(state.elements.count()), 0);  // none without contact
  w.vec(pairs);
  state_fields(w, state);
  loop_carry_fields(w, state);
  const std::string set_dir = restart_set_dir(output_dir, state.cycle);
  if (comm.root()) std::filesystem::create_directories(set_dir);
  comm.barrier();  // the set directory exists before any rank writes into it
  write_file_atomically(restart_rank_file(set_dir, comm.rank()), w.bytes);
  // The manifest, last, records every rank's file: the set is complete.
  const auto checksums = comm.gather(static_cast<std::int64_t>(fnv1a(w.bytes)), 0);
  const auto sizes = comm.gather(static_cast<std::int64_t>(w.bytes.size()), 0);
  if (comm.root()) {
    RestartManifest m;
    m.ranks = comm.size();
    m.cycle = state.cycle;
    m.time = state.time;
    m.deck = deck;
    m.checksums.assign(checksums.begin(), checksums.end());
    m.sizes = sizes;
    m.outputs = outputs;
    write_manifest(set_dir, m);
    prune_restart_sets(output_dir, set_dir, 2);
  }
}

MeasuredWork restart_measured_work(const std::string& path) {
  std::string set_dir;
  const RestartManifest m = read_latest_manifest(path, set_dir);
  MeasuredWork work;
  std::vector<char> bytes;
  RestartReader reader;
  for (int r = 0; r < m.ranks; ++r) {
    OldFile f;
    open_rank_file(set_dir, m, r, true, bytes, f, reader);
    for (std::size_t e = 0; e < f.element_ids.size(); ++e) {
      if (f.yielding[e] > 0) work.yielding.emplace(f.element_ids[e], f.yielding[e]);
      if (f.contact_pairs[e] > 0) work.contact_pairs.emplace(f.element_ids[e], f.contact_pairs[e]);
    }
  }
  return work;
}

bool continue_outputs_of_set(const std::string& path, const std::string& output_dir, std::ostream& log) {
  namespace fs = std::filesystem;
  std::string set_dir;
  const RestartManifest m = read_latest_manifest(path, set_dir);
  std::error_code ec;
  if (!fs::equivalent(fs::path(set_dir).parent_path().parent_path(), output_dir, ec)) return false;
  const auto recorded = [&](const std::string& name) {
    return std::any_of(m.outputs.begin(), m.outputs.end(), [&](const auto& output) { return output.first == name; });
  };
  if (recorded("glstat") && !recorded("glstat.csv")) {  // written before glstat took LS-DYNA's layout
    log << "minicrash: warning: restart set " << set_dir << " is older than the histories' LS-DYNA layout; "
        << "the histories start again from its time\n";
    return false;
  }
  for (const auto& [name, bytes] : m.outputs) {
    const fs::path file = fs::path(output_dir) / name;
    const auto size = static_cast<std::int64_t>(fs::file_size(file, ec));
    if (ec) {
      log << "minicrash: warning: " << file.string() << " is gone; it starts again from the restart set's time\n";
    } else if (size > bytes) {
      fs::resize_file(file, static_cast<std::uintmax_t>(bytes), ec);
      if (ec) throw InputError("cannot cut " + file.string() + " back to the restart set's time: " + ec.message());
    } else if (size < bytes) {
      log << "minicrash: warning: " << file.string() << " holds " << size << " bytes, fewer than the " << bytes
          << " it held when restart set " << set_dir << " was written; the rows it lost stay lost\n";
    }
  }
  return true;
}

std::string restart_deck(const std::string& path) {
  std::string set_dir;
  return read_latest_manifest(path, set_dir).deck;
}

std::string read_restart_set(State& state, const std::string& path, Communicator& comm) {
  std::string set_dir = path;
  std::int64_t cycle = -1;
  if (comm.root()) {
    try {
      cycle = read_latest_manifest(path, set_dir).cycle;
    } catch (const InputError& e) {
      set_dir = e.what();
    }
  }
  comm.bcast_string(set_dir, 0);
  comm.bcast(&cycle, sizeof cycle, 0);
  if (cycle < 0) return comm.root() ? set_dir : "";
  const ModelCounts counts = model_counts(state, comm);
  std::string file;  // the rank file whose fields are being read, for the shape errors' messages
  try {
    const RestartManifest m = read_latest_manifest(set_dir, set_dir);
    RestartReader reader;
    OldFile own;
    // Same np: this rank's own file first; it is all this rank needs when
    // the partition is the same, and then the arrays are restored as written.
    const int first = m.ranks == comm.size() ? comm.rank() : 0;
    // Every file's checksum is computed by one rank, old file r by rank r
    // mod np (at the same np: its own): with another np each rank reads
    // every file, and np ranks hashing each was most of a simulated
    // 256-rank restart (docs/simulated-clusters.md, "Restart sets at
    // scale"). Damage found by one rank stops all (restart_agreed).
    const auto verifies = [&](int r) { return r % comm.size() == comm.rank(); };
    std::vector<char> bytes;
    open_rank_file(set_dir, m, first, verifies(first), bytes, own, reader);
    if (own.header.model_nodes != counts.nodes || own.header.model_shells != counts.shells)
      return "restart set " + set_dir + " was written for a model of " + std::to_string(own.header.model_nodes) +
             " nodes and " + std::to_string(own.header.model_shells) + " shells; this deck has " +
             std::to_string(counts.nodes) + " and " + std::to_string(counts.shells) + " (another deck?)";
    if (m.ranks == comm.size() && own.node_ids == state.nodes.ids && own.element_ids == state.elements.ids &&
        own.owned == state.nodes.owned) {
      file = restart_rank_file(set_dir, first);
      state_fields(reader, state);
      loop_carry_fields(reader, state);
      if (!reader.at_end()) return file + ": restart file does not match this model";
      return "";
    }
    // Another np or partition: every old file in turn; each node comes from
    // the rank that owned it, each element from the one that held it.
    const auto node_index = index_of(state.nodes.ids), element_index = index_of(state.elements.ids);
    RestartRemapper remap(state.nodes.count(), state.elements.count(), comm.root(), element_index);
    for (int r = 0; r < m.ranks; ++r) {
      OldFile old;
      if (r == 0 && first == 0)
        old = std::move(own);  // read above, the reader still at its fields
      else
        open_rank_file(set_dir, m, r, verifies(r), bytes, old, reader);
      std::vector<int> nodes = index_map(old.node_ids, node_index);
      for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!old.owned[i]) nodes[i] = -1;
      remap.next_file(reader, std::move(nodes), index_map(old.element_ids, element_index), r == 0);
      file = restart_rank_file(set_dir, r);
      state_fields(remap, state);
      loop_carry_fields(remap, state);
      if (!reader.at_end()) return file + ": restart file does not match this model";
      file.clear();
    }
    if (const std::string missing = remap.missing(); !missing.empty())
      return "restart set " + set_dir + " does not match this model: " + missing;
  } catch (const InputError& e) {
    return file.empty() ? e.what() : file + ": " + e.what();
  }
  return "";
}

}  // namespace mc
