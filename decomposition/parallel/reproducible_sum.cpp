#include "decomposition/parallel/reproducible_sum.hpp"

#include <cmath>
#include <cstring>
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

void ReproducibleSum::add(double term) {
  if (top_ == kNotFinite || term == 0) return;
  // term = +-m 2^low with m an integer of up to 53 bits, read from the bits
  // (frexp and ldexp cost more than the rest of this function).
  std::uint64_t bits;
  std::memcpy(&bits, &term, sizeof bits);
  const auto biased = static_cast<std::int64_t>((bits >> 52) & 0x7ff);
  if (biased == 0x7ff) {
    top_ = kNotFinite;
    return;
  }
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t m = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const std::int64_t low = biased == 0 ? -1074 : biased - 1075;
  const std::int64_t high = low + 63 - __builtin_clzll(m);  // the leading bit's position
  const std::int64_t top = floor_div(high, kBinBits);
  if (top_ == kEmpty || top > top_) keep_from(top);
  const std::uint64_t mask = (std::uint64_t{1} << kBinBits) - 1;
  const bool negative = bits >> 63;
  for (int i = 0; i < kBins; ++i) {
    const std::int64_t shift = (top_ - i) * kBinBits - low;  // bin start relative to m's bit 0
    std::uint64_t piece = 0;
    if (shift >= 0)
      piece = shift < 64 ? (m >> shift) & mask : 0;
    else if (shift > -64)
      piece = (m << -shift) & mask;
    const auto signed_piece = static_cast<std::int64_t>(piece);
    bins_[i] += negative ? -signed_piece : signed_piece;
  }
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
