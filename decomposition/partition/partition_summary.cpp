// Per-part statistics of a partition: the load balance and the halo size
// (shared nodes, neighbour parts) that the communication will cost.
#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include "decomposition/partition/partition.hpp"

namespace mc {

PartitionSummary summarize_partition(const PartitionInput& input, const std::vector<int>& part, int parts) {
  const std::size_t ne = input.nodes.size();
  if (parts < 1 || part.size() != ne) throw std::invalid_argument("partition summary: one part id per element needed");
  PartitionSummary s;
  s.elements.assign(parts, 0);
  s.shared_nodes.assign(parts, 0);
  s.neighbours.assign(parts, 0);
  s.work.assign(parts, 0.0);
  for (std::size_t e = 0; e < ne; ++e) {
    if (part[e] < 0 || part[e] >= parts) throw std::invalid_argument("partition summary: part id out of range");
    ++s.elements[part[e]];
    s.work[part[e]] += input.work.empty() ? 1.0 : input.work[e];
  }

  // Pass 1 marks the nodes touched by two parts or more; only their
  // (node, part) pairs are kept, so memory follows the interface, not the mesh.
  std::vector<int> first(static_cast<std::size_t>(input.num_nodes), -1);
  std::vector<bool> shared(first.size(), false);
  for (std::size_t e = 0; e < ne; ++e)
    for (std::int64_t n : input.nodes[e]) {
      if (n < 0 || n >= input.num_nodes) throw std::invalid_argument("partition summary: node index out of range");
      if (first[n] < 0) first[n] = part[e];
      else if (first[n] != part[e]) shared[n] = true;
    }
  std::vector<std::pair<std::int64_t, int>> touches;  // (shared node, part)
  for (std::size_t e = 0; e < ne; ++e)
    for (std::int64_t n : input.nodes[e])
      if (shared[n]) touches.emplace_back(n, part[e]);
  std::sort(touches.begin(), touches.end());
  touches.erase(std::unique(touches.begin(), touches.end()), touches.end());

  std::vector<std::pair<int, int>> links;  // (part, neighbour part), both ways
  for (std::size_t i = 0; i < touches.size();) {
    std::size_t j = i;
    while (j < touches.size() && touches[j].first == touches[i].first) ++j;
    for (std::size_t a = i; a < j; ++a) {
      ++s.shared_nodes[touches[a].second];
      for (std::size_t b = i; b < j; ++b)
        if (a != b) links.emplace_back(touches[a].second, touches[b].second);
    }
    i = j;
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  for (const auto& l : links) ++s.neighbours[l.first];

  const double total = std::accumulate(s.work.begin(), s.work.end(), 0.0);
  const double largest = *std::max_element(s.work.begin(), s.work.end());
  s.imbalance = total > 0 ? largest / (total / parts) : 1.0;
  return s;
}

namespace {

template <class T>
void column_stats(const std::vector<T>& v, double& mn, double& avg, double& mx) {
  mn = static_cast<double>(*std::min_element(v.begin(), v.end()));
  mx = static_cast<double>(*std::max_element(v.begin(), v.end()));
  avg = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

void row(std::ostream& out, const char* label, double elements, double work, double shared, double neighbours) {
  char line[128];
  std::snprintf(line, sizeof line, "  %6s %10.0f %12.1f %8.0f %6.1f\n", label, elements, work, shared, neighbours);
  out << line;
}

}  // namespace

void print_partition_summary(const PartitionSummary& s, PartitionMethod m, std::ostream& out) {
  const int parts = static_cast<int>(s.elements.size());
  if (parts == 0) return;
  const std::int64_t shared = std::accumulate(s.shared_nodes.begin(), s.shared_nodes.end(), std::int64_t{0});
  char head[160];
  std::snprintf(head, sizeof head, "partition %s: %d parts, imbalance %.3f, shared nodes %lld (summed over parts)\n",
                partition_method_name(m), parts, s.imbalance, static_cast<long long>(shared));
  out << head << "    part   elements         work   shared  neigh\n";
  constexpr int kAllRows = 16, kFirstRows = 4;  // beyond 16 parts a full table stops being readable
  if (parts > kAllRows) {
    std::array<double, 3> e{}, w{}, sh{}, nb{};
    column_stats(s.elements, e[0], e[1], e[2]);
    column_stats(s.work, w[0], w[1], w[2]);
    column_stats(s.shared_nodes, sh[0], sh[1], sh[2]);
    column_stats(s.neighbours, nb[0], nb[1], nb[2]);
    const char* labels[] = {"min", "avg", "max"};
    for (int k = 0; k < 3; ++k) row(out, labels[k], e[k], w[k], sh[k], nb[k]);
  }
  const int shown = parts > kAllRows ? kFirstRows : parts;
  for (int p = 0; p < shown; ++p)
    row(out, std::to_string(p).c_str(), static_cast<double>(s.elements[p]), s.work[p],
        static_cast<double>(s.shared_nodes[p]), s.neighbours[p]);
  if (shown < parts) out << "     ... (" << parts - shown << " more parts)\n";
}

}  // namespace mc
