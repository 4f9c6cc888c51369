// The one place minicrash talks MPI. Every call is counted and timed by call
// type (calls, bytes, seconds, message-size histogram), sends are counted per
// destination (the rank-to-rank traffic matrix), and with profile_wait a
// barrier before each collective splits imbalance wait from transfer, as
// MPInside does. No other code calls MPI.
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "decomposition/parallel/reproducible_sum.hpp"

namespace mc {

enum class MpiCall : int {
  Allreduce, Bcast, Barrier, Gather, Allgather, Alltoall, Send, Recv, Isend, Irecv, Waitall,
  CollectiveWait,  // the profiling barrier before a collective (imbalance)
  Count
};
inline constexpr int kMpiCalls = static_cast<int>(MpiCall::Count);
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

using Requests = std::vector<MPI_Request>;

// What the phase and MPI timers read. Wall: MPI_Wtime (under SimGrid, the
// simulated time). ThreadCpu: the calling thread's CPU time, for real runs
// with more ranks than cores, where a rank's wall time also holds the time it
// waited for a core; it sees one thread only, so it needs ncpu=1.
enum class TimerClock : int { Wall, ThreadCpu };
// "wall" or "cpu"; anything else throws std::invalid_argument.
TimerClock parse_timer_clock(const std::string& name);

class Communicator {
 public:
  // Wraps MPI_COMM_WORLD; MPI must already be initialised (see MpiSession).
  // Concurrent jobs in one launch (jobs=K > 1): the world splits into `jobs`
  // equal blocks of consecutive ranks, and this rank's block is its world.
  // `jobs` must divide the world's size (the caller checks).
  explicit Communicator(int jobs = 1);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  int job() const { return job_; }  // 0 unless split
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }
  // A barrier before every collective, timed as CollectiveWait.
  void set_profile_wait(bool on) { profile_wait_ = on; }
  // The clock of the phase timers and of the MPI call times (mpi_seconds()).
  void set_timer_clock(TimerClock c) { clock_ = c; }
  double now() const;

  // Collectives (communicator.cpp).
  double allreduce_min(double local);
  double allreduce_max(double local);
  std::int64_t allreduce_max(std::int64_t local);
  void allreduce_sum(double* values, int count);  // element-wise, in place
  void allreduce_min(double* values, int count);  // element-wise, in place
  // Element-wise, in place, the same at every rank count (reproducible_sum.hpp).
  void allreduce_sum(std::vector<ReproducibleSum>& sums);
  // Every rank's equal-length row, in rank order (contact bounding boxes).
  std::vector<double> allgather(const std::vector<double>& row);
  // send[r] goes to rank r; returns what each rank sent here (contact plans).
  std::vector<std::int64_t> alltoall(const std::vector<std::int64_t>& send);
  void bcast(void* data, std::int64_t bytes, int root);
  void bcast_string(std::string& s, int root);
  // Root receives every rank's value, in rank order; others get an empty vector.
  std::vector<std::int64_t> gather(std::int64_t local, int root);
  // The same for one equal-length row per rank: root gets size() rows, concatenated.
  std::vector<std::int64_t> gather(const std::vector<std::int64_t>& row, int root);
  std::vector<double> gather(const std::vector<double>& row, int root);
  void barrier();
  // Collective over the world: how many of its ranks share this rank's
  // node (MPI_COMM_TYPE_SHARED; every concurrent job's ranks count, they
  // share its cores). Under SimGrid the simulated ranks share no real
  // node's cores: 1.
  int world_ranks_on_node();
  // Ends every rank now; for errors that cannot be agreed on collectively.
  [[noreturn]] void abort(int code);
  // Modeled compute: under SimGrid the simulated rank computes for `seconds`
  // (scaled by host-speed over the platform's core speed, like a measured
  // burst); elsewhere nothing happens.
  void charge_compute(double seconds);
  // Modeled compute of point-to-point messages (packing and unpacking around
  // them): from now on each send and receive charges ns_per_message +
  // ns_per_byte x bytes, and the seconds charged are summed here.
  void set_message_costs(double ns_per_message, double ns_per_byte);
  double modeled_message_seconds() const { return modeled_message_seconds_; }

  // Point to point (communicator_p2p.cpp). Byte buffers of any size.
  void send(const std::vector<char>& data, int dest, int tag);
  std::vector<char> recv(int source, int tag);
  void isend(const void* data, std::int64_t bytes, int dest, int tag, Requests& requests);
  void irecv(void* data, std::int64_t bytes, int source, int tag, Requests& requests);
  void waitall(Requests& requests);

  const std::array<CallStats, kMpiCalls>& stats() const { return stats_; }
  // Seconds spent in MPI calls since the start (the phase timers subtract it).
  double mpi_seconds() const { return mpi_seconds_; }
  // Ends the start-up: what was counted so far (deck scatter, restart read)
  // moves to startup_stats() and counting starts again from zero, so stats()
  // and the traffic matrix describe the time loop, as a long run sees it.
  void close_startup();
  const std::array<CallStats, kMpiCalls>& startup_stats() const { return startup_stats_; }
  // Bytes and messages this rank sent to each rank.
  const std::vector<std::int64_t>& bytes_to() const { return bytes_to_; }
  const std::vector<std::int64_t>& messages_to() const { return messages_to_; }

 private:
  void record(MpiCall c, std::int64_t bytes, double seconds);
  void record_send(int dest, std::int64_t bytes);
  void charge_message(std::int64_t bytes);
  void wait_before_collective();
  template <class T>
  T allreduce_value(T local, MPI_Datatype type, MPI_Op op);
  template <class T>
  std::vector<T> gather_row(const std::vector<T>& row, MPI_Datatype type, int root);
  MPI_Comm comm_ = MPI_COMM_WORLD;
  MPI_Datatype reproducible_sum_type_ = MPI_DATATYPE_NULL;  // kBins + 1 int64
  MPI_Op reproducible_sum_op_ = MPI_OP_NULL;
  int rank_ = 0, size_ = 1, job_ = 0;
  bool profile_wait_ = false;
  TimerClock clock_ = TimerClock::Wall;
  double ns_per_message_ = 0, ns_per_byte_ = 0, modeled_message_seconds_ = 0;
  double mpi_seconds_ = 0;
  bool bursts_timed_ = true;  // SMPI's smpi/simulate-computation (read once)
  std::array<CallStats, kMpiCalls> stats_{}, startup_stats_{};
  std::vector<std::int64_t> bytes_to_, messages_to_;
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
