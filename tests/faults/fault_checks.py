#!/usr/bin/env python3
"""Numerical faults provoked by decks (a step below DTMIN, a collapsed shell,
runaway energy): every rank stops with exit status 3,
the message names what went wrong (the shell and part, the cycle and time),
the final state is left for diagnosis (a restart set and fault.pvd), and
the report holds the run up to the fault: its cycles, phase times and the
energies of the output that tripped the bound.

usage: fault_checks.py MPIEXEC_ARGS BINARY FAULT_DIR WORKDIR NP
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

CASES = [  # deck, extra options, expected message
    ("dt_below_dtmin.k", [], "fell below DTMIN * first step"),
    ("collapsed_shell.k", [], "shell 6 of part 1 has collapsed (zero area)"),
    ("runaway_energy.k", [], "cycle 2, time 0.00165992: total energy 0.00391061 is 79.7066 times the initial"),
    # A looser bound from the command line stops the same run one output later.
    ("runaway_energy.k", ["max_energy_ratio=1e6"], "cycle 3, time 0.00248988: total energy"),
]


def main():
    mpiexec, binary, fault_dir, work, np_ = sys.argv[1:6]
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive")
    for case, (deck, options, expected) in enumerate(CASES):
        out = os.path.join(work, f"np{np_}_{case}_{deck[:-2]}")
        shutil.rmtree(out, ignore_errors=True)
        cmd = shlex.split(mpiexec) + ["-np", np_, binary, f"i={os.path.join(fault_dir, deck)}", f"odir={out}",
                                      "--quiet"] + options
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
        first = next((l for l in done.stderr.splitlines() if "numerical fault" in l), "")
        print(f"np={np_} {deck} {' '.join(options)}: exit {done.returncode}: {first}")
        if done.returncode != 3 or expected not in done.stderr or "cycle" not in first:
            sys.exit(f"expected exit 3 and '{expected}'\n{done.stdout}\n{done.stderr}")
        if done.stderr.count("numerical fault") != 1:
            sys.exit("the message should be printed once")
        if not os.listdir(os.path.join(out, "restart")) or not os.path.exists(os.path.join(out, "fault.pvd")):
            sys.exit(f"no final state written in {out}")
        with open(os.path.join(out, "minicrash_report.json")) as f:
            report = json.load(f)
        if report["cycles"] <= 0 or report["elapsed"] <= 0:
            sys.exit(f"the report lost the run up to the fault: cycles {report['cycles']}, elapsed {report['elapsed']}")
        if deck == "runaway_energy.k" and not options and abs(report["energy_last"]["energy_ratio"] - 79.7066) > 0.001:
            sys.exit(f"the report's last energies are not the ones that tripped the bound: {report['energy_last']}")


if __name__ == "__main__":
    main()
