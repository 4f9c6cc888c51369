#!/usr/bin/env bash
# Configure and build the SimGrid SMPI variant into ./build-smpi (after
# scripts/setup.sh). Same sources, compiled by smpicxx against Debian's
# Serial-only Kokkos, so every simulated rank is one plain thread of work.
#   scripts/build-smpi.sh [extra cmake options]
# MINICRASH_BUILD_DIR (default build-smpi) keeps another variant apart:
#   MINICRASH_BUILD_DIR=build-smpi-single scripts/build-smpi.sh -DMINICRASH_SINGLE_PRECISION=ON
# MINICRASH_UNITY_BUILD as for scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${MINICRASH_UNITY_BUILD:-}" ] && set -- "$@" -DCMAKE_UNITY_BUILD="$MINICRASH_UNITY_BUILD"
KOKKOS_PREFIX=${MINICRASH_SMPI_KOKKOS_ROOT:-/usr}
dir=${MINICRASH_BUILD_DIR:-build-smpi}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DMINICRASH_SMPI=ON \
    -DKokkos_ROOT="$KOKKOS_PREFIX" -DMINICRASH_REFERENCE_BUILD="$PWD/build" "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B "$dir" "$@"
fi
cmake --build "$dir" -j"$(nproc)"
