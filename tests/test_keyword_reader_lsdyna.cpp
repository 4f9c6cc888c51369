// What LS-DYNA decks written by other people and tools hold: Fortran
// numbers, *PARAMETER, *INCLUDE_PATH, LS-DYNA's zero-field defaults, and
// keywords minicrash does not support (never dropped without saying so).
#include <gtest/gtest.h>

#include <sstream>

#include "deck_test_helpers.hpp"
#include "io/deck/card_fields.hpp"
#include "io/deck/deck_writer.hpp"

namespace mc::test {
namespace {


TEST(KeywordReaderLsDyna, FortranExponentsWithoutTheLetterAreNumbers) {
  double value = 0;
  bool out_of_range = false;
  ASSERT_TRUE(parse_real("2.00000-3", value, out_of_range));
  EXPECT_DOUBLE_EQ(value, 2.0e-3);
  ASSERT_TRUE(parse_real("1.5+2", value, out_of_range));
  EXPECT_DOUBLE_EQ(value, 150.0);
  ASSERT_TRUE(parse_real("-7.8-9", value, out_of_range));
  EXPECT_DOUBLE_EQ(value, -7.8e-9);
  ASSERT_TRUE(parse_real("1.d-3", value, out_of_range));
  EXPECT_DOUBLE_EQ(value, 1.0e-3);
  EXPECT_FALSE(parse_real("1.5+", value, out_of_range));
  EXPECT_FALSE(parse_real("1.5-2-3", value, out_of_range));
  const Model m = read(with_material_card("*MAT_ELASTIC\n1,7.80000-9,2.10000+5,0.3\n"));
  EXPECT_DOUBLE_EQ(m.materials.at(1).density, 7.8e-9);
  EXPECT_DOUBLE_EQ(m.materials.at(1).youngs, 2.1e5);
}

TEST(KeywordReaderLsDyna, NipZeroIsTheDefaultTwo) {
  std::string deck = minimal_deck();
  deck.replace(deck.find("1,2,,2\n"), 7, "1,2,,0\n");
  EXPECT_EQ(read(deck).sections.at(1).nip, 2);
}

TEST(KeywordReaderLsDyna, ParametersFillFieldsOfAnyCard) {
  // Fixed format: type and name in 10 columns, the value in the next 10.
  const std::string parameters = "*KEYWORD\n*PARAMETER\n" + fixed({"R ymod", "2.1+5", "R rho", "7.8e-9", "I mid", "1"}) +
                                 "*PARAMETER\nr nu,0.3\n";
  const Model m = read(with_material_card("*MAT_ELASTIC\n&mid,&rho,&YMOD,&nu\n", parameters));
  EXPECT_DOUBLE_EQ(m.materials.at(1).youngs, 2.1e5);
  EXPECT_DOUBLE_EQ(m.materials.at(1).density, 7.8e-9);
  EXPECT_DOUBLE_EQ(m.materials.at(1).poisson, 0.3);
  // "-&name" negates; fixed-width fields take "&name" as well.
  const Model v = read(minimal_deck("*PARAMETER\nR speed,15\n*INITIAL_VELOCITY_GENERATION\n" +
                                    fixed({"1", "2", "0", "-&speed", "0", "0"}) + fixed({"0", "0", "0"})));
  ASSERT_EQ(v.initial_velocities.size(), 1u);
  EXPECT_DOUBLE_EQ(v.initial_velocities[0].v[0], -15.0);
}

TEST(KeywordReaderLsDyna, ParameterExpressionsComputeFromEarlierParameters) {
  const std::string parameters =
      "*KEYWORD\n*PARAMETER\nR e0,1.0e5\n*PARAMETER_EXPRESSION\n"
      "R ymod    2.0*(e0 + 5000.0) + &e0/10 - -1000\n"  // 2 * 105000 + 10000 + 1000
      "I mid     7/2 - 2\n";                             // 3.5 - 2 = 1.5 -> 1
  const Model m = read(with_material_card("*MAT_ELASTIC\n&mid,7.8e-9,&ymod,0.3\n", parameters));
  EXPECT_DOUBLE_EQ(m.materials.at(1).youngs, 221000.0);
  const auto expression_error = [](const std::string& card) {
    return error_of("*KEYWORD\n*PARAMETER\nR a,2\n*PARAMETER_EXPRESSION\n" + card + minimal_deck());
  };
  EXPECT_EQ(expression_error("R b       a*(b+1)\n"),
            "deck.k:5: *PARAMETER_EXPRESSION 'a*(b+1)': parameter 'b' is not defined before this line");
  EXPECT_EQ(expression_error("R b       a/(a-2)\n"), "deck.k:5: *PARAMETER_EXPRESSION 'a/(a-2)': division by zero");
  EXPECT_EQ(expression_error("R b       (a+1\n"), "deck.k:5: *PARAMETER_EXPRESSION '(a+1': ')' missing");
  EXPECT_NE(expression_error("R b       " + std::string(70, '(') + "\n").find("nested deeper than 64 levels"),
            std::string::npos);
}

TEST(KeywordReaderLsDyna, ParameterErrorsNameTheParameter) {
  const std::string undefined = with_material_card("*MAT_ELASTIC\n1,7.8e-9,&ymod,0.3\n");
  EXPECT_EQ(error_of(undefined),
            "deck.k:" + std::to_string(line_of(undefined, "*MAT_ELASTIC") + 1) + ": field 3 of *MAT_ELASTIC: parameter &ymod is not defined (a *PARAMETER must come before "
            "its use)");
  EXPECT_EQ(error_of("*KEYWORD\n*PARAMETER\nX ymod,1\n" + minimal_deck()),
            "deck.k:3: *PARAMETER: 'X ymod' must start with its type R (real), I (integer) or C (character), then "
            "the name");
  EXPECT_EQ(error_of("*KEYWORD\n*PARAMETER\nI n,1.5\n" + minimal_deck()),
            "deck.k:3: *PARAMETER N: '1.5' is not an integer (type I)");
  EXPECT_EQ(error_of("*KEYWORD\n*PARAMETER\nR a,1\n*PARAMETER\nR A,2\n" + minimal_deck()),
            "deck.k:5: *PARAMETER A is defined twice (first at deck.k:3)");
}

TEST(KeywordReaderLsDyna, IncludePathIsSearchedAfterTheIncludingDirectory) {
  const auto dir = std::filesystem::temp_directory_path() / ("mc_include_path_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "parts");
  std::ofstream(dir / "parts" / "material.k") << kElasticCard;
  std::string deck = minimal_deck();
  deck.replace(deck.find(kElasticCard), kElasticCard.size(), "*INCLUDE_PATH\nparts\n*INCLUDE\nmaterial.k\n");
  std::ostringstream warnings;
  const Model m = read_deck_string(deck, (dir / "main.k").string(), warnings);
  EXPECT_DOUBLE_EQ(m.materials.at(1).youngs, 210000.0);
  deck.replace(deck.find("material.k"), 10, "absent.k");
  try {
    read_deck_string(deck, (dir / "main.k").string(), warnings);
    ADD_FAILURE() << "a missing include was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(looked for " + (dir / "absent.k").string() + ", " +
                                         (dir / "parts" / "absent.k").string() + ")"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(dir);
}

// Several file names under one *INCLUDE (a folding-box study's deck): read
// in order, each relative to the including file, before its next keyword.
TEST(KeywordReaderLsDyna, OneIncludeReadsEachFileItNamesInOrder) {
  const auto dir = std::filesystem::temp_directory_path() / ("mc_include_many_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "material.k") << kElasticCard;
  std::ofstream(dir / "sub" / "second.k") << "*MAT_ELASTIC\n2,7.8e-9,100000.,0.3\n";
  std::ofstream(dir / "third.k") << "*MAT_ELASTIC\n3,7.8e-9,50000.,0.3\n";
  std::string deck = minimal_deck();
  deck.replace(deck.find(kElasticCard), kElasticCard.size(),
               "*INCLUDE\nmaterial.k\nsub/second.k\n\nthird.k\n*MAT_ELASTIC\n4,7.8e-9,1000.,0.3\n");
  std::ostringstream warnings;
  const Model m = read_deck_string(deck, (dir / "main.k").string(), warnings);
  EXPECT_DOUBLE_EQ(m.materials.at(1).youngs, 210000.0);
  EXPECT_DOUBLE_EQ(m.materials.at(2).youngs, 100000.0);
  EXPECT_DOUBLE_EQ(m.materials.at(3).youngs, 50000.0);
  EXPECT_DOUBLE_EQ(m.materials.at(4).youngs, 1000.0);
  EXPECT_EQ(m.materials.at(2).where.file, (dir / "sub" / "second.k").string());
  deck.replace(deck.find("third.k"), 7, "absent.k");
  try {
    read_deck_string(deck, (dir / "main.k").string(), warnings);
    ADD_FAILURE() << "a missing third include was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("main.k:" + std::to_string(line_of(deck, "absent.k")) +
                                         ": *INCLUDE: cannot open 'absent.k'"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(KeywordReaderLsDyna, InitialVelocityNodeGivesEachListedNodeItsVelocity) {
  const Model m = read(minimal_deck("*INITIAL_VELOCITY_NODE\n" + fixed({"2", "-15", "0", "1"}) +
                                    fixed({"1", "-15", "0", "1"}) + fixed({"5", "0", "3", "0", "0.1"})));
  ASSERT_EQ(m.initial_velocities.size(), 2u);  // two runs of equal velocity
  EXPECT_EQ(m.initial_velocities[0].nodes, (std::vector<GlobalId>{1, 2}));
  EXPECT_EQ(m.initial_velocities[0].v, (std::array<double, 3>{-15, 0, 1}));
  EXPECT_EQ(m.initial_velocities[1].nodes, (std::vector<GlobalId>{5}));
  EXPECT_EQ(m.initial_velocities[1].omega, (std::array<double, 3>{0.1, 0, 0}));
  EXPECT_FALSE(m.initial_velocities[0].all_nodes);
  const std::string missing = minimal_deck("*INITIAL_VELOCITY_NODE\n9,1,0,0\n");
  EXPECT_EQ(error_of(missing), "deck.k:" + std::to_string(line_of(missing, "9,1")) +
                                   ": initial velocity: node 9 is not defined");
}

TEST(KeywordReaderLsDyna, GeometricRigidWallsReadTheirShapes) {
  // The layouts PyDYNA writes: card 1 NSID NSIDEX BOXID BIRTH DEATH, then the shape's cards.
  const Model m = read(minimal_deck(
      "*RIGIDWALL_GEOMETRIC_CYLINDER\n,,0,0.0,1e+20\n0,10,-5,1,10,-5,0.2\n5.0,8.0\n\n"
      "*RIGIDWALL_GEOMETRIC_SPHERE_ID\n7,ball\n\n1,2,3,1,2,4\n2.5\n"
      "*RIGIDWALL_GEOMETRIC_FLAT\n\n0,0,0,0,0,1\n1,0,0,10,20\n"
      "*RIGIDWALL_GEOMETRIC_PRISM\n\n0,0,-3,0,0,-2\n1,0,0,10,20,3\n"));
  ASSERT_EQ(m.rigid_walls.size(), 4u);
  EXPECT_EQ(m.rigid_walls[0].shape.kind, WallShape::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].shape.radius, 5.0);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].shape.length, 8.0);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].friction, 0.2);
  EXPECT_EQ(m.rigid_walls[1].shape.kind, WallShape::Kind::Sphere);
  EXPECT_DOUBLE_EQ(m.rigid_walls[1].shape.radius, 2.5);
  EXPECT_EQ(m.rigid_walls[2].shape.kind, WallShape::Kind::Flat);
  EXPECT_DOUBLE_EQ(m.rigid_walls[2].shape.length_m, 20.0);
  EXPECT_EQ(m.rigid_walls[3].shape.kind, WallShape::Kind::Prism);
  EXPECT_DOUBLE_EQ(m.rigid_walls[3].shape.length_p, 3.0);
  const std::string no_radius = minimal_deck("*RIGIDWALL_GEOMETRIC_SPHERE\n\n1,2,3,1,2,4\n0\n");
  EXPECT_EQ(error_of(no_radius), "deck.k:" + std::to_string(line_of(no_radius, "*RIGIDWALL") + 3) +
                                     ": field 1 (RADSPH) of *RIGIDWALL_GEOMETRIC_SPHERE: must be positive");
  const std::string along = minimal_deck("*RIGIDWALL_GEOMETRIC_FLAT\n\n0,0,0,0,0,1\n0,0,2,10,20\n");
  EXPECT_NE(error_of(along).find("rigid wall: the edge vector (XHEV YHEV ZHEV) is zero or along the normal"),
            std::string::npos);
}

// _DISPLAY adds a last card (PID RO E PR) that only draws the wall: the
// layout of an optimisation tool's pole-impact deck, with and without
// PyDYNA's unused VL HEIGHT card, and on a sphere.
TEST(KeywordReaderLsDyna, DisplayedGeometricWallsReadTheirDisplayCardAndKeepTheirShape) {
  const Model m = read(minimal_deck(
      "*RIGIDWALL_GEOMETRIC_CYLINDER_DISPLAY_ID\n2,post\n\n-203,1187,1500,-203,1187,1600\n177.0,0.0,0\n"
      "*RIGIDWALL_GEOMETRIC_CYLINDER_DISPLAY\n\n0,0,0,0,0,1\n5.0\n0,0\n99,7.8e-9,210000.,0.3\n"
      "*RIGIDWALL_GEOMETRIC_SPHERE_DISPLAY\n\n1,2,3,1,2,4\n2.5\n99\n"));
  ASSERT_EQ(m.rigid_walls.size(), 3u);
  EXPECT_DOUBLE_EQ(m.rigid_walls[0].shape.radius, 177.0);
  EXPECT_DOUBLE_EQ(m.rigid_walls[1].shape.radius, 5.0);
  EXPECT_DOUBLE_EQ(m.rigid_walls[2].shape.radius, 2.5);
  const std::string extra = minimal_deck(
      "*RIGIDWALL_GEOMETRIC_CYLINDER_DISPLAY\n\n0,0,0,0,0,1\n5.0\n0,0\n99\n98\n");
  EXPECT_EQ(error_of(extra), "deck.k:" + std::to_string(line_of(extra, "99")) +
                                 ": unexpected card in *RIGIDWALL_GEOMETRIC_CYLINDER_DISPLAY (a keyword line "
                                 "missing, or too many cards?)");
}

// A sensor definition acts only through *SENSOR_CONTROL or _SWITCH: alone it
// is skipped with a warning; a control is unsupported physics.
TEST(KeywordReaderLsDyna, SensorDefinitionsAreSkippedAndSensorControlsListed) {
  std::ostringstream warnings;
  const std::string deck = minimal_deck("*SENSOR_DEFINE_FORCE\n1,RWALL,2,X,,0\n");
  read_deck_string(deck, "deck.k", warnings, DeckReadOptions{});
  EXPECT_EQ(warnings.str(), "deck.k:" + std::to_string(line_of(deck, "*SENSOR")) +
                                ": warning: *SENSOR_DEFINE_FORCE is not supported; skipped (no effect on the motion)\n");
  EXPECT_NE(error_of(minimal_deck("*SENSOR_CONTROL\n1,CONTACT,3,ON\n")).find("*SENSOR_CONTROL x1"),
            std::string::npos);
}

// With ETAN 0 the yield surface neither grows nor moves: any BETA is the
// same material (an optimisation tool's car decks: BETA blank, ETAN 0).
TEST(KeywordReaderLsDyna, PlasticKinematicWithoutHardeningRunsForAnyBeta) {
  const Material mat = read(with_material_card("*MAT_003\n1,7.8e-9,210.,0.3,0.25,0.0\n0,0,0.4\n")).materials.at(1);
  EXPECT_EQ(mat.kind, MaterialKind::PiecewiseLinearPlasticity);
  EXPECT_DOUBLE_EQ(mat.yield, 0.25);
  EXPECT_DOUBLE_EQ(mat.tangent, 0.0);
}

TEST(KeywordReaderLsDyna, PlasticKinematicIsBilinearPlasticityWithItsBeta) {
  const Model m = read(with_material_card("*MAT_PLASTIC_KINEMATIC\n1,7.8e-9,210.,0.3,0.25,2.1,1.0\n0,0,0.4\n"));
  const Material& mat = m.materials.at(1);
  EXPECT_EQ(mat.kind, MaterialKind::PiecewiseLinearPlasticity);
  EXPECT_DOUBLE_EQ(mat.yield, 0.25);
  EXPECT_DOUBLE_EQ(mat.tangent, 2.1);
  EXPECT_DOUBLE_EQ(mat.fail_strain, 0.4);
  // LS-DYNA's default BETA is 0: kinematic hardening. SRC/SRP are read (Cowper-Symonds).
  const Material kinematic = read(with_material_card("*MAT_003\n1,7.8e-9,210.,0.3,0.25,2.1\n40.,5.\n")).materials.at(1);
  EXPECT_DOUBLE_EQ(kinematic.beta, 0.0);
  EXPECT_DOUBLE_EQ(mat.beta, 1.0);
  const std::string bad = with_material_card("*MAT_003\n1,7.8e-9,210.,0.3,0.25,2.1,1.5\n");
  EXPECT_EQ(error_of(bad), "deck.k:" + std::to_string(line_of(bad, "*MAT_003") + 1) +
                               ": field 7 (BETA) of *MAT_003: must lie in [0, 1]");
  const Material rated =
      read(with_material_card("*MAT_003\n1,7.8e-9,210.,0.3,0.25,2.1,1.0\n40.,5.\n")).materials.at(1);
  EXPECT_DOUBLE_EQ(rated.rate_c, 40.0);
  EXPECT_DOUBLE_EQ(rated.rate_p, 5.0);
}

TEST(KeywordReaderLsDyna, CowperSymondsRateParametersAreReadAndChecked) {
  const Material mat =
      read(with_material_card("*MAT_024\n1,7.8e-9,210.,0.3,0.25,2.1\n0.0404,5\n")).materials.at(1);
  EXPECT_DOUBLE_EQ(mat.rate_c, 0.0404);
  EXPECT_DOUBLE_EQ(mat.rate_p, 5.0);
  // C 0: rate-independent, as in LS-DYNA, whatever P says.
  EXPECT_EQ(read(with_material_card("*MAT_024\n1,7.8e-9,210.,0.3,0.25,2.1\n0,5\n")).materials.at(1).rate_c, 0.0);
  const std::string no_p = with_material_card("*MAT_024\n1,7.8e-9,210.,0.3,0.25,2.1\n0.0404\n");
  EXPECT_EQ(error_of(no_p), "deck.k:" + std::to_string(line_of(no_p, "0.0404")) +
                                ": field 2 (P) of *MAT_024: must be positive when C is given");
  const std::string negative = with_material_card("*MAT_003\n1,7.8e-9,210.,0.3,0.25,2.1,1.0\n-1,5\n");
  EXPECT_EQ(error_of(negative), "deck.k:" + std::to_string(line_of(negative, "-1,5")) +
                                    ": field 1 (SRC) of *MAT_003: must not be negative");
  // LCSR: a strain-rate curve, before C and P (ignored, with a warning), and defined.
  std::string warnings;
  const Model with_lcsr = read(with_material_card("*MAT_024\n1,7.8e-9,210.,0.3,0.25,2.1\n0.0404,5,0,7\n"
                                                  "*DEFINE_CURVE\n7\n0,1\n1,2\n"),
                               &warnings);
  const Material& lcsr = with_lcsr.materials.at(1);
  EXPECT_EQ(lcsr.rate_curve, 7);
  std::ostringstream written;  // the deck writer keeps it
  write_deck(with_lcsr, written);
  EXPECT_EQ(read(written.str()).materials.at(1).rate_curve, 7);
  EXPECT_EQ(lcsr.rate_c, 0.0);
  EXPECT_NE(warnings.find("material 1: C and P ignored: LCSR gives the strain-rate scaling"), std::string::npos);
  EXPECT_NE(error_of(with_material_card("*MAT_024\n1,7.8e-9,210.,0.3,0.25,2.1\n0,0,0,7\n"))
                .find("material 1: strain-rate curve LCSR 7 is not defined"),
            std::string::npos);
}

// The non-automatic contacts (LSTC's older example decks use them) run as
// the automatic ones, and say so.
TEST(KeywordReaderLsDyna, NonAutomaticContactsRunAsTheAutomaticOnesAndSaySo) {
  const struct {
    const char* cards;
    ContactInterface::Kind kind;
    const char* warning;
  } cases[] = {
      {"*CONTACT_SINGLE_SURFACE\n0,0,5,5\n0.1\n", ContactInterface::Kind::SingleSurface,
       "*CONTACT_SINGLE_SURFACE runs as *CONTACT_AUTOMATIC_SINGLE_SURFACE (both sides of each segment)"},
      {"*CONTACT_SURFACE_TO_SURFACE\n1,1,3,3\n0.3,0.2\n", ContactInterface::Kind::SurfaceToSurface,
       "*CONTACT_SURFACE_TO_SURFACE runs as *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE (both sides of each segment, shell "
       "thickness offsets)"},
  };
  for (const auto& c : cases) {
    std::string warnings;
    const std::string deck = minimal_deck(c.cards);
    const Model m = read(deck, &warnings);
    ASSERT_EQ(m.contacts.size(), 1u);
    EXPECT_EQ(m.contacts[0].kind, c.kind);
    EXPECT_EQ(warnings, "deck.k:" + std::to_string(line_of(deck, "*CONTACT")) + ": warning: " + c.warning + "\n");
  }
}

TEST(KeywordReaderLsDyna, BulkViscosityOnSolidsOnlyChangesNothingForShells) {
  EXPECT_EQ(error_of(minimal_deck("*CONTROL_BULK_VISCOSITY\n1.5,0.06,1\n")), "<accepted>");
  EXPECT_NE(error_of(minimal_deck("*CONTROL_BULK_VISCOSITY\n1.5,0.06,-2\n"))
                .find("*CONTROL_BULK_VISCOSITY (TYPE < 0) x1"),
            std::string::npos);
}

// *ELEMENT_SHELL_THICKNESS: card 1 as *ELEMENT_SHELL, card 2 THIC1-4 and
// BETA in 16 columns; the element's thickness is the mean of its distinct
// corners (a triangle has three), and all zero leaves the section's.
TEST(KeywordReaderLsDyna, ElementShellThicknessTakesTheMeanOfTheCorners) {
  std::string deck = minimal_deck();
  const std::string shells = "*ELEMENT_SHELL\n1,1,1,2,3,4\n2,1,2,5,6,3\n";
  const auto with_shells = [&](const std::string& cards) {
    std::string d = deck;
    return d.replace(d.find(shells), shells.size(), "*ELEMENT_SHELL_THICKNESS\n" + cards);
  };
  const Model m = read(with_shells("1,1,1,2,3,4\n" + fixed({"1.0", "2.0", "3.0", "2.0", "0.0"}, 16) +
                                   "2,1,2,5,6,6\n" + fixed({"0.5", "1.0", "1.5", "9.0"}, 16) +
                                   "*ELEMENT_SHELL\n3,1,1,2,3,4\n"));
  ASSERT_EQ(m.shells.size(), 3u);
  EXPECT_DOUBLE_EQ(m.shells[0].thickness, 2.0);
  EXPECT_DOUBLE_EQ(m.shells[1].thickness, 1.0);  // triangle: THIC4 is not a corner
  EXPECT_EQ(m.shells[2].thickness, 0.0);
  EXPECT_EQ(read(with_shells("1,1,1,2,3,4\n0,0,0,0\n2,1,2,5,6,3\n\n")).shells[0].thickness, 0.0);
  EXPECT_EQ(error_of(with_shells("1,1,1,2,3,4\n1.0,1.0,0,1.0\n")),
            "deck.k:13: field 1 (THIC1) of *ELEMENT_SHELL_THICKNESS: give all 4 corner thicknesses of a "
            "quadrilateral or none (0: the section's)");
  EXPECT_EQ(error_of(with_shells("1,1,1,2,3,4\n1.0,-1.0,1.0,1.0\n")),
            "deck.k:13: field 2 (THIC2) of *ELEMENT_SHELL_THICKNESS: thickness must not be negative");
  EXPECT_EQ(error_of(with_shells("1,1,1,2,3,4\n")),
            "deck.k:12: *ELEMENT_SHELL_THICKNESS ends here, but card 2 (THIC1 THIC2 THIC3 THIC4 BETA) is missing");
}

// The deck writer keeps per-element thicknesses and the element order.
TEST(KeywordReaderLsDyna, WrittenElementThicknessesReadBack) {
  Model m = read(minimal_deck("*ELEMENT_SHELL\n3,1,1,2,3,4\n"));
  m.shells[1].thickness = 1.5;
  std::ostringstream written;
  write_deck(m, written);
  const Model back = read(written.str());
  ASSERT_EQ(back.shells.size(), 3u);
  for (std::size_t e = 0; e < 3; ++e) {
    EXPECT_EQ(back.shells[e].id, m.shells[e].id);
    EXPECT_EQ(back.shells[e].thickness, m.shells[e].thickness);
  }
}

// *ELEMENT_MASS: a lumped mass on a node (8, 8, 16, 8 columns); _NODE_SET
// shares MASS equally among the set's nodes. A node on no element takes it
// too (rank 0 integrates such nodes at any np).
TEST(KeywordReaderLsDyna, ElementMassOnNodesAndNodeSets) {
  const Model m = read(minimal_deck("*ELEMENT_MASS\n" + fixed({"11", "5"}, 8).substr(0, 16) + fixed({"2.5-3"}, 16) +
                                    "*ELEMENT_MASS_NODE_SET\n12,3,0.8\n*SET_NODE_LIST\n3\n1,2,6,2\n"));
  ASSERT_EQ(m.point_masses.size(), 4u);
  EXPECT_EQ(m.point_masses[0].id, 11);
  EXPECT_EQ(m.point_masses[0].node, 5);
  EXPECT_DOUBLE_EQ(m.point_masses[0].mass, 2.5e-3);
  for (std::size_t k = 1; k < 4; ++k) {
    EXPECT_EQ(m.point_masses[k].id, 12);
    EXPECT_DOUBLE_EQ(m.point_masses[k].mass, 0.8 / 3);  // nodes 1, 2, 6
  }
  EXPECT_EQ(error_of(minimal_deck("*ELEMENT_MASS\n1,5,-1.0\n")),
            "deck.k:23: field 3 (MASS) of *ELEMENT_MASS: mass must not be negative");
  EXPECT_EQ(read(minimal_deck("*NODE\n9,5,5,5\n*ELEMENT_MASS\n1,9,1.0\n")).point_masses.at(0).node, 9);
  EXPECT_EQ(error_of(minimal_deck("*ELEMENT_MASS\n1,99,1.0\n")), "deck.k:23: element mass 1: node 99 is not defined");
  EXPECT_EQ(error_of(minimal_deck("*ELEMENT_MASS_NODE_SET\n1,4,1.0\n")),
            "deck.k:23: *ELEMENT_MASS_NODE_SET: node set 4 is not defined");
  Model back = read(minimal_deck("*ELEMENT_MASS\n11,5,2.5e-3\n"));
  std::ostringstream written;
  write_deck(back, written);
  EXPECT_DOUBLE_EQ(read(written.str()).point_masses.at(0).mass, 2.5e-3);
}

}  // namespace
}  // namespace mc::test
