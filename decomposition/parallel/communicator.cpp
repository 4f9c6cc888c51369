#include "decomposition/parallel/communicator.hpp"

#include <time.h>

#include <cstdlib>
#include <stdexcept>

#ifdef MINICRASH_SMPI
#include <xbt/config.hpp>
#endif

namespace mc {

const char* mpi_call_name(MpiCall c) {
  constexpr const char* kNames[] = {"MPI_Allreduce", "MPI_Bcast", "MPI_Barrier", "MPI_Gather",
                                    "MPI_Allgather", "MPI_Alltoall", "MPI_Send", "MPI_Recv",
                                    "MPI_Isend",     "MPI_Irecv",   "MPI_Waitall", "collective wait"};
  return kNames[static_cast<int>(c)];
}

int size_bucket(std::int64_t bytes) {
  if (bytes <= 256) return 0;
  if (bytes <= 4096) return 1;
  if (bytes <= 65536) return 2;
  return 3;
}

double wall_seconds() { return MPI_Wtime(); }

TimerClock parse_timer_clock(const std::string& name) {
  if (name == "wall") return TimerClock::Wall;
  if (name == "cpu") return TimerClock::ThreadCpu;
  throw std::invalid_argument("clock must be wall or cpu, got '" + name + "'");
}

double Communicator::now() const {
  if (clock_ == TimerClock::Wall) return MPI_Wtime();
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

namespace {

// MPI_User_function: the sums are exactly associative and commutative, so the
// reduction tree does not change the result.
void add_reproducible_sums(void* in, void* inout, int* count, MPI_Datatype*) {
  const auto* from = static_cast<const ReproducibleSum*>(in);
  auto* to = static_cast<ReproducibleSum*>(inout);
  for (int i = 0; i < *count; ++i) to[i].add(from[i]);
}

}  // namespace

void Communicator::charge_compute([[maybe_unused]] double seconds) {
#ifdef MINICRASH_SMPI
  // Measured compute (simulate-computation on) already charges the bursts:
  // the model is then only reported. Otherwise smpi_execute_benched closes
  // the (free) benchmark of the code before it, executes, and opens the next.
  if (seconds > 0 && !bursts_timed_) smpi_execute_benched(seconds);
#endif
}

Communicator::Communicator(int jobs) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (jobs > 1) {
    job_ = rank_ / (size_ / jobs);
    MPI_Comm_split(MPI_COMM_WORLD, job_, rank_, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  bytes_to_.assign(size_, 0);
  messages_to_.assign(size_, 0);
  MPI_Type_contiguous(ReproducibleSum::kBins + 1, MPI_INT64_T, &reproducible_sum_type_);
  MPI_Type_commit(&reproducible_sum_type_);
  MPI_Op_create(&add_reproducible_sums, 1, &reproducible_sum_op_);
#ifdef MINICRASH_SMPI
  bursts_timed_ = simgrid::config::get_value<bool>("smpi/simulate-computation");
#endif
}

Communicator::~Communicator() {
  MPI_Op_free(&reproducible_sum_op_);
  MPI_Type_free(&reproducible_sum_type_);
  if (comm_ != MPI_COMM_WORLD) MPI_Comm_free(&comm_);
}

void Communicator::record(MpiCall c, std::int64_t bytes, double seconds) {
  CallStats& s = stats_[static_cast<int>(c)];
  s.calls += 1;
  s.bytes += bytes;
  s.seconds += seconds;
  mpi_seconds_ += seconds;
  // The histogram counts messages where they start: sends and collectives.
  const bool message = c == MpiCall::Allreduce || c == MpiCall::Bcast || c == MpiCall::Gather ||
                       c == MpiCall::Allgather || c == MpiCall::Alltoall || c == MpiCall::Send ||
                       c == MpiCall::Isend;
  if (message) s.histogram[size_bucket(bytes)] += 1;
}

int Communicator::world_ranks_on_node() {
#ifdef MINICRASH_SMPI
  return 1;
#else
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int ranks = 1;
  MPI_Comm_size(node, &ranks);
  MPI_Comm_free(&node);
  return ranks;
#endif
}

void Communicator::close_startup() {
  startup_stats_ = stats_;
  stats_ = {};
  bytes_to_.assign(size_, 0);
  messages_to_.assign(size_, 0);
}

void Communicator::wait_before_collective() {
  if (!profile_wait_) return;
  const double t0 = now();
  MPI_Barrier(comm_);
  record(MpiCall::CollectiveWait, 0, now() - t0);
}

// One value reduced over ranks, recorded as one Allreduce.
template <class T>
T Communicator::allreduce_value(T local, MPI_Datatype type, MPI_Op op) {
  wait_before_collective();
  T global = local;
  const double t0 = now();
  MPI_Allreduce(&local, &global, 1, type, op, comm_);
  record(MpiCall::Allreduce, sizeof(T), now() - t0);
  return global;
}

double Communicator::allreduce_min(double local) { return allreduce_value(local, MPI_DOUBLE, MPI_MIN); }
double Communicator::allreduce_max(double local) { return allreduce_value(local, MPI_DOUBLE, MPI_MAX); }
std::int64_t Communicator::allreduce_max(std::int64_t local) { return allreduce_value(local, MPI_INT64_T, MPI_MAX); }

void Communicator::allreduce_sum(double* values, int count) {
  wait_before_collective();
  const double t0 = now();
  MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_SUM, comm_);
  record(MpiCall::Allreduce, static_cast<std::int64_t>(count) * sizeof(double), now() - t0);
}

void Communicator::allreduce_sum(std::vector<ReproducibleSum>& sums) {
  if (sums.empty()) return;
  wait_before_collective();
  const double t0 = now();
  MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), reproducible_sum_type_,
                reproducible_sum_op_, comm_);
  record(MpiCall::Allreduce, static_cast<std::int64_t>(sums.size() * sizeof(ReproducibleSum)), now() - t0);
}

void Communicator::allreduce_min(double* values, int count) {
  wait_before_collective();
  const double t0 = now();
  MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_MIN, comm_);
  record(MpiCall::Allreduce, static_cast<std::int64_t>(count) * sizeof(double), now() - t0);
}

std::vector<double> Communicator::allgather(const std::vector<double>& row) {
  wait_before_collective();
  std::vector<double> all(row.size() * static_cast<std::size_t>(size_));
  const double t0 = now();
  const int n = static_cast<int>(row.size());
  MPI_Allgather(row.data(), n, MPI_DOUBLE, all.data(), n, MPI_DOUBLE, comm_);
  record(MpiCall::Allgather, static_cast<std::int64_t>(row.size() * sizeof(double)), now() - t0);
  return all;
}

std::vector<std::int64_t> Communicator::alltoall(const std::vector<std::int64_t>& send) {
  wait_before_collective();
  std::vector<std::int64_t> received(static_cast<std::size_t>(size_));
  const double t0 = now();
  MPI_Alltoall(send.data(), 1, MPI_INT64_T, received.data(), 1, MPI_INT64_T, comm_);
  record(MpiCall::Alltoall, static_cast<std::int64_t>(send.size() * sizeof(std::int64_t)), now() - t0);
  return received;
}

void Communicator::bcast(void* data, std::int64_t bytes, int root) {
  wait_before_collective();
  const double t0 = now();
  // MPI counts are int: send large buffers in 1 GiB pieces.
  constexpr std::int64_t kPiece = std::int64_t{1} << 30;
  auto* p = static_cast<char*>(data);
  for (std::int64_t off = 0; off < bytes; off += kPiece) {
    const int n = static_cast<int>(bytes - off < kPiece ? bytes - off : kPiece);
    MPI_Bcast(p + off, n, MPI_BYTE, root, comm_);
  }
  record(MpiCall::Bcast, bytes, now() - t0);
}

void Communicator::bcast_string(std::string& s, int root) {
  std::int64_t n = static_cast<std::int64_t>(s.size());
  bcast(&n, sizeof(n), root);
  s.resize(static_cast<std::size_t>(n));
  if (n > 0) bcast(s.data(), n, root);
}

std::vector<std::int64_t> Communicator::gather(std::int64_t local, int root) {
  wait_before_collective();
  std::vector<std::int64_t> all(rank_ == root ? size_ : 0);
  const double t0 = now();
  MPI_Gather(&local, 1, MPI_INT64_T, all.data(), 1, MPI_INT64_T, root, comm_);
  record(MpiCall::Gather, sizeof(local), now() - t0);
  return all;
}

template <class T>
std::vector<T> Communicator::gather_row(const std::vector<T>& row, MPI_Datatype type, int root) {
  wait_before_collective();
  std::vector<T> all(rank_ == root ? row.size() * size_ : 0);
  const double t0 = now();
  MPI_Gather(row.data(), static_cast<int>(row.size()), type, all.data(), static_cast<int>(row.size()), type, root,
             comm_);
  record(MpiCall::Gather, static_cast<std::int64_t>(row.size() * sizeof(T)), now() - t0);
  return all;
}

std::vector<std::int64_t> Communicator::gather(const std::vector<std::int64_t>& row, int root) {
  return gather_row(row, MPI_INT64_T, root);
}

std::vector<double> Communicator::gather(const std::vector<double>& row, int root) {
  return gather_row(row, MPI_DOUBLE, root);
}

void Communicator::barrier() {
  const double t0 = now();
  MPI_Barrier(comm_);
  record(MpiCall::Barrier, 0, now() - t0);
}

void Communicator::abort(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);  // every job of the launch ends with it
  std::abort();  // not reached; MPI_Abort does not return
}

MpiSession::MpiSession(int* argc, char*** argv) {
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

}  // namespace mc
