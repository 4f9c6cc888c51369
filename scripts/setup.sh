#!/usr/bin/env bash
# minicrash set-up: installs the build dependencies and provides Kokkos with
# the OpenMP backend. Idempotent: a second run only checks and takes seconds.
#
#   scripts/setup.sh                 # everything (Debian 12 / Ubuntu)
#   Kokkos_ROOT=/opt/kokkos scripts/setup.sh   # use your own Kokkos
#
# Other distributions / Spack: install an MPI (Open MPI), METIS 5, GoogleTest,
# CMake >= 3.25, a C++17 compiler, Python 3 with matplotlib, optionally
# SimGrid (with a Serial Kokkos for the SMPI build, Debian's
# libtrilinos-kokkos-dev here), and Kokkos >= 3.4 with the OpenMP backend
# (spack install kokkos+openmp metis googletest openmpi py-matplotlib simgrid),
# then pass -DKokkos_ROOT=... to CMake. The tests' independent checkers
# (PyPI ansys-dyna-core) go into a virtual environment: scripts/checkers-venv.sh.
set -euo pipefail

KOKKOS_PREFIX=${MINICRASH_KOKKOS_PREFIX:-$HOME/.cache/minicrash/kokkos-openmp}
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

log() { printf '[setup] %s\n' "$*"; }

# clang and its runtimes (libFuzzer, sanitizers) build the fuzz target;
# valgrind runs the memcheck test.
debian_packages=(build-essential cmake ninja-build pkg-config
  libopenmpi-dev openmpi-bin libmetis-dev libgtest-dev googletest
  libsimgrid-dev libtrilinos-kokkos-dev python3 python3-matplotlib python3-numpy python3-venv
  dpkg-dev xz-utils clang libclang-rt-14-dev valgrind)

missing_packages() {
  local p
  for p in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

install_debian_packages() {
  if ! command -v apt-get >/dev/null; then
    log "no apt-get: install these yourself: ${debian_packages[*]}"
    return
  fi
  local missing
  missing=$(missing_packages)
  if [ -z "$missing" ]; then log "Debian packages present"; return; fi
  log "installing:" $missing
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

kokkos_has_openmp() {  # $1: prefix holding lib*/cmake/Kokkos
  local cfg
  cfg=$(find "$1" -name KokkosConfigCommon.cmake 2>/dev/null | head -1)
  [ -n "$cfg" ] && grep -q 'Kokkos_DEVICES.*OPENMP' "$cfg"
}

enable_deb_src() {
  local src=/etc/apt/sources.list.d/minicrash-src.sources
  if grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ || grep -qs '^deb-src' /etc/apt/sources.list; then
    return
  fi
  log "adding deb-src lines for the configured archive ($src)"
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $SUDO tee "$src" >/dev/null
  $SUDO apt-get update -qq
}

build_kokkos() {
  if [ -n "${Kokkos_ROOT:-}" ]; then log "using Kokkos_ROOT=$Kokkos_ROOT"; return; fi
  if kokkos_has_openmp "$KOKKOS_PREFIX"; then log "Kokkos (OpenMP) cached in $KOKKOS_PREFIX"; return; fi
  log "building Kokkos with OpenMP from Debian's trilinos source into $KOKKOS_PREFIX"
  enable_deb_src
  local work
  work=$(mktemp -d)
  (
    cd "$work"
    apt-get source --download-only trilinos >download.log 2>&1 || { cat download.log; exit 1; }
    local tarball
    tarball=$(ls trilinos_*.orig.tar.*)
    tar xf "$tarball" --wildcards '*/packages/kokkos/*'
    cmake -S */packages/kokkos -B build -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$KOKKOS_PREFIX" -DKokkos_ENABLE_OPENMP=ON \
      -DKokkos_ENABLE_SERIAL=ON -DCMAKE_CXX_STANDARD=17 \
      -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
    cmake --build build -j"$(nproc)" >/dev/null
    cmake --install build >/dev/null
  )
  rm -rf "$work"
  kokkos_has_openmp "$KOKKOS_PREFIX" || { log "Kokkos build failed"; exit 1; }
}

install_debian_packages
build_kokkos
"$(dirname "$0")/checkers-venv.sh"
log "done. Kokkos prefix: ${Kokkos_ROOT:-$KOKKOS_PREFIX}"
