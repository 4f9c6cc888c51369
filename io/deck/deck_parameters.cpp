#include "io/deck/deck_parameters.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"

namespace mc {

namespace {

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Shortest text that reads back as the same double.
std::string real_text(double value) {
  char buffer[40];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    double back = 0;
    bool out_of_range = false;
    if (parse_real(buffer, back, out_of_range) && back == value) break;
  }
  return buffer;
}

// Recursive descent over one expression: sum := product {(+|-) product},
// product := unary {(*|/) unary}, unary := [+|-] unary | primary,
// primary := number | [&]name | '(' sum ')'.
class ExpressionParser {
 public:
  ExpressionParser(std::string_view text, const SourceLine& where,
                   const std::map<std::string, DeckParameter>& values)
      : text_(text), where_(where), values_(values) {}

  double parse() {
    const double value = sum();
    skip_blanks();
    if (pos_ != text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(where_, "*PARAMETER_EXPRESSION '" + printable(text_) + "': " + problem);
  }
  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool take(char c) {
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  double sum() {
    double value = product();
    for (;;) {
      if (take('+')) value += product();
      else if (take('-')) value -= product();
      else return value;
    }
  }
  double product() {
    double value = unary();
    for (;;) {
      if (take('*')) {
        value *= unary();
      } else if (take('/')) {
        const double divisor = unary();
        if (divisor == 0.0) fail("division by zero");
        value /= divisor;
      } else {
        return value;
      }
    }
  }
  // Nesting (parentheses, signs) is bounded: a hostile line must not exhaust the stack.
  static constexpr int kMaxDepth = 64;
  struct Nest {
    explicit Nest(ExpressionParser& p) : parser(p) {
      if (++parser.depth_ > kMaxDepth) parser.fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    ~Nest() { --parser.depth_; }
    ExpressionParser& parser;
  };
  double unary() {
    const Nest nest(*this);
    if (take('-')) return -unary();
    if (take('+')) return unary();
    return primary();
  }
  double primary() {
    if (take('(')) {
      const Nest nest(*this);
      const double value = sum();
      if (!take(')')) fail("')' missing");
      return value;
    }
    skip_blanks();
    if (pos_ >= text_.size()) fail("a value is missing at the end");
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (c == '&') ++pos_;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    if (pos_ == start) fail("unexpected '" + std::string(1, c) + "'");
    const std::string name = upper(text_.substr(start, pos_ - start));
    const auto found = values_.find(name);
    if (found == values_.end()) fail("parameter '" + std::string(text_.substr(start, pos_ - start)) + "' is not defined before this line");
    if (found->second.type == 'C') fail("parameter '" + name + "' is character, not a number");
    double value = 0;
    bool out_of_range = false;
    parse_real(found->second.text, value, out_of_range);
    return value;
  }
  double number() {
    // Digits, a point, an exponent with its sign: then the number grammar decides.
    const std::size_t start = pos_;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      const bool sign_of_exponent = (c == '+' || c == '-') && pos_ > start &&
                                    (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E' || text_[pos_ - 1] == 'd' ||
                                     text_[pos_ - 1] == 'D');
      if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == 'd' ||
            c == 'D' || sign_of_exponent))
        break;
      ++pos_;
    }
    const std::string_view digits = text_.substr(start, pos_ - start);
    double value = 0;
    bool out_of_range = false;
    if (!parse_real(digits, value, out_of_range)) fail("'" + printable(digits) + "' is not a number");
    return value;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  const SourceLine& where_;
  const std::map<std::string, DeckParameter>& values_;
};

// "R name" -> ('R', "NAME").
std::pair<char, std::string> type_and_name(std::string_view field, const SourceLine& where) {
  const std::string_view text = trim(field);
  const char type = text.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (type != 'R' && type != 'I' && type != 'C') {
    throw InputError(where, "*PARAMETER: '" + printable(text) +
                                "' must start with its type R (real), I (integer) or C (character), then the name");
  }
  const std::string_view name = trim(text.substr(1));
  if (name.empty()) throw InputError(where, "*PARAMETER: '" + printable(text) + "' has no name after its type");
  for (char c : name) {
    if (!is_name_char(c)) throw InputError(where, "*PARAMETER: name '" + printable(name) + "' may hold only letters, digits and '_'");
  }
  return {type, upper(name)};
}

}  // namespace

void DeckParameters::store(char type, const std::string& name, std::string text, const SourceLine& where) {
  if (const auto found = values_.find(name); found != values_.end()) {
    throw InputError(where, "*PARAMETER " + name + " is defined twice (first at " + found->second.where.file + ":" +
                                std::to_string(found->second.where.line) + ")");
  }
  values_.emplace(name, DeckParameter{type, std::move(text), where});
}

void DeckParameters::define(std::string_view type_field, std::string_view value, const SourceLine& where) {
  const auto [type, name] = type_and_name(type_field, where);
  const std::string_view text = trim(value);
  if (type == 'C') return store(type, name, std::string(text), where);
  double number = 0;
  bool out_of_range = false;
  if (!parse_real(text, number, out_of_range)) {
    throw InputError(where, "*PARAMETER " + name + ": '" + printable(text) + "' is not a number");
  }
  if (type == 'I') {
    std::int64_t integer = 0;
    if (!parse_integer(text, integer, out_of_range)) {
      throw InputError(where, "*PARAMETER " + name + ": '" + printable(text) + "' is not an integer (type I)");
    }
    return store(type, name, std::to_string(integer), where);
  }
  store(type, name, real_text(number), where);
}

void DeckParameters::define_expression(std::string_view type_field, std::string_view expression,
                                       const SourceLine& where) {
  const auto [type, name] = type_and_name(type_field, where);
  if (type == 'C') throw InputError(where, "*PARAMETER_EXPRESSION " + name + ": type C has no arithmetic");
  const double value = ExpressionParser(trim(expression), where, values_).parse();
  if (!std::isfinite(value) || std::fabs(value) > kMaxAbsValue) {
    throw InputError(where, "*PARAMETER_EXPRESSION " + name + ": the value is out of range");
  }
  // Type I takes the integer part, as Fortran's INT does.
  store(type, name, type == 'I' ? std::to_string(static_cast<std::int64_t>(std::trunc(value))) : real_text(value),
        where);
}

bool DeckParameters::substitute(std::string_view field, std::string& out, std::string& problem) const {
  const bool negate = field.size() > 1 && field[0] == '-' && field[1] == '&';
  if (field.empty() || (field[0] != '&' && !negate)) return true;
  const std::string_view name = field.substr(negate ? 2 : 1);
  const auto found = values_.find(upper(name));
  if (found == values_.end()) {
    problem = "parameter &" + printable(name) + " is not defined (a *PARAMETER must come before its use)";
    return false;
  }
  out = found->second.text;
  if (negate) out = out.rfind('-', 0) == 0 ? out.substr(1) : "-" + out;
  return true;
}

}  // namespace mc
