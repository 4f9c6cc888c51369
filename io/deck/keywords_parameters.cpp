// *PARAMETER and *PARAMETER_EXPRESSION: named values for "&name" fields.
#include "io/deck/card_fields.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// PRMR (type and name, 10 columns) and VAL pairs, four to a card.
constexpr FieldLayout kParameterLayout{{10, 10, 10, 10, 10, 10, 10, 10}, 8};
// PRMR, then the expression in the other 70 columns.
constexpr FieldLayout kExpressionLayout{{10, 70}, 2};

}  // namespace

void read_parameter(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  while (cards.has_more()) {
    const Card* card = cards.next();
    // The PRMR fields are names, not values: split the card without "&name" lookup.
    Card plain = *card;
    plain.parameters = nullptr;
    const CardFields fields(plain, cards.keyword(), kParameterLayout);
    for (int pair = 0; pair < 4; ++pair) {
      const int name_field = 2 * pair + 1;
      if (fields.blank(name_field)) {
        if (!fields.blank(name_field + 1)) fields.fail(name_field, "PRMR", "a value without a name");
        continue;
      }
      if (fields.blank(name_field + 1)) fields.fail(name_field + 1, "VAL", "the parameter has no value");
      state.parameters.define(fields.raw(name_field), fields.raw(name_field + 1), card->where());
    }
  }
}

void read_parameter_expression(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  while (cards.has_more()) {
    const Card* card = cards.next();
    Card plain = *card;
    plain.parameters = nullptr;  // names inside the expression are looked up by the evaluator
    const CardFields fields(plain, cards.keyword(), kExpressionLayout);
    if (fields.blank(1)) fields.fail(1, "PRMR", "the parameter has no name");
    // Free format would split the expression at commas; take the rest of the card whole.
    const std::string_view expression =
        plain.text.find(',') == std::string::npos ? fields.raw(2) : trim(std::string_view(plain.text).substr(plain.text.find(',') + 1));
    if (trim(expression).empty()) fields.fail(2, "EXPRESSION", "the expression is blank");
    state.parameters.define_expression(fields.raw(1), expression, card->where());
  }
}

}  // namespace mc
