#include "decomposition/parallel/reproducible_sum.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mc {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

}  // namespace

void ReproducibleSum::keep_from(std::int64_t top) {
  if (top_ == kEmpty) {
    top_ = top;
    return;
  }
  const std::int64_t shift = top - top_;
  if (shift == 0) return;
  for (int i = kBins - 1; i >= 0; --i) bins_[i] = i >= shift ? bins_[i - shift] : 0;
  top_ = top;
}

// GCC vectorises add_all's loops with 256-bit vectors by default even where
// AVX-512 is there; its integer shifts and adds take 512 as readily.
#if defined(__AVX512F__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target("prefer-vector-width=512")))
#endif
void ReproducibleSum::add_all(const double* terms, std::size_t n) {
  constexpr std::uint64_t kMagnitude = ~(std::uint64_t{1} << 63), kInfinity = std::uint64_t{0x7ff} << 52;
  if (top_ == kNotFinite) return;
  // A finite double's magnitude bits order as its magnitude; inf and NaN lie above.
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &terms[i], sizeof bits);
    largest = std::max(largest, bits & kMagnitude);
  }
  if (largest >= kInfinity) {
    top_ = kNotFinite;
    return;
  }
  if (largest == 0) return;  // zeros only: add() leaves the sum as it was
  const auto largest_biased = static_cast<std::int64_t>(largest >> 52);
  const std::int64_t high = largest_biased == 0 ? 63 - __builtin_clzll(largest) - 1074 : largest_biased - 1023;
  const std::int64_t top = high >> 5;  // floor(high / 32), as add() takes it
  if (top_ == kEmpty || top > top_) keep_from(top);
  // Term = +-m 2^low. Relative to the lowest kept bin's first bit its bits
  // start at s = low - base < 44 (its leading bit lies below the top bin's
  // end, 96, and m has 53 bits), so m 2^s fits two 64-bit words: the low
  // word holds the two lower bins, the high word the top one.
  static_assert(kBinBits == 32 && kBins == 3, "the words below hold three 32-bit bins");
  const std::int64_t base = (top_ - (kBins - 1)) * kBinBits;
  const std::uint64_t mask = (std::uint64_t{1} << kBinBits) - 1;
  std::int64_t bin0 = 0, bin1 = 0, bin2 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto [m, low, negative] = split(terms[i]);  // -x below is (x ^ -1) + 1
    const std::int64_t s = low - base;
    const std::uint64_t low_word = s >= 0 ? m << s : (s > -64 ? m >> -s : 0);
    const std::uint64_t high_word = s > 0 ? m >> (64 - s) : 0;
    bin0 += (static_cast<std::int64_t>(high_word & mask) ^ -negative) + negative;
    bin1 += (static_cast<std::int64_t>(low_word >> kBinBits) ^ -negative) + negative;
    bin2 += (static_cast<std::int64_t>(low_word & mask) ^ -negative) + negative;
  }
  bins_[0] += bin0;
  bins_[1] += bin1;
  bins_[2] += bin2;
}

void ReproducibleSum::add(const ReproducibleSum& other) {
  if (top_ == kNotFinite || other.top_ == kEmpty) return;
  if (other.top_ == kNotFinite) {
    top_ = kNotFinite;
    return;
  }
  if (top_ == kEmpty || other.top_ > top_) keep_from(other.top_);
  const std::int64_t shift = top_ - other.top_;
  for (int i = 0; i + shift < kBins; ++i) bins_[i + shift] += other.bins_[i];
}

double ReproducibleSum::value() const {
  if (top_ == kEmpty) return 0;
  if (top_ == kNotFinite) return std::numeric_limits<double>::quiet_NaN();
  // Carry up so that every bin below the first lies in [0, 2^32); the first
  // takes the sign. Then the three parts add with at most one rounding each.
  std::int64_t bins[kBins];
  for (int i = 0; i < kBins; ++i) bins[i] = bins_[i];
  for (int i = kBins - 1; i > 0; --i) {
    const std::int64_t carry = floor_div(bins[i], std::int64_t{1} << kBinBits);
    bins[i] -= carry * (std::int64_t{1} << kBinBits);
    bins[i - 1] += carry;
  }
  double sum = 0;
  for (int i = kBins - 1; i >= 0; --i)
    sum += std::ldexp(static_cast<double>(bins[i]), static_cast<int>((top_ - i) * kBinBits));
  return sum;
}

}  // namespace mc
