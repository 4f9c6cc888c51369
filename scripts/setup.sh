#!/usr/bin/env bash
# minicrash set-up: installs the build dependencies and provides Kokkos with
# the OpenMP backend. Idempotent: a second run only checks and takes seconds.
#
#   scripts/setup.sh                 # everything (Debian 12 / Ubuntu)
#   scripts/setup.sh build           # only what builds minicrash and runs its own tests
#   scripts/setup.sh checks          # only what the later test stages use: SimGrid
#                                    # with a Serial Kokkos, clang, valgrind, the checkers
#   Kokkos_ROOT=/opt/kokkos scripts/setup.sh   # use your own Kokkos
#
# scripts/test runs `build` first and `checks` in the background while the
# normal suite builds, so on a slow network the downloads overlap the
# compiler's work.
#
# Other distributions / Spack: install an MPI (Open MPI), METIS 5, GoogleTest,
# CMake >= 3.25, a C++17 compiler, Python 3 with matplotlib, optionally
# SimGrid (with a Serial Kokkos for the SMPI build, Debian's
# libtrilinos-kokkos-dev here), and Kokkos >= 3.4 with the OpenMP backend
# (spack install kokkos+openmp metis googletest openmpi py-matplotlib simgrid),
# then pass -DKokkos_ROOT=... to CMake. The tests' independent checkers
# (PyPI ansys-dyna-core, lasso-python) go into virtual environments:
# scripts/checkers-venv.sh.
set -euo pipefail

KOKKOS_PREFIX=${MINICRASH_KOKKOS_PREFIX:-$HOME/.cache/minicrash/kokkos-openmp}
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

log() { printf '[setup] %s\n' "$*"; }

part=${1:-all}
case $part in
  all | build | checks) ;;
  -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "scripts/setup.sh: unknown part '$part' (all, build or checks; --help)" >&2; exit 2 ;;
esac

# What builds minicrash and runs its own tests (python3-venv and dpkg-dev
# too: the checkers' environments and `apt-get source`).
build_packages=(build-essential cmake ninja-build pkg-config
  libopenmpi-dev openmpi-bin libmetis-dev libgtest-dev googletest
  python3 python3-matplotlib python3-numpy python3-venv dpkg-dev xz-utils)
# What only later test stages use: the SMPI build (SimGrid, Debian's Serial
# Kokkos), the fuzz target (clang and its libFuzzer and sanitizer runtimes),
# the memcheck test (valgrind).
check_packages=(libsimgrid-dev libtrilinos-kokkos-dev clang libclang-rt-14-dev valgrind)

missing_packages() {  # $@: packages
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

install_debian_packages() {  # $@: packages
  if ! command -v apt-get >/dev/null; then
    log "no apt-get: install these yourself: $*"
    return
  fi
  local missing
  missing=$(missing_packages "$@")
  if [ -z "$missing" ]; then log "the $# Debian packages present"; return; fi
  log "installing:" $missing
  # The package lists are read afresh only when the install fails on them
  # (none yet, or stale), so the two parts and the deb-src lines cost one
  # update between them.
  apt_install $missing 2>/dev/null || { log "updating the package lists"; $SUDO apt-get update -qq && apt_install $missing; }
}

apt_install() {
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
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

kokkos_needed() {
  [ -z "${Kokkos_ROOT:-}" ] && ! kokkos_has_openmp "$KOKKOS_PREFIX"
}

build_kokkos() {
  if ! kokkos_needed; then
    if [ -n "${Kokkos_ROOT:-}" ]; then log "using Kokkos_ROOT=$Kokkos_ROOT"; else log "Kokkos (OpenMP) cached in $KOKKOS_PREFIX"; fi
    return
  fi
  log "building Kokkos with OpenMP from Debian's trilinos source into $KOKKOS_PREFIX"
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

# timed WHAT STEP...: runs STEP and logs its time (a slow CI's log then says
# which step waited).
timed() {
  local what=$1 start=$SECONDS
  shift
  "$@"
  log "$what: $((SECONDS - start)) s"
}

if [ "$part" != checks ]; then
  kokkos_needed && timed "deb-src lines" enable_deb_src
  timed "packages to build" install_debian_packages "${build_packages[@]}"
fi
if [ "$part" != build ]; then
  # The checkers come from PyPI while Debian's packages (or Kokkos's source,
  # for `all`) download: two servers at once.
  # An early exit still waits for it, so no environment is left half made.
  "$(dirname "$0")/checkers-venv.sh" &
  checkers=$!
  trap 'wait "$checkers" 2>/dev/null || true' EXIT
  timed "packages for the checks" install_debian_packages "${check_packages[@]}"
fi
[ "$part" != checks ] && timed Kokkos build_kokkos
if [ "$part" != build ]; then
  wait "$checkers" || { log "installing the checkers failed"; exit 1; }
  trap - EXIT
fi
if [ "$part" = checks ]; then
  log "checks done in $SECONDS s"
else
  log "$part done in $SECONDS s. Kokkos prefix: ${Kokkos_ROOT:-$KOKKOS_PREFIX}"
fi
