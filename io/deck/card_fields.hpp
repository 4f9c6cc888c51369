// Splitting one keyword card into fields and turning fields into numbers,
// with messages that name the field ("field 3 (E) of *MAT_ELASTIC: ...").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/model.hpp"

namespace mc {

class DeckParameters;

// One data line of a keyword block (comment lines never become cards).
struct Card {
  std::string text;                   // the line without its end-of-line
  const std::string* file = nullptr;  // owned by the DeckStream, outlives reading
  int file_index = 0;                 // index of `file` in the stream's file table
  int line = 0;
  const DeckParameters* parameters = nullptr;  // what "&name" fields read as

  SourceLine where() const { return {file ? *file : std::string(), line}; }
  // LS-DYNA reads a blank line as a card whose fields all take their defaults.
  bool blank() const { return text.find_first_not_of(" \t") == std::string::npos; }
};

// Column widths of a fixed-format card; free-format (comma) cards ignore them.
struct FieldLayout {
  static constexpr int kMaxFields = 10;
  std::array<int, kMaxFields> widths{};
  int count = 0;
};

inline constexpr FieldLayout kStandardLayout{{10, 10, 10, 10, 10, 10, 10, 10}, 8};
inline constexpr FieldLayout kNodeLayout{{8, 16, 16, 16, 8, 8}, 6};
inline constexpr FieldLayout kElementLayout{{8, 8, 8, 8, 8, 8, 8, 8, 8, 8}, 10};
inline constexpr FieldLayout kCurvePairLayout{{20, 20}, 2};
inline constexpr FieldLayout kIdTitleLayout{{10, 70}, 2};

// Largest magnitude accepted in any numeric field: beyond it a value is a typo
// or garbage, and it would overflow once squared in the solver.
inline constexpr double kMaxAbsValue = 1e30;

// Strict number grammar: [+-]digits[.digits][(e|E|d|D)[+-]digits], at least
// one mantissa digit; Fortran's exponent without a letter ("2.0-3", "1.5+2")
// too. No "nan", "inf", hex or trailing text. False when `text`
// is not such a number; `out_of_range` tells overflow apart from garbage.
bool parse_real(std::string_view text, double& value, bool& out_of_range);

// Integers may be written as reals with a zero fraction ("5.0", "1e3").
bool parse_integer(std::string_view text, std::int64_t& value, bool& out_of_range);

// The fields of one card, split once; accessors take 1-based field numbers
// and the LS-DYNA field name for messages.
class CardFields {
 public:
  // `keyword` is the keyword as the deck spells it (e.g. "*MAT_ELASTIC").
  CardFields(const Card& card, const std::string& keyword, const FieldLayout& layout);
  CardFields(const CardFields&) = delete;  // fields_ may point into substituted_
  CardFields& operator=(const CardFields&) = delete;

  bool blank(int field) const;
  std::string_view raw(int field) const;
  double real(int field, const char* name, double fallback = 0.0) const;
  std::int64_t integer(int field, const char* name, std::int64_t fallback = 0) const;
  // An integer option that must fit an int (flags, counts).
  int option(int field, const char* name, int fallback = 0) const;
  // A required id of something being defined: present and positive.
  GlobalId id(int field, const char* name) const;

  const Card& card() const { return card_; }
  [[noreturn]] void fail(int field, const char* name, const std::string& problem) const;

 private:
  static constexpr int kMaxFreeFields = 16;
  const Card& card_;
  const std::string& keyword_;
  FieldLayout layout_;  // a copy: callers may pass a temporary layout
  bool free_format_ = false;
  std::array<std::string_view, kMaxFreeFields> fields_{};
  std::array<std::string, kMaxFreeFields> substituted_;  // values of "&name" fields
  int count_ = 0;
  void substitute_parameters();
};

// `text` made safe to print inside quotes: control and non-ASCII bytes as
// \xNN, long text cut.
std::string printable(std::string_view text);

// Trims spaces and tabs at both ends.
std::string_view trim(std::string_view text);

}  // namespace mc
