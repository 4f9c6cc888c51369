#!/usr/bin/env python3
"""Many ranks, one answer.

Runs minicrash on an 11 000-shell plastic tube hitting a rigid wall (no
rigid bodies) at each np given, and checks that the cycle count equals
np = 1's and that the final kinetic, internal and total energies agree with
np = 1's to 1e-6 relative. Shared-node forces and masses are summed in
global element order, so the answer is in fact the same to round-off in
the cross-rank energy sums.

usage: np_consistency.py MPIEXEC_ARGS BINARY GENERATOR WORKDIR CYCLES NP...
"""
import json
import os
import shlex
import subprocess
import sys

TOLERANCE = 1e-6


def main():
    mpiexec, binary, generator, workdir, cycles = sys.argv[1:6]
    nps = [int(n) for n in sys.argv[6:]]
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "tube11k.k")
    subprocess.run([generator, "tube", "--size", "2.1", "--no-rigid", "-o", deck], check=True,
                   stdout=subprocess.DEVNULL)
    reports = {}
    for np_ in nps:
        out = os.path.join(workdir, f"np{np_}")
        os.makedirs(out, exist_ok=True)
        cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"cycles={cycles}", f"odir={out}",
                                      "--quiet"]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=900,
                             env=dict(os.environ, OMP_PROC_BIND="false"))
        if run.returncode != 0:
            sys.exit(f"np={np_}: exit {run.returncode}\n{run.stdout}\n{run.stderr}")
        with open(os.path.join(out, "minicrash_report.json")) as f:
            reports[np_] = json.load(f)
        last = reports[np_]["energy_last"]
        print(f"np={np_}: cycles {reports[np_]['cycles']} kinetic {last['kinetic']:.10e} "
              f"internal {last['internal']:.10e} total {last['total']:.10e}")
    ref = reports[nps[0]]
    failures = []
    for np_, rep in reports.items():
        if rep["cycles"] != ref["cycles"]:
            failures.append(f"np={np_}: {rep['cycles']} cycles vs {ref['cycles']}")
        for key in ("kinetic", "internal", "total"):
            a, b = rep["energy_last"][key], ref["energy_last"][key]
            if abs(a - b) > TOLERANCE * abs(b):
                failures.append(f"np={np_}: {key} {a!r} vs {b!r} (rel {abs(a - b) / abs(b):.2e})")
    if failures:
        sys.exit("\n".join(failures))
    print(f"{len(nps)} runs agree within {TOLERANCE} relative")


if __name__ == "__main__":
    main()
