#!/usr/bin/env bash
# Shell kernel benchmark matrix of the foundation issue: NIP 3/5 x MAT
# 001/024 x double/single precision on one core, then 2 threads vs 1.
# Builds ./build (double) and ./build-single (single) if needed.
#   bench/run_shell_matrix.sh [elements] [cycles]
set -euo pipefail
cd "$(dirname "$0")/.."
elements=${1:-200000}
cycles=${2:-100}
KOKKOS_PREFIX=${Kokkos_ROOT:-$HOME/.cache/minicrash/kokkos-openmp}
scripts/build.sh >/dev/null
if [ ! -f build-single/CMakeCache.txt ]; then
  cmake -S . -B build-single -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$KOKKOS_PREFIX" \
    -DMINICRASH_SINGLE_PRECISION=ON -DMINICRASH_TESTS=OFF >/dev/null
fi
cmake --build build-single -j"$(nproc)" --target bench_shell_kernel >/dev/null
export OMP_PROC_BIND=false
for dir in build build-single; do
  for nip in 3 5; do
    for mat in 1 24; do
      "$dir/bench/bench_shell_kernel" --elements "$elements" --nip "$nip" --mat "$mat" --cycles "$cycles"
    done
  done
done
for threads in 1 2; do
  build/bench/bench_shell_kernel --elements "$elements" --nip 5 --mat 24 --cycles "$cycles" --threads "$threads"
done
