// What parse_options says of a command line: its InputError's message, or
// "accepted".
#pragma once

#include <string>
#include <vector>

#include "io/deck/input_error.hpp"
#include "miniapp/driver/options.hpp"

namespace mc::test {

inline std::string option_error(const std::vector<std::string>& args) {
  try {
    parse_options(args);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace mc::test
