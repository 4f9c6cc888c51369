// The shell kernel's gather of its corner nodes' x, v and w
// (Lanes::gather_triples, simd.hpp): three packs, lane l holding the triple
// at base + offset[l]. With AVX-512 floats each triple is one masked load
// and a transpose in registers; every path must put every value in its
// place, also for a node at the very end of its array (the masked load
// must not need the float after it).
#include <gtest/gtest.h>

#include <vector>

#include "miniapp/elements/simd.hpp"

namespace mc {
namespace {

using L = Lanes<SimdReal>;

// node n's component d holds 10 n + d; lane l takes node nodes[l].
void expect_triples(const std::vector<int>& nodes, int node_count) {
  std::vector<Real> base(3 * node_count);
  for (int n = 0; n < node_count; ++n)
    for (int d = 0; d < 3; ++d) base[3 * n + d] = Real(10 * n + d);
  int offset[kPackWidth];
  for (int l = 0; l < kPackWidth; ++l) offset[l] = 3 * nodes[l];
  SimdReal out[3];
  L::gather_triples(base.data(), offset, out);
  for (int l = 0; l < kPackWidth; ++l)
    for (int d = 0; d < 3; ++d)
      EXPECT_EQ(L::get(out[d], l), Real(10 * nodes[l] + d)) << "lane " << l << ", component " << d;
}

TEST(GatherTriples, EveryLaneAndComponentInPlace) {
  std::vector<int> nodes(kPackWidth);
  for (int l = 0; l < kPackWidth; ++l) nodes[l] = (7 * l + 3) % (2 * kPackWidth);  // scattered, some nodes twice
  expect_triples(nodes, 2 * kPackWidth);
}

TEST(GatherTriples, TheLastNodeOfTheArray) {
  std::vector<int> nodes(kPackWidth);
  for (int l = 0; l < kPackWidth; ++l) nodes[l] = kPackWidth - 1 - l;  // lane 0 takes the last node
  expect_triples(nodes, kPackWidth);
}

TEST(GatherTriples, ScalarPathTakesTheOneNode) {
  const Real base[6] = {1, 2, 3, 4, 5, 6};
  const int offset[1] = {3};
  Real out[3];
  Lanes<Real>::gather_triples(base, offset, out);
  EXPECT_EQ(out[0], 4);
  EXPECT_EQ(out[1], 5);
  EXPECT_EQ(out[2], 6);
}

}  // namespace
}  // namespace mc
