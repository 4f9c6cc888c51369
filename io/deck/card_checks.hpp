// Checks shared by the keyword handlers of loads, conditions and walls.
#pragma once

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

}  // namespace mc
