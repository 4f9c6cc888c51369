// The solver state's large arrays backed by 2 MiB pages (transparent huge
// pages). The element and node phases stream some 770 and 400 B an element-
// and node-cycle through arrays of tens to hundreds of MB: with 4 KiB pages
// every 4 KiB costs a TLB miss and a new start of the hardware prefetcher's
// stream. Debian and Ubuntu leave huge pages to madvise() (the kernel's
// "madvise" mode), so a program that does not ask gets 4 KiB pages.
// Measured on a 2-vCPU EPYC VM (docs/speed.md#huge-pages): the 200 000-shell
// plate's element phase 0.96x and node phase 0.91x the time in 4 KiB pages.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "miniapp/state/state.hpp"

namespace mc {

struct PageBacking {
  std::size_t bytes = 0;       // the arrays' bytes
  std::size_t huge_bytes = 0;  // of those, bytes the kernel now keeps in 2 MiB pages
  int error = 0;               // errno of the first request the kernel refused (0: none)
};

// One array: where it starts and its bytes.
struct ArraySpan {
  const void* data = nullptr;
  std::size_t bytes = 0;
};

// Asks the kernel to keep the arrays in 2 MiB pages: arrays that lie less
// than 2 MiB apart are taken as one stretch (the many arrays of one or two
// MiB a state has lie side by side in the heap), and each stretch's whole
// 2 MiB-aligned pages get MADV_HUGEPAGE (for pages not yet touched) and
// MADV_COLLAPSE (Linux 6.1; pages already touched are copied into huge
// pages at once). What else lies in those pages (another array, the heap's
// own bytes) moves with them; contents never change. A stretch with a hole
// the kernel refuses (ENOMEM) is asked again array by array.
PageBacking back_with_huge_pages(const std::vector<ArraySpan>& arrays);

// The same for every array of the state (state_memory.hpp's list) where
// `huge_pages` (huge_pages=1); else only the state's bytes, none backed.
PageBacking back_state_with_huge_pages(const State& state, bool huge_pages = true);

// "97.3% of 35.2 MiB in 2 MiB pages" or why none are.
std::string describe_page_backing(const PageBacking& backing);

}  // namespace mc
