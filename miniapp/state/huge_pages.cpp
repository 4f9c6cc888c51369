#include "miniapp/state/huge_pages.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "miniapp/state/state_memory.hpp"

#ifdef __linux__
#include <sys/mman.h>
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25  // Linux 6.1's value (asm-generic/mman-common.h); older kernels answer EINVAL
#endif
#endif

namespace mc {
namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;

struct Stretch {
  std::uintptr_t begin, end;
};

// 0, or the errno of the kernel's refusal to keep [first, last) in huge pages.
int advise_huge(std::uintptr_t first, std::uintptr_t last) {
#ifdef __linux__
  void* start = reinterpret_cast<void*>(first);
  const std::size_t length = last - first;
  if (madvise(start, length, MADV_HUGEPAGE) != 0 || madvise(start, length, MADV_COLLAPSE) != 0) return errno;
  return 0;
#else
  (void)first, (void)last;
  return ENOSYS;
#endif
}

// Backs the whole 2 MiB pages of `s` (none: 0), adding them to `backed`.
int back(const Stretch& s, std::vector<Stretch>& backed) {
  const std::uintptr_t first = (s.begin + kHugePage - 1) & ~(kHugePage - 1), last = s.end & ~(kHugePage - 1);
  if (last <= first) return 0;
  const int refused = advise_huge(first, last);
  if (refused == 0) backed.push_back({first, last});
  return refused;
}

// Bytes of the arrays inside the backed stretches.
std::size_t bytes_inside(const std::vector<Stretch>& arrays, const std::vector<Stretch>& backed) {
  std::size_t inside = 0;
  for (const Stretch& a : arrays)
    for (const Stretch& b : backed) {
      const std::uintptr_t lo = std::max(a.begin, b.begin), hi = std::min(a.end, b.end);
      if (lo < hi) inside += hi - lo;
    }
  return inside;
}

}  // namespace

PageBacking back_with_huge_pages(const std::vector<ArraySpan>& arrays) {
  PageBacking backing;
  std::vector<Stretch> pieces;
  for (const ArraySpan& a : arrays) {
    backing.bytes += a.bytes;
    const auto begin = reinterpret_cast<std::uintptr_t>(a.data);
    if (a.data != nullptr && a.bytes > 0) pieces.push_back({begin, begin + a.bytes});
  }
  std::sort(pieces.begin(), pieces.end(), [](const Stretch& a, const Stretch& b) { return a.begin < b.begin; });
  std::vector<Stretch> joined;
  for (const Stretch& p : pieces) {
    if (!joined.empty() && p.begin < joined.back().end + kHugePage)
      joined.back().end = std::max(joined.back().end, p.end);
    else
      joined.push_back(p);
  }
  std::vector<Stretch> backed;
  std::size_t next = 0;  // the first piece not yet inside a joined stretch
  for (const Stretch& j : joined) {
    const std::size_t first_piece = next;
    while (next < pieces.size() && pieces[next].begin < j.end) ++next;
    int refused = back(j, backed);
    if (refused == ENOMEM) {  // the stretch spans unmapped memory: its arrays one by one
      refused = 0;
      for (std::size_t p = first_piece; p < next; ++p)
        if (const int r = back(pieces[p], backed); r != 0 && refused == 0) refused = r;
    }
    if (refused != 0 && backing.error == 0) backing.error = refused;
  }
  backing.huge_bytes = bytes_inside(pieces, backed);
  return backing;
}

PageBacking back_state_with_huge_pages(const State& s, bool huge_pages) {
  if (!huge_pages) return PageBacking{state_bytes(s), 0, 0};
  std::vector<ArraySpan> arrays;
  for_each_state_array(s, [&](const void* data, std::size_t bytes) { arrays.push_back({data, bytes}); });
  return back_with_huge_pages(arrays);
}

std::string describe_page_backing(const PageBacking& b) {
  char text[160];
  const double mib = double(b.bytes) / double(1 << 20);
  const double share = b.bytes > 0 ? 100.0 * double(b.huge_bytes) / double(b.bytes) : 0.0;
  std::snprintf(text, sizeof text, "%.1f%% of %.1f MiB in 2 MiB pages", share, mib);
  std::string s = text;
  if (b.error != 0) s += std::string(" (the kernel refused some: ") + std::strerror(b.error) + ")";
  return s;
}

}  // namespace mc
