#!/usr/bin/env bash
# Build a SimGrid from its source tree into a prefix, for simulated points of
# thousands of ranks. Debian 12's SimGrid 3.32 keeps every eager (detached)
# send in one std::list and removes each finished one by a search of the whole
# list, a cost per message that grows with the rank count; SimGrid 3.34 and
# later keep a set (docs/simulated-clusters.md#another-simgrid).
#   scripts/build-simgrid.sh SIMGRID_SOURCE_DIR [PREFIX]
# (the source of a release, e.g. its tarball unpacked; PREFIX defaults to
# ~/.cache/minicrash/simgrid). Then build and run minicrash against it:
#   PATH=PREFIX/bin:$PATH MINICRASH_BUILD_DIR=build-smpi-new scripts/build-smpi.sh
#   PATH=PREFIX/bin:$PATH MINICRASH_BUILD_DIR=build-smpi-new bench/smpi_wall.sh ...
#   PATH=PREFIX/bin:$PATH tools/study.py run ... --smpi-binary build-smpi-new/minicrash
set -euo pipefail
usage="usage: scripts/build-simgrid.sh SIMGRID_SOURCE_DIR [PREFIX]"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "$usage" >&2; exit 2; fi
src=$1
prefix=${2:-$HOME/.cache/minicrash/simgrid}
if ! grep -qs "^project(simgrid" "$src/CMakeLists.txt"; then
  echo "build-simgrid: $src is not a SimGrid source tree (no project(simgrid ...) in its CMakeLists.txt)" >&2
  echo "$usage" >&2
  exit 2
fi
src=$(cd "$src" && pwd)
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
build=$src/build-minicrash
# From the build directory: SimGrid's configure step leaves a probe program
# (test_stackgrowth) in the directory it is run from.
mkdir -p "$build"
cd "$build"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# SMPI alone: no model checker, Fortran, Python or documentation to build.
cmake -S "$src" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$prefix" -Denable_smpi=ON -Denable_model-checking=OFF -Denable_fortran=OFF \
  -Denable_python=OFF -Denable_documentation=OFF -Denable_lto=OFF
cmake --build "$build" --target install -j"$(nproc)"
echo "build-simgrid: SimGrid installed in $prefix; put $prefix/bin first on PATH to use it"
