// The shell kernel's corner stores (store_lane_major, simd.hpp): six packs
// written lane-major, each lane's six components side by side as the node
// gather reads them. With AVX-512 (8 doubles or 16 floats) the transpose
// runs in registers where the corner starts a cache line, its stores
// streamed past the cache or not; every path must put every value in its
// place.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "miniapp/elements/simd.hpp"

namespace mc {
namespace {

// Writes six packs whose values name their component and lane to dst and
// checks dst[6 l + d] = v[d][l].
void expect_lane_major(Real* dst, bool stream) {
  SimdReal v[6];
  for (int d = 0; d < 6; ++d) v[d] = SimdReal([&](auto l) { return Real(10 * int(l) + d); });
  store_lane_major(v, dst, stream);
  fence_streamed_stores();
  for (int l = 0; l < kPackWidth; ++l)
    for (int d = 0; d < 6; ++d) EXPECT_EQ(dst[6 * l + d], Real(10 * l + d)) << "lane " << l << ", component " << d;
}

TEST(StoreLaneMajor, EveryLaneAndComponentInPlaceOnALineBoundary) {
  std::vector<Real> buffer(6 * kPackWidth + 64);
  Real* aligned = buffer.data();
  while (reinterpret_cast<std::uintptr_t>(aligned) % 64 != 0) ++aligned;
  expect_lane_major(aligned, true);
  expect_lane_major(aligned, false);
}

TEST(StoreLaneMajor, EveryLaneAndComponentInPlaceOffALineBoundary) {
  std::vector<Real> buffer(6 * kPackWidth + 64);
  Real* aligned = buffer.data();
  while (reinterpret_cast<std::uintptr_t>(aligned) % 64 != 0) ++aligned;
  expect_lane_major(aligned + 1, true);  // the lane-by-lane path
}

// The kernel takes the streamed path only where a pack's corner starts a
// cache line: the corner array's allocation must be on one.
TEST(StoreLaneMajor, TheCornerArrayStartsOnACacheLine) {
  CornerForceView corners("corners", 4, 3);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(corners.data()) % 64, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&corner_force(corners, kPackWidth, 1, 0)) % 64, 0u);
}

}  // namespace
}  // namespace mc
