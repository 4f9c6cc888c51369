// Keywords the reader has no handler for. One that changes the answer
// (an element, material, load, constraint, wall, contact, ...) must not be
// dropped quietly: the read stops with one list of all of them unless the
// user asks to run without them (--allow-unsupported). Output requests and
// data that only matter when referenced are skipped with a warning.
#pragma once

#include <string>
#include <vector>

#include "io/model.hpp"

namespace mc {

// False for keywords that cannot change the computed motion: output
// requests (*DATABASE_*), run bookkeeping (*CONTROL_CPU, _OUTPUT, _MPP_*,
// ...), and data that acts only through a reference (*DEFINE_*, *SET_*),
// where a supported keyword naming it fails with its own message.
// `name` is upper case, without '*'.
bool changes_the_answer(const std::string& name);

class UnsupportedKeywords {
 public:
  // Counts one more `*name` card block; the first place is kept.
  void add(const std::string& name, const SourceLine& where);
  bool empty() const { return seen_.empty(); }
  const std::vector<IgnoredKeyword>& list() const { return seen_; }
  // "  *FOO x3 (first at deck.k:12)" lines, one per keyword, in deck order.
  std::string lines() const;

 private:
  std::vector<IgnoredKeyword> seen_;
};

}  // namespace mc
