// The benches' command lines: `--name value` pairs and --help. A name the
// bench does not know, a name without its value, or a count that is not a
// positive integer is an error said on stderr (exit 2), never a default.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>

namespace mc::bench {

class BenchOptions {
 public:
  // `defaults`: every option the bench takes, with its value when not given.
  BenchOptions(std::string usage, std::map<std::string, std::string> defaults)
      : usage_(std::move(usage)), values_(std::move(defaults)) {}

  // -1: go on; otherwise the exit code (0 after --help, 2 after an error).
  int read(int argc, char** argv) {
    for (int a = 1; a < argc; a += 2) {
      const std::string name = argv[a];
      if (name == "--help" || name == "-h") {
        std::printf("usage: %s\n", usage_.c_str());
        return 0;
      }
      if (values_.find(name) == values_.end()) return fail("unknown option " + name);
      if (a + 1 >= argc) return fail(name + " needs a value");
      values_[name] = argv[a + 1];
    }
    return -1;
  }

  const std::string& text(const std::string& name) const { return values_.at(name); }

  // The option as a positive integer; 0 (said on stderr) when it is not one.
  int count(const std::string& name) const {
    const std::string& v = values_.at(name);
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || errno != 0 || n <= 0 || n > 1000000000) {
      std::fprintf(stderr, "%s: '%s' is not a positive integer\nusage: %s\n", name.c_str(), v.c_str(), usage_.c_str());
      return 0;
    }
    return static_cast<int>(n);
  }

 private:
  int fail(const std::string& what) const {
    std::fprintf(stderr, "%s\nusage: %s\n", what.c_str(), usage_.c_str());
    return 2;
  }

  std::string usage_;
  std::map<std::string, std::string> values_;
};

}  // namespace mc::bench
