#!/usr/bin/env bash
# Regenerates the shipped SimGrid platforms: every interconnect of
# tools/minicrash_study/platforms.py on 32 nodes x 8 cores, as a two-level
# fat tree (8 nodes per leaf switch) and on one switch, with the block
# hostfile of 256 ranks. Other shapes: tools/study.py platform --help.
set -euo pipefail
cd "$(dirname "$0")"
study=../../tools/study.py
for network in gige 10gige ib-qdr ib-fdr ib-hdr ib-ndr 100gbe; do
  for topology in fattree switch; do
    "$study" platform --network "$network" --topology "$topology" --nodes 32 --cores 8 \
      -o "${network}_${topology}_32x8.xml" --hostfile block_32x8.hosts >/dev/null
  done
done
