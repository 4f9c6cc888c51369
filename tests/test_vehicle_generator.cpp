// The vehicle presets as specifications: element counts follow the scale
// (and match the real benchmarks at scale 1), the deck is the same bytes
// every time, the mesh is good enough for Belytschko-Tsay shells, joints
// share nodes, and the contacts, walls and velocities are the benchmarks'.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>

#include "inputs/generator/generator.hpp"
#include "io/deck/deck_writer.hpp"
#include "io/deck/keyword_reader.hpp"
#include "io/vec3.hpp"
#include "deck_test_helpers.hpp"

namespace mc {
namespace {

Model vehicle(const std::string& preset, double scale) {
  GeneratorOptions o;
  o.preset = preset;
  o.scale = scale;
  return generate_model(o);
}

struct Benchmark {
  const char* preset;
  double shells, parts;  // the real model's counts
};
const Benchmark kBenchmarks[] = {{"neon", 535000, 324}, {"3vehicle", 794780, 1052}, {"car2car", 2500000, 0}};

using Point = std::array<double, 3>;
Point sub(const Point& a, const Point& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Point cross(const Point& a, const Point& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Point& a, const Point& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double norm(const Point& a) { return std::sqrt(dot(a, a)); }

struct Quality {
  double aspect = 0;   // longest edge^2 / area (1 for a square, 5 for a 5:1 rectangle); triangles: / (2 area)
  double warp = 0;     // degrees between the normals of the two triangles of either diagonal split
  double min_angle = 180, max_angle = 0;  // interior angles, degrees
  std::size_t triangles = 0;
};

// Quality of the deformable or of the rigid shells.
Quality quality(const Model& m, bool rigid) {
  std::map<GlobalId, std::size_t> at;
  for (std::size_t k = 0; k < m.nodes.size(); ++k) at[m.nodes[k].id] = k;
  Quality q;
  for (const Shell& s : m.shells) {
    if ((m.materials.at(m.parts.at(s.part).material).kind == MaterialKind::Rigid) != rigid) continue;
    const bool triangle = s.nodes[2] == s.nodes[3];
    const int corners = triangle ? 3 : 4;
    q.triangles += triangle;
    Point x[4];
    for (int c = 0; c < 4; ++c) x[c] = m.nodes[at.at(s.nodes[static_cast<std::size_t>(c)])].x;
    double longest = 0;
    for (int c = 0; c < corners; ++c) {
      const Point e = sub(x[(c + 1) % corners], x[c]), f = sub(x[(c + corners - 1) % corners], x[c]);
      longest = std::max(longest, norm(e));
      const double angle = std::acos(std::clamp(dot(e, f) / (norm(e) * norm(f)), -1.0, 1.0)) * 180 / kPi;
      q.min_angle = std::min(q.min_angle, angle);
      if (!triangle) q.max_angle = std::max(q.max_angle, angle);
    }
    const double area = 0.5 * norm(cross(sub(x[2], x[0]), sub(x[3], x[1])));
    q.aspect = std::max(q.aspect, longest * longest / (triangle ? 2 * area : area));
    if (triangle) continue;
    for (int d = 0; d < 2; ++d) {
      const Point n1 = cross(sub(x[d + 1], x[d]), sub(x[d + 2], x[d]));
      const Point n2 = cross(sub(x[d + 2], x[d]), sub(x[(d + 3) % 4], x[d]));
      const double c = std::clamp(dot(n1, n2) / (norm(n1) * norm(n2)), -1.0, 1.0);
      q.warp = std::max(q.warp, std::acos(c) * 180 / kPi);
    }
  }
  return q;
}

// Connected groups of parts: two parts are joined when they share a node.
std::size_t part_groups(const Model& m) {
  std::map<GlobalId, GlobalId> parent;
  for (const auto& [id, p] : m.parts) parent[id] = id;
  auto find = [&](GlobalId p) {
    while (parent[p] != p) p = parent[p] = parent[parent[p]];
    return p;
  };
  std::map<GlobalId, GlobalId> node_part;
  for (const Shell& s : m.shells)
    for (GlobalId n : s.nodes) {
      const auto [it, fresh] = node_part.emplace(n, s.part);
      if (!fresh) parent[find(s.part)] = find(it->second);
    }
  std::size_t groups = 0;
  for (const auto& [id, p] : parent) groups += find(id) == id;
  return groups;
}

// Within 5 % from scale 0.05 up; within 10 % below, where whole features
// snap together at once and the count jumps by several percent.
TEST(VehicleGenerator, ShellCountsFollowTheScale) {
  for (const Benchmark& b : kBenchmarks)
    for (double scale : {0.01, 0.02, 0.05, 0.1}) {
      const Model m = vehicle(b.preset, scale);
      EXPECT_NEAR(static_cast<double>(m.shells.size()) / (scale * b.shells), 1.0, scale < 0.05 ? 0.1 : 0.05)
          << b.preset << " scale " << scale;
    }
}

TEST(VehicleGenerator, AtScaleOneCountsMatchTheRealBenchmarksWithinFivePercent) {
  for (const Benchmark& b : kBenchmarks) {
    const Model m = vehicle(b.preset, 1);
    std::printf("%-9s scale 1: %zu shells (benchmark %.0f), %zu parts (benchmark %.0f)\n", b.preset, m.shells.size(),
                b.shells, m.parts.size(), b.parts);
    EXPECT_NEAR(static_cast<double>(m.shells.size()) / b.shells, 1.0, 0.05) << b.preset;
    if (b.parts > 0) {
      EXPECT_NEAR(static_cast<double>(m.parts.size()) / b.parts, 1.0, 0.2) << b.preset;
    }
  }
}

TEST(VehicleGenerator, SameScaleGivesTheSameDeckByteForByte) {
  for (const Benchmark& b : kBenchmarks) {
    std::ostringstream first, second;
    write_deck(vehicle(b.preset, 0.01), first);
    write_deck(vehicle(b.preset, 0.01), second);
    EXPECT_EQ(first.str(), second.str()) << b.preset;
  }
}

// Deformable shells: quads only, aspect <= 5, warp <= 10 degrees, angles
// 30-150 degrees. Rigid wheels (no stresses; their O-grid has 135-degree
// corners by construction, and a few triangles where it fans out from the
// knuckle) need the same aspect and to be far from folded.
TEST(VehicleGenerator, ShellsHaveAspectRatioAtMostFiveAndNoWarpOrDegeneracy) {
  for (const Benchmark& b : kBenchmarks)
    for (double scale : {0.01, 0.02, 0.1}) {
      const Model m = vehicle(b.preset, scale);
      const Quality q = quality(m, false), r = quality(m, true);
      EXPECT_EQ(q.triangles, 0u) << b.preset;
      EXPECT_LE(r.triangles, m.shells.size() / 100) << b.preset;
      EXPECT_LE(q.aspect, 5.0) << b.preset << " scale " << scale;
      EXPECT_LE(q.warp, 10.0) << b.preset << " scale " << scale;
      EXPECT_GE(q.min_angle, 30.0) << b.preset << " scale " << scale;
      EXPECT_LE(q.max_angle, 150.0) << b.preset << " scale " << scale;
      EXPECT_LE(r.aspect, 5.0) << b.preset << " scale " << scale;
      EXPECT_GE(r.min_angle, 15.0) << b.preset << " scale " << scale;
      EXPECT_LE(r.warp, 10.0) << b.preset << " scale " << scale;
      EXPECT_LE(r.max_angle, 160.0) << b.preset << " scale " << scale;
      EXPECT_NO_THROW(validate_model(m)) << b.preset << " scale " << scale;
    }
}

TEST(VehicleGenerator, EveryVehicleIsOneStructureJoinedBySharedNodes) {
  const std::pair<const char*, std::size_t> vehicles[] = {{"neon", 1}, {"3vehicle", 3}, {"car2car", 2}};
  for (const auto& [preset, count] : vehicles)
    for (double scale : {0.01, 0.1}) EXPECT_EQ(part_groups(vehicle(preset, scale)), count) << preset << " " << scale;
}

TEST(VehicleGenerator, ContactsWallsAndVelocitiesAreTheBenchmarks) {
  const Model neon = vehicle("neon", 0.01);
  ASSERT_EQ(neon.contacts.size(), 2u);
  EXPECT_EQ(neon.contacts[0].kind, ContactInterface::Kind::SingleSurface);
  ASSERT_EQ(neon.rigid_walls.size(), 1u);
  ASSERT_EQ(neon.initial_velocities.size(), 1u);
  EXPECT_NEAR(neon.initial_velocities[0].v[0], -31.5 * 0.44704, 1e-9);  // 31.5 mph
  EXPECT_DOUBLE_EQ(neon.controls.end_time, 30);
  const Model three = vehicle("3vehicle", 0.01);
  EXPECT_EQ(three.contacts.size(), 6u);
  EXPECT_EQ(three.initial_velocities.size(), 1u);  // the van; the cars stand
  EXPECT_DOUBLE_EQ(three.controls.end_time, 150);
  const Model car2car = vehicle("car2car", 0.01);
  EXPECT_EQ(car2car.contacts.size(), 4u);
  EXPECT_EQ(car2car.initial_velocities.size(), 2u);
  std::size_t rigid = 0;
  for (const auto& [id, mat] : neon.materials) rigid += mat.kind == MaterialKind::Rigid;
  EXPECT_EQ(rigid, 5u);  // engine block and four wheels
}

// No shell starts inside another one's contact thickness: the contact
// energy the binary reports at t = 0 is zero (snapping at coarse scales
// must not push panels into the wheels or into each other).
TEST(VehicleGenerator, NoContactPenetrationAtTheStart) {
  for (const Benchmark& b : kBenchmarks)
    for (const char* scale : {"0.01", "0.02"}) {
      const test::TempDir out(std::string("vehicle_start_") + b.preset + "_" + scale);
      const std::string dir = out.path().string();
      const std::string cmd = "OMP_PROC_BIND=false " + std::string(MINICRASH_BINARY) + " gen=" + b.preset +
                              " scale=" + scale + " cycles=1 odir=" + dir + " --quiet > /dev/null 2>&1";
      ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
      std::ifstream glstat(dir + "/glstat.csv");
      std::string line;
      std::getline(glstat, line);  // the column names
      std::getline(glstat, line);
      std::istringstream first(line);
      double columns[7] = {};
      for (double& c : columns) {
        first >> c;
        first.ignore(1);  // the comma
      }
      EXPECT_EQ(columns[6], 0.0) << b.preset << " scale " << scale << ": contact energy at t = 0";
    }
}

}  // namespace
}  // namespace mc
