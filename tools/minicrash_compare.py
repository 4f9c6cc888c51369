#!/usr/bin/env python3
"""Compare a minicrash run with a reference run: energies, wall forces,
contact forces and part energies. Exits 1 when any drift exceeds its
tolerance, 2 when a file is missing or unreadable.

  tools/minicrash_compare.py RUN_DIR REFERENCE_DIR

Tolerances (E0 = the reference's initial total energy; crash runs differ in
the last bits between builds and rank counts, and buckling amplifies that,
so the checks are on histories, not on single values):

  glstat   kinetic, internal, hourglass, contact, stonewall and total energy:
           |run - ref| <= 2 % of E0 at every reference output time
  rwforc   each wall's normal force, both averaged over 1 ms windows:
           |run - ref| <= 15 % of the reference peak; impulse within 5 %
  rcforc   each interface's impulse (time integral of |slave force|)
           within 10 % of the largest reference interface impulse
  matsum   the internal energy of each of the ten parts that absorb the most:
           |run - ref| <= 5 % of the reference's total internal energy at the end
  end      the run reaches the reference's last output time
"""
import os
import sys

import numpy as np

ENERGIES = ["kinetic", "internal", "hourglass", "contact", "stonewall", "total"]
GLSTAT = ["time", "dt", "cycle", "kinetic", "internal", "hourglass", "contact", "stonewall", "eroded_internal",
          "total", "energy_ratio", "mass", "added_mass", "x_momentum", "y_momentum", "z_momentum"]
ENERGY_TOL, FORCE_TOL, IMPULSE_TOL, CONTACT_TOL, PART_TOL = 0.02, 0.15, 0.05, 0.10, 0.05
WINDOW = 1.0  # ms, the averaging window of force histories


def table(directory, name):
    path = os.path.join(directory, name)
    try:
        rows = [line.split() for line in open(path) if line.strip() and not line.startswith("#")]
        return np.array(rows, dtype=float).reshape(len(rows), -1)
    except (OSError, ValueError) as error:
        print(f"cannot read {path}: {error}")
        sys.exit(2)


def impulse(t, f, end):
    """Time integral of f up to `end` (trapezoidal)."""
    t, f = t[t <= end], f[t <= end]
    return float(np.sum((f[1:] + f[:-1]) * np.diff(t)) / 2)


def windowed(t, f, at):
    """Mean of f over [a - WINDOW/2, a + WINDOW/2] for each a in `at` (trapezoids on the samples)."""
    out = np.empty(len(at))
    for i, a in enumerate(at):
        grid = np.linspace(a - WINDOW / 2, a + WINDOW / 2, 21)
        out[i] = np.interp(grid, t, f).mean()
    return out


class Report:
    def __init__(self):
        self.failures = 0

    def check(self, what, drift, tolerance, unit=""):
        ok = drift <= tolerance
        self.failures += not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {what:44s} drift {drift:11.4g}{unit}  tolerance {tolerance:.4g}{unit}")


def compare_glstat(run, ref, report):
    r, q = table(run, "glstat"), table(ref, "glstat")
    col = {name: i for i, name in enumerate(GLSTAT)}
    e0 = q[0, col["total"]]
    end_gap = q[-1, 0] - r[-1, 0]
    report.check("end time reached (ms short of the reference)", max(end_gap, 0.0), 0.5 * (q[-1, 0] - q[-2, 0]))
    times = q[q[:, 0] <= r[-1, 0], 0]
    for name in ENERGIES:
        c = col[name]
        drift = np.max(np.abs(np.interp(times, r[:, 0], r[:, c]) - np.interp(times, q[:, 0], q[:, c])))
        report.check(f"glstat {name} energy / E0", drift / e0, ENERGY_TOL)


def histories(data, key_column, value):
    """{key: (times, values)} for the rows of each wall or interface."""
    out = {}
    for key in np.unique(data[:, key_column]):
        rows = data[data[:, key_column] == key]
        out[int(key)] = (rows[:, 0], value(rows))
    return out


def compare_rwforc(run, ref, report):
    if not os.path.exists(os.path.join(ref, "rwforc")):
        return
    walls_run = histories(table(run, "rwforc"), 1, lambda rows: rows[:, 2])
    for wall, (tq, fq) in histories(table(ref, "rwforc"), 1, lambda rows: rows[:, 2]).items():
        if wall not in walls_run:
            report.check(f"rwforc wall {wall} present", 1, 0)
            continue
        tr, fr = walls_run[wall]
        at = tq[(tq >= tq[0] + WINDOW / 2) & (tq <= min(tq[-1], tr[-1]) - WINDOW / 2)]
        peak = max(np.abs(fq).max(), 1e-30)
        drift = np.max(np.abs(windowed(tr, fr, at) - windowed(tq, fq, at))) if len(at) else 0.0
        report.check(f"rwforc wall {wall} force (1 ms mean) / peak", drift / peak, FORCE_TOL)
        end = min(tq[-1], tr[-1])
        impulse_q, impulse_r = impulse(tq, fq, end), impulse(tr, fr, end)
        report.check(f"rwforc wall {wall} impulse", abs(impulse_r - impulse_q) / max(abs(impulse_q), 1e-30),
                     IMPULSE_TOL)


def compare_rcforc(run, ref, report):
    if not os.path.exists(os.path.join(ref, "rcforc")):
        return
    magnitude = lambda rows: np.linalg.norm(rows[:, 2:5], axis=1)
    run_contacts = histories(table(run, "rcforc"), 1, magnitude)
    ref_contacts = histories(table(ref, "rcforc"), 1, magnitude)
    largest = max([impulse(t, f, t[-1]) for t, f in ref_contacts.values()] + [1e-30])
    for contact, (tq, fq) in ref_contacts.items():
        tr, fr = run_contacts.get(contact, (tq, np.zeros_like(fq)))
        end = min(tq[-1], tr[-1])
        drift = abs(impulse(tr, fr, end) - impulse(tq, fq, end)) / largest
        report.check(f"rcforc interface {contact} impulse / largest", drift, CONTACT_TOL)


def compare_matsum(run, ref, report):
    r, q = table(run, "matsum"), table(ref, "matsum")
    end = min(r[-1, 0], q[-1, 0])
    last_q = q[q[:, 0] == q[q[:, 0] <= end + 1e-9, 0].max()]
    last_r = r[r[:, 0] == r[r[:, 0] <= end + 1e-9, 0].max()]
    total = max(last_q[:, 2].sum(), 1e-30)
    run_part = {int(p): e for p, e in zip(last_r[:, 1], last_r[:, 2])}
    for p, e in sorted(zip(last_q[:, 1], last_q[:, 2]), key=lambda pe: -pe[1])[:10]:
        report.check(f"matsum part {int(p)} internal energy / total", abs(run_part.get(int(p), 0.0) - e) / total,
                     PART_TOL)


def main():
    if len(sys.argv) != 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) == 2 else 2)
    run, ref = sys.argv[1:3]
    report = Report()
    print(f"minicrash-compare: {run} against {ref}")
    compare_glstat(run, ref, report)
    compare_rwforc(run, ref, report)
    compare_rcforc(run, ref, report)
    compare_matsum(run, ref, report)
    print(f"minicrash-compare: {report.failures} check(s) failed" if report.failures else "minicrash-compare: all checks pass")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
