// The one place minicrash talks MPI. Every call is counted and timed by call
// type (calls, bytes, seconds, message-size histogram), as MPInside-style
// profiles report them; no other code calls MPI.
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mc {

enum class MpiCall : int { Allreduce, Bcast, Barrier, Gather, Count };
const char* mpi_call_name(MpiCall c);

// Message-size buckets of the profile: 0-256 B, 256 B-4 KB, 4-64 KB, > 64 KB.
inline constexpr int kSizeBuckets = 4;
int size_bucket(std::int64_t bytes);

struct CallStats {
  std::int64_t calls = 0;
  std::int64_t bytes = 0;
  double seconds = 0;
  std::array<std::int64_t, kSizeBuckets> histogram{};
};

class Communicator {
 public:
  // Wraps MPI_COMM_WORLD; MPI must already be initialised (see MpiSession).
  Communicator();
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  double allreduce_min(double local);
  double allreduce_max(double local);
  std::int64_t allreduce_max(std::int64_t local);
  // Element-wise sum over ranks, in place.
  void allreduce_sum(double* values, int count);
  void bcast(void* data, std::int64_t bytes, int root);
  void bcast_string(std::string& s, int root);
  void barrier();
  // Ends every rank now; for errors that cannot be agreed on collectively.
  [[noreturn]] void abort(int code);

  const std::array<CallStats, static_cast<int>(MpiCall::Count)>& stats() const { return stats_; }
  double total_seconds() const;

 private:
  void record(MpiCall c, std::int64_t bytes, double seconds);
  template <class T>
  T allreduce_value(T local, MPI_Datatype type, MPI_Op op);
  int rank_ = 0, size_ = 1;
  std::array<CallStats, static_cast<int>(MpiCall::Count)> stats_{};
};

// RAII MPI_Init/MPI_Finalize for main() and the test main.
class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

double wall_seconds();  // MPI_Wtime

}  // namespace mc
