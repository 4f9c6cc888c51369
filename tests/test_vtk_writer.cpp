// ParaView output: the snapshot of a solver state and the VTK XML files
// (.vtu pieces, .pvtu steps, .pvd series) written from it.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "io/output/vtk_writer.hpp"
#include "miniapp/driver/options.hpp"
#include "miniapp/driver/run_settings.hpp"
#include "miniapp/state/state_builder.hpp"
#include "miniapp/outputs/vtk_snapshot.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

// Two quads side by side: 6 nodes, 2 shells, 3 through-thickness points.
State two_element_state() {
  test::PlateSpec spec;
  spec.nx = 2;
  spec.ny = 1;
  spec.lx = 2;
  spec.ly = 1;
  const Model m = test::plate_model(spec);
  return build_state(m, whole_model_mesh(m));
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The value of the first `name="..."` attribute in `xml`, or "" when absent.
std::string attribute(const std::string& xml, const std::string& name) {
  std::smatch m;
  return std::regex_search(xml, m, std::regex(name + "=\"([^\"]*)\"")) ? m[1].str() : "";
}

// The text of the ASCII DataArray called `name`, split at white space.
std::vector<double> ascii_array(const std::string& xml, const std::string& name) {
  const std::size_t tag = xml.find("Name=\"" + name + "\"");
  if (tag == std::string::npos) return {};
  const std::size_t begin = xml.find('>', tag) + 1, end = xml.find("</DataArray>", begin);
  std::istringstream in(xml.substr(begin, end - begin));
  std::vector<double> values;
  for (double v; in >> v;) values.push_back(v);
  return values;
}

TEST(VtkSnapshot, TakesMaximaOverThicknessPointsAndLeavesOutErodedShells) {
  State s = two_element_state();
  ASSERT_EQ(s.elements.count(), 2);
  // Element 0: uniaxial 2 at the first point, pure shear 1 at the last
  // (von Mises sqrt(3)), plastic strain largest in the middle.
  packed(s.elements.points, 0, 0) = 2;
  packed(s.elements.points, 0, 4 * 2 + 2) = 1;
  packed(s.elements.points, 0, 4 * 1 + 3) = Real(0.25);
  packed(s.elements.points, 0, 4 * 2 + 3) = Real(0.125);
  s.nodes.x(1, 2) += Real(0.5);
  s.elements.alive(1) = 0;
  const MeshSnapshot snap = make_snapshot(s, 0);
  EXPECT_EQ(snap.node_count(), 6u);
  ASSERT_EQ(snap.cell_count(), 1u);
  EXPECT_EQ(snap.element_id[0], s.elements.ids[0]);
  EXPECT_EQ(snap.part_id[0], 1);
  EXPECT_NEAR(snap.von_mises[0], 2.0, 1e-12);
  EXPECT_NEAR(snap.plastic_strain[0], 0.25, 1e-12);
  EXPECT_NEAR(snap.displacement[3 * 1 + 2], 0.5, 1e-12);
  EXPECT_EQ(snap.displacement[0], 0.0);
}

TEST(VtkWriter, WritesPiecesStepsAndATimeSeriesListingEveryStep) {
  const test::TempDir dir("vtk_series");
  State s = two_element_state();
  VtkSeriesWriter writer(dir.path().string(), "plate", 0, 1);
  writer.write(make_snapshot(s, 0));
  s.time = 0.5;
  s.nodes.x(5, 2) = Real(0.1);
  writer.write(make_snapshot(s, 0));
  ASSERT_EQ(writer.steps(), 2);

  for (int step = 0; step < 2; ++step) {
    ASSERT_TRUE(std::filesystem::exists(writer.piece_path(step, 0))) << writer.piece_path(step, 0);
    ASSERT_TRUE(std::filesystem::exists(writer.step_path(step))) << writer.step_path(step);
    const std::string vtu = read_text(writer.piece_path(step, 0));
    EXPECT_EQ(attribute(vtu, "NumberOfPoints"), "6");
    EXPECT_EQ(attribute(vtu, "NumberOfCells"), "2");
    EXPECT_NE(vtu.find("<AppendedData encoding=\"raw\">"), std::string::npos);
    const std::string pvtu = read_text(writer.step_path(step));
    EXPECT_NE(pvtu.find("<Piece Source=\"" + std::filesystem::path(writer.piece_path(step, 0)).filename().string()),
              std::string::npos);
  }
  EXPECT_EQ(writer.pvd_path(), (dir.path() / "plate.pvd").string());
  const std::string pvd = read_text(writer.pvd_path());
  EXPECT_NE(pvd.find("<DataSet timestep=\"0\" group=\"\" part=\"0\" file=\"paraview/plate_0000.pvtu\"/>"),
            std::string::npos)
      << pvd;
  EXPECT_NE(pvd.find("<DataSet timestep=\"0.5\" group=\"\" part=\"0\" file=\"paraview/plate_0001.pvtu\"/>"),
            std::string::npos)
      << pvd;
  EXPECT_FALSE(std::filesystem::exists(writer.pvd_path() + ".tmp"));
}

// ASCII pieces, readable as text: quads as 4-node cells, a shell whose
// third and fourth nodes coincide as a 3-node triangle.
TEST(VtkWriter, AsciiPieceHoldsQuadsAndTrianglesWithTheirCellData) {
  const test::TempDir dir("vtk_ascii");
  MeshSnapshot snap;
  snap.time = 1.5;
  snap.rank = 2;
  snap.x = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0};
  snap.displacement.assign(15, 0.0);
  snap.velocity.assign(15, 0.0);
  snap.velocity[3 * 4] = 7;
  snap.node_id = {11, 12, 13, 14, 15};
  snap.connectivity = {0, 1, 2, 3, 1, 4, 2, 2};
  snap.plastic_strain = {0.0, 0.5};
  snap.von_mises = {1.0, 2.0};
  snap.part_id = {3, 4};
  snap.element_id = {101, 102};
  VtkSeriesWriter writer(dir.path().string(), "mesh", 2, 3, VtkEncoding::Ascii);
  writer.write(snap);
  const std::string vtu = read_text(writer.piece_path(0, 2));
  EXPECT_EQ(vtu.find("AppendedData"), std::string::npos);
  EXPECT_EQ(ascii_array(vtu, "connectivity"), (std::vector<double>{0, 1, 2, 3, 1, 4, 2}));
  EXPECT_EQ(ascii_array(vtu, "offsets"), (std::vector<double>{4, 7}));
  EXPECT_EQ(ascii_array(vtu, "types"), (std::vector<double>{9, 5}));
  EXPECT_EQ(ascii_array(vtu, "mpi_rank"), (std::vector<double>{2, 2}));
  EXPECT_EQ(ascii_array(vtu, "element_id"), (std::vector<double>{101, 102}));
  EXPECT_EQ(ascii_array(vtu, "effective_plastic_strain"), (std::vector<double>{0, 0.5}));
  EXPECT_EQ(ascii_array(vtu, "velocity")[12], 7.0);
  EXPECT_EQ(ascii_array(vtu, "Points").size(), 15u);
  // Rank 2 writes its piece only: the step file and the series are rank 0's.
  EXPECT_FALSE(std::filesystem::exists(writer.step_path(0)));
  EXPECT_FALSE(std::filesystem::exists(writer.pvd_path()));
}

// Two writers in one process stand in for two ranks: each writes its piece,
// and rank 0's step file lists both.
TEST(VtkWriter, StepFileOfRankZeroListsThePieceOfEveryRank) {
  const test::TempDir dir("vtk_ranks");
  State s = two_element_state();
  VtkSeriesWriter rank0(dir.path().string(), "split", 0, 2), rank1(dir.path().string(), "split", 1, 2);
  rank1.write_piece(make_snapshot(s, 1));
  rank0.write_piece(make_snapshot(s, 0));
  rank1.end_step(0.0);
  rank0.end_step(0.0);
  EXPECT_TRUE(std::filesystem::exists(rank0.piece_path(0, 0)));
  EXPECT_TRUE(std::filesystem::exists(rank0.piece_path(0, 1)));
  const std::string pvtu = read_text(rank0.step_path(0));
  EXPECT_NE(pvtu.find("<Piece Source=\"split_0000_0.vtu\"/>"), std::string::npos) << pvtu;
  EXPECT_NE(pvtu.find("<Piece Source=\"split_0000_1.vtu\"/>"), std::string::npos) << pvtu;
  EXPECT_EQ(rank1.steps(), 1);
}

TEST(VtkWriter, RejectsConnectivityOutsideTheNodes) {
  const test::TempDir dir("vtk_bad");
  MeshSnapshot snap;
  snap.x.assign(9, 0.0);
  snap.displacement.assign(9, 0.0);
  snap.velocity.assign(9, 0.0);
  snap.node_id = {1, 2, 3};
  snap.connectivity = {0, 1, 3, 3};
  snap.plastic_strain = snap.von_mises = {0.0};
  snap.part_id = snap.element_id = {1};
  VtkSeriesWriter writer(dir.path().string(), "bad", 0, 1);
  EXPECT_THROW(writer.write(snap), std::invalid_argument);
}

// plot= picks the plot formats: none writes no plot state at all (design
// studies read the histories only); any other word names the choices.
TEST(PlotOption, PicksTheFormatsAndNoneWritesNoPlotStates) {
  const Model model = test::plate_model(test::plate_spec(2, 2, 10, 10, 1));
  const auto formats = [&](const std::string& plot) {
    const RunSettings rs = run_settings(model, parse_options({"i=d.k", "plot=" + plot}));
    return std::make_pair(rs.plot_d3plot, rs.plot_vtk);
  };
  EXPECT_EQ(formats("both"), std::make_pair(true, true));
  EXPECT_EQ(formats("d3plot"), std::make_pair(true, false));
  EXPECT_EQ(formats("vtk"), std::make_pair(false, true));
  EXPECT_EQ(formats("none"), std::make_pair(false, false));
  try {
    parse_options({"i=d.k", "plot=off"});
    ADD_FAILURE() << "plot=off accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "command line: plot must be d3plot, vtk, both or none, got 'off'");
  }
}

}  // namespace
}  // namespace mc
