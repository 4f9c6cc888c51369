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
