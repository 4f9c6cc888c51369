// Partitioner cost at production size: a flat quad plate of about 2.5 M
// elements (1581 x 1581) cut into 256 parts by RCB and by METIS k-way, with
// the time, the balance, the halo size and the peak memory of the process.
//
//   bench_partition [--n N] [--parts P] [--method rcb|metis|metis-mc|all]
//
// The PartitionInput is built directly (no Model) to keep the set-up small;
// the work varies by band, as a mix of NIP 3 and NIP 5 parts would.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <string>

#include "bench_options.hpp"
#include "decomposition/partition/partition.hpp"

namespace {

mc::PartitionInput bench_plate(int n) {
  mc::PartitionInput in;
  const std::int64_t ne = std::int64_t{n} * n, row = n + 1;
  in.num_nodes = row * row;
  in.centroids.reserve(ne);
  in.nodes.reserve(ne);
  in.work.reserve(ne);
  in.second_work.reserve(ne);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const std::int64_t n1 = i + j * row;
      in.nodes.push_back({n1, n1 + 1, n1 + 1 + row, n1 + row});
      in.centroids.push_back({5.0 * (i + 0.5), 5.0 * (j + 0.5), 0.0});
      in.work.push_back((j / 100) % 2 ? 1 + 0.25 * 5 : 1 + 0.25 * 3);
      in.second_work.push_back(1.0);
    }
  return in;
}

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  // Linux reports KiB
}

void run(const mc::PartitionInput& in, int parts, mc::PartitionMethod method) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<int> part = mc::partition_elements(in, parts, method);
  const auto t1 = std::chrono::steady_clock::now();
  const mc::PartitionSummary s = mc::summarize_partition(in, part, parts);
  const auto t2 = std::chrono::steady_clock::now();
  const std::int64_t shared = std::accumulate(s.shared_nodes.begin(), s.shared_nodes.end(), std::int64_t{0});
  std::printf("%-8s %zu elements -> %d parts: %.2f s (summary %.2f s), imbalance %.4f, "
              "shared nodes %lld (summed over parts), peak RSS %.0f MiB\n",
              mc::partition_method_name(method), part.size(), parts,
              std::chrono::duration<double>(t1 - t0).count(), std::chrono::duration<double>(t2 - t1).count(),
              s.imbalance, static_cast<long long>(shared), peak_rss_mib());
  mc::print_partition_summary(s, method, std::cout);
  std::cout.flush();
}

}  // namespace

int main(int argc, char** argv) {
  mc::bench::BenchOptions options("bench_partition [--n N] [--parts P] [--method rcb|metis|metis-mc|all]",
                                  {{"--n", "1581"}, {"--parts", "256"}, {"--method", "all"}});
  if (const int code = options.read(argc, argv); code >= 0) return code;
  const int n = options.count("--n"), parts = options.count("--parts");
  if (!n || !parts) return 2;
  const std::string method = options.text("--method");
  try {
    const auto t0 = std::chrono::steady_clock::now();
    const mc::PartitionInput in = bench_plate(n);
    std::printf("plate %d x %d: input built in %.2f s, peak RSS %.0f MiB\n", n, n,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), peak_rss_mib());
    if (method == "all") {
      run(in, parts, mc::PartitionMethod::Rcb);
      run(in, parts, mc::PartitionMethod::Metis);
    } else {
      run(in, parts, mc::parse_partition_method(method));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_partition: %s\n", e.what());
    return 2;
  }
  return 0;
}
