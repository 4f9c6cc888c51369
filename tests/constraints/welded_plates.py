#!/usr/bin/env python3
"""Spot welds and a nodal rigid body across ranks: two 20 x 20 mm plates
2 mm apart, the lower one thrown at (5, 0, 1) mm/ms, joined by five
*CONSTRAINED_SPOTWELD pairs and a three-node *CONSTRAINED_NODAL_RIGID_BODY.
The final kinetic, internal and total energies at np 2 and 3 must equal
np 1's to 1e-9 relative (the rigid-body sums are Allreduces; only their
rounding may differ), and the upper plate must have been dragged along
(kinetic energy well above the lower plate's share alone).

Then the same plates with welds that fail: the four corner welds at
SN = SS = 0.06 kN (N = M = 2), the centre one at TF = 0.3 ms. At np 1, 2
and 3 the same welds must fail at the same times (the report's count and
first failure time, exactly), with the energies agreeing as above. A run
at np 2 stopped with a restart set at every cycle from 20 to 28 (around the
first failure, when a failure vote is under way) and continued must end with
the uninterrupted run's state checksum.

usage: welded_plates.py MPIEXEC_ARGS BINARY WORKDIR
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import table  # noqa: E402  (the history CSV reader)

N, H = 8, 2.5


def node(i, j, k):
    return 1 + i + j * (N + 1) + k * 1000


def write_deck(path, failing=False):
    lines = ["*KEYWORD", "*CONTROL_TERMINATION", "0.5", "*NODE"]
    lines += [f"{node(i, j, k)},{i * H},{j * H},{2.0 * k}"
              for k in (0, 1) for j in range(N + 1) for i in range(N + 1)]
    lines.append("*ELEMENT_SHELL")
    quads = [(i, j, k) for k in (0, 1) for j in range(N) for i in range(N)]
    lines += [f"{e + 1},1,{node(i, j, k)},{node(i + 1, j, k)},{node(i + 1, j + 1, k)},{node(i, j + 1, k)}"
              for e, (i, j, k) in enumerate(quads)]
    lines += ["*PART", "plates", "1,1,1", "*SECTION_SHELL", "1,2,,3", "1.0", "*MAT_ELASTIC", "1,7.85e-6,210.,0.3"]
    lines += ["*SET_NODE_LIST", "1"] + [str(node(i, j, 0)) for j in range(N + 1) for i in range(N + 1)]
    lines += ["*INITIAL_VELOCITY", "1", "5.0,0,1.0", "*CONSTRAINED_SPOTWELD"]
    failure = [",0.06,0.06,2,2"] * 4 + [",0,0,0,0,0.3"] if failing else [""] * 5
    lines += [f"{node(i, j, 0)},{node(i, j, 1)}{tail}"
              for (i, j), tail in zip([(0, 0), (N, 0), (N, N), (0, N), (N // 2, N // 2)], failure)]
    lines += ["*SET_NODE_LIST", "2", f"{node(2, 6, 0)},{node(2, 6, 1)},{node(3, 6, 1)}",
              "*CONSTRAINED_NODAL_RIGID_BODY", "5,0,2", "*END"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def last_energies(mpiexec, binary, deck, out, np_):
    os.makedirs(out, exist_ok=True)
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"odir={out}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=dict(os.environ, OMP_PROC_BIND="false"))
    if done.returncode != 0:
        sys.exit(f"np={np_}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    rows = table(out, "glstat")
    with open(os.path.join(out, "minicrash_report.json")) as f:
        welds = json.load(f)["welds"]
    first, last = rows[0], rows[-1]
    return first[3], [last[c] for c in (3, 4, 9)], welds  # kinetic, internal, total


def run_at_each_np(mpiexec, binary, workdir, name, failing):
    """Runs the deck at np 1, 2, 3; returns np 1's initial kinetic energy, last energies and welds."""
    deck = os.path.join(workdir, name + ".k")
    write_deck(deck, failing)
    runs = {np_: last_energies(mpiexec, binary, deck, os.path.join(workdir, f"{name}_np{np_}"), np_)
            for np_ in (1, 2, 3)}
    kinetic0, reference, welds0 = runs[1]
    for np_, (_, energies, welds) in runs.items():
        print(f"{name} np={np_}: kinetic {energies[0]:.9e} internal {energies[1]:.9e} total {energies[2]:.9e}"
              f" welds failed {welds['failed']} of {welds['count']}, first at {welds['first_failure_time']}")
        for value, ref in zip(energies, reference):
            if abs(value - ref) > 1e-9 * abs(ref):
                sys.exit(f"{name}: np={np_} differs from np=1: {energies} vs {reference}")
        if welds != welds0:
            sys.exit(f"{name}: np={np_} failed other welds than np=1: {welds} vs {welds0}")
    return kinetic0, reference, welds0


def report(odir):
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)


def restart_across_failure(mpiexec, binary, workdir):
    deck = os.path.join(workdir, "failing_welds.k")
    def run(out, args):
        cmd = shlex.split(mpiexec) + ["-np", "2", binary, f"odir={out}", "--quiet"] + args
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, OMP_PROC_BIND="false"))
        if done.returncode != 0:
            sys.exit(f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    straight = os.path.join(workdir, "straight")
    run(straight, [f"i={deck}", "cycles=60"])
    expected = report(straight)["state_checksum"]
    for cut in range(20, 29):
        split = os.path.join(workdir, f"split_{cut}")
        shutil.rmtree(split, ignore_errors=True)
        run(split, [f"i={deck}", f"cycles={cut}", f"restart_every={cut}"])
        run(split, [f"r={split}", "cycles=60"])
        got = report(split)["state_checksum"]
        if got != expected:
            sys.exit(f"restarted at cycle {cut}: checksum {got}, uninterrupted {expected}")
    print(f"restarts at cycles 20-28 end with the uninterrupted checksum {expected}, "
          f"welds {report(straight)['welds']}")


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    kinetic0, reference, welds = run_at_each_np(mpiexec, binary, workdir, "welded_plates", False)
    if welds["failed"] != 0:
        sys.exit(f"a weld without failure data failed: {welds}")
    # Alone, the thrown plate would keep all the kinetic energy; welded, it shares momentum with the other
    # plate of equal mass, so about half the kinetic energy is left (the rest goes into deformation and, on
    # this coarse mesh with point welds at single nodes, mostly into hourglass modes: 48 % of the total).
    if not reference[0] < 0.75 * kinetic0:
        sys.exit(f"the welds did not drag the upper plate: kinetic {reference[0]} of {kinetic0}")
    # Failing welds: the time-failing centre weld and at least one corner weld by force, not all.
    _, _, welds = run_at_each_np(mpiexec, binary, workdir, "failing_welds", True)
    if not 2 <= welds["failed"] <= 4 or not welds["first_failure_time"] < 0.3:
        sys.exit(f"expected the centre weld at 0.3 ms and some corner welds earlier to fail: {welds}")
    restart_across_failure(mpiexec, binary, workdir)


if __name__ == "__main__":
    main()
