#include "io/deck/unsupported_keywords.hpp"

#include <algorithm>

namespace mc {

namespace {

bool starts_with(const std::string& name, const char* prefix) { return name.rfind(prefix, 0) == 0; }

}  // namespace

bool changes_the_answer(const std::string& name) {
  // Tables feed materials (*DEFINE_TABLE itself is read; its 2D, 3D and
  // compact forms are not).
  if (starts_with(name, "DEFINE_TABLE")) return true;
  // Output and bookkeeping: LS-DYNA computes the same motion without them.
  static const char* const kNoEffectPrefixes[] = {
      "DATABASE_",      "DEFINE_",        "SET_",           "COMMENT",       "CONTROL_CPU",
      "CONTROL_ENERGY", "CONTROL_OUTPUT", "CONTROL_MPP_",   "CONTROL_PARALLEL", "CONTROL_SOLUTION",
      "CONTROL_DEBUG",  "CONTROL_STRUCTURED", "CONTROL_REPORT", "INTERFACE_SPRINGBACK", "KEYWORD",
      "CONTROL_SOLID",  // solid elements only, and a deck with solids stops at *ELEMENT_SOLID
      "SENSOR_DEFINE_",  // a sensor acts only through *SENSOR_CONTROL/_SWITCH (unsupported)
      "CONTROL_UNITS",   // names the deck's units for the features that convert them (blast, airbags)
  };
  return std::none_of(std::begin(kNoEffectPrefixes), std::end(kNoEffectPrefixes),
                      [&](const char* prefix) { return starts_with(name, prefix); });
}

void UnsupportedKeywords::add(const std::string& name, const SourceLine& where) {
  const std::string keyword = "*" + name;
  for (IgnoredKeyword& seen : seen_) {
    if (seen.keyword == keyword) {
      ++seen.count;
      return;
    }
  }
  seen_.push_back({keyword, 1, where});
}

std::string UnsupportedKeywords::lines() const {
  std::string out;
  for (const IgnoredKeyword& seen : seen_) {
    out += "  " + seen.keyword + " x" + std::to_string(seen.count) + " (first at " + seen.first.file + ":" +
           std::to_string(seen.first.line) + ")\n";
  }
  return out;
}

}  // namespace mc
