#!/usr/bin/env bash
# A deck at scale 1 in a crash window on the clusters of the published
# LS-DYNA studies (docs/studies.md#scale-1-crash-windows-on-the-seeds-clusters):
# nodes of 8 cores at the seeds' core speed (0.18Gf), their networks (GigE
# and 10GigE over TCP, InfiniBand QDR), modeled compute, so that the rows of
# tools/study.py fingerprint are measured where the seeds measured them:
#   1. networks: 1 to 24 nodes (8 to 192 ranks) on gige-tcp, 10gige-tcp and
#      ib-qdr, with the host energy plugin (seed 000's scaling, IB against
#      Ethernet at 24 nodes, energy per job; seed 001's efficiency);
#   2. rails: ib-qdr with 1 and 2 rails at 16 and 32 nodes (128 and 256
#      cores; seed 002);
#   3. jobs: 1, 2, 4 and 8 concurrent jobs spread over 24 nodes on gige-tcp
#      and ib-qdr (seed 000's throughput);
#   4. wait: ib-qdr at 24 nodes with a timed barrier before each collective
#      (--profile-wait: seed 003's wait for the slowest rank);
#   then the fingerprint of them all.
#   bench/seeds_networks.sh OUT DECK WINDOW     e.g. bench/seeds_networks.sh scale1w 3vehicle 30:100
# Needs OUT/costs_DECK.json and the window's state from
#   WINDOW=T:N bench/scale1_networks.sh OUT DECK ...
# (the fit makes both). STAGES (default "networks rails jobs wait") picks stages;
# a study directory that exists is continued.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if (($# != 3)); then
  echo "usage: bench/seeds_networks.sh OUT DECK WINDOW   (DECK: neon, 3vehicle or car2car; WINDOW: T:N)" >&2
  exit 2
fi
out=$1 deck=$2 window=$3
costs=$out/costs_$deck.json
windows=$out/fit_$deck/windows
for need in "$costs" "$windows"; do
  if [[ ! -e $need ]]; then
    echo "bench/seeds_networks.sh: $need is missing: run WINDOW=$window bench/scale1_networks.sh $out $deck first" >&2
    exit 2
  fi
done
read -r -a stages <<<"${STAGES:-networks rails jobs wait}"
study=$here/tools/study.py
common=(--deck "gen:$deck:scale=1" --window "$window" --cores-per-node 8 --no-local --compute model
  --compute-costs "$costs" --host-speed 1e9 --core-speed 0.18Gf)
link_windows() {  # each study reuses the fit's window state
  mkdir -p "$1"
  [[ -e $1/windows ]] || ln -s "$(cd "$windows" && pwd)" "$1/windows"
}
dirs=()
for stage in "${stages[@]}"; do
  dir=$out/seeds_${deck}_$stage
  link_windows "$dir"
  case $stage in
    networks) "$study" run --out "$dir" "${common[@]}" --network gige-tcp 10gige-tcp ib-qdr \
                --nodes 1 2 4 8 16 20 24 --energy ;;
    rails) "$study" run --out "$dir" "${common[@]}" --network ib-qdr --rails 1 2 --nodes 16 32 ;;
    jobs) "$study" throughput --out "$dir" "${common[@]}" --network gige-tcp ib-qdr --nodes 24 \
            --jobs 1 2 4 8 --share-nodes ;;
    wait) "$study" run --out "$dir" "${common[@]}" --network ib-qdr --nodes 24 --option=--profile-wait ;;
    *) echo "bench/seeds_networks.sh: unknown stage '$stage' (networks, rails, jobs, wait)" >&2; exit 2 ;;
  esac
  dirs+=("$dir")
done
"$study" fingerprint "${dirs[@]}"
