// ReproducibleSum: the same bits for any order or grouping of the terms,
// within a few units of the last place of the exact sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "decomposition/parallel/reproducible_sum.hpp"

namespace {

using mc::ReproducibleSum;

// Terms of mixed sign over 40 decades, as a rigid body's moment sums see them.
std::vector<double> mixed_terms(int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> decade(-30, 10);
  std::vector<double> terms(static_cast<std::size_t>(n));
  for (double& t : terms) t = mantissa(rng) * std::pow(10.0, decade(rng));
  return terms;
}

double sum_of(const std::vector<double>& terms) {
  ReproducibleSum s;
  for (double t : terms) s += t;
  return s.value();
}

TEST(ReproducibleSum, AnyOrderGivesTheSameBits) {
  std::vector<double> terms = mixed_terms(5000, 7);
  const double forward = sum_of(terms);
  std::reverse(terms.begin(), terms.end());
  EXPECT_EQ(sum_of(terms), forward);
  std::sort(terms.begin(), terms.end(), [](double a, double b) { return std::fabs(a) < std::fabs(b); });
  EXPECT_EQ(sum_of(terms), forward);
  std::shuffle(terms.begin(), terms.end(), std::mt19937_64(3));
  EXPECT_EQ(sum_of(terms), forward);
}

TEST(ReproducibleSum, AnyGroupingGivesTheSameBits) {
  const std::vector<double> terms = mixed_terms(5000, 11);
  const double whole = sum_of(terms);
  for (int groups : {2, 3, 7, 64}) {
    // Interleaved groups (as ranks holding every groups-th node), merged last first.
    std::vector<ReproducibleSum> partial(static_cast<std::size_t>(groups));
    for (std::size_t i = 0; i < terms.size(); ++i) partial[i % static_cast<std::size_t>(groups)] += terms[i];
    ReproducibleSum merged;
    for (auto g = partial.rbegin(); g != partial.rend(); ++g) merged.add(*g);
    EXPECT_EQ(merged.value(), whole) << groups << " groups";
  }
}

TEST(ReproducibleSum, WithinOneUlpOfTheExactSum) {
  // Multiples of 2^-40 below 2^10: the window keeps all their bits and an
  // 80-bit long double adds 20 000 of them exactly, so value() is off the
  // exact sum only by its final rounding.
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<std::int64_t> units(-(std::int64_t{1} << 50), std::int64_t{1} << 50);
  ReproducibleSum s;
  long double exact = 0;
  for (int i = 0; i < 20000; ++i) {
    const double t = std::ldexp(static_cast<double>(units(rng)), -40);
    s += t;
    exact += t;
  }
  const double rounded = static_cast<double>(exact);
  EXPECT_LE(std::fabs(s.value() - rounded), std::nextafter(std::fabs(rounded), INFINITY) - std::fabs(rounded));
}

TEST(ReproducibleSum, KeepsWhatCancellationLeaves) {
  ReproducibleSum s;
  s += 1e20;
  s += 1.0;
  s += -1e20;
  EXPECT_EQ(s.value(), 1.0);  // a double sum in this order gives 0
}

TEST(ReproducibleSum, EmptyIsZeroAndNonFiniteIsNaN) {
  EXPECT_EQ(ReproducibleSum().value(), 0.0);
  ReproducibleSum s;
  s += 1.0;
  s += std::nan("");
  s += 2.0;
  EXPECT_TRUE(std::isnan(s.value()));
  ReproducibleSum clean;
  clean += 3.0;
  clean.add(s);
  EXPECT_TRUE(std::isnan(clean.value()));
}

TEST(ReproducibleSum, SubnormalAndNegativeTermsAddExactly) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  ReproducibleSum s;
  for (int i = 0; i < 5; ++i) s += tiny;
  s += -2 * tiny;
  EXPECT_EQ(s.value(), 3 * tiny);
  ReproducibleSum negative;
  negative += -0.75;
  negative += -0.5;
  EXPECT_EQ(negative.value(), -1.25);
}

// add_all against add() term by term: the same bins, compared as bytes (a
// later add or merge then cannot tell them apart), from an empty sum and
// from sums already holding a larger or a smaller term.
bool same_bytes(const ReproducibleSum& a, const ReproducibleSum& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(ReproducibleSum, AddAllLeavesTheBinsOfAddingOneByOne) {
  for (unsigned seed : {13u, 17u, 19u}) {
    std::vector<double> terms = mixed_terms(256, seed);
    const double tiny = std::numeric_limits<double>::denorm_min();
    for (double t : {0.0, -0.0, tiny, -3 * tiny, std::numeric_limits<double>::min(), -1e300, 1e-300})
      terms.push_back(t);
    for (double start : {0.0, 1e12, 1e-12, -4.0}) {
      for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}, terms.size()}) {
        ReproducibleSum one_by_one, at_once;
        if (start != 0) {
          one_by_one += start;
          at_once += start;
        }
        for (std::size_t i = 0; i < n; ++i) one_by_one += terms[i];
        at_once.add_all(terms.data(), n);
        EXPECT_TRUE(same_bytes(one_by_one, at_once)) << "start " << start << ", " << n << " terms";
        EXPECT_EQ(one_by_one.value(), at_once.value());
      }
    }
  }
  const std::vector<double> zeros = {0.0, -0.0};
  ReproducibleSum empty;
  empty.add_all(zeros.data(), zeros.size());
  EXPECT_TRUE(same_bytes(empty, ReproducibleSum()));
}

TEST(ReproducibleSum, AddAllOfANonFiniteTermIsNaN) {
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    const std::vector<double> terms = {1.0, bad, 2.0};
    ReproducibleSum s;
    s.add_all(terms.data(), terms.size());
    EXPECT_TRUE(std::isnan(s.value())) << bad;
  }
}

}  // namespace
