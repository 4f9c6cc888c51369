#include "io/output/restart_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/deck/input_error.hpp"

namespace fs = std::filesystem;

namespace mc {
namespace {

constexpr const char* kManifestName = "manifest";
constexpr const char* kManifestHeader = "minicrash restart manifest 1";

// Writes all bytes and fsyncs, so a rename after it publishes complete data.
void write_synced(const std::string& path, const char* data, std::size_t size) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw InputError("restart: cannot create '" + path + "'");
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n <= 0) {
      ::close(fd);
      throw InputError("restart: write failed on '" + path + "' (disk full?)");
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!synced) throw InputError("restart: cannot flush '" + path + "' to disk");
}

void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// Complete sets (with a manifest), oldest first.
std::vector<fs::path> complete_sets(const std::string& output_dir) {
  std::vector<fs::path> sets;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(output_dir) / "restart", ec))
    if (entry.is_directory() && fs::exists(entry.path() / kManifestName)) sets.push_back(entry.path());
  std::sort(sets.begin(), sets.end());  // cycle_ names are zero padded
  return sets;
}

}  // namespace

std::uint64_t fnv1a(const std::vector<char>& bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

std::string restart_set_dir(const std::string& output_dir, std::int64_t cycle) {
  char name[32];
  std::snprintf(name, sizeof name, "cycle_%010lld", static_cast<long long>(cycle));
  return (fs::path(output_dir) / "restart" / name).string();
}

std::string restart_rank_file(const std::string& set_dir, int rank) {
  return (fs::path(set_dir) / ("rank_" + std::to_string(rank) + ".bin")).string();
}

void write_file_atomically(const std::string& path, const std::vector<char>& bytes) {
  const std::string temp = path + ".tmp";
  write_synced(temp, bytes.data(), bytes.size());
  if (std::rename(temp.c_str(), path.c_str()) != 0) throw InputError("restart: cannot rename '" + temp + "'");
  sync_directory(fs::path(path).parent_path().string());
}

void write_manifest(const std::string& set_dir, const RestartManifest& m) {
  std::ostringstream out;
  out.precision(17);
  out << kManifestHeader << "\nranks " << m.ranks << "\ncycle " << m.cycle << "\ntime " << m.time << "\ndeck "
      << m.deck << "\n";
  for (int r = 0; r < m.ranks; ++r) out << "rank " << r << " " << m.sizes[r] << " " << m.checksums[r] << "\n";
  for (const auto& [name, bytes] : m.outputs) out << "output " << name << " " << bytes << "\n";
  const std::string text = out.str();
  write_file_atomically((fs::path(set_dir) / kManifestName).string(), std::vector<char>(text.begin(), text.end()));
}

void prune_restart_sets(const std::string& output_dir, const std::string& written, int keep) {
  const fs::path last = fs::path(written).filename();  // cycle_ names are zero padded
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(output_dir) / "restart", ec))
    if (entry.is_directory() && entry.path().filename() > last) fs::remove_all(entry.path(), ec);
  const std::vector<fs::path> sets = complete_sets(output_dir);
  if (static_cast<int>(sets.size()) <= keep) return;
  const fs::path oldest_kept = sets[sets.size() - keep];
  for (const auto& entry : fs::directory_iterator(fs::path(output_dir) / "restart", ec))
    if (entry.is_directory() && entry.path() < oldest_kept) fs::remove_all(entry.path(), ec);
}

RestartManifest read_latest_manifest(const std::string& path, std::string& set_dir) {
  if (fs::exists(fs::path(path) / kManifestName)) {
    set_dir = path;
  } else {
    // The output directory, or its restart/ folder.
    fs::path where = fs::path(path).lexically_normal();
    if (where.filename().empty()) where = where.parent_path();
    if (where.filename() == "restart" && complete_sets(where.string()).empty()) where = where.parent_path();
    const std::vector<fs::path> sets = complete_sets(where.string());
    if (sets.empty()) throw InputError("restart: no complete restart set under '" + path + "'");
    set_dir = sets.back().string();
  }
  std::ifstream in(fs::path(set_dir) / kManifestName);
  std::string header, word;
  RestartManifest m;
  std::getline(in, header);
  const auto damaged = [&] { return InputError("restart: damaged manifest in '" + set_dir + "'"); };
  if (header != kManifestHeader) throw damaged();
  if (!(in >> word >> m.ranks) || word != "ranks" || m.ranks < 1) throw damaged();
  if (!(in >> word >> m.cycle) || word != "cycle") throw damaged();
  if (!(in >> word >> m.time) || word != "time") throw damaged();
  if (!(in >> word) || word != "deck") throw damaged();
  in.get();
  std::getline(in, m.deck);
  m.sizes.resize(m.ranks);
  m.checksums.resize(m.ranks);
  for (int r = 0; r < m.ranks; ++r) {
    int rank = -1;
    if (!(in >> word >> rank >> m.sizes[r] >> m.checksums[r]) || word != "rank" || rank != r) throw damaged();
  }
  // Sets of earlier versions end here.
  std::string name;
  std::int64_t bytes = 0;
  while (in >> word) {
    if (word != "output" || !(in >> name >> bytes) || bytes < 0) throw damaged();
    m.outputs.emplace_back(name, bytes);
  }
  return m;
}

std::vector<char> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw InputError("restart: cannot read '" + path + "'");
  // One read of the whole file: a character at a time cost about as much as
  // its checksum (docs/simulated-clusters.md, "Restart sets at scale").
  std::vector<char> bytes(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
    throw InputError("restart: cannot read '" + path + "'");
  return bytes;
}

}  // namespace mc
