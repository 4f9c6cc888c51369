#!/usr/bin/env bash
# Configure and build minicrash (after scripts/setup.sh).
#   scripts/build.sh [extra cmake options]
# MINICRASH_BUILD_DIR (default build) and MINICRASH_BUILD_TARGET (default
# all; several targets separated by spaces) let the checking scripts keep
# their own builds: build-asan, build-valgrind, build-fuzz.
# MINICRASH_UNITY_BUILD=ON or OFF sets CMake's CMAKE_UNITY_BUILD (each
# target's sources compiled in batches; scripts/test turns it on).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${MINICRASH_UNITY_BUILD:-}" ] && set -- "$@" -DCMAKE_UNITY_BUILD="$MINICRASH_UNITY_BUILD"
KOKKOS_PREFIX=${Kokkos_ROOT:-${MINICRASH_KOKKOS_PREFIX:-$HOME/.cache/minicrash/kokkos-openmp}}
dir=${MINICRASH_BUILD_DIR:-build}
target=()
if [ -n "${MINICRASH_BUILD_TARGET:-}" ]; then
  read -ra names <<<"$MINICRASH_BUILD_TARGET"
  target=(--target "${names[@]}")
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$KOKKOS_PREFIX" "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B "$dir" "$@"
fi
cmake --build "$dir" -j"$(nproc)" "${target[@]}"
