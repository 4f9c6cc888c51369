#!/usr/bin/env bash
# Issue 18's many-core figures in one run on a lent node, from the kit
# scripts/stage-node.sh makes here (the node needs nothing installed):
#   bench/node_check.sh [KIT]     # default .node
# 1. the machine: cores, caches, the kit's commit and target;
# 2. the Neon-like deck's (scale MINICRASH_NODE_SCALE, default 0.1) 500-cycle
#    crash window from 15 ms (tools/study.py run --window 15:500) at every
#    np x ncpu whose product is a power of two up to the cores, with the
#    default rcb and, at ncpu 1 and np > 1, the contact-balanced partition
#    (rebalance=1 partition=rcb-contact): the node share, the phases,
#    contact pairs largest / mean, state checksum;
# 3. the plate's element and node phases at 1 .. all threads
#    (bench_shell_kernel, 200 000 shells);
# 4. kernel_roofline.py against the node's own floors, both precisions,
#    with the work counted here (--work).
# Writes node_check.txt (everything printed) and the study's results.csv
# and run reports (window_reports.tgz) into $OUT (the device tool's) or
# ./node-check/. About 3 minutes on a 2-core VM; on 16 cores the window
# sweep has 19 runs instead of 4.
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

# The windows through the study driver (tools/study.py run --window): it
# makes the state at 15 ms once (np 2, kept in the study) and restarts each
# point from it; halo=corners, minicrash's default, as the figures on record.
study=$work/study
run_study() {
  python3 "$root/tools/study.py" run --out "$study" --deck "gen:neon:scale=$scale" --window 15:500 \
    --halo corners --launcher "$mpirun --bind-to none -np {np}" --binary "$bin/minicrash" \
    --generator "$bin/minicrash-gen" --system node "$@" >>"$work/study.log" 2>&1 ||
    { tail -20 "$work/study.log"; echo "node_check: tools/study.py run $* failed"; exit 1; }
}
echo "== the Neon-like deck (scale $scale): its crash window, 500 cycles from 15 ms, np x ncpu"
start=$(date +%s)
for ((total = 1; total <= cores; total *= 2)); do
  for ((np = total; np >= 1; np /= 2)); do run_study --np "$np" --ncpu "$((total / np))" --partition rcb; done
done
balanced=()
for ((np = 2; np <= cores; np *= 2)); do balanced+=("$np"); done
run_study --np "${balanced[@]}" --ncpu 1 --partition rcb-contact --rebalance
echo "the state at 15 ms and $(ls "$study/runs" | wc -l) windows in $(($(date +%s) - start)) s"
for report in "$study"/runs/*/minicrash_report.json; do
  echo "$(basename "$(dirname "$report")"): $(summarise "$report")"
done
(cd "$study" && tar -czf "$out/window_reports.tgz" results.csv runs/*/minicrash_report.json)

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
