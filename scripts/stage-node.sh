#!/usr/bin/env bash
# Stages what bench/node_check.sh needs on a lent many-core node that has
# none of minicrash's dependencies (no Open MPI, METIS or Kokkos; nothing
# can be fetched there): portable AVX-512 builds of both precisions
# (-march=x86-64-v4, not -march=native: the node's CPU is not this one's),
# the shared libraries they and Open MPI load, Open MPI as a tree that runs
# from any directory (OPAL_PREFIX), and the element kernel's counted work
# (callgrind runs here; the node has no valgrind).
#   scripts/stage-node.sh [DIR]        # default .node (ignored by git)
# Then one device call runs the whole check (docs/speed.md, "A lent node"):
#   run(command="bench/node_check.sh", carry=[".node"], timeout_s=540)
# MINICRASH_NODE_MARCH overrides the target (default x86-64-v4).
set -euo pipefail
cd "$(dirname "$0")/.."
kit=${1:-.node}
# The kit is built from the working tree and named by HEAD's commit, so a
# tree with uncommitted changes is refused: the figures it gives would name
# a commit they did not measure (and a staging run while files were being
# edited once left a bench_shell_kernel that crashed at once).
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "stage-node: the working tree has uncommitted changes (git status); commit or stash them first" >&2
  exit 1
fi
march=${MINICRASH_NODE_MARCH:-x86-64-v4}
multiarch=$(gcc -print-multiarch)
rm -rf "$kit"
mkdir -p "$kit/lib" "$kit/lib-gcc"

for precision in double single; do
  single=OFF
  [ "$precision" = single ] && single=ON
  dir=build-node-$precision
  echo "stage-node: building $dir (-march=$march)"
  MINICRASH_BUILD_DIR=$dir MINICRASH_BUILD_TARGET="minicrash minicrash-gen bench_shell_kernel machine_rates" \
    scripts/build.sh -DMINICRASH_NATIVE=OFF -DCMAKE_CXX_FLAGS="-march=$march" -DMINICRASH_TESTS=OFF \
    -DMINICRASH_SINGLE_PRECISION=$single >"$kit/build-$precision.log" 2>&1 ||
    { cat "$kit/build-$precision.log"; exit 1; }
  # kernel_roofline.py --build reads the precision from CMakeCache.txt and
  # runs bench/bench_shell_kernel and bench/machine_rates.
  mkdir -p "$kit/$precision/bench"
  cp "$dir/CMakeCache.txt" "$dir/minicrash" "$dir/minicrash-gen" "$kit/$precision/"
  cp "$dir/bench/bench_shell_kernel" "$dir/bench/machine_rates" "$kit/$precision/bench/"
  # The same run times the staged binaries here: a baseline for the node's.
  echo "stage-node: counting the kernel's work ($precision, callgrind) and timing $dir here"
  python3 bench/kernel_roofline.py --precision "$precision" --build "$dir" \
    --save-work "$kit/work-$precision.json" >"$kit/here-$precision.log" 2>&1 ||
    { cat "$kit/here-$precision.log"; exit 1; }
done

# Open MPI's files as Debian installs them (its PMIx, hwloc and libevent
# too), packed to unpack anywhere. hwloc's plugins are left out: they pull
# in X11, OpenCL and ICU, and hwloc finds the cores without them.
packages="openmpi-bin openmpi-common libopenmpi3 libpmix2 libhwloc15 libevent-core-2.1-7
  libevent-pthreads-2.1-7 libevent-2.1-7 libfabric1 libucx0 libibverbs1 ibverbs-providers librdmacm1
  libnl-3-200 libnl-route-3-200 libpsm-infinipath1 libpsm2-2 libmunge2"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/usr/lib" "$tree/usr/bin"
ln -s usr/lib "$tree/lib"  # merged /usr: some packages list /lib/... paths
for p in $packages; do
  dpkg -L "$p" >/dev/null 2>&1 || { echo "stage-node: package $p is not installed (scripts/setup.sh)"; exit 1; }
  dpkg -L "$p" | while read -r f; do if [ -f "$f" ] || [ -L "$f" ]; then echo "$f"; fi; done
done | grep -v "/hwloc/hwloc_" | sort -u | tar -cf - -T - 2>/dev/null | tar -C "$tree" -xf -
tar -C "$tree" -czf "$kit/ompi.tgz" .

# Every other library the binaries and Open MPI's programs and components
# load, except the C library's own (the node has its own, and a newer one
# would not load). libstdc++, libgcc_s and libgomp go apart, used there
# only where the node's copies are older than the binaries need.
{
  ldd "$kit"/double/minicrash "$kit"/double/minicrash-gen "$kit"/double/bench/* \
    "$kit"/single/minicrash "$kit"/single/bench/*
  find "$tree" -type f \( -name '*.so*' -o -perm -u+x \) -exec sh -c 'file -b "$1" | grep -q ELF && ldd "$1"' _ {} \;
} 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u | while read -r lib; do
  name=$(basename "$lib")
  case "$name" in
    libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libresolv.so.*|libutil.so.*|ld-linux*) continue ;;
    libstdc++.so.*|libgcc_s.so.*|libgomp.so.*) cp -L "$lib" "$kit/lib-gcc/" ;;
    *) [ -e "$tree/usr/lib/$multiarch/$name" ] || cp -L "$lib" "$kit/lib/" ;;
  esac
done
git rev-parse --short HEAD >"$kit/commit"
echo "$march" >"$kit/march"
echo "stage-node: $kit holds $(du -sh "$kit" | cut -f1) (the device carries 64 MiB with the tree);" \
  "commit $(cat "$kit/commit")"
