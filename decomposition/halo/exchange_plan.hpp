// One neighbour exchange, planned once and run many times: which ranks this
// rank sends to and which local items go to each (index lists), which ranks
// send here and how many items each, and the message buffers. Each call
// names its tag (decomposition/parallel/message_tags.hpp).
// forward() sends `width` values per item to the send ranks; reverse()
// answers along the same pairs the other way (each received item gets
// `width` values back). Used by the shared-node sums (halo.hpp) and the
// contact ghosts (contact/contact_ghosts.cpp): the only per-cycle
// point-to-point traffic of the time loop.
#pragma once

#include <cstdint>
#include <vector>

#include "decomposition/parallel/communicator.hpp"

namespace mc {

template <class T>
class ExchangePlan {
 public:
  ExchangePlan() = default;
  ExchangePlan(std::vector<int> send_ranks, std::vector<std::vector<int>> send_items, std::vector<int> recv_ranks,
               std::vector<int> recv_counts)
      : send_ranks_(std::move(send_ranks)), send_items_(std::move(send_items)), recv_ranks_(std::move(recv_ranks)),
        recv_counts_(std::move(recv_counts)), send_buffer_(send_ranks_.size()),
        recv_buffer_(recv_ranks_.size()) {}

  const std::vector<int>& send_ranks() const { return send_ranks_; }
  const std::vector<int>& send_items(std::size_t d) const { return send_items_[d]; }
  const std::vector<int>& recv_ranks() const { return recv_ranks_; }
  int recv_count(std::size_t q) const { return recv_counts_[q]; }
  bool empty() const { return send_ranks_.empty() && recv_ranks_.empty(); }

  // Item i of send rank d goes as value(send_items(d)[i], k), k < width.
  // Afterwards received(q) holds recv_count(q) * width values from recv rank q.
  template <class Value>
  void forward(int width, Value value, Communicator& comm, int tag) {
    Requests requests;
    for (std::size_t q = 0; q < recv_ranks_.size(); ++q) {
      recv_buffer_[q].resize(static_cast<std::size_t>(recv_counts_[q]) * width);
      post_recv(recv_buffer_[q], recv_ranks_[q], tag, comm, requests);
    }
    for (std::size_t d = 0; d < send_ranks_.size(); ++d) {
      std::vector<T>& buf = send_buffer_[d];
      buf.resize(send_items_[d].size() * width);
      for (std::size_t i = 0; i < send_items_[d].size(); ++i)
        for (int k = 0; k < width; ++k) buf[i * width + k] = value(send_items_[d][i], k);
      post_send(buf, send_ranks_[d], tag, comm, requests);
    }
    comm.waitall(requests);
  }
  const std::vector<T>& received(std::size_t q) const { return recv_buffer_[q]; }

  // Each item received from recv rank q goes back as value(q, i, k); afterwards
  // returned(d) holds send_items(d).size() * width values from send rank d.
  template <class Value>
  void reverse(int width, Value value, Communicator& comm, int tag) {
    Requests requests;
    for (std::size_t d = 0; d < send_ranks_.size(); ++d) {
      send_buffer_[d].resize(send_items_[d].size() * width);
      post_recv(send_buffer_[d], send_ranks_[d], tag, comm, requests);
    }
    for (std::size_t q = 0; q < recv_ranks_.size(); ++q) {
      std::vector<T>& buf = recv_buffer_[q];
      buf.resize(static_cast<std::size_t>(recv_counts_[q]) * width);
      for (int i = 0; i < recv_counts_[q]; ++i)
        for (int k = 0; k < width; ++k) buf[static_cast<std::size_t>(i) * width + k] = value(q, i, k);
      post_send(buf, recv_ranks_[q], tag, comm, requests);
    }
    comm.waitall(requests);
  }
  const std::vector<T>& returned(std::size_t d) const { return send_buffer_[d]; }

 private:
  void post_recv(std::vector<T>& buf, int rank, int tag, Communicator& comm, Requests& requests) {
    comm.irecv(buf.data(), static_cast<std::int64_t>(buf.size() * sizeof(T)), rank, tag, requests);
  }
  void post_send(std::vector<T>& buf, int rank, int tag, Communicator& comm, Requests& requests) {
    comm.isend(buf.data(), static_cast<std::int64_t>(buf.size() * sizeof(T)), rank, tag, requests);
  }

  std::vector<int> send_ranks_;
  std::vector<std::vector<int>> send_items_;
  std::vector<int> recv_ranks_, recv_counts_;
  std::vector<std::vector<T>> send_buffer_, recv_buffer_;
};

}  // namespace mc
