#!/usr/bin/env bash
# Generation time and peak memory of a vehicle preset at a scale, deck
# written included (default: car2car at scale 1, the 2.5 M-shell deck).
#   bench/bench_generator.sh [PRESET] [SCALE] [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-car2car}
scale=${2:-1}
out=${3:-${TMPDIR:-/tmp}}
deck="$out/${preset}_scale${scale}.k"
/usr/bin/time -f "wall %e s, peak resident memory %M KB" build/minicrash-gen "$preset" --scale "$scale" -o "$deck"
ls -l "$deck"
