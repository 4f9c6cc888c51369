// The contact search's broad phase at this run's thread count (ctest runs
// the binary at 1 and 2 threads): bucket_candidates finds exactly the
// (node, segment) pairs that a test of every node against every box finds,
// in the same order (by node, then segment), whatever the cell sizes and
// however many segments share a cell. The pairs' order is the order of the
// contact sums, so it must not depend on ncpu.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "contact/bucket_search.hpp"

namespace {

using Pairs = std::vector<std::pair<int, int>>;

bool inside(const double* p, const mc::SearchBoxes& boxes, int s) {
  for (int k = 0; k < 3; ++k)
    if (p[k] < boxes.lo[3 * s + k] || p[k] > boxes.hi[3 * s + k]) return false;
  return true;
}

template <class Keep>
Pairs every_pair(const std::vector<double>& points, const mc::SearchBoxes& boxes, Keep keep) {
  Pairs out;
  for (int n = 0; n < static_cast<int>(points.size() / 3); ++n)
    for (int s = 0; s < boxes.count(); ++s)
      if (inside(&points[3 * static_cast<std::size_t>(n)], boxes, s) && keep(n, s)) out.emplace_back(n, s);
  return out;
}

// Boxes of edge `size` (up to 4x for every tenth) in the unit cube, points
// in a slightly larger cube (some outside every box and the grid).
void random_model(int segments, int nodes, double size, unsigned seed, mc::SearchBoxes& boxes,
                  std::vector<double>& points) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> at(0.0, 1.0), wide(-0.05, 1.05);
  for (int s = 0; s < segments; ++s) {
    const double edge = s % 10 == 0 ? 4 * size : size;
    for (int k = 0; k < 3; ++k) {
      const double lo = at(rng);
      boxes.lo.push_back(lo);
      boxes.hi.push_back(lo + edge * (0.5 + at(rng)));
    }
  }
  for (int i = 0; i < 3 * nodes; ++i) points.push_back(wide(rng));
}

TEST(BucketSearch, FindsEveryPairInsideABoxInNodeThenSegmentOrder) {
  mc::SearchBoxes boxes;
  std::vector<double> points;
  random_model(3000, 4000, 0.05, 7, boxes, points);
  const auto all = [](int, int) { return true; };
  const Pairs expected = every_pair(points, boxes, all);
  ASSERT_GT(expected.size(), 1000u);  // the check must see many pairs
  EXPECT_EQ(mc::bucket_candidates(points, boxes, all), expected);
}

TEST(BucketSearch, KeepsOnlyWhatTheFilterKeeps) {
  mc::SearchBoxes boxes;
  std::vector<double> points;
  random_model(2000, 3000, 0.08, 11, boxes, points);
  const auto some = [](int n, int s) { return (n + 2 * s) % 3 != 0; };
  EXPECT_EQ(mc::bucket_candidates(points, boxes, some), every_pair(points, boxes, some));
}

// Hundreds of small segments in the cells of a few large ones: the cell
// follows the mean box, so the small ones crowd a few cells (buckets far
// above the 32 entries sorted in place).
TEST(BucketSearch, CrowdedCellsGiveTheSamePairs) {
  mc::SearchBoxes boxes;
  std::vector<double> points;
  random_model(40, 2000, 0.5, 13, boxes, points);
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> near(0.40, 0.45);
  for (int s = 0; s < 600; ++s)
    for (int k = 0; k < 3; ++k) {
      const double lo = near(rng);
      boxes.lo.push_back(lo);
      boxes.hi.push_back(lo + 0.01);
    }
  for (int i = 0; i < 3 * 2000; ++i) points.push_back(near(rng));
  const auto all = [](int, int) { return true; };
  const Pairs expected = every_pair(points, boxes, all);
  ASSERT_GT(expected.size(), 5000u);
  EXPECT_EQ(mc::bucket_candidates(points, boxes, all), expected);
}

TEST(BucketSearch, NoBoxesNoPairs) {
  const std::vector<double> points = {0, 0, 0, 1, 1, 1};
  EXPECT_TRUE(mc::bucket_candidates(points, mc::SearchBoxes{}, [](int, int) { return true; }).empty());
}

}  // namespace
