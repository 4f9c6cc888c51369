#!/usr/bin/env bash
# The decks at scale 1 on simulated clusters of four networks, modeled
# compute (docs/studies.md#scale-1-on-four-networks-modeled-compute):
#   1. fit: real runs of each deck here (np 1, 4, 16, 64; clock=cpu, so the
#      oversubscribed ranks are not charged their waits for a core), the
#      same cycles as the study, tools/study.py calibrate -> costs_DECK.json;
#   2. study: the same cycles on NODES x 16 cores of 10gige, 100gbe, ib-hdr
#      and ib-ndr with that model (no timed bursts: the answer does not
#      depend on this machine's load), tools/study.py table.
#   bench/scale1_networks.sh OUT DECK [NODES...]     (defaults: 1 2 4 8 16)
#   e.g. bench/scale1_networks.sh scale1 neon 1 2 4 8 16
# DECK is a minicrash-gen preset (neon, 3vehicle, car2car). CYCLES (default
# 100), NETWORKS and FIT_NP override the defaults. WINDOW=T:N runs a crash
# window instead of the first CYCLES cycles (docs/studies.md#crash-phase-windows):
# the state at T is made once, by the fit, and the study reuses it. A study
# directory that exists is continued: a killed run resumes at its first
# unfinished point.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if (($# < 2)); then
  echo "usage: bench/scale1_networks.sh OUT DECK [NODES...]   (DECK: neon, 3vehicle or car2car)" >&2
  exit 2
fi
out=$1 deck=$2
shift 2
nodes=("$@")
((${#nodes[@]})) || nodes=(1 2 4 8 16)
cycles=(--cycles "${CYCLES:-100}")
[[ -n ${WINDOW:-} ]] && cycles=(--window "$WINDOW")
read -r -a networks <<<"${NETWORKS:-10gige 100gbe ib-hdr ib-ndr}"
read -r -a fit_np <<<"${FIT_NP:-1 4 16 64}"
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1} OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
study=$here/tools/study.py
spec=gen:$deck:scale=1
costs=$out/costs_$deck.json
mkdir -p "$out"
if [[ ! -f $costs ]]; then
  "$study" run --out "$out/fit_$deck" --deck "$spec" --np "${fit_np[@]}" --ncpu 1 "${cycles[@]}" \
    --option clock=cpu
  "$study" calibrate "$out/fit_$deck" -o "$costs" | tee "$out/calibrate_$deck.txt"
fi
if [[ -n ${WINDOW:-} && ! -e $out/sim_$deck/windows ]]; then  # the fit's window state
  mkdir -p "$out/sim_$deck"
  ln -s "$(cd "$out/fit_$deck" && pwd)/windows" "$out/sim_$deck/windows"
fi
"$study" run --out "$out/sim_$deck" --deck "$spec" --network "${networks[@]}" --nodes "${nodes[@]}" \
  --cores-per-node 16 --no-local "${cycles[@]}" --compute model --compute-costs "$costs" --host-speed 1e9
"$study" table "$out/sim_$deck"
