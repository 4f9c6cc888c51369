#!/usr/bin/env python3
"""Redecomposition (redecompose=, *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION)
on the shipped tube deck, crushed for 8 ms at np 2.

  same_partition:  redecompose=-3 with the measured work weighted 0
               (weights=plastic:0,pair:0), so every new partition is the
               first one: the state checksum and every history byte for byte
               those of the run without redecomposition (each pause writes a
               restart set and resumes from it in the same process), also
               when the directory holds an earlier run's later sets.
  contact_balance: partition=metis-mc, fresh (its second constraint, the
               contact load, is then each shell's interface count) and with
               redecompose=1 (partitioned anew every 1 ms by the pairs each
               shell checked in the cycle before): with halo=corners every
               glstat energy of the last line within 1e-9 of the fresh run's,
               the report counts 7 redecompositions, and over the whole crush
               no rank checked more than 1.3x the mean contact pairs (the
               fresh run's largest rank is printed: it holds most of them).

usage: redecomposition_checks.py same_partition MPIEXEC_ARGS BINARY DECK WORKDIR [ENDTIM]
       redecomposition_checks.py contact_balance MPIEXEC_ARGS BINARY DECK WORKDIR
(same_partition's ENDTIM, 8 by default, is shorter under the sanitizers.)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from restart_checks import (GLSTAT_ENERGIES, PAIR_IMBALANCE, checksum, fresh, last_energies,  # noqa: E402
                            rank_contact_pairs, run, same_outputs)

NP = 2


def report(odir):
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)


def same_partition(mpiexec, binary, deck, work, end="8"):
    options = [f"i={deck}", f"endtim={end}", "weights=plastic:0,pair:0"]
    straight, paused = fresh(os.path.join(work, "straight")), fresh(os.path.join(work, "paused"))
    run(mpiexec, NP, binary, options + [f"odir={straight}"])
    # Twice into the same directory: the second run must not take the first
    # one's later sets for the ones it has just written.
    for _ in range(2):
        run(mpiexec, NP, binary, options + ["redecompose=-3", f"odir={paused}"])
    count = report(paused)["partition"]["redecompositions"]
    a, b = checksum(straight), checksum(paused)
    print(f"np={NP}: {count} redecompositions into the same partition; state checksum {a} without, {b} with")
    if count != 3 or a != b:
        sys.exit("redecomposing into the same partition changed the run")
    same_outputs(straight, paused, f"np={NP} with 3 redecompositions")


def contact_balance(mpiexec, binary, deck, work):
    options = [f"i={deck}", "endtim=8", "partition=metis-mc", "halo=corners"]
    once, often = fresh(os.path.join(work, "fresh")), fresh(os.path.join(work, "redecomposed"))
    run(mpiexec, NP, binary, options + [f"odir={once}"])
    run(mpiexec, NP, binary, options + ["redecompose=1", f"odir={often}"])
    (cycle_a, a), (cycle_b, b) = last_energies(once), last_energies(often)
    worst = max(abs(a[k] - b[k]) / max(abs(a[k]), 1e-30) for k in GLSTAT_ENERGIES if a[k] or b[k])
    count = report(often)["partition"]["redecompositions"]
    balance = {}
    for name, odir in (("fresh", once), ("redecompose=1", often)):
        pairs = rank_contact_pairs(odir)
        balance[name] = max(pairs) / (sum(pairs) / len(pairs))
        print(f"{name}: contact pairs per rank over the crush {pairs} (max/mean {balance[name]:.3f})")
    print(f"{count} redecompositions; to cycle {cycle_b}: largest relative energy difference {worst:.3e} "
          f"(tolerance 1e-9)")
    if cycle_a != cycle_b or worst > 1e-9:
        sys.exit(f"redecomposition changed the answer: fresh {a}, redecomposed {b}")
    if count != 7:
        sys.exit(f"expected 7 redecompositions (every 1 ms of 8), the report says {count}")
    if balance["redecompose=1"] > PAIR_IMBALANCE:
        sys.exit(f"redecomposed run left the contact pairs unbalanced: max/mean {balance['redecompose=1']:.3f} "
                 f"(limit {PAIR_IMBALANCE})")


if __name__ == "__main__":
    mode, mpiexec, binary, deck, work = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    {"same_partition": same_partition, "contact_balance": contact_balance}[mode](mpiexec, binary, deck, work,
                                                                                *sys.argv[6:])
