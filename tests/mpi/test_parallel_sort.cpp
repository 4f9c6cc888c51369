// parallel_sort at this run's thread count (ctest runs the binary at 1 and 2
// threads) gives std::sort's order: the contact search sorts each slot's
// contributions with it, and the order of the sums that follow must not
// depend on ncpu.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "decomposition/parallel/parallel_sort.hpp"

namespace {

// Distinct pairs with many equal first members.
std::vector<std::pair<long long, int>> entries(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<long long> cell(0, n / 8);
  std::vector<std::pair<long long, int>> v;
  for (int s = 0; s < n; ++s) v.emplace_back(cell(rng), s);
  std::shuffle(v.begin(), v.end(), rng);
  return v;
}

TEST(ParallelSort, ManyBlocksGiveStdSortsOrder) {
  for (int n : {100003, 16385, 49152}) {  // uneven, one past a block, whole blocks
    auto v = entries(n, static_cast<unsigned>(n));
    auto expected = v;
    std::sort(expected.begin(), expected.end());
    mc::parallel_sort(v);
    EXPECT_EQ(v, expected) << n << " entries";
  }
}

TEST(ParallelSort, ShortAndEmptyLists) {
  auto v = entries(1000, 3);
  auto expected = v;
  std::sort(expected.begin(), expected.end());
  mc::parallel_sort(v);
  EXPECT_EQ(v, expected);
  std::vector<int> empty;
  mc::parallel_sort(empty);
  EXPECT_TRUE(empty.empty());
}

}  // namespace
