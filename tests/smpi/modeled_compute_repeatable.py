#!/usr/bin/env python3
"""Modeled compute is repeatable (docs/simulated-clusters.md#modeled-compute).

The generated tube (contact, a rigid end plate, a rigid wall) runs 200
cycles at np = 4 on a simulated 2-node x 2-core InfiniBand HDR cluster
with smpi/simulate-computation:no and fixed compute_costs=, twice. The two
runs must report bitwise the same simulated elapsed time and the same
per-phase profile (min, avg, max of every phase), and each modeled phase's
simulated time must be what the model charged (rank_work's modeled
columns), plus SMPI's 10 ns per MPI_Wtime call (smpi/wtime; two per timed
part of a phase and cycle): the machine's speed and load play no part. The rigid-body phase
holds the bodies' Allreduce, so there it is at least what was charged.

usage: modeled_compute_repeatable.py GENERATOR SMPI_BINARY WORKDIR
"""
import os
import sys

from smpi_case import launch, run_report, tube_on_two_nodes

COSTS = ("shell:90,plastic:120,element_cycle:2000,contact_pair:125,contact_node:9,contact_cycle:5000,"
         "node:25,node_cycle:3000,wall_node:4,wall_cycle:800,body_node:2,body_cycle:1000,message:2000,byte:0.5")
MODELED = {"elements": "elements", "contact": "contact", "nodes": "nodes", "rigid walls": "rigid_walls",
           "rigid bodies": "rigid_bodies"}
CYCLES = 200
WTIME = 1e-8  # SimGrid's default smpi/wtime: simulated seconds per MPI_Wtime call


def main():
    generator, smpi_binary, workdir = sys.argv[1:4]
    deck, smpirun = tube_on_two_nodes(generator, smpi_binary, workdir, "ib-hdr", cfg=(
        "--cfg=smpi/simulate-computation:no", "--cfg=smpi/cpu-threshold:0", launch.QUIET_COLLECTIVES))
    cmd = smpirun + [smpi_binary, f"i={deck}", f"cycles={CYCLES}", f"compute_costs={COSTS}", "--quiet"]
    first, second = (run_report(cmd, os.path.join(workdir, name)) for name in ("first", "second"))
    failures = []
    print(f"simulated elapsed: {first['elapsed']!r} s and {second['elapsed']!r} s")
    if first["elapsed"] != second["elapsed"]:
        failures.append("the simulated elapsed time differs between the two runs")
    if first["phases"] != second["phases"]:
        failures.append(f"the profiles differ:\n{first['phases']}\n{second['phases']}")
    work = first["rank_work"]
    for phase in first["phases"]:
        if phase["name"] not in MODELED:
            continue
        charged = work[f"{MODELED[phase['name']]}_modeled_seconds"]
        simulated = work[f"{MODELED[phase['name']]}_seconds"]
        print(f"{phase['name']}: simulated {sum(simulated):.6f} s, charged {sum(charged):.6f} s (all ranks)")
        # Two clock reads per timed part: nodes has three parts a cycle, and
        # contact times its messages apart (two more, and two more at a
        # sort, counted here as if every cycle sorted).
        clock_calls = 2 * CYCLES * {"nodes": 3, "contact": 3}.get(phase["name"], 1)
        for rank, (s, c) in enumerate(zip(simulated, charged)):
            bad = s < c - 1e-12 if phase["name"] == "rigid bodies" else abs(s - c) > clock_calls * WTIME + 1e-12
            if bad:
                failures.append(f"{phase['name']} on rank {rank}: simulated {s!r} s, the model charged {c!r} s")
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
