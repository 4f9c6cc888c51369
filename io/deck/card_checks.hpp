// Checks shared by the keyword handlers of loads, conditions, walls and contacts.
#pragma once

#include <string>
#include <vector>

#include "io/deck/card_fields.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

// The optional _ID card (ID HEADING): only an identification.
inline void skip_id_card(KeywordCards& cards, const KeywordOptions& options) {
  if (!options.id) return;
  const Card& card = cards.require("the ID/HEADING card");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  fields.integer(1, "ID");  // still has to be a number
}

inline void reject_local_system(const CardFields& fields, int field, const char* name) {
  if (fields.integer(field, name) != 0) fields.fail(field, name, "local coordinate systems are not supported");
}

inline void reject_box(const CardFields& fields, int field) {
  if (fields.integer(field, "BOXID") != 0) fields.fail(field, "BOXID", "boxes are not supported; use a node set");
}

inline GlobalId optional_set_id(const CardFields& fields, int field, const char* name) {
  const GlobalId id = fields.integer(field, name);
  if (id < 0) fields.fail(field, name, "set id must not be negative");
  return id;
}

// A field that changes LS-DYNA's answer through something minicrash does
// not have, once it leaves LS-DYNA's default (0 passes too).
struct ActingField {
  int field;
  const char* name;
  double fallback;   // LS-DYNA's default
  const char* what;  // what it would do, for the unsupported list
};

// Lists each of `acting` that the card sets as an unsupported option.
inline void list_acting_fields(const CardFields& fields, const Card& card, const std::string& keyword,
                               const std::vector<ActingField>& acting, ReaderState& state) {
  for (const ActingField& f : acting) {
    const double value = fields.real(f.field, f.name);
    if (value != 0 && value != f.fallback)
      state.unsupported_option(keyword, std::string(f.name) + " (" + f.what + ")", card.where());
  }
}

}  // namespace mc
