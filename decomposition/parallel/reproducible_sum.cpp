#include "decomposition/parallel/reproducible_sum.hpp"

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

void ReproducibleSum::add(double term) {
  if (top_ == kNotFinite || term == 0) return;
  if (!std::isfinite(term)) {
    top_ = kNotFinite;
    return;
  }
  // term = +-m 2^low with m an integer of 53 bits (exact for subnormals too).
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(term), &exponent);
  const auto m = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  const std::int64_t low = exponent - 53;
  const std::int64_t top = floor_div(exponent - 1, kBinBits);
  if (top_ == kEmpty || top > top_) keep_from(top);
  const std::uint64_t mask = (std::uint64_t{1} << kBinBits) - 1;
  for (int i = 0; i < kBins; ++i) {
    const std::int64_t shift = (top_ - i) * kBinBits - low;  // bin start relative to m's bit 0
    std::uint64_t piece = 0;
    if (shift >= 0)
      piece = shift < 64 ? (m >> shift) & mask : 0;
    else if (shift > -64)
      piece = (m << -shift) & mask;
    const auto signed_piece = static_cast<std::int64_t>(piece);
    bins_[i] += term < 0 ? -signed_piece : signed_piece;
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
