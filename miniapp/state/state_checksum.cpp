#include "miniapp/state/state_checksum.hpp"

#include "miniapp/state/state_fields.hpp"

#include <cstdio>

namespace mc {
namespace {

class Fnv1a {
 public:
  void add_bytes(const unsigned char* bytes, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      hash_ ^= bytes[i];
      hash_ *= 1099511628211ULL;
    }
  }
  // The IO interface of state_fields.
  template <class View>
  void view(const View& v) {
    add_bytes(reinterpret_cast<const unsigned char*>(v.data()), v.span() * sizeof(typename View::value_type));
  }
  template <class T>
  void pod(const T& v) {
    add_bytes(reinterpret_cast<const unsigned char*>(&v), sizeof v);
  }
  template <class T>
  void rank_share(const T& v) {
    pod(v);
  }
  template <class T>
  void vec(const std::vector<T>& v) {
    add_bytes(reinterpret_cast<const unsigned char*>(v.data()), v.size() * sizeof(T));
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ULL;
};

}  // namespace

std::uint64_t state_checksum(const State& s) {
  Kokkos::fence();
  Fnv1a h;
  state_fields(h, s);
  return h.value();
}

std::uint64_t combine_checksums(const std::vector<std::uint64_t>& per_rank) {
  Fnv1a h;
  h.add_bytes(reinterpret_cast<const unsigned char*>(per_rank.data()), per_rank.size() * sizeof(std::uint64_t));
  return h.value();
}

std::string checksum_hex(std::uint64_t checksum) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(checksum));
  return buf;
}

}  // namespace mc
