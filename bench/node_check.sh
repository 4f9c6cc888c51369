#!/usr/bin/env bash
# Issue 18's many-core figures in one run on a lent node, from the kit
# scripts/stage-node.sh makes here (the node needs nothing installed):
#   bench/node_check.sh [KIT]     # default .node
# 1. the machine: cores, caches, the kit's commit and target;
# 2. the Neon-like deck (scale MINICRASH_NODE_SCALE, default 0.1) run to
#    15 ms at np = all cores, writing the restart set; then its 500-cycle
#    crash window (from cycle 11350 at scale 0.1) at every np x ncpu whose
#    product is a power of two up to the cores, with the default rcb and,
#    at ncpu 1 and np > 1, the contact-balanced partition (rebalance=1
#    partition=rcb-contact): the node share, the phases, contact pairs
#    largest / mean, state checksum;
# 3. the plate's element and node phases at 1 .. all threads
#    (bench_shell_kernel, 200 000 shells);
# 4. kernel_roofline.py against the node's own floors, both precisions,
#    with the work counted here (--work).
# Writes node_check.txt (everything printed) and the runs' JSON reports
# into $OUT (the device tool's) or ./node-check/. About 3.5 minutes on a
# 2-core VM; on 16 cores the window sweep has 19 runs instead of 4.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
kit=$(realpath "${1:-.node}")
out=${OUT:-$root/node-check}
scale=${MINICRASH_NODE_SCALE:-0.1}
[ -f "$kit/ompi.tgz" ] || { echo "node_check: no kit in $kit (run scripts/stage-node.sh first)"; exit 2; }
mkdir -p "$out"
exec > >(tee "$out/node_check.txt") 2>&1

# Open MPI from the kit, run where it was unpacked (OPAL_PREFIX), its PMIx
# components with it; the kit's other libraries after it.
ompi=$root/.node-run/ompi  # in the tree, not /tmp: a /tmp mounted noexec would stop orted
multiarch=x86_64-linux-gnu
rm -rf "$ompi" && mkdir -p "$ompi" && tar -C "$ompi" -xzf "$kit/ompi.tgz"
export OPAL_PREFIX=$ompi/usr PATH=$ompi/usr/bin:$PATH
mpirun=$ompi/usr/bin/mpirun.openmpi  # (Debian names mpirun through alternatives)
export PMIX_MCA_mca_base_component_path=$ompi/usr/lib/$multiarch/pmix2/lib/pmix
export LD_LIBRARY_PATH=$ompi/usr/lib/$multiarch:$ompi/usr/lib/$multiarch/openmpi/lib:$kit/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1
# Containers often forbid the cross-process reads (CMA) shared memory uses
# for large messages; the copy through the shared segment works anywhere,
# and minicrash's messages are small (under 64 KB on this deck).
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMP_PROC_BIND=false
# The node's libstdc++, libgcc_s and libgomp unless the binaries need newer
# ones. The C library is the node's: glibc 2.36 or newer (libevent's
# arc4random; minicrash itself needs 2.35), else the loader's message below.
if ! "$kit/double/minicrash" --version >/dev/null 2>&1; then
  export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$kit/lib-gcc
  "$kit/double/minicrash" --version >/dev/null 2>&1 ||
    { "$kit/double/minicrash" --version; echo "node_check: the kit's binaries do not start here"; exit 1; }
  echo "using the kit's libstdc++, libgcc_s and libgomp"
fi

cores=$(nproc)
echo "== machine"
echo "cores $cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
for i in /sys/devices/system/cpu/cpu0/cache/index*; do
  echo "cache L$(cat "$i/level") $(cat "$i/type"): $(cat "$i/size")"
done
echo "kit: commit $(cat "$kit/commit"), -march=$(cat "$kit/march"); $("$kit/double/minicrash" --version | head -1)"
"$mpirun" --version | head -1

work=$(mktemp -d)
cd "$work"
bin=$kit/double
# One line from a run's report: elapsed, the phases (the slowest rank's
# seconds), the node phase's share of the elapsed time, contact pairs
# largest over mean, state checksum.
summarise() {
  python3 - "$1" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
phase = {p["name"]: p["max"] for p in r["phases"]}
pairs = r.get("contact_pairs_checked") or [0]
mean = sum(pairs) / len(pairs)
print(f"elapsed {r['elapsed']:.3f} s, {r['figure_of_merit']['ns_per_element_cycle_per_core']:.1f} ns an element-cycle a core;"
      f" elements {phase.get('elements', 0):.3f}, contact {phase.get('contact', 0):.3f},"
      f" nodes {phase.get('nodes', 0):.3f} s = {100 * phase.get('nodes', 0) / r['elapsed']:.1f} %,"
      f" shared nodes {phase.get('shared nodes', 0):.3f}, rigid bodies {phase.get('rigid bodies', 0):.3f};"
      f" pairs max/mean {max(pairs) / mean if mean else 0:.2f}; checksum {r['state_checksum']}")
EOF
}

echo "== the Neon-like deck, scale $scale: to 15 ms at np $cores"
"$bin/minicrash-gen" neon --scale "$scale" -o neon.k >/dev/null || exit 1
start=$(date +%s)
"$mpirun" --bind-to none -np "$cores" "$bin/minicrash" i=neon.k endtim=15 restart_end=1 odir=neon15 \
  progress=0 plot=none >neon15.log 2>&1 || { tail -20 neon15.log; exit 1; }
echo "restart set in $(($(date +%s) - start)) s; $(summarise neon15/minicrash_report.json)"
from=$(python3 -c 'import json; print(json.load(open("neon15/minicrash_report.json"))["cycles"])')
to=$((from + 500))

echo "== its crash window, cycles $from-$to (np x ncpu)"
for ((total = 1; total <= cores; total *= 2)); do
  for ((np = total; np >= 1; np /= 2)); do
    ncpu=$((total / np))
    partitions=(rcb)
    [ "$np" -gt 1 ] && [ "$ncpu" = 1 ] && partitions+=(rcb-contact)
    for partition in "${partitions[@]}"; do
      extra=()
      [ "$partition" = rcb-contact ] && extra=(rebalance=1 partition=rcb-contact)
      name=w${np}x${ncpu}-$partition
      if "$mpirun" --bind-to none -np "$np" "$bin/minicrash" i=neon.k r=neon15 cycles="$to" ncpu="$ncpu" \
        "${extra[@]}" odir="$name" progress=0 plot=none >"$name.log" 2>&1; then
        echo "$np x $ncpu $partition: $(summarise "$name/minicrash_report.json")"
        cp "$name/minicrash_report.json" "$work/report-$name.json"
      else
        echo "$np x $ncpu $partition: FAILED"; tail -5 "$name.log"
      fi
    done
  done
done
tar -czf "$out/window_reports.tgz" report-*.json

echo "== the plate, 200 000 shells, NIP 5, MAT_024 (bench_shell_kernel --cycles 60)"
for ((t = 1; t <= cores; t *= 2)); do
  "$bin/bench/bench_shell_kernel" --elements 200000 --cycles 60 --threads "$t" | tail -1
done

cd "$root"
for precision in double single; do
  echo "== kernel_roofline.py, $precision"
  python3 bench/kernel_roofline.py --precision "$precision" --build "$kit/$precision" \
    --work "$kit/work-$precision.json" --repeat 3
done
echo "== node_check done in $SECONDS s"
