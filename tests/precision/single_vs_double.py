#!/usr/bin/env python3
"""Single precision checked against double (issue 18, item 4): the same
decks, the same np, once with the double build and once with the
MINICRASH_SINGLE_PRECISION build.

  tube: the shipped tube (inputs/tube.k: 2064 shells, 50 kg end plate at
    15 m/s onto a rigid wall, single surface contact) crushed for 8 ms.
  neon: the Neon-like sedan at scale 0.02 (10 646 shells) into its wall,
    through the first 3300 cycles (bumper and rails crushing, contact on).

Compared at the end: kinetic, internal and total energy (relative to the
initial total), the contact energy (relative to the internal energy), and
for the tube the mean wall force over the run (trapezoid of rwforc). The
tolerances are printed beside the measured differences; the folds of a
crushed tube amplify round-off, so they allow more than round-off.

usage: single_vs_double.py MPIEXEC_ARGS DOUBLE_BINARY SINGLE_BINARY GENERATOR SOURCE_DIR WORKDIR
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "materials"))
from cowper_symonds_tube import rows, time_mean  # noqa: E402

# Relative differences allowed: energies of the initial total, the contact
# energy of the internal energy, the mean wall force of itself.
# Measured (np 2, this machine): energies 4.6e-6 of the initial total, contact
# 1e-6 of internal, wall force 0.09 %.
ENERGY_TOLERANCE = 1e-3
CONTACT_TOLERANCE = 1e-3
FORCE_TOLERANCE = 0.01


def run(mpiexec, binary, args, odir):
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive")
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, *args, f"odir={odir}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        report = json.load(f)
    wall = rows(os.path.join(odir, "rwforc.csv"))  # time wall normal_force ...
    return {
        "precision": report["build"]["precision"],
        "last": report["energy_last"],
        "initial_total": report["energy_first"]["total"],
        "wall_force": time_mean([r[0] for r in wall], [r[2] for r in wall]) if len(wall) > 1 else 0.0,
        "ns": report["figure_of_merit"]["ns_per_element_cycle_per_core"],
    }


def compare(name, double, single, with_force):
    failures = []
    scale = double["initial_total"]
    for key in ("kinetic", "internal", "total"):
        diff = abs(single["last"][key] - double["last"][key]) / scale
        print(f"{name}: {key} double {double['last'][key]:.6e} single {single['last'][key]:.6e} "
              f"({100 * diff:.5f} % of the initial total; limit {100 * ENERGY_TOLERANCE:g} %)")
        if diff > ENERGY_TOLERANCE:
            failures.append(f"{name}: {key} differs by {100 * diff:.3f} % of the initial total")
    contact = abs(single["last"]["contact"] - double["last"]["contact"]) / double["last"]["internal"]
    print(f"{name}: contact double {double['last']['contact']:.6e} single {single['last']['contact']:.6e} "
          f"({100 * contact:.5f} % of internal; limit {100 * CONTACT_TOLERANCE:g} %)")
    if contact > CONTACT_TOLERANCE:
        failures.append(f"{name}: contact energy differs by {100 * contact:.3f} % of internal")
    if with_force:
        force = abs(single["wall_force"] / double["wall_force"] - 1)
        print(f"{name}: mean wall force double {double['wall_force']:.4f} single {single['wall_force']:.4f} "
              f"({100 * force:.4f} %; limit {100 * FORCE_TOLERANCE:g} %)")
        if force > FORCE_TOLERANCE:
            failures.append(f"{name}: mean wall force differs by {100 * force:.3f} %")
    print(f"{name}: ns per element-cycle per core: double {double['ns']:.1f}, single {single['ns']:.1f} "
          f"({double['ns'] / single['ns']:.2f}x; timing, not checked)")
    return failures


def main():
    mpiexec, double_bin, single_bin, generator, source, work = sys.argv[1:7]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    neon = os.path.join(work, "neon.k")
    subprocess.run([generator, "neon", "--scale", "0.02", "-o", neon], check=True, stdout=subprocess.DEVNULL)
    cases = {
        "tube": ([f"i={os.path.join(source, 'inputs', 'tube.k')}", "endtim=8"], True),
        "neon": ([f"i={neon}", "cycles=3300"], False),
    }
    failures = []
    for name, (args, with_force) in cases.items():
        results = {p: run(mpiexec, b, args, os.path.join(work, f"{name}_{p}"))
                   for p, b in (("double", double_bin), ("single", single_bin))}
        for expected, got in ((p, r["precision"]) for p, r in results.items()):
            if expected != got:
                sys.exit(f"the {expected} binary reports precision {got}")
        failures += compare(name, results["double"], results["single"], with_force)
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
