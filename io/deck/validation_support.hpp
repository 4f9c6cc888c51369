// What the checks of validate_model share: the failure with its card, the
// node index and the checks of the constraints (constraint_checks.cpp).
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"

namespace mc::validation {

[[noreturn]] inline void fail(const SourceLine& where, const std::string& what) {
  if (where.file.empty()) throw InputError(what);  // a generated model: no card to point at
  throw InputError(where, what);
}

inline std::string text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

inline std::string id_text(GlobalId id) { return std::to_string(id); }

// id -> position, by binary search over a sorted copy (no hash map: 1e7 nodes).
class IdIndex {
 public:
  template <class Items>
  explicit IdIndex(const Items& items) {
    order_.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) order_.emplace_back(items[i].id, i);
    std::sort(order_.begin(), order_.end());
  }
  // Position of `id`, or -1.
  std::int64_t find(GlobalId id) const {
    const auto it = std::lower_bound(order_.begin(), order_.end(), std::make_pair(id, std::size_t{0}));
    return it != order_.end() && it->first == id ? static_cast<std::int64_t>(it->second) : -1;
  }
  // Positions (first, second) of a repeated id, or (0, 0) when all are unique.
  std::pair<std::size_t, std::size_t> duplicate() const {
    for (std::size_t k = 1; k < order_.size(); ++k) {
      if (order_[k].first == order_[k - 1].first) return {order_[k - 1].second, order_[k].second};
    }
    return {0, 0};
  }

 private:
  std::vector<std::pair<GlobalId, std::size_t>> order_;
};

inline void check_node_list(const std::vector<GlobalId>& list, const IdIndex& nodes, const SourceLine& where,
                     const std::string& what) {
  for (GlobalId node : list) {
    if (nodes.find(node) < 0) fail(where, what + ": node " + id_text(node) + " is not defined");
  }
}

bool is_rigid_part(const Model& m, GlobalId part);
void check_point_masses(const Model& m, const IdIndex& nodes);
void check_nodal_rigid_bodies(const Model& m, const IdIndex& nodes);
void check_weld_normals(const Model& m, const IdIndex& nodes);
void check_rigid_merges(const Model& m);
void check_part_inertias(const Model& m);
void check_extra_nodes(const Model& m, const IdIndex& nodes);
void check_prescribed_motions(const Model& m, const IdIndex& nodes);

}  // namespace mc::validation
