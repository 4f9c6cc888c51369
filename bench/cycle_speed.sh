#!/usr/bin/env bash
# Whole-cycle speed, side by side, in one run on one machine (issue 18,
# item 5): ns per element-cycle per core (the report's figure of merit:
# elapsed x ranks x threads / (elements x cycles)) of
#   tube3k    the tube preset at 4 mm, no contact, no end plate (3000 shells)
#   tube12k   the same at 2 mm (12 000 shells)
#   contact   the tube preset as shipped (2064 shells, end plate, single
#             surface contact), cycles 2000-2600: folds in contact
#   neon      the Neon-like sedan at scale 0.02 (10 646 shells), a crash
#             window: cycles 3000-3300 (bumper and rails crushing), from a
#             restart set written once per precision
# in double (./build) and single (./build-single, MINICRASH_SINGLE_PRECISION),
# at np 1 and 2 and ncpu 1 and 2. Prints one row per point, the single over
# double speed-up, and the tube's speed-up over OpenRadioss' figures for the
# same deck kind on a 2-core Xeon of this machine's kind (0.733 us per
# element-cycle for 2 880 shells, 0.938 us for 11 520, double).
# Wall-clock figures are noisy on a shared machine: compare ratios from one
# run of this script, not figures from two. Threads are left unbound; they
# sleep at once when idle only where np x ncpu exceeds the cores.
#   bench/cycle_speed.sh [repeats]   (default 1: each point once; 3 keeps the fastest)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-1}
scripts/build.sh >/dev/null
MINICRASH_BUILD_DIR=build-single MINICRASH_BUILD_TARGET=minicrash \
  scripts/build.sh -DMINICRASH_SINGLE_PRECISION=ON -DMINICRASH_TESTS=OFF >/dev/null
export OMP_PROC_BIND=false
cores=$(nproc)
mpirun=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
work=${MINICRASH_BENCH_DIR:-/tmp/minicrash-cycle-speed}
rm -rf "$work" && mkdir -p "$work"
build/minicrash-gen tube --size 4 --no-contact --no-rigid -o "$work/tube3k.k" >/dev/null
build/minicrash-gen tube --size 2 --no-contact --no-rigid -o "$work/tube12k.k" >/dev/null
build/minicrash-gen tube -o "$work/contact.k" >/dev/null
build/minicrash-gen neon --scale 0.02 -o "$work/neon.k" >/dev/null

# The window starts: one restart set per deck and precision, written at np 2.
for dir in build build-single; do
  "${mpirun[@]}" -np 2 "$dir/minicrash" i="$work/contact.k" cycles=2000 restart_end=1 \
    odir="$work/$dir-contact-start" --quiet >/dev/null
  "${mpirun[@]}" -np 2 "$dir/minicrash" i="$work/neon.k" cycles=3000 restart_end=1 \
    odir="$work/$dir-neon-start" --quiet >/dev/null
done

# figure NP NCPU DIR ARGS...: the fastest of `repeats` runs, ns per element-cycle per core.
# Idle threads sleep at once (OMP_WAIT_POLICY=passive) only where np x ncpu
# exceeds the cores: there a spinning thread holds a core another rank
# waits for; elsewhere passive costs every parallel region a wake-up
# (docs/speed.md, "The wait policy").
figure() {
  local np=$1 ncpu=$2 dir=$3 best="" out policy=()
  shift 3
  [ $((np * ncpu)) -gt "$cores" ] && policy=(-x OMP_WAIT_POLICY=passive)
  for _ in $(seq "$repeats"); do
    out="$work/run"
    rm -rf "$out"
    if ! "${mpirun[@]}" "${policy[@]}" -np "$np" "$dir/minicrash" "$@" ncpu="$ncpu" odir="$out" plot=vtk --quiet \
      >/dev/null 2>"$out.stderr"; then
      # (exits the command substitution; its failed assignment stops the script)
      echo "cycle_speed: $dir/minicrash $* at np $np x ncpu $ncpu failed:" >&2
      tail -5 "$out.stderr" >&2
      exit 1
    fi
    best=$(/usr/bin/python3 -c "import json,sys; f=json.load(open('$out/minicrash_report.json'))['figure_of_merit']['ns_per_element_cycle_per_core']; b='$best'; print(f if not b else min(f, float(b)))")
  done
  echo "$best"
}

printf '%-8s %-3s %-4s %-7s %12s %12s %9s\n' case np ncpu cycles "double ns" "single ns" "speed-up"
for case in tube3k tube12k contact neon; do
  for np in 1 2; do
    for ncpu in 1 2; do
      declare -A ns=()
      for dir in build build-single; do
        case $case in
          tube3k | tube12k) args=(i="$work/$case.k" cycles=1000); cycles=1000 ;;
          contact) args=(r="$work/$dir-contact-start" cycles=2600); cycles=600 ;;
          neon) args=(r="$work/$dir-neon-start" cycles=3300); cycles=300 ;;
        esac
        ns[$dir]=$(figure "$np" "$ncpu" "$dir" "${args[@]}")
      done
      printf '%-8s %-3s %-4s %-7s %12.1f %12.1f %8.2fx\n' "$case" "$np" "$ncpu" "$cycles" "${ns[build]}" \
        "${ns[build-single]}" "$(echo "${ns[build]} / ${ns[build-single]}" | bc -l)"
      if [ "$np" = 1 ] && [ "$ncpu" = 1 ]; then
        case $case in
          tube3k) echo "         OpenRadioss 2 880 shells: 733 ns; minicrash double is $(echo "733 / ${ns[build]}" | bc -l | cut -c1-4)x faster" ;;
          tube12k) echo "         OpenRadioss 11 520 shells: 938 ns; minicrash double is $(echo "938 / ${ns[build]}" | bc -l | cut -c1-4)x faster" ;;
        esac
      fi
    done
  done
done
