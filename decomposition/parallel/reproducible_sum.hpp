// A sum whose result does not depend on the order of its terms, so it is the
// same at every rank count: rigid-body totals and wall impulses move the
// model, and a plain MPI_SUM of per-rank partial sums differs in the last
// bits with the decomposition.
//
// Binned summation (Demmel & Nguyen, "Parallel reproducible summation",
// IEEE Trans. Computers 64(7), 2015): every term is cut at fixed, absolute
// bit positions (bins of kBinBits bits) and each bin adds its pieces as an
// integer, exactly. A sum keeps the kBins bins from the one holding its
// largest term down; pieces in lower bins are dropped. Which pieces are
// dropped depends only on the largest term of the whole sum, never on how
// the terms were grouped, and carries stay in their bin until value(), so
// any grouping (threads, ranks, MPI's reduction tree) gives the same bins
// and the same double. Kept bits: about 64 below the largest term, against
// 53 for a double.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mc {

class ReproducibleSum {
 public:
  static constexpr int kBins = 3;
  static constexpr int kBinBits = 32;

  inline void add(double term);
  // The bins add(t) for each of the n terms in turn would leave, in two
  // passes the compiler vectorises: the largest magnitude fixes the top bin
  // once, then every term's pieces add without add()'s per-term branches.
  // The rigid-body sums add 16 terms a node every cycle, a block of nodes at a time.
  void add_all(const double* terms, std::size_t n);
  void add(const ReproducibleSum& other);
  ReproducibleSum& operator+=(double term) {
    add(term);
    return *this;
  }
  // The exact integer the bins hold, rounded to a double (NaN once a term was
  // not finite).
  double value() const;

 private:
  static constexpr std::int64_t kEmpty = INT64_MIN, kNotFinite = INT64_MAX;
  // A finite double as +-m 2^low, m an integer of up to 53 bits, read from
  // its bits (frexp and ldexp cost more than the rest of add()).
  struct Split {
    std::uint64_t m;
    std::int64_t low;
    std::int64_t negative;  // 0 or 1
  };
  static Split split(double term) {
    std::uint64_t bits;
    std::memcpy(&bits, &term, sizeof bits);
    const auto biased = static_cast<std::int64_t>((bits >> 52) & 0x7ff);
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
    return {biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52), biased == 0 ? -1074 : biased - 1075,
            static_cast<std::int64_t>(bits >> 63)};
  }
  void keep_from(std::int64_t top);  // realign to a higher (or equal) top bin
  std::int64_t top_ = kEmpty;          // index of bins_[0]: it holds bits [top*32, top*32+32)
  std::int64_t bins_[kBins] = {0, 0, 0};  // bins_[i] is bin top - i; signed, carries stay in place
};

void ReproducibleSum::add(double term) {
  if (top_ == kNotFinite || term == 0) return;
  if (!std::isfinite(term)) {
    top_ = kNotFinite;
    return;
  }
  const auto [m, low, negative] = split(term);
  const std::int64_t high = low + 63 - __builtin_clzll(m);  // the leading bit's position
  static_assert(kBinBits == 32 && kBins == 3, "the window below holds 96 bits");
  const std::int64_t top = high >> 5;  // floor(high / 32): an arithmetic shift
  if (top_ == kEmpty || top > top_) keep_from(top);
  // The kept bits of m, from the lowest bin's first bit up: its leading bit
  // lies below (top_ + 1) * 32, so the window never exceeds 96 bits.
  const std::int64_t shift = (top_ - (kBins - 1)) * kBinBits - low;
  __extension__ using Window = unsigned __int128;  // GCC and Clang on 64-bit targets
  const Window window = shift >= 0 ? Window{shift < 64 ? m >> shift : 0} : Window{m} << -shift;
  const std::uint64_t mask = (std::uint64_t{1} << kBinBits) - 1;
  for (int i = 0; i < kBins; ++i) {
    const auto part = static_cast<std::uint64_t>(window >> ((kBins - 1 - i) * kBinBits));
    const auto piece = static_cast<std::int64_t>(part & mask);
    bins_[i] += negative ? -piece : piece;
  }
}

// Plain data: MPI moves it as kBins + 1 int64 (Communicator::allreduce_sum).
static_assert(sizeof(ReproducibleSum) == (ReproducibleSum::kBins + 1) * sizeof(std::int64_t));

}  // namespace mc
