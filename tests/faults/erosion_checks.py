#!/usr/bin/env python3
"""Element erosion keeps the run going where the deck asks for it: the
5 mm tube (MAT_024) with a failure strain FAIL = 0.12 crushed for 3 ms.
Shells at the folds pass the failure strain and erode; the run still ends
normally, the eroded shells' internal energy (about 5 % of the initial)
is reported in glstat's eroded_internal column and the report, the energy
balance with it counted closes (ratio within 1 %), and np = 1 and 2
erode the same shells (the count) with the same energies to 8 digits.

usage: erosion_checks.py MPIEXEC_ARGS BINARY GENERATOR WORKDIR
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import table  # noqa: E402  (the history CSV reader)

FAIL = "0.12"


def eroding_tube(generator, work):
    """The tube preset with FAIL set in its MAT_024 card 1 (7th field)."""
    plain = os.path.join(work, "tube.k")
    subprocess.run([generator, "tube", "--endtim", "3", "-o", plain], check=True, stdout=subprocess.DEVNULL)
    with open(plain) as f:
        lines = f.read().split("\n")
    card = lines.index("*MAT_PIECEWISE_LINEAR_PLASTICITY") + 1
    fields = lines[card].split(",")
    fields[6] = FAIL
    lines[card] = ",".join(fields)
    deck = os.path.join(work, "tube_fail.k")
    with open(deck, "w") as f:
        f.write("\n".join(lines))
    return deck


def run(mpiexec, binary, deck, odir, np_):
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive")
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"odir={odir}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=240, env=env)
    if done.returncode != 0:
        sys.exit(f"np={np_}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        report = json.load(f)
    return report, table(odir, "glstat")


def main():
    mpiexec, binary, generator, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    deck = eroding_tube(generator, work)
    last = {}
    for np_ in (1, 2):
        report, glstat = run(mpiexec, binary, deck, os.path.join(work, f"np{np_}"), np_)
        e = report["energy_last"]
        print(f"np={np_}: {report['termination']}, {e['eroded_shells']} shells eroded holding "
              f"{e['eroded_internal']:.6g} of {report['energy_first']['total']:.6g}, energy ratio {e['energy_ratio']:.5f}")
        if report["termination"] != "normal termination":
            sys.exit("an eroding run should end normally")
        if e["eroded_shells"] <= 0 or e["eroded_internal"] <= 0:
            sys.exit("no shell eroded: the failure strain was not applied")
        if abs(e["energy_ratio"] - 1) > 0.01:
            sys.exit("the energy balance does not close with the eroded energy counted")
        # glstat columns: time dt cycle kinetic internal hourglass contact stonewall eroded_internal total ratio
        if abs(glstat[-1][8] - e["eroded_internal"]) > 1e-6 * e["eroded_internal"]:
            sys.exit(f"glstat's eroded_internal {glstat[-1][8]} is not the report's")
        last[np_] = e
    if last[1]["eroded_shells"] != last[2]["eroded_shells"]:
        sys.exit(f"np 1 and 2 eroded {last[1]['eroded_shells']} and {last[2]['eroded_shells']} shells")
    for key in ("kinetic", "internal", "eroded_internal", "total"):
        a, b = last[1][key], last[2][key]
        if abs(a - b) > 1e-8 * abs(a):
            sys.exit(f"np 1 and 2 differ in {key}: {a!r} vs {b!r}")


if __name__ == "__main__":
    main()
