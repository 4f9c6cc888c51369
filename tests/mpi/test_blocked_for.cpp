// for_list_blocks at this run's thread count (ctest runs the binary at 1 and
// 2 threads): every item is visited once, lists joined in block order are the
// serial list, and reproducible sums of the blocks' partials are the serial
// sum bit for bit. The contact search, rigid-body sums and rigid walls rely
// on all three for results that do not depend on ncpu.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "decomposition/parallel/blocked_for.hpp"
#include "decomposition/parallel/reproducible_sum.hpp"

namespace {

constexpr std::size_t kItems = 10 * mc::kListBlock + 17;  // ten full blocks and a short one

// Terms of both signs over many decades: a plain double sum of them depends on the order.
double term(std::size_t i) {
  const double sign = i % 3 == 0 ? -1.0 : 1.0;
  return sign * std::pow(10.0, static_cast<double>(i % 29) - 14) / (1.0 + static_cast<double>(i));
}

TEST(BlockedFor, VisitsEveryItemOnce) {
  std::vector<int> visits(kItems, 0);
  mc::for_list_blocks("test::visits", kItems, [&](int, std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last; ++i) visits[i] += 1;
  });
  for (std::size_t i = 0; i < kItems; ++i) ASSERT_EQ(visits[i], 1) << "item " << i;
}

// The items a filter keeps, listed per block and joined in block order.
template <class Schedule>
std::vector<std::size_t> joined_lists() {
  std::vector<std::vector<std::size_t>> found(static_cast<std::size_t>(mc::list_blocks(kItems)));
  mc::for_list_blocks<Schedule>("test::lists", kItems, [&](int b, std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last; ++i)
      if (i % 7 == 0 || i % 11 == 0) found[static_cast<std::size_t>(b)].push_back(i);
  });
  std::vector<std::size_t> joined;
  for (const auto& block : found) joined.insert(joined.end(), block.begin(), block.end());
  return joined;
}

TEST(BlockedFor, ListsJoinedInBlockOrderAreTheSerialList) {
  std::vector<std::size_t> serial;
  for (std::size_t i = 0; i < kItems; ++i)
    if (i % 7 == 0 || i % 11 == 0) serial.push_back(i);
  EXPECT_EQ(joined_lists<Kokkos::Static>(), serial);
  EXPECT_EQ(joined_lists<Kokkos::Dynamic>(), serial);  // blocks taken by whichever thread is free
}

TEST(BlockedFor, BlockPartialSumsAreTheSerialSum) {
  std::vector<mc::ReproducibleSum> partial(static_cast<std::size_t>(mc::list_blocks(kItems)));
  mc::for_list_blocks("test::sums", kItems, [&](int b, std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last; ++i) partial[static_cast<std::size_t>(b)] += term(i);
  });
  mc::ReproducibleSum joined, serial;
  for (const auto& p : partial) joined.add(p);
  for (std::size_t i = 0; i < kItems; ++i) serial += term(i);
  EXPECT_EQ(joined.value(), serial.value());
}

TEST(BlockedFor, AShortListIsOneBlock) {
  int calls = 0;
  mc::for_list_blocks("test::short", mc::kListBlock, [&](int b, std::size_t first, std::size_t last) {
    calls += 1;
    EXPECT_EQ(b, 0);
    EXPECT_EQ(first, 0u);
    EXPECT_EQ(last, mc::kListBlock);
  });
  EXPECT_EQ(calls, 1);
}

TEST(BlockedFor, AnEmptyListHasNoBlocks) {
  int calls = 0;
  mc::for_list_blocks("test::empty", 0, [&](int, std::size_t, std::size_t) { calls += 1; });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(mc::list_blocks(0), 0);
}

// Rigid bodies of very different sizes, and empty ones (a rank holding none
// of a body's nodes), cut into blocks together.
TEST(BlockedFor, SeveralListsShareOnePassAndKeepTheirOrder) {
  const std::vector<std::size_t> sizes = {0, 3 * mc::kListBlock + 5, 4, 0, mc::kListBlock, 1};
  const std::vector<int> offsets = mc::list_block_offsets(sizes);
  EXPECT_EQ(offsets, (std::vector<int>{0, 0, 4, 5, 5, 6, 7}));
  std::vector<std::vector<int>> visits;
  for (std::size_t size : sizes) visits.emplace_back(size, 0);
  std::vector<mc::ReproducibleSum> partial(static_cast<std::size_t>(offsets.back()));
  mc::for_lists_blocks("test::lists_blocks", sizes, offsets,
                       [&](std::size_t l, int b, std::size_t first, std::size_t last) {
                         EXPECT_GE(b, offsets[l]);
                         EXPECT_LT(b, offsets[l + 1]);
                         EXPECT_EQ(first, static_cast<std::size_t>(b - offsets[l]) * mc::kListBlock);
                         for (std::size_t i = first; i < last; ++i) {
                           visits[l][i] += 1;
                           partial[static_cast<std::size_t>(b)] += term(i + 1000 * l);
                         }
                       });
  for (std::size_t l = 0; l < sizes.size(); ++l) {
    for (std::size_t i = 0; i < sizes[l]; ++i) ASSERT_EQ(visits[l][i], 1) << "list " << l << " item " << i;
    mc::ReproducibleSum joined, serial;
    for (int b = offsets[l]; b < offsets[l + 1]; ++b) joined.add(partial[static_cast<std::size_t>(b)]);
    for (std::size_t i = 0; i < sizes[l]; ++i) serial += term(i + 1000 * l);
    EXPECT_EQ(joined.value(), serial.value()) << "list " << l;
  }
}

}  // namespace
