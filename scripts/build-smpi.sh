#!/usr/bin/env bash
# Configure and build the SimGrid SMPI variant into ./build-smpi (after
# scripts/setup.sh). Same sources, compiled by smpicxx against Debian's
# Serial-only Kokkos, so every simulated rank is one plain thread of work.
#   scripts/build-smpi.sh [extra cmake options]
# MINICRASH_BUILD_DIR (default build-smpi) keeps another variant apart:
#   MINICRASH_BUILD_DIR=build-smpi-single scripts/build-smpi.sh -DMINICRASH_SINGLE_PRECISION=ON
# MINICRASH_UNITY_BUILD as for scripts/build.sh, which does the work.
set -euo pipefail
cd "$(dirname "$0")/.."
export Kokkos_ROOT=${MINICRASH_SMPI_KOKKOS_ROOT:-/usr}
export MINICRASH_BUILD_DIR=${MINICRASH_BUILD_DIR:-build-smpi}
exec scripts/build.sh -DMINICRASH_SMPI=ON -DMINICRASH_REFERENCE_BUILD="$PWD/build" "$@"
