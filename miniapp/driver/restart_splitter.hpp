// Splits one old rank file into a piece per new rank (a restart at another
// np or partition, restart.cpp): each piece has the old file's layout but
// only the entities its rank holds, so the new ranks' RestartRemapper reads
// it as it would the whole file, and one rank reads the set instead of
// every rank reading all of it.
//
// Walked by state_fields / loop_carry_fields like the other restart IO
// objects; the State passed only names the fields' types (nothing in it is
// read or written).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include "miniapp/driver/restart_streams.hpp"

namespace mc {

class RestartSplitter : public ShareAsValue<RestartSplitter> {
 public:
  // nodes[k] / elements[k]: the old file's indices of new rank k's nodes and
  // elements, in the order the piece lists them; ranks_of_element: the new
  // ranks that hold an element (for the contact ties, which go with their
  // segment). The pieces' headers and id lists are written by the caller.
  RestartSplitter(RestartReader& reader, std::vector<RestartWriter>& pieces, const std::vector<std::vector<int>>& nodes,
                  const std::vector<std::vector<int>>& elements, std::size_t old_nodes, std::size_t old_elements,
                  std::function<void(GlobalId, std::vector<int>&)> ranks_of_element)
      : reader_(reader), pieces_(pieces), nodes_(nodes), elements_(elements), old_nodes_(old_nodes),
        old_elements_(old_elements), ranks_of_element_(std::move(ranks_of_element)) {}

  template <class V>
  void view(const V&) {
    using T = typename V::value_type;
    ViewShape s;
    reader_.pod(s);
    if (s.rank != V::rank) throw InputError("restart file does not match this model (array ranks differ)");
    const std::size_t span = s.extent[0] * (V::rank > 1 ? s.extent[1] : 1) * (V::rank > 2 ? s.extent[2] : 1);
    const char* old = reader_.take(span * sizeof(T));
    constexpr bool nodal = std::is_same_v<V, Vec3View>;
    const auto& selected = nodal ? nodes_ : elements_;
    const std::size_t count = nodal ? old_nodes_ : old_elements_;
    for (std::size_t k = 0; k < pieces_.size(); ++k) {
      const std::vector<int>& take = selected[k];
      ViewShape out = s;
      if (span == 0) {  // an optional field this run does not use (IHQ 4's resultants)
        pieces_[k].pod(out);
        continue;
      }
      if constexpr (V::rank == 3) {  // packed: [pack][entry][lane], the piece packed the same way
        const std::size_t width = s.extent[1], lanes = s.extent[2];
        if (lanes == 0 || count > s.extent[0] * lanes) throw InputError("restart file is damaged (packed array too short)");
        out.extent[0] = (take.size() + lanes - 1) / lanes;
        std::vector<T> data(out.extent[0] * width * lanes, T{});
        for (std::size_t j = 0; j < take.size(); ++j) {
          const std::size_t from = (take[j] / lanes) * width * lanes + take[j] % lanes;
          const std::size_t to = (j / lanes) * width * lanes + j % lanes;
          for (std::size_t e = 0; e < width; ++e)
            std::memcpy(&data[to + e * lanes], old + (from + e * lanes) * sizeof(T), sizeof(T));
        }
        pieces_[k].pod(out);
        pieces_[k].raw(data.data(), data.size() * sizeof(T));
      } else {
        if (s.extent[0] != count) throw InputError("restart file does not match this model (array sizes differ)");
        const std::size_t row = span / count * sizeof(T);
        out.extent[0] = take.size();
        pieces_[k].pod(out);
        for (int i : take) pieces_[k].raw(old + i * row, row);
      }
    }
  }

  // Model-wide values and (ShareAsValue) each old rank's shares go to every
  // piece as they are.
  template <class T>
  void pod(const T&) {
    static_assert(std::is_trivially_copyable_v<T>);
    const char* value = reader_.take(sizeof(T));
    for (RestartWriter& piece : pieces_) piece.raw(value, sizeof(T));
  }
  template <class T>
  void vec(const std::vector<T>&) {
    std::vector<T> value;
    reader_.vec(value);
    for (RestartWriter& piece : pieces_) piece.vec(value);
  }

  void ties(const std::vector<std::vector<ContactTie>>&) {
    std::vector<std::vector<ContactTie>> old;
    reader_.ties(old);
    std::vector<std::vector<std::vector<ContactTie>>> split(pieces_.size(), std::vector<std::vector<ContactTie>>(old.size()));
    std::vector<int> ranks;
    for (std::size_t i = 0; i < old.size(); ++i)
      for (const ContactTie& tie : old[i]) {
        ranks_of_element_(tie.segment, ranks);
        for (int k : ranks) split[k][i].push_back(tie);
      }
    for (std::size_t k = 0; k < pieces_.size(); ++k) pieces_[k].ties(split[k]);
  }

 private:
  RestartReader& reader_;
  std::vector<RestartWriter>& pieces_;
  const std::vector<std::vector<int>>& nodes_;
  const std::vector<std::vector<int>>& elements_;
  std::size_t old_nodes_, old_elements_;
  std::function<void(GlobalId, std::vector<int>&)> ranks_of_element_;
};

}  // namespace mc
