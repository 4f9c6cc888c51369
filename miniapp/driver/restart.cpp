#include "miniapp/driver/restart.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include "io/deck/input_error.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/driver/restart_by_ids.hpp"
#include "miniapp/driver/restart_rank_file.hpp"
#include "miniapp/driver/restart_streams.hpp"
#include "miniapp/state/state_fields.hpp"

namespace mc {

void write_restart_set(const State& state, const std::string& output_dir, const std::string& deck,
                       const OutputLengths& outputs, Communicator& comm) {
  Kokkos::fence();
  const ModelCounts counts = model_counts(state, comm);
  RestartWriter w;
  FileHeader header{};
  std::memcpy(header.magic, kRestartMagic, sizeof kRestartMagic);
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
  RankFile file;
  for (int r = 0; r < m.ranks; ++r) {
    open_rank_file(set_dir, m, r, nullptr, file);
    const OldFile& f = file.head;
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

namespace {

// Same np: this rank's own file, restored as written when the partition is
// the same. `outcome`: 0 restored, 1 another partition (restore by ids),
// 2 refused (the reason returned).
std::string restore_own_file(State& state, const std::string& set_dir, const RestartManifest& m,
                             const ModelCounts& counts, int rank, std::int64_t& outcome) {
  outcome = 2;
  const std::string file = restart_rank_file(set_dir, rank);
  bool fields = false;
  try {
    RankFile own;
    open_rank_file(set_dir, m, rank, &counts, own);
    const OldFile& head = own.head;
    if (head.node_ids != state.nodes.ids || head.element_ids != state.elements.ids || head.owned != state.nodes.owned) {
      outcome = 1;
      return "";
    }
    fields = true;
    state_fields(own.reader, state);
    loop_carry_fields(own.reader, state);
    if (!own.reader.at_end()) return file + ": restart file does not match this model";
  } catch (const InputError& e) {
    return fields ? file + ": " + e.what() : e.what();
  }
  outcome = 0;
  return "";
}

}  // namespace

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
  RestartManifest m;
  std::string why;
  std::int64_t outcome = 1;
  try {
    m = read_latest_manifest(set_dir, set_dir);
  } catch (const InputError& e) {
    why = e.what();
    outcome = 2;
  }
  if (outcome == 1 && m.ranks == comm.size()) why = restore_own_file(state, set_dir, m, counts, comm.rank(), outcome);
  // Every rank restored (0), one refused (2), or another np or partition somewhere (1): all restore by ids.
  outcome = comm.allreduce_max(outcome);
  if (outcome != 1) return why;
  return restore_by_ids(state, set_dir, m, counts, comm);
}

}  // namespace mc
