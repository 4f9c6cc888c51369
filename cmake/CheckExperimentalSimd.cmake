# The shell kernel's SIMD packs are <experimental/simd>'s native_simd, and
# every lane-wise choice in it (safeguards, yielding points, frames) is a
# masked assignment, where(mask, r) = a. libstdc++'s implementation gives
# wrong answers there with clang and AVX-512 (clang 14 with libstdc++ 12
# leaves r unchanged; newer pairs do not compile, see root-project/root
# #22370). Built so, the kernel finds no positive area in any pack and runs
# every element through its scalar fallback, 3.6-5x slower (clang 14,
# bench_shell_kernel, docs/building.md). So the configure step runs one
# masked assignment with the solver's flags and stops when it is wrong.
include(CheckCXXSourceRuns)

function(minicrash_check_experimental_simd)
  # smpicxx's programs run only under smpirun; it wraps the same GCC the
  # MPI build checks.
  if(CMAKE_CROSSCOMPILING OR MINICRASH_SMPI)
    return()
  endif()
  set(CMAKE_REQUIRED_FLAGS "-std=c++17")
  if(MINICRASH_NATIVE)
    string(APPEND CMAKE_REQUIRED_FLAGS " -march=native")
  endif()
  set(CMAKE_REQUIRED_QUIET ON)
  # One cached answer per compiler and flags: changing either checks again.
  string(MD5 key "${CMAKE_CXX_COMPILER};${CMAKE_CXX_FLAGS};${CMAKE_REQUIRED_FLAGS}")
  check_cxx_source_runs([=[
#include <experimental/simd>
namespace stdx = std::experimental;
template <class T> int wrong_lanes() {
  using S = stdx::native_simd<T>;
  S a([](auto l) { return T(int(l) % 2 ? 1 : -1); });
  S r = S(2);
  stdx::where(a > 0, r) = a;
  int wrong = 0;
  for (std::size_t l = 0; l < S::size(); ++l) wrong += r[l] != (l % 2 ? T(1) : T(2));
  return wrong;
}
int main() { return wrong_lanes<double>() + wrong_lanes<float>(); }
]=] MINICRASH_SIMD_MASKED_ASSIGNMENT_${key})
  if(NOT MINICRASH_SIMD_MASKED_ASSIGNMENT_${key})
    message(FATAL_ERROR
      "minicrash: <experimental/simd> of ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} "
      "with flags '${CMAKE_CXX_FLAGS} ${CMAKE_REQUIRED_FLAGS}' does not compile or gets a masked assignment "
      "(where(mask, r) = a) wrong; the shell kernel's SIMD packs need it. Known: clang with "
      "libstdc++ on AVX-512. Build with GCC 11 or newer (-DCMAKE_CXX_COMPILER=g++), or "
      "without AVX-512 (-DMINICRASH_NATIVE=OFF, or CXXFLAGS=-mno-avx512f).")
  endif()
endfunction()
