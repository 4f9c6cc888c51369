#include "io/output/d3plot_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

namespace fs = std::filesystem;

constexpr float kEndMarker = -999999.0f;
constexpr std::int64_t kBlockBytes = 512 * 4;  // LS-DYNA pads each file to whole 512-word blocks
constexpr int kPartTitleWords = 18;            // 72 characters

bool little_endian() {
  const std::uint32_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

// Words as the file holds them.
class Words {
 public:
  void i(std::int64_t v) {
    const auto w = static_cast<std::int32_t>(v);
    append(&w);
  }
  void f(float v) { append(&v); }
  void text(const std::string& s, int words) {  // space padded, as LS-DYNA writes titles
    std::string t = s.substr(0, 4 * static_cast<std::size_t>(words));
    t.resize(4 * static_cast<std::size_t>(words), ' ');
    bytes_.insert(bytes_.end(), t.begin(), t.end());
  }
  void set_i(std::size_t word, std::int64_t v) {
    const auto w = static_cast<std::int32_t>(v);
    std::memcpy(bytes_.data() + 4 * word, &w, 4);
  }
  void set_f(std::size_t word, float v) { std::memcpy(bytes_.data() + 4 * word, &v, 4); }
  void set_text(std::size_t word, const char (&four)[5]) { std::memcpy(bytes_.data() + 4 * word, four, 4); }
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  void append(const void* w) {
    const char* c = static_cast<const char*>(w);
    bytes_.insert(bytes_.end(), c, c + 4);
  }
  std::vector<char> bytes_;
};

std::int64_t padded(std::int64_t bytes) { return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes; }

// Control header, geometry, user ids and part titles (the first file's head).
std::vector<char> geometry_words(const D3plotGeometry& g, const D3plotStateLayout& l) {
  const std::int64_t nodes = l.nodes, shells = l.shells, parts = l.parts;
  Words w;
  w.text(g.title, 10);
  for (int k = 10; k < 64; ++k) w.i(0);
  w.set_i(10, static_cast<std::int64_t>(std::time(nullptr)));
  w.set_i(11, 1);  // FILETYPE: d3plot
  w.set_text(13, "R13 ");  // RELEASE
  w.set_f(14, 971.0f);  // VERSION
  w.set_i(15, 4);       // NDIM: 3-D, no material-type section
  w.set_i(16, nodes);   // NUMNP
  w.set_i(17, 6);       // ICODE: LS-DYNA
  w.set_i(18, l.globals());  // NGLBV
  w.set_i(20, 1);            // IU, IV, IA
  w.set_i(21, 1);
  w.set_i(22, 1);
  w.set_i(31, shells);  // NEL4
  w.set_i(32, parts);   // NUMMAT4
  w.set_i(33, D3plotStateLayout::kShellWords);  // NV2D
  w.set_i(36, -(10000 + D3plotStateLayout::kLayers));  // MAXINT, MDLOPT 2: a deletion flag per element
  w.set_i(39, 16 + nodes + shells + 3 * parts);       // NARBS
  w.set_i(43, 1000);  // IOSHL(1): stresses
  w.set_i(44, 1000);  // IOSHL(2): plastic strain
  w.set_i(45, 0);     // IOSHL(3): no resultants
  w.set_i(46, 1000);  // IOSHL(4): thickness, energy
  w.set_i(51, parts);  // NMMAT

  for (float x : g.x0) w.f(x);
  for (std::int64_t e = 0; e < shells; ++e) {
    for (int c = 0; c < 4; ++c) w.i(g.shell_nodes[4 * e + c]);
    w.i(g.shell_part[e]);
  }
  // User ids: NSORT < 0 (the part ids follow), then the pointers and counts.
  const std::int64_t nsrh = 1 + nodes, nsrb = nsrh, nsrs = nsrb, nsrt = nsrs + shells;
  const std::int64_t nsrmu = nsrt, nsrma = nsrmu + parts, nsrmp = nsrma + parts;
  for (std::int64_t v : {std::int64_t(-1), nsrh, nsrb, nsrs, nsrt, nodes, std::int64_t(0), std::int64_t(0), shells,
                         std::int64_t(0), nsrma, nsrmu, nsrmp, parts, std::int64_t(0), parts})
    w.i(v);
  for (std::int64_t id : g.node_ids) w.i(id);
  for (std::int64_t id : g.shell_ids) w.i(id);
  for (std::int64_t id : g.part_ids) w.i(id);  // sorted
  for (std::int64_t id : g.part_ids) w.i(id);  // as defined
  for (std::int64_t p = 1; p <= parts; ++p) w.i(p);
  w.f(kEndMarker);
  w.i(90001);  // part titles
  w.i(parts);
  for (std::int64_t p = 0; p < parts; ++p) {
    w.i(g.part_ids[p]);
    w.text(g.part_titles[p], kPartTitleWords);
  }
  w.f(kEndMarker);
  return w.bytes();
}

}  // namespace

D3plotWriter::D3plotWriter(const std::string& dir, const D3plotGeometry& g, std::int64_t family_bytes,
                           std::int64_t resume_states)
    : dir_(dir), family_bytes_(family_bytes), active_(true) {
  if (!little_endian()) throw InputError("d3plot: this writer needs a little-endian machine");
  layout_.nodes = static_cast<std::int64_t>(g.node_ids.size());
  layout_.shells = static_cast<std::int64_t>(g.shell_ids.size());
  layout_.parts = static_cast<std::int64_t>(g.part_ids.size());
  layout_.walls = g.walls;
  const std::int64_t state = 4 * layout_.words();
  if (padded(state + 4) > family_bytes_)
    throw InputError("d3plot: one state of this model needs " + std::to_string(padded(state + 4)) +
                     " bytes, more than the family file limit of " + std::to_string(family_bytes_) +
                     " bytes (raise d3plot_mb=)");
  const std::vector<char> head = geometry_words(g, layout_);
  geometry_bytes_ = static_cast<std::int64_t>(head.size());
  if (resume_states > 0) {
    std::ifstream in(member_path(0), std::ios::binary);
    std::vector<char> have(head.size());
    // The run time (word 10) differs between runs; the rest must match.
    if (in.read(have.data(), static_cast<std::streamsize>(have.size())) &&
        std::equal(have.begin(), have.begin() + 40, head.begin()) &&
        std::equal(have.begin() + 44, have.end(), head.begin() + 44) && keep_states(resume_states)) {
      resumed_ = true;
      return;
    }
  }
  const std::regex member("d3plot[0-9]*");
  for (const auto& entry : fs::directory_iterator(dir_))  // stale members would be read as states
    if (std::regex_match(entry.path().filename().string(), member)) fs::remove(entry.path());
  open_member(0, true);
  out_.write(head.data(), static_cast<std::streamsize>(head.size()));
  end_ = geometry_bytes_;
  if (!close_member()) throw InputError("cannot write output file '" + member_path(0) + "': " + std::strerror(errno));
}

std::string D3plotWriter::member_path(int member) const {
  char suffix[16] = "";
  if (member > 0) std::snprintf(suffix, sizeof suffix, "%02d", member);
  return (fs::path(dir_) / ("d3plot" + std::string(suffix))).string();
}

// Replays where each of the first `states` states went; true when the files
// hold them, then cuts what follows.
bool D3plotWriter::keep_states(std::int64_t states) {
  const std::int64_t state = 4 * layout_.words();
  int member = 0;
  std::int64_t end = geometry_bytes_;
  for (std::int64_t k = 0; k < states; ++k) {
    if (padded(end + state + 4) > family_bytes_) {
      ++member;
      end = 0;
    }
    end += state;
  }
  std::error_code ec;
  const auto size = fs::file_size(member_path(member), ec);
  if (ec || static_cast<std::int64_t>(size) < end) return false;
  for (int later = member + 1; fs::exists(member_path(later)); ++later) fs::remove(member_path(later));
  fs::resize_file(member_path(member), static_cast<std::uintmax_t>(end));
  open_member(member, false);
  end_ = end;
  states_ = states;
  if (!close_member()) throw InputError("cannot write output file '" + member_path(member) + "': " + std::strerror(errno));
  return true;
}

void D3plotWriter::open_member(int member, bool truncate) {
  if (out_.is_open()) out_.close();
  member_ = member;
  const std::string path = member_path(member);
  auto mode = std::ios::in | std::ios::out | std::ios::binary;
  if (truncate) mode |= std::ios::trunc;
  out_.open(path, mode);
  if (!out_) throw InputError("cannot write output file '" + path + "'");
}

bool D3plotWriter::close_member() {
  std::vector<char> tail(static_cast<std::size_t>(padded(end_ + 4) - end_), 0);
  std::memcpy(tail.data(), &kEndMarker, 4);
  out_.seekp(end_);
  out_.write(tail.data(), static_cast<std::streamsize>(tail.size()));
  out_.flush();
  return static_cast<bool>(out_);
}

void D3plotWriter::stop_writing(const std::string& why) {
  if (out_.is_open()) out_.close();
  active_ = false;
  failure_ = "cannot write output file '" + member_path(member_) + "': " + why;
  // Back to the last whole state, ended by the marker LS-PrePost and lasso look for.
  std::error_code ec;
  fs::resize_file(member_path(member_), static_cast<std::uintmax_t>(end_), ec);
  std::ofstream marker(member_path(member_), std::ios::binary | std::ios::app);
  marker.write(reinterpret_cast<const char*>(&kEndMarker), 4);
  failure_ += marker ? " (it ends at its last whole state)" : " (its last whole state has no end marker)";
}

void D3plotWriter::write_state(const std::vector<float>& words) {
  if (!active_) return;
  if (static_cast<std::int64_t>(words.size()) != layout_.words())
    throw std::invalid_argument("d3plot state of " + std::to_string(words.size()) + " words, expected " +
                                std::to_string(layout_.words()));
  const std::int64_t state = 4 * layout_.words();
  if (padded(end_ + state + 4) > family_bytes_) {
    open_member(member_ + 1, true);
    end_ = 0;
  }
  out_.seekp(end_);
  out_.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(state));
  out_.flush();
  if (!out_) return stop_writing(std::strerror(errno));
  end_ += state;
  if (!close_member()) {
    end_ -= state;  // whole but without its marker: leave it out
    return stop_writing(std::strerror(errno));
  }
  ++states_;
}

}  // namespace mc
