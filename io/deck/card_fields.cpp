#include "io/deck/card_fields.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "io/deck/deck_parameters.hpp"
#include "io/deck/input_error.hpp"

namespace mc {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// 2^53: beyond it a double no longer holds every integer, so "1e17" as an id
// would silently change.
constexpr double kMaxExactInteger = 9007199254740992.0;

}  // namespace

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::string printable(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out.push_back(static_cast<char>(byte));
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", byte);
      out += hex;
    }
  }
  if (text.size() > kMaxShown) out += "...";
  return out;
}

bool parse_real(std::string_view text, double& value, bool& out_of_range) {
  out_of_range = false;
  // Validate the grammar by hand: from_chars alone would accept "inf", "nan"
  // and hex floats, and strtod depends on the locale.
  char buffer[64];
  std::size_t used = 0;
  std::size_t i = 0;
  auto copy = [&](char c) {
    if (used + 1 >= sizeof buffer) return false;
    buffer[used++] = c;
    return true;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    if (text[i] == '-' && !copy('-')) return false;
    ++i;
  }
  int mantissa_digits = 0;
  while (i < text.size() && is_digit(text[i])) {
    if (!copy(text[i++])) return false;
    ++mantissa_digits;
  }
  if (i < text.size() && text[i] == '.') {
    if (!copy(text[i++])) return false;
    while (i < text.size() && is_digit(text[i])) {
      if (!copy(text[i++])) return false;
      ++mantissa_digits;
    }
  }
  if (mantissa_digits == 0) return false;
  const bool letter = i < text.size() && (text[i] == 'e' || text[i] == 'E' || text[i] == 'd' || text[i] == 'D');
  // Fortran writes "2.00000-3" and "1.5+2" for 2e-3 and 1.5e2 when the field is too narrow for the E.
  const bool bare_sign = i < text.size() && (text[i] == '+' || text[i] == '-');
  if (letter || bare_sign) {
    if (!copy('e')) return false;  // Fortran's 1.0d3 is 1.0e3
    if (letter) ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
      if (!copy(text[i++])) return false;
    }
    int exponent_digits = 0;
    while (i < text.size() && is_digit(text[i])) {
      if (!copy(text[i++])) return false;
      ++exponent_digits;
    }
    if (exponent_digits == 0) return false;
  }
  if (i != text.size()) return false;
  const auto result = std::from_chars(buffer, buffer + used, value, std::chars_format::general);
  if (result.ec == std::errc::result_out_of_range || (result.ec == std::errc() && !std::isfinite(value))) {
    out_of_range = true;
    return false;
  }
  if (result.ec != std::errc() || result.ptr != buffer + used) return false;
  if (std::fabs(value) > kMaxAbsValue) {
    out_of_range = true;
    return false;
  }
  return true;
}

bool parse_integer(std::string_view text, std::int64_t& value, bool& out_of_range) {
  out_of_range = false;
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);  // from_chars rejects '+'
  if (!digits.empty() && digits.front() != '+') {
    const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (result.ec == std::errc() && result.ptr == digits.data() + digits.size()) return true;
    if (result.ec == std::errc::result_out_of_range) {
      out_of_range = true;
      return false;
    }
  }
  double real = 0;
  if (!parse_real(text, real, out_of_range)) return false;
  if (std::fabs(real) > kMaxExactInteger) {
    out_of_range = true;
    return false;
  }
  if (real != std::trunc(real)) return false;
  value = static_cast<std::int64_t>(real);
  return true;
}

CardFields::CardFields(const Card& card, const std::string& keyword, const FieldLayout& layout)
    : card_(card), keyword_(keyword), layout_(layout) {
  const std::string_view text = card.text;
  free_format_ = text.find(',') != std::string_view::npos;
  if (free_format_) {
    std::size_t start = 0;
    for (;;) {
      const auto comma = text.find(',', start);
      if (count_ == kMaxFreeFields) {
        throw InputError(card.where(), "more than " + std::to_string(kMaxFreeFields) +
                                           " comma-separated fields in a card of " + keyword);
      }
      fields_[count_++] = trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    substitute_parameters();
    return;
  }
  if (const auto tab = text.find('\t'); tab != std::string_view::npos) {
    // Columns are counted in characters; a tab silently shifts every field after it.
    throw InputError(card.where(), "tab character in column " + std::to_string(tab + 1) +
                                       " of a fixed-width card of " + keyword +
                                       " (use spaces, or commas for free format)");
  }
  std::size_t start = 0;
  for (int i = 0; i < layout.count; ++i) {
    const auto width = static_cast<std::size_t>(layout.widths[i]);
    fields_[count_++] = start < text.size() ? trim(text.substr(start, width)) : std::string_view{};
    start += width;
  }
  substitute_parameters();
}

void CardFields::substitute_parameters() {
  for (int i = 0; i < count_; ++i) {
    const std::string_view field = fields_[i];
    if (field.empty() || (field[0] != '&' && field.rfind("-&", 0) != 0)) continue;
    std::string problem = "parameter " + printable(field) + " is not defined (no *PARAMETER before this line)";
    if (card_.parameters == nullptr || !card_.parameters->substitute(field, substituted_[i], problem)) {
      throw InputError(card_.where(), "field " + std::to_string(i + 1) + " of " + keyword_ + ": " + problem);
    }
    fields_[i] = substituted_[i];
  }
}

bool CardFields::blank(int field) const { return raw(field).empty(); }

std::string_view CardFields::raw(int field) const {
  return field >= 1 && field <= count_ ? fields_[field - 1] : std::string_view{};
}

void CardFields::fail(int field, const char* name, const std::string& problem) const {
  throw InputError(card_.where(), "field " + std::to_string(field) + " (" + name + ") of " +
                                      keyword_ + ": " + problem);
}

namespace {

// Why a fixed-format field may hold two numbers: values not aligned to columns.
std::string layout_hint(std::string_view text, bool free_format, const FieldLayout& layout, int field) {
  if (free_format || text.find(' ') == std::string_view::npos || field > layout.count) return {};
  int first_column = 1;
  for (int i = 0; i < field - 1; ++i) first_column += layout.widths[i];
  const int last_column = first_column + layout.widths[field - 1] - 1;
  return " (fixed-width field: columns " + std::to_string(first_column) + "-" +
         std::to_string(last_column) + "; separate values with commas for free format)";
}

std::string range_problem(std::string_view text) {
  return "'" + printable(text) + "' is out of range (magnitude above 1e30 or not representable)";
}

}  // namespace

double CardFields::real(int field, const char* name, double fallback) const {
  const auto text = raw(field);
  if (text.empty()) return fallback;
  double value = 0;
  bool out_of_range = false;
  if (parse_real(text, value, out_of_range)) return value;
  if (out_of_range) fail(field, name, range_problem(text));
  fail(field, name, "'" + printable(text) + "' is not a number" +
                        layout_hint(text, free_format_, layout_, field));
}

std::int64_t CardFields::integer(int field, const char* name, std::int64_t fallback) const {
  const auto text = raw(field);
  if (text.empty()) return fallback;
  std::int64_t value = 0;
  bool out_of_range = false;
  if (parse_integer(text, value, out_of_range)) return value;
  if (out_of_range) fail(field, name, range_problem(text));
  double real_value = 0;
  if (parse_real(text, real_value, out_of_range)) {
    fail(field, name, "'" + printable(text) + "' is not an integer");
  }
  fail(field, name, "'" + printable(text) + "' is not a number" +
                        layout_hint(text, free_format_, layout_, field));
}

int CardFields::option(int field, const char* name, int fallback) const {
  const std::int64_t value = integer(field, name, fallback);
  constexpr std::int64_t kLimit = 1'000'000'000;
  if (value > kLimit || value < -kLimit) {
    fail(field, name, "'" + printable(raw(field)) + "' is out of range for this option");
  }
  return static_cast<int>(value);
}

GlobalId CardFields::id(int field, const char* name) const {
  if (blank(field)) fail(field, name, "an id is required here");
  const GlobalId value = integer(field, name);
  if (value <= 0) fail(field, name, "id " + std::to_string(value) + " must be positive");
  return value;
}

}  // namespace mc
