#include "miniapp/driver/restart.hpp"

#include <cstring>
#include <filesystem>
#include <type_traits>

#include "io/deck/input_error.hpp"
#include "io/output/restart_files.hpp"
#include "miniapp/state/state_fields.hpp"

namespace mc {
namespace {

// The last character is the layout's version: bumped whenever state_fields or
// loop_carry_fields change, so an older set is refused instead of misread.
constexpr char kMagic[8] = {'M', 'C', 'R', 'S', 'T', 'R', 'T', '2'};

struct Writer {
  std::vector<char> bytes;
  void raw(const void* p, std::size_t n) {
    const auto* c = static_cast<const char*>(p);
    bytes.insert(bytes.end(), c, c + n);
  }
  template <class T>
  void pod(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    raw(&v, sizeof v);
  }
  template <class V>
  void view(const V& v) {
    pod(static_cast<std::uint64_t>(v.span()));
    raw(v.data(), v.span() * sizeof(typename V::value_type));
  }
  template <class T>
  void vec(const std::vector<T>& v) {
    pod(static_cast<std::uint64_t>(v.size()));
    raw(v.data(), v.size() * sizeof(T));
  }
};

struct Reader {
  const std::vector<char>& bytes;
  std::size_t at = 0;
  void raw(void* p, std::size_t n) {
    if (at + n > bytes.size()) throw InputError("restart file is truncated");
    if (n == 0) return;  // p may be an empty vector's null data(): memcpy(nullptr, ..., 0) is UB
    std::memcpy(p, bytes.data() + at, n);
    at += n;
  }
  template <class T>
  void pod(T& v) {
    raw(&v, sizeof v);
  }
  template <class V>
  void view(const V& v) {
    std::uint64_t n = 0;
    pod(n);
    if (n != v.span()) throw InputError("restart file does not match this model (array sizes differ)");
    raw(v.data(), n * sizeof(typename V::value_type));
  }
  template <class T>
  void vec(std::vector<T>& v) {
    std::uint64_t n = 0;
    pod(n);
    if (n > bytes.size()) throw InputError("restart file is damaged");
    v.resize(n);
    raw(v.data(), n * sizeof(T));
  }
};

}  // namespace

void write_restart_set(const State& state, const std::string& output_dir, const std::string& deck,
                       Communicator& comm) {
  Kokkos::fence();
  Writer w;
  w.raw(kMagic, sizeof kMagic);
  w.pod(static_cast<std::int32_t>(comm.size()));
  w.pod(static_cast<std::int32_t>(comm.rank()));
  w.pod(static_cast<std::int32_t>(sizeof(Real)));
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
    write_manifest(set_dir, m);
    prune_restart_sets(output_dir, 2);
  }
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
  try {
    const RestartManifest m = read_latest_manifest(set_dir, set_dir);
    if (m.ranks != comm.size())
      return "restart set " + set_dir + " was written by " + std::to_string(m.ranks) + " ranks; this run has " +
             std::to_string(comm.size()) + " (restart with the same np)";
    const std::string file = restart_rank_file(set_dir, comm.rank());
    const std::vector<char> bytes = read_file(file);
    if (static_cast<std::int64_t>(bytes.size()) != m.sizes[comm.rank()] || fnv1a(bytes) != m.checksums[comm.rank()])
      return file + ": damaged or partial restart file (size or checksum differs from the manifest)";
    Reader r{bytes};
    char magic[8];
    std::int32_t ranks = 0, rank = 0, real_size = 0;
    r.raw(magic, sizeof magic);
    r.pod(ranks);
    r.pod(rank);
    r.pod(real_size);
    if (std::memcmp(magic, kMagic, sizeof magic) != 0 || ranks != comm.size() || rank != comm.rank() ||
        real_size != static_cast<std::int32_t>(sizeof(Real)))
      return file + ": not a restart file of this version, rank, np and precision";
    state_fields(r, state);
    loop_carry_fields(r, state);
    if (r.at != bytes.size()) return file + ": restart file does not match this model";
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace mc
