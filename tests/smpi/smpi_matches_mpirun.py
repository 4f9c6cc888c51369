#!/usr/bin/env python3
"""The SMPI build answers like the MPI build.

A no-rigid tube (the solver is bitwise np-independent without contact or
rigid bodies) runs at np = 4 under mpirun with the MPI build, and at np = 4
under smpirun on a simulated 2-node x 2-core GigE cluster with the SMPI
build. Same cycle count, same state checksum (bitwise state on every rank),
and the same glstat energies (kinetic to total) to 1e-8 of the initial
total energy: glstat prints 9 digits of sums over ranks, which the two MPI
libraries may add in another order. SimGrid's host energy plugin is on: the
report's energy of the time loop must lie between the 2 hosts idle
(100 W each) and the 2 hosts with every core busy (320 W each) for the
loop's simulated time.

usage: smpi_matches_mpirun.py MPIEXEC_ARGS MPI_BINARY GENERATOR SMPI_BINARY WORKDIR
"""
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import table  # noqa: E402  (the history CSV reader)

from smpi_case import platforms, run_report, tube_on_two_nodes

TOLERANCE = 1e-8
ENERGY_COLUMNS = slice(3, 10)  # kinetic internal hourglass contact stonewall eroded_internal total
ARGS = ["cycles=300", "--quiet"]


def run(cmd, odir):
    report = run_report(cmd, odir)
    return report, table(odir, "glstat")


def main():
    mpiexec, binary, generator, smpi_binary, workdir = sys.argv[1:6]
    deck, smpirun = tube_on_two_nodes(generator, smpi_binary, workdir, "gige", tube_args=("--no-rigid",),
                                      cfg=("--cfg=plugin:host_energy",))
    real, real_gl = run(shlex.split(mpiexec) + ["-np", "4", binary, f"i={deck}"] + ARGS, os.path.join(workdir, "mpirun"))
    sim, sim_gl = run(smpirun + [smpi_binary, f"i={deck}"] + ARGS, os.path.join(workdir, "smpirun"))
    print(f"mpirun : backend {real['build']['backend']}, {real['cycles']} cycles, checksum {real['state_checksum']}")
    print(f"smpirun: backend {sim['build']['backend']}, {sim['cycles']} cycles, checksum {sim['state_checksum']}, "
          f"simulated elapsed {sim['elapsed']:.4f} s")
    failures = []
    if (real["cycles"], real["state_checksum"]) != (sim["cycles"], sim["state_checksum"]):
        failures.append("cycles or state checksum differ")
    if len(real_gl) != len(sim_gl) or not real_gl:
        failures.append(f"glstat has {len(real_gl)} vs {len(sim_gl)} lines")
    scale = abs(real_gl[0][9]) if real_gl else 1.0
    for a_line, b_line in zip(real_gl, sim_gl):
        for a, b in zip(a_line[ENERGY_COLUMNS], b_line[ENERGY_COLUMNS]):
            if abs(a - b) > TOLERANCE * scale:
                failures.append(f"glstat at t = {a_line[0]:.6e}: {a!r} vs {b!r}")
    joules, loop = sim.get("loop_energy_joules", -1), sim["elapsed"]
    low, high = 2 * platforms.WATTS_IDLE * loop, 2 * platforms.WATTS_ALL_CORES * loop
    print(f"smpirun: time loop {loop:.4f} s used {joules:.4f} J (bounds {low:.4f} to {high:.4f})")
    if not low <= joules <= high:
        failures.append(f"loop energy {joules} J outside [{low}, {high}]")
    if failures:
        sys.exit("\n".join(failures[:20]))
    print(f"{len(real_gl)} glstat lines: energies agree within {TOLERANCE} of the initial total; state bitwise equal")


if __name__ == "__main__":
    main()
