#!/usr/bin/env python3
"""Concurrent jobs on one simulated cluster (minicrash jobs=K;
docs/simulated-clusters.md#concurrent-jobs).

The generated tube runs 300 cycles at np = 2 on a simulated 2-node x 2-core
Gigabit Ethernet cluster, one rank per node, alone; then two copies of it
(jobs=2, 4 ranks placed round-robin) share the same nodes and links. Each
job must write the alone run's glstat byte for byte (the same energies at
every output), and under modeled compute their simulated elapsed time must
exceed the alone run's, since their halo messages now share each node's
link (the difference is the contention the throughput study measures).

usage: concurrent_jobs.py GENERATOR SMPI_BINARY WORKDIR
"""
import os
import sys

from smpi_case import launch, rows, run, run_report, tube_on_two_nodes

COSTS = "shell:90,node:25,contact_pair:125,message:2000,byte:0.5"
CFG = ("--cfg=smpi/simulate-computation:no", "--cfg=smpi/cpu-threshold:0", launch.QUIET_COLLECTIVES)


def glstat(odir):
    with open(os.path.join(odir, "glstat.csv"), "rb") as f:
        return f.read()


def main():
    generator, smpi_binary, workdir = sys.argv[1:4]
    args = ["cycles=300", f"compute_costs={COSTS}", "--quiet"]
    deck, alone_cmd = tube_on_two_nodes(generator, smpi_binary, workdir, "gige", cfg=CFG, np=2, placement="roundrobin")
    _, pair_cmd = tube_on_two_nodes(generator, smpi_binary, workdir, "gige", cfg=CFG, np=4, placement="roundrobin")
    alone = run_report(alone_cmd + [smpi_binary, f"i={deck}"] + args, os.path.join(workdir, "alone"))
    pair_dir = os.path.join(workdir, "pair")
    run(pair_cmd + [smpi_binary, f"i={deck}", "jobs=2"] + args, pair_dir)
    failures = []
    print(f"alone: simulated elapsed {alone['elapsed']!r} s, final total energy {alone['energy_last']['total']!r}")
    for job in (0, 1):
        odir = os.path.join(pair_dir, f"job{job}")
        report = rows.read_report(odir)
        print(f"job {job}: simulated elapsed {report['elapsed']!r} s, final total energy "
              f"{report['energy_last']['total']!r}")
        if glstat(odir) != glstat(os.path.join(workdir, "alone")):
            failures.append(f"job {job}'s glstat differs from the alone run's")
        if not report["elapsed"] > alone["elapsed"]:
            failures.append(f"job {job} took {report['elapsed']!r} s sharing the links, not more than alone")
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
