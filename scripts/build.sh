#!/usr/bin/env bash
# Configure and build minicrash into ./build (after scripts/setup.sh).
#   scripts/build.sh [extra cmake options]
set -euo pipefail
cd "$(dirname "$0")/.."
KOKKOS_PREFIX=${Kokkos_ROOT:-${MINICRASH_KOKKOS_PREFIX:-$HOME/.cache/minicrash/kokkos-openmp}}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$KOKKOS_PREFIX" "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B build "$@"
fi
cmake --build build -j"$(nproc)"
