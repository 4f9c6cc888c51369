// libFuzzer target for the keyword reader. A malformed deck must end in an
// InputError ("file:line: what is wrong"); anything else (a crash, a
// sanitizer report, another exception, a hang, a huge allocation) is a bug.
// Built by -DMINICRASH_FUZZ=ON with clang; run by scripts/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // *INCLUDE resolves against this name's directory: scripts/fuzz runs in a
  // scratch copy of the decks, so includes of neighbour decks are reached.
  std::ostringstream warnings;
  try {
    (void)mc::read_deck_string(text, "fuzz.k", warnings);
  } catch (const mc::InputError&) {
    // the expected outcome for a malformed deck
  } catch (const std::exception& e) {
    std::cerr << "fuzz: the reader threw a non-InputError: " << e.what() << "\n";
    std::abort();
  }
  return 0;
}
