// Model-wide sums of several modules' local values in one MPI_Allreduce, as
// production codes pack their per-cycle and per-output reductions: each
// module adds its values and keeps the offset it got; after reduce() it
// reads its sums back from that offset.
#pragma once

#include <cstddef>
#include <vector>

#include "decomposition/parallel/communicator.hpp"

namespace mc {

class SumBatch {
 public:
  // Appends `local` (this rank's values); returns where their sums will be.
  std::size_t add(const std::vector<double>& local) {
    const std::size_t offset = values_.size();
    values_.insert(values_.end(), local.begin(), local.end());
    return offset;
  }
  // Collective: one allreduce of everything added (none when nothing was).
  void reduce(Communicator& comm) {
    if (!values_.empty()) comm.allreduce_sum(values_.data(), static_cast<int>(values_.size()));
  }
  const double* sums(std::size_t offset) const { return values_.data() + offset; }

 private:
  std::vector<double> values_;
};

}  // namespace mc
