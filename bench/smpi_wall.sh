#!/usr/bin/env bash
# Wall time and peak memory of one simulated point: the simulator's own cost
# (docs/simulated-clusters.md#limits-of-the-simulation). Modeled compute, so the
# simulated answer does not depend on this machine's load.
#
# usage: bench/smpi_wall.sh NETWORK NODES CORES CYCLES COSTS MINICRASH_ARGS... [-- SMPI_CFG...]
#   e.g. bench/smpi_wall.sh ib-hdr 32 8 100 costs.json gen=neon scale=1 -- --cfg=network/crosstraffic:0
# Prints: wall seconds, peak MiB, simulated elapsed and start-up, cycles.
# MINICRASH_BUILD_DIR (default build-smpi) picks another SMPI build, e.g. one
# against another SimGrid (docs/simulated-clusters.md#another-simgrid); the
# smpirun first on PATH runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
binary=$here/${MINICRASH_BUILD_DIR:-build-smpi}/minicrash
network=$1 nodes=$2 cores=$3 cycles=$4 costs=$5
shift 5
args=() cfg=()
while (($#)); do
  if [[ $1 == -- ]]; then shift; cfg=("$@"); break; fi
  args+=("$1"); shift
done
if [[ -f $costs ]]; then costs=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['compute_costs'])" "$costs"); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/tools/study.py" platform --network "$network" --nodes "$nodes" --cores "$cores" -o "$work/p.xml" \
  --hostfile "$work/hosts" >/dev/null
libs=$(ldd "$binary" | grep -o '/[^ ]*kokkos[^ ]*\.so[^ ]*' | paste -sd';' || true)
np=$((nodes * cores))
# Its own TMPDIR: SMPI copies privatized libraries there under names made of
# the rank only, so two simulations sharing one TMPDIR break each other.
TMPDIR=$work /usr/bin/time -f "%e %M" -o "$work/time" smpirun -platform "$work/p.xml" -hostfile "$work/hosts" -np "$np" \
  --cfg=smpi/host-speed:1e9f --cfg=smpi/coll-selector:ompi ${libs:+"--cfg=smpi/privatize-libs:$libs"} \
  --cfg=smpi/simulate-computation:no --cfg=smpi/cpu-threshold:0 --log=smpi_colls.thres:warning \
  --log=root.thres:warning "${cfg[@]}" "$binary" "${args[@]}" cycles="$cycles" \
  compute_costs="$costs" odir="$work/out" progress=0 plot=vtk --quiet >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
read -r wall kib <"$work/time"
python3 - "$work/out/minicrash_report.json" "$wall" "$kib" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"wall {float(sys.argv[2]):.1f} s  peak {int(sys.argv[3]) / 1024:.0f} MiB  simulated elapsed {r['elapsed']!r} s  "
      f"startup {r['startup']:.3f} s  cycles {r['cycles']}")
PY
