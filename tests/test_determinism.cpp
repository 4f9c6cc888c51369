// For a fixed number of ranks the answer is bitwise the same for any thread
// count: the minicrash binary is run on a 10 000-shell plastic tube deck
// with ncpu=1 and ncpu=2 for 1500 cycles (0.5 ms: wall impact, plastic
// folding) and the state checksums of the reports compared.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "inputs/generator/generator.hpp"
#include "io/deck/deck_writer.hpp"

namespace mc {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string run_checksum(const std::string& dir, const std::string& deck, int threads) {
  const std::string report = "report_ncpu" + std::to_string(threads) + ".json";
  const std::string cmd = "OMP_PROC_BIND=false " + std::string(MINICRASH_BINARY) + " i=" + deck +
                          " ncpu=" + std::to_string(threads) + " cycles=1500 odir=" + dir + " report=" + report +
                          " --quiet > " + dir + "/log_ncpu" + std::to_string(threads) + ".txt 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::smatch m;
  const std::string json = read_file(dir + "/" + report);
  EXPECT_TRUE(std::regex_search(json, m, std::regex("\"state_checksum\": \"([0-9a-f]+)\""))) << json;
  return m.size() > 1 ? m[1].str() : "";
}

TEST(Determinism, TenThousandShellTubeIsBitwiseIdenticalForOneAndTwoThreads) {
  GeneratorOptions options;
  options.preset = "tube";
  options.element_size = 2.2;
  const Model model = generate_model(options);
  ASSERT_GE(model.shells.size(), 10000u);
  const std::string dir = ::testing::TempDir() + "minicrash_determinism";
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  write_deck_file(model, dir + "/tube.k");
  const std::string one = run_checksum(dir, dir + "/tube.k", 1);
  const std::string two = run_checksum(dir, dir + "/tube.k", 2);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one, two);
}

}  // namespace
}  // namespace mc
