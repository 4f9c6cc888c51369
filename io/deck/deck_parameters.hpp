// *PARAMETER values and the &name references that use them. A card field
// "&name" (or "-&name") reads as the parameter's value; names are
// case-insensitive and must be defined before their first use (the reader
// makes one pass). *PARAMETER_EXPRESSION evaluates + - * / and parentheses
// over numbers and earlier parameters.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "io/model.hpp"

namespace mc {

struct DeckParameter {
  char type = 'R';   // R real, I integer, C character
  std::string text;  // the value as a card field would hold it
  SourceLine where;
};

class DeckParameters {
 public:
  // `type_and_name` is the PRMR field: "R name", "I name" or "C name".
  // Errors (bad type, no name, a second definition, a value not of its
  // type) are InputErrors at `where`.
  void define(std::string_view type_and_name, std::string_view value, const SourceLine& where);
  void define_expression(std::string_view type_and_name, std::string_view expression, const SourceLine& where);

  // The field text `field` stands for: itself unless it starts with '&' or
  // "-&". False (and `problem` set) for an undefined name.
  bool substitute(std::string_view field, std::string& out, std::string& problem) const;

 private:
  void store(char type, const std::string& name, std::string text, const SourceLine& where);

  std::map<std::string, DeckParameter> values_;  // by upper-case name
};

}  // namespace mc
