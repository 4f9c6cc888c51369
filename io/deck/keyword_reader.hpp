// Reading an LS-DYNA-style keyword deck into a Model.
//
// Cards are fixed width (10 columns a field unless the keyword says
// otherwise) or, when a card holds a comma, comma separated. Blank fields take
// the LS-DYNA defaults. Every error is an InputError reading
// "file:line: what is wrong".
#pragma once

#include <ostream>
#include <string>

#include "io/model.hpp"

namespace mc {

struct DeckReadOptions {
  // Run without unsupported keywords that change the answer (listed in
  // Model::ignored_keywords) instead of stopping the read.
  bool allow_unsupported = false;
};

// Reads a deck, following *INCLUDE relative to the including file's
// directory (then *INCLUDE_PATH's directories), then runs validate_model.
// Warnings go to `warnings` as they are found, so they are there even when
// a later error ends the read. A keyword without a handler is skipped with
// "file:line: warning: *FOO is not supported ..."; if it changes the answer
// (see unsupported_keywords.hpp) the read then stops with an InputError
// listing every such keyword, unless options.allow_unsupported.
Model read_deck(const std::string& path, std::ostream& warnings, const DeckReadOptions& options = {});

// The same from text in memory; `name` stands for the file name in messages
// and its directory is where *INCLUDE looks.
Model read_deck_string(const std::string& text, const std::string& name, std::ostream& warnings,
                       const DeckReadOptions& options = {});

// Cross-checks of a complete model (read_deck calls it; a generated model
// should too): every referenced node, part, section, material, curve and set
// exists; ids are unique; values are physical; elements are not degenerate;
// the run has an end.
void validate_model(const Model& m);

}  // namespace mc
