// Writes a Model as a keyword deck that read_deck reads back to the same
// model: *NODE and *ELEMENT_SHELL in fixed width, the rest comma separated
// with full precision. Byte-for-byte deterministic for the same model.
#pragma once

#include <ostream>
#include <string>

#include "io/model.hpp"

namespace mc {

void write_deck(const Model& model, std::ostream& out);
// Throws InputError if the file cannot be written.
void write_deck_file(const Model& model, const std::string& path);

}  // namespace mc
