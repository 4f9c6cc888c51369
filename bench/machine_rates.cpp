// One core's rates that bound the shell kernel (its roofline), measured on
// the machine it runs on:
//   bandwidth  STREAM-like triad a = b + s c over 3 x 128 MiB, 24 B per
//              element counted (as STREAM does), best of 5;
//   flops      eight independent chains of SIMD fused multiply-adds
//              (2 flops per lane), the pack width the solver is built with;
//   divide     eight independent chains of SIMD divides, ns per lane;
//   sqrt       the same with square roots (the divide/square-root unit is
//              shared, so the kernel's floor adds both).
// Prints one line of key=value pairs for bench/kernel_roofline.sh.
//
//   machine_rates
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "decomposition/parallel/experimental_simd.hpp"

namespace {

namespace stdx = std::experimental;
using Pack = stdx::native_simd<double>;

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double triad_gb_per_s() {
  const std::size_t n = std::size_t(16) << 20;  // 128 MiB an array
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const double t0 = seconds();
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    best = std::min(best, seconds() - t0);
  }
  if (a[n / 2] != 7.0) std::fprintf(stderr, "triad check failed\n");
  return 24.0 * double(n) / best / 1e9;
}

// Eight independent chains of `op`, `rounds` times; ns per lane-operation.
template <class Op>
double ns_per_lane_op(Op op, long rounds) {
  Pack x[8] = {Pack(1.0), Pack(1.0 + 1e-9), Pack(1.0 + 2e-9), Pack(1.0 + 3e-9),
                Pack(1.0 + 4e-9), Pack(1.0 + 5e-9), Pack(1.0 + 6e-9), Pack(1.0 + 7e-9)};
  const double t0 = seconds();
  for (long r = 0; r < rounds; ++r)
    for (int k = 0; k < 8; ++k) x[k] = op(x[k]);
  const double t = seconds() - t0;
  double sink = 0;
  for (int k = 0; k < 8; ++k) sink += x[k][0];
  if (sink == 12345.0) std::puts("");  // keeps the chains alive
  return 1e9 * t / (double(rounds) * 8 * Pack::size());
}

}  // namespace

int main() {
  const Pack a(1.0000001), b(1e-9), d(0.9999999);
  const double fma_ns = ns_per_lane_op([&](const Pack& x) { return x * a + b; }, 100000000);
  const double div_ns = ns_per_lane_op([&](const Pack& x) { return d / x; }, 20000000);
  const double sqrt_ns = ns_per_lane_op([](const Pack& x) { return stdx::sqrt(x); }, 20000000);
  std::printf("triad_gb_s=%.2f gflops=%.2f div_ns=%.4f sqrt_ns=%.4f lanes=%d\n", triad_gb_per_s(), 2.0 / fma_ns,
              div_ns, sqrt_ns, int(Pack::size()));
  return 0;
}
