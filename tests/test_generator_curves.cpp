// minicrash-gen --curve-points: each MAT_024 of a preset gets its hardening
// as an LCSS curve on the same line as its SIGY and ETAN. The curve's points
// lie on that line, survive the deck writer and reader, and a run with them
// gives the bilinear run's energies: the return with a curve (the line of the
// iterate's segment, plane_stress_return.hpp) finds the same root.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "inputs/generator/generator.hpp"
#include "io/deck/deck_writer.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"
#include "miniapp/driver/model_source.hpp"
#include "miniapp/driver/options.hpp"
#include "option_error.hpp"

namespace mc {
namespace {

Model tube(int curve_points) {
  GeneratorOptions options;
  options.preset = "tube";
  options.curve_points = curve_points;
  return generate_model(options);
}

TEST(GeneratorCurves, EachMat024GetsACurveOnItsHardeningLine) {
  const Model bilinear = tube(0), curved = tube(10);
  int curves = 0;
  for (const auto& [id, mat] : curved.materials) {
    if (mat.kind != MaterialKind::PiecewiseLinearPlasticity) continue;
    ASSERT_NE(mat.hardening_curve, 0) << "material " << id;
    const Curve& c = curved.curves.at(mat.hardening_curve);
    const Material& plain = bilinear.materials.at(id);
    const double slope = plain.youngs * plain.tangent / (plain.youngs - plain.tangent);
    ASSERT_EQ(c.x.size(), 10u);
    EXPECT_EQ(c.x.front(), 0.0);
    EXPECT_NEAR(c.x[1], 1e-3, 1e-18);
    EXPECT_NEAR(c.x.back(), 1.0, 1e-15);
    for (std::size_t i = 0; i < c.x.size(); ++i) EXPECT_NEAR(c.y[i], plain.yield + slope * c.x[i], 1e-15);
    ++curves;
  }
  EXPECT_GT(curves, 0);
}

TEST(GeneratorCurves, TheWrittenDeckReadsBackWithItsCurves) {
  const Model curved = tube(6);
  const std::string path = ::testing::TempDir() + "generator_curves_tube.k";
  write_deck_file(curved, path);
  std::ostringstream warnings;
  const Model read = read_deck(path, warnings);
  for (const auto& [id, mat] : curved.materials) {
    if (mat.kind != MaterialKind::PiecewiseLinearPlasticity) continue;
    const Curve& written = curved.curves.at(mat.hardening_curve);
    const Curve& back = read.curves.at(read.materials.at(id).hardening_curve);
    ASSERT_EQ(back.x.size(), written.x.size());
    for (std::size_t i = 0; i < back.x.size(); ++i) {
      EXPECT_NEAR(back.x[i], written.x[i], 1e-15 * (1 + written.x[i]));
      EXPECT_NEAR(back.y[i], written.y[i], 1e-15);
    }
  }
}

TEST(GeneratorCurves, ACurveNeedsTwoPoints) {
  EXPECT_THROW(tube(1), InputError);
  EXPECT_THROW(tube(-3), InputError);
}

// minicrash gen=tube curve_points=6: the run's model name carries the count
// (so r=DIR builds the same model) and gives minicrash-gen's curves.
TEST(GeneratorCurves, TheRunTimeWordBuildsTheGeneratorsCurves) {
  const Options o = parse_options({"gen=tube", "curve_points=6"});
  EXPECT_EQ(o.input, "gen=tube curve_points=6");
  EXPECT_EQ(generated_model_name("neon", 0.1, 10), "gen=neon scale=0.1 curve_points=10");
  std::ostringstream warnings;
  const Model run = load_model(o.input, warnings), generated = tube(6);
  ASSERT_EQ(run.curves.size(), generated.curves.size());
  for (const auto& [id, curve] : generated.curves) {
    EXPECT_EQ(run.curves.at(id).x, curve.x) << "curve " << id;
    EXPECT_EQ(run.curves.at(id).y, curve.y) << "curve " << id;
  }
  EXPECT_EQ(test::option_error({"gen=tube", "curve_points=1"}),
            "command line: curve_points must be 2 or more (points a curve)");
  EXPECT_EQ(test::option_error({"gen=tube", "--curve-points", "x"}),
            "command line: curve-points needs an integer, got 'x'");
  EXPECT_EQ(test::option_error({"i=deck.k", "curve_points=5"}), "command line: curve_points= needs gen=");
  // A restart manifest's name edited by hand: an InputError, which every rank hears of.
  for (const char* bad : {"gen=tube curve_points=2.5", "gen=tube curve_points=x", "gen=tube scale=", "gen=tube scale=nan"})
    EXPECT_THROW(load_model(bad, warnings), InputError) << bad;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The report's last energy of one kind.
double last_energy(const std::string& report, const std::string& kind) {
  const std::string json = read_file(report);
  const std::size_t last = json.find("\"energy_last\"");
  std::smatch m;
  const std::string tail = last == std::string::npos ? "" : json.substr(last);
  EXPECT_TRUE(std::regex_search(tail, m, std::regex("\"" + kind + "\": ([-0-9.eE+]+)"))) << report;
  return m.size() > 1 ? std::stod(m[1].str()) : 0.0;
}

// 1500 cycles of the tube (0.5 ms: wall impact, plastic folding), its
// steel given a hardening line (ETAN 1 GPa), once by SIGY and ETAN and once
// as a 10-point curve on that line: the same root each step, rounded
// differently, so the energies agree to far below the run's own scatter.
TEST(GeneratorCurves, TheTubeOnItsCurveGivesTheBilinearEnergies) {
  const std::string dir = ::testing::TempDir() + "generator_curves";
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  Model hardening = tube(0);
  for (auto& [id, mat] : hardening.materials)
    if (mat.kind == MaterialKind::PiecewiseLinearPlasticity) mat.tangent = 1.0;
  double internal[2], kinetic[2];
  for (int curved = 0; curved < 2; ++curved) {
    const std::string deck = dir + "/tube" + std::to_string(curved) + ".k";
    Model model = hardening;
    if (curved) give_hardening_curves(model, 10);
    write_deck_file(model, deck);
    const std::string report = "report" + std::to_string(curved) + ".json";
    const std::string cmd = "OMP_PROC_BIND=false OMP_NUM_THREADS=1 " + std::string(MINICRASH_BINARY) + " i=" + deck +
                            " cycles=1500 odir=" + dir + " report=" + report + " --quiet > " + dir + "/log" +
                            std::to_string(curved) + ".txt 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    internal[curved] = last_energy(dir + "/" + report, "internal");
    kinetic[curved] = last_energy(dir + "/" + report, "kinetic");
  }
  EXPECT_GT(internal[0], 100.0);  // the tube has folded plastically
  EXPECT_NEAR(internal[1], internal[0], 1e-9 * internal[0]);
  EXPECT_NEAR(kinetic[1], kinetic[0], 1e-9 * kinetic[0]);
}

}  // namespace
}  // namespace mc
