// Element partitioners: every element in exactly one part, balanced work,
// straight RCB cuts, halo statistics checked against a brute-force count,
// and the same answer on every call.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "decomposition/partition/partition.hpp"
#include "io/deck/input_error.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

PartitionInput plate_input(int nx, int ny, double lx, double ly) {
  test::PlateSpec spec;
  spec.nx = nx;
  spec.ny = ny;
  spec.lx = lx;
  spec.ly = ly;
  return partition_input(test::plate_model(spec));
}

// The plate's quads split into two triangles each (n3 == n4).
PartitionInput triangle_input(int nx, int ny) {
  PartitionInput in;
  in.num_nodes = std::int64_t{nx + 1} * (ny + 1);
  auto node = [&](int i, int j) { return std::int64_t{i} + std::int64_t{j} * (nx + 1); };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      in.nodes.push_back({node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i + 1, j + 1)});
      in.centroids.push_back({i + 2.0 / 3, j + 1.0 / 3, 0});
      in.nodes.push_back({node(i, j), node(i + 1, j + 1), node(i, j + 1), node(i, j + 1)});
      in.centroids.push_back({i + 1.0 / 3, j + 2.0 / 3, 0});
    }
  return in;
}

std::vector<std::int64_t> part_sizes(const std::vector<int>& part, int parts) {
  std::vector<std::int64_t> size(parts, 0);
  for (int p : part) {
    EXPECT_GE(p, 0);
    EXPECT_LT(p, parts);
    if (p >= 0 && p < parts) ++size[p];
  }
  return size;
}

const PartitionMethod kMethods[] = {PartitionMethod::Rcb, PartitionMethod::Metis,
                                    PartitionMethod::MetisMultiConstraint, PartitionMethod::RcbContactApart};

TEST(Partition, MethodNamesRoundTripAndUnknownNameIsACommandLineError) {
  for (PartitionMethod m : kMethods) EXPECT_EQ(parse_partition_method(partition_method_name(m)), m);
  try {
    parse_partition_method("scotch");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "command line: unknown partitioner 'scotch' (rcb, rcb-contact, metis, metis-mc)");
  }
}

TEST(Partition, InputFromModelHasCentroidsAndNipWork) {
  test::PlateSpec spec;
  spec.nx = 4;
  spec.ny = 2;
  spec.lx = 8;
  spec.ly = 2;
  spec.nip = 5;
  Model model = test::plate_model(spec);
  test::make_rigid_part(model, [](const Shell& s) { return s.id > 4; });  // the last row
  ContactInterface deformable_only;  // the second constraint counts contact interfaces
  deformable_only.slave_parts = {1};
  model.contacts.push_back(deformable_only);
  const PartitionInput in = partition_input(model);
  ASSERT_EQ(in.centroids.size(), 8u);
  EXPECT_EQ(in.num_nodes, 15);
  EXPECT_DOUBLE_EQ(in.centroids[0][0], 1.0);
  EXPECT_DOUBLE_EQ(in.centroids[0][1], 0.5);
  EXPECT_DOUBLE_EQ(in.centroids[7][0], 7.0);
  EXPECT_DOUBLE_EQ(in.centroids[7][1], 1.5);
  EXPECT_EQ(in.nodes[0], (std::array<std::int64_t, 4>{0, 1, 6, 5}));
  const WorkWeights w;  // the defaults
  EXPECT_DOUBLE_EQ(in.work[0], w.shell + w.point * 5);
  EXPECT_DOUBLE_EQ(in.second_work[0], 1.0);
  EXPECT_DOUBLE_EQ(in.work[7], w.rigid);
  EXPECT_DOUBLE_EQ(in.second_work[7], 0.0);
  // A side given as shells (a segment or shell set) counts those shells alone.
  ContactInterface two_shells;
  two_shells.slave_shells = {2, 7};
  two_shells.slave_parts = {1, 2};
  model.contacts.push_back(two_shells);
  const PartitionInput with_shells = partition_input(model);
  EXPECT_DOUBLE_EQ(with_shells.second_work[0], 1.0);
  EXPECT_DOUBLE_EQ(with_shells.second_work[1], 2.0);  // shell 2: both interfaces
  EXPECT_DOUBLE_EQ(with_shells.second_work[6], 1.0);  // shell 7 (rigid): the shell side
  EXPECT_DOUBLE_EQ(with_shells.second_work[7], 0.0);
}

// Weights from weights= and a restart's measured work (rebalance=1): a live
// quad costs shell + NIP point + its yielded points plastic + its contact
// pairs pair; a rigid shell rigid (+ pairs); the second constraint is the pairs.
TEST(Partition, WorkFollowsTheWeightsAndTheMeasuredWork) {
  test::PlateSpec spec;
  spec.nx = 2;
  spec.ny = 1;
  spec.nip = 3;
  Model model = test::plate_model(spec);
  const WorkWeights w = parse_work_weights("shell:2,point:0.5,plastic:1.5,pair:0.25");
  EXPECT_DOUBLE_EQ(w.rigid, WorkWeights{}.rigid);  // not named: the default
  MeasuredWork measured;
  measured.yielding = {{model.shells[1].id, 2}};
  measured.contact_pairs = {{model.shells[0].id, 12}};
  const PartitionInput in = partition_input(model, w, &measured);
  EXPECT_DOUBLE_EQ(in.work[0], 2 + 0.5 * 3 + 0.25 * 12);
  EXPECT_DOUBLE_EQ(in.work[1], 2 + 0.5 * 3 + 1.5 * 2);
  EXPECT_DOUBLE_EQ(in.second_work[0], 12);
  EXPECT_DOUBLE_EQ(in.second_work[1], 0);
  EXPECT_EQ(work_weights_text(w), "shell:2,triangle:4,point:0.5,plastic:1.5,rigid:1.24,pair:0.25");
}

TEST(Partition, BadWorkWeightsNameTheProblem) {
  const auto message = [](const std::string& text) {
    try {
      parse_work_weights(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("shel:1").find("unknown name 'shel'"), std::string::npos);
  EXPECT_NE(message("point:-1").find("point must be a number >= 0"), std::string::npos);
  EXPECT_NE(message("point:1x").find("got '1x'"), std::string::npos);
  EXPECT_NE(message("point").find("is not name:value"), std::string::npos);
  EXPECT_NE(message("shell:0").find("must be above 0"), std::string::npos);
  EXPECT_NE(message("").find("is not name:value"), std::string::npos);
}

class PartitionPlate : public ::testing::TestWithParam<std::tuple<PartitionMethod, int>> {};

TEST_P(PartitionPlate, EveryElementOnceNoEmptyPartBalancedAndDeterministic) {
  const auto [method, parts] = GetParam();
  const PartitionInput in = plate_input(60, 40, 60, 40);
  const std::vector<int> part = partition_elements(in, parts, method);
  ASSERT_EQ(part.size(), in.centroids.size());
  const auto size = part_sizes(part, parts);
  for (int p = 0; p < parts; ++p) EXPECT_GT(size[p], 0) << "part " << p;
  const PartitionSummary s = summarize_partition(in, part, parts);
  EXPECT_EQ(s.elements, size);
  const bool rcb = method == PartitionMethod::Rcb || method == PartitionMethod::RcbContactApart;
  EXPECT_LE(s.imbalance, rcb ? 1.1 : 1.2);
  EXPECT_EQ(partition_elements(in, parts, method), part);
}

INSTANTIATE_TEST_SUITE_P(Partition, PartitionPlate,
                         ::testing::Combine(::testing::ValuesIn(kMethods), ::testing::Values(1, 2, 3, 4, 7)),
                         [](const auto& test_info) {
                           std::string name = partition_method_name(std::get<0>(test_info.param));
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name + "_" + std::to_string(std::get<1>(test_info.param)) + "parts";
                         });

TEST(Partition, RcbCutsALongStripIntoContiguousXRanges) {
  const PartitionInput in = plate_input(210, 6, 210, 6);
  const int parts = 7;
  const std::vector<int> part = partition_elements(in, parts, PartitionMethod::Rcb);
  std::vector<double> lo(parts, 1e30), hi(parts, -1e30), ylo(parts, 1e30), yhi(parts, -1e30);
  for (std::size_t e = 0; e < part.size(); ++e) {
    lo[part[e]] = std::min(lo[part[e]], in.centroids[e][0]);
    hi[part[e]] = std::max(hi[part[e]], in.centroids[e][0]);
    ylo[part[e]] = std::min(ylo[part[e]], in.centroids[e][1]);
    yhi[part[e]] = std::max(yhi[part[e]], in.centroids[e][1]);
  }
  std::vector<int> by_x(parts);
  for (int p = 0; p < parts; ++p) by_x[p] = p;
  std::sort(by_x.begin(), by_x.end(), [&](int a, int b) { return lo[a] < lo[b]; });
  for (int k = 0; k + 1 < parts; ++k) EXPECT_LT(hi[by_x[k]], lo[by_x[k + 1]]);
  for (int p = 0; p < parts; ++p) {  // every part spans the strip's width
    EXPECT_DOUBLE_EQ(ylo[p], 0.5);
    EXPECT_DOUBLE_EQ(yhi[p], 5.5);
    EXPECT_EQ(part_sizes(part, parts)[p], 180);
  }
}

TEST(Partition, RcbBalancesUnequalWork) {
  PartitionInput in = plate_input(60, 40, 60, 40);
  for (std::size_t e = 0; e < in.work.size(); ++e) in.work[e] = in.centroids[e][0] < 20 ? 4.0 : 1.0;
  for (int parts : {2, 3, 5}) {
    const std::vector<int> part = partition_elements(in, parts, PartitionMethod::Rcb);
    const PartitionSummary s = summarize_partition(in, part, parts);
    EXPECT_LE(s.imbalance, 1.05) << parts << " parts";
    EXPECT_LT(*std::min_element(s.elements.begin(), s.elements.end()),
              *std::max_element(s.elements.begin(), s.elements.end()) / 2);
  }
}

// The weighted selection against a full sort: with random work the first
// cut must take a prefix of the (x, index) order whose work is the closest
// possible to the target share.
TEST(Partition, RcbCutMatchesTheBestPrefixOfASortedOrder) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> coord(0, 1), load(0.1, 5);
  for (int parts : {2, 3, 5}) {
    PartitionInput in;
    const int n = 5000;
    in.num_nodes = 1;
    for (int e = 0; e < n; ++e) {
      in.centroids.push_back({10 * coord(rng), coord(rng), coord(rng)});
      in.centroids.back()[0] = std::floor(in.centroids.back()[0] * 20) / 20;  // ties in x
      in.nodes.push_back({0, 0, 0, 0});
      in.work.push_back(load(rng));
    }
    const std::vector<int> part = partition_elements(in, parts, PartitionMethod::Rcb);
    std::vector<int> order(n);
    for (int e = 0; e < n; ++e) order[e] = e;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return std::make_pair(in.centroids[a][0], a) < std::make_pair(in.centroids[b][0], b);
    });
    const double total = std::accumulate(in.work.begin(), in.work.end(), 0.0);
    const double target = total * (parts / 2) / parts;
    double best = total, sum = 0, left_sum = 0;
    int left = 0;
    for (int k = 0; k <= n; ++k) {
      best = std::min(best, std::abs(sum - target));
      if (k < n) sum += in.work[order[k]];
    }
    for (int k = 0; k < n; ++k)  // the left parts are 0 .. parts/2 - 1
      if (part[order[k]] < parts / 2) {
        EXPECT_EQ(left, k) << "the left side is not a prefix";
        ++left;
        left_sum += in.work[order[k]];
      }
    EXPECT_NEAR(std::abs(left_sum - target), best, 1e-9 * total) << parts << " parts";
  }
}

TEST(Partition, MultiConstraintBalancesBothLoads) {
  PartitionInput in = plate_input(60, 40, 60, 40);
  // A rigid band: cheap, and no contact work.
  for (std::size_t e = 0; e < in.work.size(); ++e)
    if (in.centroids[e][1] > 30) {
      in.work[e] = 0.1;
      in.second_work[e] = 0;
    }
  const int parts = 4;
  const std::vector<int> part = partition_elements(in, parts, PartitionMethod::MetisMultiConstraint);
  EXPECT_LE(summarize_partition(in, part, parts).imbalance, 1.2);
  PartitionInput second = in;
  second.work = in.second_work;
  EXPECT_LE(summarize_partition(second, part, parts).imbalance, 1.2);
}

// A crash's contact pairs lie in one compact zone (the crush zone): here a
// 6 x 6 corner of the plate, 1.5 % of the shells. One RCB leaves the zone
// on one part; rcb-contact spreads it over all of them and still balances
// the work.
TEST(Partition, RcbContactSpreadsACompactContactZoneOverEveryPart) {
  PartitionInput in = plate_input(60, 40, 60, 40);
  for (std::size_t e = 0; e < in.work.size(); ++e) {
    const bool zone = in.centroids[e][0] < 6 && in.centroids[e][1] < 6;
    in.second_work[e] = zone ? 40.0 : 0.0;  // candidate pairs per cycle
    in.work[e] = 1.0 + 1.4 * in.second_work[e] / 40.0;
  }
  PartitionInput pairs = in;
  pairs.work = in.second_work;
  for (int parts : {2, 3, 4, 7}) {
    const std::vector<int> one_rcb = partition_elements(in, parts, PartitionMethod::Rcb);
    EXPECT_GE(summarize_partition(pairs, one_rcb, parts).imbalance, 2.0) << parts << " parts";
    const std::vector<int> part = partition_elements(in, parts, PartitionMethod::RcbContactApart);
    const auto size = part_sizes(part, parts);
    for (int p = 0; p < parts; ++p) EXPECT_GT(size[p], 0) << "part " << p;
    EXPECT_LE(summarize_partition(pairs, part, parts).imbalance, 1.3) << parts << " parts";
    EXPECT_LE(summarize_partition(in, part, parts).imbalance, 1.1) << parts << " parts";
    EXPECT_EQ(partition_elements(in, parts, PartitionMethod::RcbContactApart), part);
  }
}

TEST(Partition, SharedNodesAndNeighboursMatchABruteForceCount) {
  const PartitionInput in = plate_input(60, 40, 60, 40);
  for (PartitionMethod method : kMethods) {
    const int parts = 7;
    const std::vector<int> part = partition_elements(in, parts, method);
    std::map<std::int64_t, std::set<int>> touching;
    for (std::size_t e = 0; e < part.size(); ++e)
      for (std::int64_t n : in.nodes[e]) touching[n].insert(part[e]);
    std::vector<std::int64_t> shared(parts, 0);
    std::vector<std::set<int>> neighbours(parts);
    for (const auto& [node, set] : touching)
      if (set.size() > 1)
        for (int a : set) {
          ++shared[a];  // a node between parts a and b counts for both
          for (int b : set)
            if (a != b) neighbours[a].insert(b);
        }
    const PartitionSummary s = summarize_partition(in, part, parts);
    EXPECT_EQ(s.shared_nodes, shared) << partition_method_name(method);
    for (int p = 0; p < parts; ++p) {
      EXPECT_EQ(s.neighbours[p], static_cast<int>(neighbours[p].size()));
      EXPECT_GT(s.shared_nodes[p], 0);
    }
  }
}

TEST(Partition, RcbHalvesASquarePlateAlongOneStraightLine) {
  const PartitionInput in = plate_input(60, 40, 60, 40);
  const PartitionSummary s = summarize_partition(in, partition_elements(in, 2, PartitionMethod::Rcb), 2);
  EXPECT_EQ(s.shared_nodes, (std::vector<std::int64_t>{41, 41}));  // the line x = 30
  EXPECT_EQ(s.neighbours, (std::vector<int>{1, 1}));
  EXPECT_DOUBLE_EQ(s.imbalance, 1.0);
}

TEST(Partition, TrianglesArePartitionedByEveryMethod) {
  const PartitionInput in = triangle_input(30, 20);
  for (PartitionMethod method : kMethods) {
    const std::vector<int> part = partition_elements(in, 4, method);
    const auto size = part_sizes(part, 4);
    for (std::int64_t n : size) EXPECT_GT(n, 0) << partition_method_name(method);
    EXPECT_LE(summarize_partition(in, part, 4).imbalance, 1.2) << partition_method_name(method);
  }
}

TEST(Partition, MorePartsThanElementsLeavesAtMostOneElementPerPart) {
  const PartitionInput in = plate_input(3, 2, 3, 2);
  for (PartitionMethod method : kMethods)
    for (int parts : {6, 10}) {
      const std::vector<int> part = partition_elements(in, parts, method);
      ASSERT_EQ(part.size(), 6u);
      for (std::int64_t n : part_sizes(part, parts)) EXPECT_LE(n, 1) << partition_method_name(method);
    }
}

TEST(Partition, EmptyMeshAndZeroWorkAreHandled) {
  const PartitionInput empty;
  for (PartitionMethod method : kMethods) EXPECT_TRUE(partition_elements(empty, 3, method).empty());
  PartitionInput in = plate_input(10, 10, 10, 10);
  std::fill(in.work.begin(), in.work.end(), 0.0);  // no work: balance element counts
  for (PartitionMethod method : kMethods)
    for (std::int64_t n : part_sizes(partition_elements(in, 4, method), 4)) EXPECT_NEAR(n, 25, 3);
}

TEST(Partition, InconsistentInputIsRejected) {
  PartitionInput in = plate_input(4, 4, 4, 4);
  EXPECT_THROW(partition_elements(in, 0, PartitionMethod::Rcb), std::invalid_argument);
  PartitionInput bad_node = in;
  bad_node.nodes[3][2] = in.num_nodes;
  EXPECT_THROW(partition_elements(bad_node, 2, PartitionMethod::Metis), std::invalid_argument);
  PartitionInput bad_work = in;
  bad_work.work[1] = -1;
  EXPECT_THROW(partition_elements(bad_work, 2, PartitionMethod::Rcb), std::invalid_argument);
  PartitionInput short_work = in;
  short_work.work.pop_back();
  EXPECT_THROW(partition_elements(short_work, 2, PartitionMethod::Rcb), std::invalid_argument);
}

TEST(Partition, SummaryTableListsEveryPartOrMinAvgMax) {
  const PartitionInput in = plate_input(60, 40, 60, 40);
  std::ostringstream few, many;
  print_partition_summary(summarize_partition(in, partition_elements(in, 4, PartitionMethod::Rcb), 4),
                          PartitionMethod::Rcb, few);
  EXPECT_NE(few.str().find("partition rcb: 4 parts, imbalance 1.000"), std::string::npos) << few.str();
  EXPECT_EQ(few.str().find("min"), std::string::npos);
  print_partition_summary(summarize_partition(in, partition_elements(in, 40, PartitionMethod::Metis), 40),
                          PartitionMethod::Metis, many);
  EXPECT_NE(many.str().find("partition metis: 40 parts"), std::string::npos) << many.str();
  EXPECT_NE(many.str().find("max"), std::string::npos);
  EXPECT_NE(many.str().find("(36 more parts)"), std::string::npos) << many.str();
}

}  // namespace
}  // namespace mc
