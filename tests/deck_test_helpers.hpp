// Small decks and helpers shared by the keyword reader tests.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"

namespace mc::test {

// Right-aligns each value in its column width: a fixed-format card.
inline std::string fixed(const std::vector<std::string>& values, int width = 10) {
  std::string card;
  for (const auto& value : values) card += std::string(static_cast<std::size_t>(std::max(0, width - static_cast<int>(value.size()))), ' ') + value;
  return card + "\n";
}

// A *NODE card: NID in 8 columns, X Y Z in 16, TC RC in 8.
inline std::string fixed_node(const std::string& id, const std::string& x, const std::string& y, const std::string& z,
                              const std::string& tc = "", const std::string& rc = "") {
  std::string card = fixed({id}, 8);
  card.pop_back();
  card += fixed({x, y, z}, 16);
  if (tc.empty() && rc.empty()) return card;
  card.pop_back();
  return card + fixed({tc, rc}, 8);
}

// A complete, valid deck in comma format: two quads of part 1 on nodes 1-6.
// `extra` goes just before *END.
inline std::string minimal_deck(const std::string& extra = "") {
  return "*KEYWORD\n"
         "*CONTROL_TERMINATION\n1.0\n"
         "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,2,0,0\n6,2,1,0\n"
         "*ELEMENT_SHELL\n1,1,1,2,3,4\n2,1,2,5,6,3\n"
         "*PART\nplate\n1,1,1\n"
         "*SECTION_SHELL\n1,2,,2\n1.0\n"
         "*MAT_ELASTIC\n1,7.8e-9,210000.,0.3\n" +
         extra + "*END\n";
}

// The MAT_ELASTIC card of minimal_deck, for decks that rewrite it.
inline const std::string kElasticCard = "*MAT_ELASTIC\n1,7.8e-9,210000.,0.3\n";

// minimal_deck with its MAT_ELASTIC card replaced by `card`; `before`, when
// given, stands in for its first line (the *KEYWORD line).
inline std::string with_material_card(const std::string& card, const std::string& before = "") {
  std::string deck = minimal_deck();
  deck.replace(deck.find(kElasticCard), kElasticCard.size(), card);
  return before.empty() ? deck : before + deck.substr(deck.find('\n') + 1);
}

inline Model read(const std::string& text, std::string* warnings = nullptr) {
  std::ostringstream out;
  Model model = read_deck_string(text, "deck.k", out);
  if (warnings != nullptr) *warnings = out.str();
  return model;
}

// The InputError message reading `text` gives, or "<accepted>".
inline std::string error_of(const std::string& text) {
  std::ostringstream warnings;
  try {
    read_deck_string(text, "deck.k", warnings);
  } catch (const InputError& error) {
    return error.what();
  }
  return "<accepted>";
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// 1-based number of the first line of `text` that starts with `start`.
inline int line_of(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.rfind(start, 0) == 0) return number;
  }
  return -1;
}

// Everything the reader fills, as text, so two models compare in one EXPECT.
inline std::string describe(const Model& m) {
  std::ostringstream out;
  out.precision(17);
  out << "title " << m.title << '\n';
  for (const auto& n : m.nodes) out << "node " << n.id << ' ' << n.x[0] << ' ' << n.x[1] << ' ' << n.x[2] << '\n';
  for (const auto& s : m.shells) {
    out << "shell " << s.id << ' ' << s.part << ' ' << s.nodes[0] << ' ' << s.nodes[1] << ' ' << s.nodes[2] << ' '
        << s.nodes[3] << '\n';
  }
  for (const auto& [id, p] : m.parts) out << "part " << id << ' ' << p.section << ' ' << p.material << ' ' << p.hourglass << '\n';
  for (const auto& [id, s] : m.sections) {
    out << "section " << id << ' ' << s.elform << ' ' << s.shear_factor << ' ' << s.nip << ' ' << s.thickness << '\n';
  }
  for (const auto& [id, mat] : m.materials) {
    out << "material " << id << ' ' << static_cast<int>(mat.kind) << ' ' << mat.density << ' ' << mat.youngs << ' '
        << mat.poisson << ' ' << mat.yield << ' ' << mat.tangent << ' ' << mat.fail_strain << ' ' << mat.hardening_curve
        << ' ' << mat.rate_c << ' ' << mat.rate_p << '\n';
  }
  for (const auto& [id, c] : m.curves) {
    out << "curve " << id;
    for (std::size_t i = 0; i < c.x.size(); ++i) out << " (" << c.x[i] << ',' << c.y[i] << ')';
    out << '\n';
  }
  for (const auto& [id, members] : m.node_sets) {
    out << "node set " << id;
    for (auto member : members) out << ' ' << member;
    out << '\n';
  }
  for (const auto& spc : m.spcs) {
    out << "spc " << spc.node;
    for (bool fixed_dof : spc.fixed) out << ' ' << fixed_dof;
    out << '\n';
  }
  const Controls& c = m.controls;
  out << "controls " << c.end_time << ' ' << c.end_cycle << ' ' << c.dt_min << ' ' << c.tssfac << ' ' << c.dt2ms << ' '
      << c.dt_init << ' ' << c.hourglass.ihq << ' ' << c.hourglass.qh << ' ' << static_cast<int>(c.integration) << ' '
      << c.glstat_dt << ' ' << c.matsum_dt << ' ' << c.rwforc_dt << ' ' << c.d3plot_dt << '\n';
  return out.str();
}

// A fresh directory under the system temp dir, removed with the object.
class TempDir {
 public:
  explicit TempDir(const std::string& tag)
      : path_(std::filesystem::temp_directory_path() /
              ("minicrash_" + tag + "_" + std::to_string(::getpid()) + "_" +
               std::to_string(reinterpret_cast<std::uintptr_t>(this)))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string write(const std::string& relative, const std::string& text) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace mc::test
