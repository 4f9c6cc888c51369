// One core's rates that bound the shell kernel (its roofline), measured on
// the machine it runs on:
//   bandwidth  STREAM-like triad a = b + s c over 3 x 128 MiB, 24 B per
//              element counted (as STREAM does), best of 5;
//   flops      eight independent chains of SIMD multiply-adds (2 flops
//              per lane), native packs of doubles;
//   divide     eight independent chains of SIMD divides, ns per lane;
//   sqrt       the same with square roots (the divide/square-root unit is
//              shared, so the kernel's floor adds both);
// and the last three again with packs of floats (keys ending _single), for
// a single-precision build's kernel.
// Prints one line of key=value pairs for bench/kernel_roofline.py. The
// triad's arrays are kept in 2 MiB pages as the solver's state is
// (--huge-pages 1, the default; miniapp/state/huge_pages.hpp), so that the
// bandwidth floor is measured with the pages the kernel streams.
//
//   machine_rates [--huge-pages 1|0]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench_options.hpp"
#include "decomposition/parallel/experimental_simd.hpp"
#include "miniapp/state/huge_pages.hpp"

namespace {

namespace stdx = std::experimental;

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double triad_gb_per_s(bool huge_pages) {
  const std::size_t n = std::size_t(16) << 20;  // 128 MiB an array
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  const std::size_t bytes = n * sizeof(double);
  if (huge_pages) mc::back_with_huge_pages({{a.data(), bytes}, {b.data(), bytes}, {c.data(), bytes}});
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const double t0 = seconds();
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    best = std::min(best, seconds() - t0);
  }
  if (a[n / 2] != 7.0) std::fprintf(stderr, "triad check failed\n");
  return 24.0 * double(n) / best / 1e9;
}

// Eight independent chains of `op` on packs of T, `rounds` times; ns per
// lane-operation.
template <class T, class Op>
double ns_per_lane_op(Op op, long rounds) {
  using Pack = stdx::native_simd<T>;
  Pack x[8];
  for (int k = 0; k < 8; ++k) x[k] = Pack(T(1) + T(k) * T(1e-6));
  const double t0 = seconds();
  for (long r = 0; r < rounds; ++r)
    for (int k = 0; k < 8; ++k) x[k] = op(x[k]);
  const double t = seconds() - t0;
  double sink = 0;
  for (int k = 0; k < 8; ++k) sink += double(x[k][0]);
  if (sink == 12345.0) std::puts("");  // keeps the chains alive
  return 1e9 * t / (double(rounds) * 8 * Pack::size());
}

// Multiply-add, divide and square-root rates of packs of T, printed as
// key=value with `suffix`. The operands keep the chains near 1 (no
// overflow, no denormals) in float as in double.
template <class T>
void print_lane_rates(const char* suffix) {
  using Pack = stdx::native_simd<T>;
  const Pack a(T(1) + T(1e-7)), b(T(1e-9)), d(T(1) - T(1e-7));
  const double fma_ns = ns_per_lane_op<T>([&](const Pack& x) { return x * a + b; }, 100000000);
  const double div_ns = ns_per_lane_op<T>([&](const Pack& x) { return d / x; }, 20000000);
  const double sqrt_ns = ns_per_lane_op<T>([](const Pack& x) { return stdx::sqrt(x); }, 20000000);
  std::printf(" gflops%s=%.2f div_ns%s=%.4f sqrt_ns%s=%.4f lanes%s=%d", suffix, 2.0 / fma_ns, suffix, div_ns, suffix,
              sqrt_ns, suffix, int(Pack::size()));
}

}  // namespace

int main(int argc, char** argv) {
  mc::bench::BenchOptions options("machine_rates [--huge-pages 1|0]", {{"--huge-pages", "1"}});
  if (const int code = options.read(argc, argv); code >= 0) return code;
  const std::string huge = options.text("--huge-pages");
  if (huge != "0" && huge != "1") {
    std::fprintf(stderr, "--huge-pages: '%s' is not 0 or 1\n", huge.c_str());
    return 2;
  }
  std::printf("triad_gb_s=%.2f", triad_gb_per_s(huge == "1"));
  print_lane_rates<double>("");
  print_lane_rates<float>("_single");
  std::printf("\n");
  return 0;
}
