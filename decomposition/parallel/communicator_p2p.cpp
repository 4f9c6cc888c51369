// Point-to-point half of the communicator layer: start-up scatter of
// subdomains (send/recv of byte buffers of any size) and the per-cycle
// neighbour exchanges (isend/irecv/waitall).
#include <limits>
#include <stdexcept>

#include "decomposition/parallel/communicator.hpp"

namespace mc {
namespace {

int message_count(std::int64_t bytes) {
  if (bytes > std::numeric_limits<int>::max())
    throw std::length_error("one neighbour message exceeds 2 GiB; use more ranks");
  return static_cast<int>(bytes);
}

}  // namespace

void Communicator::record_send(int dest, std::int64_t bytes) {
  bytes_to_[dest] += bytes;
  messages_to_[dest] += 1;
}

void Communicator::set_message_costs(double ns_per_message, double ns_per_byte) {
  ns_per_message_ = ns_per_message;
  ns_per_byte_ = ns_per_byte;
}

void Communicator::charge_message(std::int64_t bytes) {
  if (!(ns_per_message_ > 0) && !(ns_per_byte_ > 0)) return;
  const double seconds = 1e-9 * (ns_per_message_ + ns_per_byte_ * double(bytes));
  modeled_message_seconds_ += seconds;
  charge_compute(seconds);
}

void Communicator::send(const std::vector<char>& data, int dest, int tag) {
  const std::int64_t n = static_cast<std::int64_t>(data.size());
  charge_message(n);  // packed before it goes
  const double t0 = now();
  MPI_Send(&n, 1, MPI_INT64_T, dest, tag, comm_);
  constexpr std::int64_t kPiece = std::int64_t{1} << 30;  // MPI counts are int
  for (std::int64_t off = 0; off < n; off += kPiece)
    MPI_Send(data.data() + off, static_cast<int>(n - off < kPiece ? n - off : kPiece), MPI_BYTE, dest, tag,
             comm_);
  record(MpiCall::Send, n, now() - t0);
  record_send(dest, n);
}

std::vector<char> Communicator::recv(int source, int tag) {
  const double t0 = now();
  std::int64_t n = 0;
  MPI_Recv(&n, 1, MPI_INT64_T, source, tag, comm_, MPI_STATUS_IGNORE);
  std::vector<char> data(static_cast<std::size_t>(n));
  constexpr std::int64_t kPiece = std::int64_t{1} << 30;
  for (std::int64_t off = 0; off < n; off += kPiece)
    MPI_Recv(data.data() + off, static_cast<int>(n - off < kPiece ? n - off : kPiece), MPI_BYTE, source, tag,
             comm_, MPI_STATUS_IGNORE);
  record(MpiCall::Recv, n, now() - t0);
  charge_message(n);  // unpacked after it came
  return data;
}

void Communicator::isend(const void* data, std::int64_t bytes, int dest, int tag, Requests& requests) {
  charge_message(bytes);
  const double t0 = now();
  requests.emplace_back();
  MPI_Isend(data, message_count(bytes), MPI_BYTE, dest, tag, comm_, &requests.back());
  record(MpiCall::Isend, bytes, now() - t0);
  record_send(dest, bytes);
}

void Communicator::irecv(void* data, std::int64_t bytes, int source, int tag, Requests& requests) {
  charge_message(bytes);  // its unpacking, charged when it is posted
  const double t0 = now();
  requests.emplace_back();
  MPI_Irecv(data, message_count(bytes), MPI_BYTE, source, tag, comm_, &requests.back());
  record(MpiCall::Irecv, bytes, now() - t0);
}

void Communicator::waitall(Requests& requests) {
  const double t0 = now();
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  record(MpiCall::Waitall, 0, now() - t0);
  requests.clear();
}

}  // namespace mc
