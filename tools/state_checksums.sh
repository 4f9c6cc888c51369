#!/usr/bin/env bash
# Fingerprints of the shipped decks' answers, to show that a refactoring
# changed nothing: for each deck and np = 1, 2, 3, the run report's state
# checksum and the first 16 hex digits of the md5 of glstat and matsum.
# Run it on two builds and diff the outputs (bitwise identical = same lines).
#   tools/state_checksums.sh BUILD_DIR OUT_DIR > fingerprints.txt
# About 75 s on 2 cores.
set -euo pipefail
build=$1
out=$2
src=$(cd "$(dirname "$0")/.." && pwd)
mpiexec=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpiexec+=(--allow-run-as-root)
mkdir -p "$out"
for deck in tube.k neon_small.k 3vehicle_small.k car2car_small.k; do
  for np in 1 2 3; do
    run="$out/${deck%.k}_np$np"
    rm -rf "$run"
    OMP_NUM_THREADS=1 OMP_PROC_BIND=false OMP_WAIT_POLICY=passive \
      "${mpiexec[@]}" -np "$np" "$build/minicrash" i="$src/inputs/$deck" odir="$run" --quiet >"$run.log" 2>&1
    checksum=$(grep -o '"state_checksum": "[0-9a-f]*"' "$run/minicrash_report.json" | cut -d'"' -f4)
    echo "$deck np$np $checksum $(md5sum <"$run/glstat.csv" | cut -c1-16) $(md5sum <"$run/matsum.csv" | cut -c1-16)"
  done
done
