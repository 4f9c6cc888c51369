// The state's arrays kept in 2 MiB pages (huge_pages.hpp): contents never
// change, arrays less than 2 MiB apart are backed as one stretch, a stretch
// over unmapped memory falls back to its arrays one by one, and the kernel's
// own account (/proc/self/smaps) shows the pages it reports as backed. A
// kernel without MADV_COLLAPSE (before Linux 6.1) or without transparent huge
// pages refuses: then nothing may be counted as backed.
#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "miniapp/driver/options.hpp"
#include "miniapp/state/huge_pages.hpp"
#include "option_error.hpp"

namespace mc {
namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

// A 2 MiB-aligned stretch of `mib` MiB of fresh anonymous memory, each byte
// set to a pattern of its offset; unmapped when the test ends.
class Region {
 public:
  explicit Region(std::size_t mib) : length_(mib * kMiB + 2 * kMiB) {
    raw_ = mmap(nullptr, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!mapped()) return;
    const auto at = reinterpret_cast<std::uintptr_t>(raw_);
    base_ = reinterpret_cast<unsigned char*>((at + 2 * kMiB - 1) & ~(std::uintptr_t(2 * kMiB) - 1));
    for (std::size_t i = 0; i < mib * kMiB; ++i) base_[i] = pattern(i);
  }
  ~Region() {
    if (mapped()) munmap(raw_, length_);
  }
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

  bool mapped() const { return raw_ != MAP_FAILED; }
  unsigned char* at(std::size_t mib) const { return base_ + mib * kMiB; }
  static unsigned char pattern(std::size_t i) { return static_cast<unsigned char>((i * 2654435761u) >> 13); }
  bool intact(std::size_t from_mib, std::size_t to_mib) const {
    for (std::size_t i = from_mib * kMiB; i < to_mib * kMiB; ++i)
      if (base_[i] != pattern(i)) return false;
    return true;
  }

 private:
  std::size_t length_;
  void* raw_;
  unsigned char* base_ = nullptr;
};

// The kernel's AnonHugePages (kB) of the mapping that holds `address`.
long anon_huge_kb_at(const void* address) {
  std::ifstream smaps("/proc/self/smaps");
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= a && a < hi;
      continue;
    }
    if (inside && line.rfind("AnonHugePages:", 0) == 0) return std::stol(line.substr(14));
  }
  return -1;
}

TEST(HugePages, ArraysCloserThanAPageAreBackedAsOneStretch) {
  Region region(10);
  ASSERT_TRUE(region.mapped());
  // A: MiB 0-3, a 1 MiB gap, B: MiB 4-9. As one stretch the whole pages are
  // MiB 0-8: A's 3 MiB and B's 4; each alone would give 2 + 4.
  const PageBacking b = back_with_huge_pages({{region.at(0), 3 * kMiB}, {region.at(4), 5 * kMiB}});
  EXPECT_EQ(b.bytes, 8 * kMiB);
  EXPECT_TRUE(region.intact(0, 10));
  if (b.error != 0) {
    EXPECT_EQ(b.huge_bytes, 0u) << std::strerror(b.error);
    GTEST_SKIP() << "the kernel keeps no huge pages here: " << std::strerror(b.error);
  }
  EXPECT_EQ(b.huge_bytes, 7 * kMiB);
  EXPECT_GE(anon_huge_kb_at(region.at(0)), 8 * 1024);  // the kernel's own account: MiB 0-8 in huge pages
}

TEST(HugePages, AStretchOverUnmappedMemoryFallsBackToItsArrays) {
  Region region(10);
  ASSERT_TRUE(region.mapped());
  ASSERT_EQ(munmap(region.at(3), kMiB), 0);  // the gap between A and B is a hole
  const PageBacking b = back_with_huge_pages({{region.at(0), 3 * kMiB}, {region.at(4), 5 * kMiB}});
  EXPECT_TRUE(region.intact(0, 3));
  EXPECT_TRUE(region.intact(4, 10));
  if (b.error != 0) {
    EXPECT_EQ(b.huge_bytes, 0u);
    GTEST_SKIP() << "the kernel keeps no huge pages here: " << std::strerror(b.error);
  }
  EXPECT_EQ(b.huge_bytes, 6 * kMiB);  // A's MiB 0-2 and B's MiB 4-8
}

TEST(HugePages, SmallArraysAreCountedButNotBacked) {
  Region region(4);
  ASSERT_TRUE(region.mapped());
  const PageBacking b = back_with_huge_pages({{region.at(0) + 4096, kMiB}, {nullptr, 0}});
  EXPECT_EQ(b.bytes, kMiB);
  EXPECT_EQ(b.huge_bytes, 0u);
  EXPECT_EQ(b.error, 0);  // nothing asked of the kernel
  EXPECT_EQ(describe_page_backing(b), "0.0% of 1.0 MiB in 2 MiB pages");
}

TEST(HugePages, OptionIsAFlag) {
  EXPECT_TRUE(parse_options({"i=d.k"}).huge_pages);
  EXPECT_FALSE(parse_options({"i=d.k", "huge_pages=0"}).huge_pages);
  EXPECT_FALSE(parse_options({"i=d.k", "--huge-pages", "0"}).huge_pages);
  EXPECT_EQ(test::option_error({"i=d.k", "huge_pages=2"}), "command line: huge_pages must be 0 or 1");
}

}  // namespace
}  // namespace mc
