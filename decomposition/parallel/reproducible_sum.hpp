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

#include <cstdint>

namespace mc {

class ReproducibleSum {
 public:
  static constexpr int kBins = 3;
  static constexpr int kBinBits = 32;

  void add(double term);
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
  void keep_from(std::int64_t top);  // realign to a higher (or equal) top bin
  std::int64_t top_ = kEmpty;          // index of bins_[0]: it holds bits [top*32, top*32+32)
  std::int64_t bins_[kBins] = {0, 0, 0};  // bins_[i] is bin top - i; signed, carries stay in place
};

// Plain data: MPI moves it as kBins + 1 int64 (Communicator::allreduce_sum).
static_assert(sizeof(ReproducibleSum) == (ReproducibleSum::kBins + 1) * sizeof(std::int64_t));

}  // namespace mc
