#include "miniapp/state_checksum.hpp"

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
  template <class View>
  void add(const View& v) {
    Kokkos::fence();
    add_bytes(reinterpret_cast<const unsigned char*>(v.data()), v.span() * sizeof(typename View::value_type));
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ULL;
};

}  // namespace

std::uint64_t state_checksum(const State& s) {
  Fnv1a h;
  h.add(s.nodes.x);
  h.add(s.nodes.v);
  h.add(s.nodes.w);
  h.add(s.elements.points);
  h.add(s.elements.shear);
  h.add(s.elements.hourglass_q);
  h.add(s.elements.internal_energy);
  h.add(s.elements.hourglass_energy);
  h.add(s.elements.alive);
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
