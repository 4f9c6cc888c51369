// Errors in user input carry the place they were found, so every message a
// user sees reads "file:line: what is wrong".
#pragma once

#include <stdexcept>
#include <string>

#include "io/model.hpp"

namespace mc {

class InputError : public std::runtime_error {
 public:
  InputError(const SourceLine& where, const std::string& what)
      : std::runtime_error(where.file + ":" + std::to_string(where.line) + ": " + what) {}
  // Errors with no single line (e.g. a missing file named on the command line).
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

// Exit codes shared by the program, the tests and docs/running.md.
enum ExitCode : int {
  kExitOk = 0,
  kExitInternal = 1,   // a bug or an unexpected system failure
  kExitInput = 2,      // bad deck or bad command line
  kExitNumerical = 3,  // negative Jacobian, NaN, dt below DTMIN, ...
  kExitSignal = 4,     // SIGTERM/SIGUSR1: stopped cleanly, restart set written
  kExitOutput = 5,     // an output could not be written (disk full): stopped cleanly, restart set written where it fits
};

}  // namespace mc
