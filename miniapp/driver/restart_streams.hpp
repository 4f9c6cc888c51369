// The IO objects that state_fields walks for restart sets (restart.cpp):
// a writer, a reader that restores one rank file's arrays as written (same
// np and partition: bitwise), and a remapper that takes entities from an
// old rank file by global id (another np or partition).
//
// Each view is written as its rank, three extents and its raw bytes, so a
// reader can locate element e's entry j in another run's layout (packed
// views: lanes innermost, see views.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "io/deck/input_error.hpp"
#include "contact/contact_ties.hpp"
#include "decomposition/parallel/views.hpp"

namespace mc {

struct ViewShape {
  std::uint64_t rank = 0, extent[3] = {0, 0, 0};
  bool operator==(const ViewShape& o) const {
    return rank == o.rank && extent[0] == o.extent[0] && extent[1] == o.extent[1] && extent[2] == o.extent[2];
  }
};

template <class V>
ViewShape shape_of(const V& v) {
  ViewShape s;
  s.rank = V::rank;
  for (std::size_t k = 0; k < V::rank && k < 3; ++k) s.extent[k] = v.extent(k);
  return s;
}

// Writers that store a rank's share of a model-wide sum like any value.
template <class Derived>
struct ShareAsValue {
  template <class T>
  void rank_share(const T& v) {
    static_cast<Derived*>(this)->pod(v);
  }
  template <class T>
  void rank_share(const std::vector<T>& v) {
    static_cast<Derived*>(this)->vec(v);
  }
};

struct RestartWriter : ShareAsValue<RestartWriter> {
  std::vector<char> bytes;
  void raw(const void* p, std::size_t n) {
    const auto* c = static_cast<const char*>(p);
    bytes.insert(bytes.end(), c, c + n);
  }
  template <class T>
  void pod(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    raw(&v, sizeof v);
  }
  template <class V>
  void view(const V& v) {
    pod(shape_of(v));
    raw(v.data(), v.span() * sizeof(typename V::value_type));
  }
  template <class T>
  void vec(const std::vector<T>& v) {
    pod(static_cast<std::uint64_t>(v.size()));
    raw(v.data(), v.size() * sizeof(T));
  }
  void ties(const std::vector<std::vector<ContactTie>>& t) {
    pod(static_cast<std::uint64_t>(t.size()));
    for (const auto& interface_ties : t) vec(interface_ties);
  }
};

// Restores one rank file's arrays in place: the shapes must be this State's.
class RestartReader {
 public:
  void reset(const std::vector<char>& bytes) {
    bytes_ = &bytes;
    at_ = 0;
  }
  bool at_end() const { return at_ == bytes_->size(); }
  const char* take(std::size_t n) {
    if (at_ + n > bytes_->size()) throw InputError("restart file is truncated");
    const char* p = bytes_->data() + at_;
    at_ += n;
    return p;
  }
  void raw(void* p, std::size_t n) {
    const char* src = take(n);
    if (n != 0) std::memcpy(p, src, n);  // p may be an empty vector's null data()
  }
  template <class T>
  void pod(T& v) {
    raw(&v, sizeof v);
  }
  template <class V>
  void view(const V& v) {
    ViewShape s;
    pod(s);
    if (!(s == shape_of(v))) throw InputError("restart file does not match this model (array sizes differ)");
    raw(v.data(), v.span() * sizeof(typename V::value_type));
  }
  template <class T>
  void vec(std::vector<T>& v) {
    std::uint64_t n = 0;
    pod(n);
    if (n > bytes_->size()) throw InputError("restart file is damaged");
    v.resize(n);
    raw(v.data(), n * sizeof(T));
  }
  template <class T>
  void rank_share(T& v) {
    pod(v);
  }
  template <class T>
  void rank_share(std::vector<T>& v) {
    vec(v);
  }
  void ties(std::vector<std::vector<ContactTie>>& t) {
    std::uint64_t n = 0;
    pod(n);
    if (n > bytes_->size()) throw InputError("restart file is damaged");
    t.resize(n);
    for (auto& interface_ties : t) vec(interface_ties);
  }

 private:
  const std::vector<char>* bytes_ = nullptr;
  std::size_t at_ = 0;
};

// Reads old rank files one after another into a State of another layout.
// Nodal views (Vec3View) go through the node map, the others through the
// element map; model-wide values come from old rank 0; each old rank's
// share of a model-wide sum is added up on the new rank 0 (zero elsewhere).
class RestartRemapper {
 public:
  // element_index: this rank's elements by global id (the contact ties
  // whose segment is here come to this rank).
  RestartRemapper(int nodes, int elements, bool root, const std::unordered_map<GlobalId, int>& element_index)
      : node_set_(nodes, 0), element_set_(elements, 0), root_(root), element_index_(&element_index) {}

  // A node on no element may be in no file (a set written at np > 1 before
  // rank 0 held such nodes): it then keeps what it has, as model_counts
  // leaves it out too; where a file has it, the file's state is taken.
  void expect_no_state(int node) { node_set_[static_cast<std::size_t>(node)] = 1; }

  void next_file(RestartReader& reader, std::vector<int> nodes, std::vector<int> elements, bool first) {
    reader_ = &reader;
    node_map_ = std::move(nodes);
    element_map_ = std::move(elements);
    first_ = first;
  }

  template <class V>
  void view(const V& v) {
    using T = typename V::value_type;
    ViewShape s;
    reader_->pod(s);
    if (s.rank != V::rank) throw InputError("restart file does not match this model (array ranks differ)");
    const std::size_t old_span = V::rank == 1 ? s.extent[0]
                                 : V::rank == 2 ? s.extent[0] * s.extent[1]
                                                : s.extent[0] * s.extent[1] * s.extent[2];
    const char* old = reader_->take(old_span * sizeof(T));
    constexpr bool nodal = std::is_same_v<V, Vec3View>;
    const std::vector<int>& map = nodal ? node_map_ : element_map_;
    std::vector<std::uint8_t>& set = nodal ? node_set_ : element_set_;
    if (old_span == 0 || v.span() == 0) return;  // an optional field unused on one side (IHQ 4's resultants)
    if constexpr (V::rank == 3) {  // packed: [pack][entry][lane]
      const std::size_t width = s.extent[1], lanes = s.extent[2];
      const std::size_t common = std::min<std::size_t>(width, v.extent(1));
      if (map.size() > s.extent[0] * lanes) throw InputError("restart file is damaged (packed array too short)");
      for (std::size_t i = 0; i < map.size(); ++i) {
        if (map[i] < 0) continue;
        const std::size_t base = (i / lanes) * width * lanes + i % lanes;
        for (std::size_t j = 0; j < common; ++j)
          std::memcpy(&packed(v, map[i], static_cast<int>(j)), old + (base + j * lanes) * sizeof(T), sizeof(T));
        set[map[i]] = 1;
      }
    } else {
      const std::size_t width = old_span / s.extent[0];
      if (width != v.span() / v.extent(0) || map.size() != s.extent[0])
        throw InputError("restart file does not match this model (array sizes differ)");
      for (std::size_t i = 0; i < map.size(); ++i) {
        if (map[i] < 0) continue;
        std::memcpy(v.data() + map[i] * width, old + i * width * sizeof(T), width * sizeof(T));
        set[map[i]] = 1;
      }
    }
  }

  template <class T>
  void pod(T& v) {
    T value;
    reader_->pod(value);
    if (first_) v = value;
  }
  template <class T>
  void vec(std::vector<T>& v) {
    std::vector<T> value;
    reader_->vec(value);
    if (first_) v = std::move(value);
  }
  void rank_share(double& v) {
    double value = 0;
    reader_->pod(value);
    v = (first_ ? 0.0 : v) + (root_ ? value : 0.0);
  }
  template <std::size_t N>
  void rank_share(std::array<double, N>& v) {
    for (double& x : v) rank_share(x);
  }
  void rank_share(std::vector<double>& v) {
    std::vector<double> value;
    reader_->vec(value);
    if (first_) v.assign(value.size(), 0.0);
    if (value.size() != v.size()) throw InputError("restart file does not match this model (interface count)");
    if (root_)
      for (std::size_t k = 0; k < v.size(); ++k) v[k] += value[k];
  }

  void ties(std::vector<std::vector<ContactTie>>& t) {
    std::vector<std::vector<ContactTie>> old;
    RestartReader& reader = *reader_;
    reader.ties(old);
    if (first_) t.assign(old.size(), {});
    if (old.size() != t.size()) throw InputError("restart file does not match this model (interface count)");
    for (std::size_t i = 0; i < t.size(); ++i) {
      for (const ContactTie& tie : old[i])
        if (element_index_->count(tie.segment)) t[i].push_back(tie);
      std::sort(t[i].begin(), t[i].end(), tie_before);
    }
  }

  // "" when every node and element of this rank was found, else what is missing.
  std::string missing() const {
    std::size_t nodes = 0, elements = 0;
    for (std::uint8_t s : node_set_) nodes += !s;
    for (std::uint8_t s : element_set_) elements += !s;
    if (nodes == 0 && elements == 0) return "";
    return std::to_string(nodes) + " nodes and " + std::to_string(elements) + " elements of this rank are not in it";
  }

 private:
  RestartReader* reader_ = nullptr;
  std::vector<int> node_map_, element_map_;
  std::vector<std::uint8_t> node_set_, element_set_;
  bool root_ = false, first_ = false;
  const std::unordered_map<GlobalId, int>* element_index_;
};

}  // namespace mc
