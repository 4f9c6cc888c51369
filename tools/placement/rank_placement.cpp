#include "tools/placement/rank_placement.hpp"

#include <metis.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace mc::placement {
namespace {

constexpr idx_t kIdxMax = std::numeric_limits<idx_t>::max();

double pair_bytes(const Traffic& t, int i, int j) { return t[i][j] + t[j][i]; }

// Bytes between member a and the members in part p.
double bytes_to_part(const Traffic& t, const std::vector<int>& members, const std::vector<int>& part, int a, int p) {
  double sum = 0;
  for (std::size_t b = 0; b < members.size(); ++b)
    if (static_cast<int>(b) != a && part[b] == p) sum += pair_bytes(t, members[a], members[b]);
  return sum;
}

// METIS balances only to a tolerance; slots are hard limits. Move members
// out of over-full parts, each time the move that loses the fewest bytes.
void enforce_capacity(const Traffic& t, const std::vector<int>& members, const std::vector<int>& capacity,
                      std::vector<int>& part) {
  const int parts = static_cast<int>(capacity.size());
  std::vector<int> count(parts, 0);
  for (int p : part) ++count[p];
  for (int over = 0; over < parts; ++over) {
    while (count[over] > capacity[over]) {
      double best = -std::numeric_limits<double>::infinity();
      int move = -1, target = -1;
      for (std::size_t a = 0; a < members.size(); ++a) {
        if (part[a] != over) continue;
        const double stay = bytes_to_part(t, members, part, static_cast<int>(a), over);
        for (int q = 0; q < parts; ++q) {
          if (count[q] >= capacity[q]) continue;
          const double gain = bytes_to_part(t, members, part, static_cast<int>(a), q) - stay;
          if (gain > best) best = gain, move = static_cast<int>(a), target = q;
        }
      }
      part[move] = target;
      --count[over];
      ++count[target];
    }
  }
}

// Splits `members` (rank numbers) into parts of at most capacity[p] ranks,
// cutting as few bytes as METIS finds. Returns the part of each member.
std::vector<int> split(const Traffic& t, const std::vector<int>& members, const std::vector<int>& capacity) {
  const int n = static_cast<int>(members.size()), parts = static_cast<int>(capacity.size());
  std::vector<int> part(n, 0);
  if (parts == 1 || n == 0) return part;
  if (n <= parts) {  // one rank a part
    std::iota(part.begin(), part.end(), 0);
    return part;
  }
  double heaviest = 0;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) heaviest = std::max(heaviest, pair_bytes(t, members[a], members[b]));
  if (!(heaviest > 0)) {  // no traffic to weigh: fill the parts in rank order
    for (int a = 0, p = 0, used = 0; a < n; ++a, ++used) {
      if (used == capacity[p]) ++p, used = 0;
      part[a] = p;
    }
    return part;
  }
  // Integer edge weights, the heaviest pair near 1e6; the total cut stays in idx_t.
  const double scale = std::min(1e6, static_cast<double>(kIdxMax) / (static_cast<double>(n) * n)) / heaviest;
  std::vector<idx_t> xadj{0}, adjncy, adjwgt;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      const double w = a == b ? 0 : pair_bytes(t, members[a], members[b]);
      if (w <= 0) continue;
      adjncy.push_back(b);
      adjwgt.push_back(std::max<idx_t>(1, static_cast<idx_t>(std::llround(w * scale))));
    }
    xadj.push_back(static_cast<idx_t>(adjncy.size()));
  }
  const double slots = std::accumulate(capacity.begin(), capacity.end(), 0.0);
  std::vector<real_t> target(parts);
  for (int p = 0; p < parts; ++p) target[p] = static_cast<real_t>(capacity[p] / slots);
  idx_t nv = n, ncon = 1, nparts = parts, objval = 0;
  real_t tolerance = 1.001f;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = 7;  // the same placement every time
  options[METIS_OPTION_NUMBERING] = 0;
  std::vector<idx_t> result(n, 0);
  const int status = METIS_PartGraphKway(&nv, &ncon, xadj.data(), adjncy.data(), nullptr, nullptr, adjwgt.data(),
                                         &nparts, target.data(), &tolerance, options, &objval, result.data());
  if (status != METIS_OK) throw std::runtime_error("placement: METIS_PartGraphKway failed (" + std::to_string(status) + ")");
  for (int a = 0; a < n; ++a) part[a] = static_cast<int>(result[a]);
  enforce_capacity(t, members, capacity, part);
  return part;
}

}  // namespace

std::vector<Slot> block_placement(int ranks, const Machine& m) {
  std::vector<Slot> slots(ranks);
  for (int r = 0; r < ranks; ++r) {
    const int in_node = r % m.slots_per_node();
    slots[r] = {r / m.slots_per_node(), in_node / m.cores, in_node % m.cores};
  }
  return slots;
}

std::vector<Slot> traffic_placement(const Traffic& traffic, const Machine& m) {
  const int ranks = static_cast<int>(traffic.size());
  if (ranks > m.nodes * m.slots_per_node())
    throw std::invalid_argument(std::to_string(ranks) + " ranks do not fit " + std::to_string(m.nodes) + " nodes x " +
                                std::to_string(m.slots_per_node()) + " cores");
  std::vector<int> all(ranks);
  std::iota(all.begin(), all.end(), 0);
  const std::vector<int> node = split(traffic, all, std::vector<int>(m.nodes, m.slots_per_node()));
  std::vector<Slot> slots(ranks);
  for (int n = 0; n < m.nodes; ++n) {
    std::vector<int> members;
    for (int r = 0; r < ranks; ++r)
      if (node[r] == n) members.push_back(r);
    const std::vector<int> socket = split(traffic, members, std::vector<int>(m.sockets, m.cores));
    std::vector<int> next_core(m.sockets, 0);
    for (std::size_t a = 0; a < members.size(); ++a)
      slots[members[a]] = {n, socket[a], next_core[socket[a]]++};
  }
  return slots;
}

double inter_node_bytes(const Traffic& t, const std::vector<Slot>& s) {
  double sum = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    for (std::size_t j = 0; j < t.size(); ++j)
      if (s[i].node != s[j].node) sum += t[i][j];
  return sum;
}

double inter_socket_bytes(const Traffic& t, const std::vector<Slot>& s) {
  double sum = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    for (std::size_t j = 0; j < t.size(); ++j)
      if (s[i].node == s[j].node && s[i].socket != s[j].socket) sum += t[i][j];
  return sum;
}

}  // namespace mc::placement
