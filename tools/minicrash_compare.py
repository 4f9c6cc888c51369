#!/usr/bin/env python3
"""Compare a minicrash run with a reference: another minicrash run, or the
histories of another code. Exits 1 when any drift exceeds its tolerance, 2
when a file is missing or unreadable.

  tools/minicrash_compare.py RUN_DIR REFERENCE_DIR
  tools/minicrash_compare.py RUN_DIR --reference FILE [--reference FILE ...]
                             [--window T0:T1] [--tolerance NAME=FRACTION ...]

With --reference, each FILE is an LS-DYNA glstat, matsum, rwforc, rcforc or
nodout (as the solver or LSTC's l2a writes them; tools/lsdyna_ascii.py) or a
CSV whose first column is time and whose other columns are named as the
quantities below (OpenRadioss' th_to_csv output with its columns renamed).
Every quantity the reference has and the run writes is compared over the window
(default: the times both cover): the largest |run - reference| over it,
the run interpolated at the reference's times, divided by the reference's
largest |value| there, must not exceed the tolerance (default 0.02; NAME
may be a quantity or 'default'). Where one drifts, the time and both values
are printed. Quantities:
  kinetic internal hourglass contact stonewall total energy_ratio  (glstat)
  part N internal|kinetic|hourglass                                   (matsum)
  wall N normal_force|x_force|y_force|z_force                         (rwforc)
  interface N slave_x|slave_y|slave_z|master_x|master_y|master_z      (rcforc)
  node N x-disp ... z-coor (displacement, velocity, acceleration,
  coordinates: LS-DYNA's nodout column names)                         (nodout)

With REFERENCE_DIR (a minicrash run: its glstat.csv, matsum.csv, rwforc.csv
and rcforc.csv are compared with the run's):

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
import argparse
import bisect
import os
import sys

import lsdyna_ascii
import minicrash_histories

ENERGIES = ["kinetic", "internal", "hourglass", "contact", "stonewall", "total"]
GLSTAT = ["time", "dt", "cycle", "kinetic", "internal", "hourglass", "contact", "stonewall", "eroded_internal",
          "total", "energy_ratio", "mass", "added_mass", "x_momentum", "y_momentum", "z_momentum"]
ENERGY_TOL, FORCE_TOL, IMPULSE_TOL, CONTACT_TOL, PART_TOL = 0.02, 0.15, 0.05, 0.10, 0.05
WINDOW = 1.0  # ms, the averaging window of force histories


def table(directory, name):
    """Rows of numbers of a run's `name`.csv."""
    try:
        return minicrash_histories.table(directory, name)
    except (OSError, ValueError, IndexError) as error:
        print(f"cannot read {os.path.join(directory, name)}.csv: {error}")
        sys.exit(2)


def interp(x, xs, ys):
    """Linear interpolation of (xs, ys) at x, xs increasing; constant beyond the ends."""
    k = bisect.bisect_left(xs, x)
    if k == 0:
        return ys[0]
    if k == len(xs):
        return ys[-1]
    w = (x - xs[k - 1]) / (xs[k] - xs[k - 1]) if xs[k] > xs[k - 1] else 1.0
    return ys[k - 1] + w * (ys[k] - ys[k - 1])


def impulse(t, f, end):
    """Time integral of f up to `end` (trapezoidal)."""
    pairs = [(a, b) for a, b in zip(t, f) if a <= end]
    return sum((t1 - t0) * (f0 + f1) / 2 for (t0, f0), (t1, f1) in zip(pairs, pairs[1:]))


def windowed(t, f, at):
    """Mean of f over [a - WINDOW/2, a + WINDOW/2] for each a in `at` (21 samples of the interpolant)."""
    return [sum(interp(a + WINDOW * (k / 20 - 0.5), t, f) for k in range(21)) / 21 for a in at]


class Report:
    def __init__(self):
        self.failures = 0

    def check(self, what, drift, tolerance, unit=""):
        ok = drift <= tolerance
        self.failures += not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {what:44s} drift {drift:11.4g}{unit}  tolerance {tolerance:.4g}{unit}")


def column(rows, c):
    return [row[c] for row in rows]


def compare_glstat(run, ref, report):
    r, q = table(run, "glstat"), table(ref, "glstat")
    col = {name: i for i, name in enumerate(GLSTAT)}
    e0 = q[0][col["total"]]
    end_gap = q[-1][0] - r[-1][0]
    report.check("end time reached (ms short of the reference)", max(end_gap, 0.0), 0.5 * (q[-1][0] - q[-2][0]))
    rt, qt = column(r, 0), column(q, 0)
    for name in ENERGIES:
        rc, qc = column(r, col[name]), column(q, col[name])
        drift = max(abs(interp(t, rt, rc) - e) for t, e in zip(qt, qc) if t <= rt[-1])
        report.check(f"glstat {name} energy / E0", drift / e0, ENERGY_TOL)


def histories(data, key_column, value):
    """{key: (times, values)} for the rows of each wall or interface."""
    out = {}
    for row in data:
        times, values = out.setdefault(int(row[key_column]), ([], []))
        times.append(row[0])
        values.append(value(row))
    return out


def compare_rwforc(run, ref, report):
    if not os.path.exists(os.path.join(ref, "rwforc.csv")):
        return
    walls_run = histories(table(run, "rwforc"), 1, lambda row: row[2])
    for wall, (tq, fq) in histories(table(ref, "rwforc"), 1, lambda row: row[2]).items():
        if wall not in walls_run:
            report.check(f"rwforc wall {wall} present", 1, 0)
            continue
        tr, fr = walls_run[wall]
        at = [t for t in tq if tq[0] + WINDOW / 2 <= t <= min(tq[-1], tr[-1]) - WINDOW / 2]
        peak = max(max(abs(f) for f in fq), 1e-30)
        drift = max((abs(a - b) for a, b in zip(windowed(tr, fr, at), windowed(tq, fq, at))), default=0.0)
        report.check(f"rwforc wall {wall} force (1 ms mean) / peak", drift / peak, FORCE_TOL)
        end = min(tq[-1], tr[-1])
        impulse_q, impulse_r = impulse(tq, fq, end), impulse(tr, fr, end)
        report.check(f"rwforc wall {wall} impulse", abs(impulse_r - impulse_q) / max(abs(impulse_q), 1e-30),
                     IMPULSE_TOL)


def compare_rcforc(run, ref, report):
    if not os.path.exists(os.path.join(ref, "rcforc.csv")):
        return
    magnitude = lambda row: (row[2] ** 2 + row[3] ** 2 + row[4] ** 2) ** 0.5
    run_contacts = histories(table(run, "rcforc"), 1, magnitude)
    ref_contacts = histories(table(ref, "rcforc"), 1, magnitude)
    largest = max([impulse(t, f, t[-1]) for t, f in ref_contacts.values()] + [1e-30])
    for contact, (tq, fq) in ref_contacts.items():
        tr, fr = run_contacts.get(contact, (tq, [0.0] * len(fq)))
        end = min(tq[-1], tr[-1])
        drift = abs(impulse(tr, fr, end) - impulse(tq, fq, end)) / largest
        report.check(f"rcforc interface {contact} impulse / largest", drift, CONTACT_TOL)


def compare_matsum(run, ref, report):
    r, q = table(run, "matsum"), table(ref, "matsum")
    end = min(r[-1][0], q[-1][0]) + 1e-9
    # Part internal energies at the last output time both runs reached.
    def last(rows):
        time = max(row[0] for row in rows if row[0] <= end)
        return {int(row[1]): row[2] for row in rows if row[0] == time}

    run_part, ref_part = last(r), last(q)
    total = max(sum(ref_part.values()), 1e-30)
    for p, e in sorted(ref_part.items(), key=lambda pe: -pe[1])[:10]:
        report.check(f"matsum part {p} internal energy / total", abs(run_part.get(p, 0.0) - e) / total, PART_TOL)


def run_series(run):
    """The run's histories by quantity name (tools/lsdyna_ascii's names)."""
    series = {}
    rows = table(run, "glstat")
    for name in ENERGIES + ["energy_ratio"]:
        c = GLSTAT.index(name)
        series[name] = (column(rows, 0), column(rows, c))
    if os.path.exists(os.path.join(run, "rwforc.csv")):
        for wall, (t, f) in histories(table(run, "rwforc"), 1, lambda row: row[2:6]).items():
            for k, name in enumerate(["normal_force", "x_force", "y_force", "z_force"]):
                series[f"wall {wall} {name}"] = (t, [v[k] for v in f])
    if os.path.exists(os.path.join(run, "matsum.csv")):
        for row in table(run, "matsum"):
            for k, name in enumerate(["internal", "kinetic", "hourglass"]):
                t, v = series.setdefault(f"part {int(row[1])} {name}", ([], []))
                t.append(row[0])
                v.append(row[2 + k])
    if os.path.exists(os.path.join(run, "rcforc.csv")):
        for row in table(run, "rcforc"):
            for k, name in enumerate(["slave_x", "slave_y", "slave_z", "master_x", "master_y", "master_z"]):
                t, v = series.setdefault(f"interface {int(row[1])} {name}", ([], []))
                t.append(row[0])
                v.append(row[2 + k])
    if os.path.exists(os.path.join(run, "nodout")):
        series.update(lsdyna_ascii.read_nodout(os.path.join(run, "nodout")))
    return series


def compare_with_files(run, files, window, tolerances, report):
    mine = run_series(run)
    for path in files:
        try:
            kind = lsdyna_ascii.kind_of(path)
            theirs = lsdyna_ascii.READERS[kind](path)
        except (OSError, ValueError) as error:
            print(f"cannot read {path}: {error}")
            sys.exit(2)
        print(f"  reference {path} ({kind}): {len(theirs)} quantities")
        for name, (tq, vq) in theirs.items():
            if name not in mine:
                print(f"  --   {name:44s} not written by the run: not compared")
                continue
            tr, vr = mine[name]
            lo, hi = max(window[0], tq[0], tr[0]), min(window[1], tq[-1], tr[-1])
            slack = 1e-5 * max(abs(lo), abs(hi))  # LS-DYNA prints times to 5-6 digits
            points = [(t, v) for t, v in zip(tq, vq) if lo - slack <= t <= hi + slack]
            if not points:
                report.check(f"{name} overlaps the reference in time", 1, 0)
                continue
            scale = max(max(abs(v) for _, v in points), 1e-30)
            drift, t_at, ref_at = max((abs(interp(t, tr, vr) - v), t, v) for t, v in points)
            tolerance = tolerances.get(name, tolerances["default"])
            report.check(f"{name} / its largest |value|", drift / scale, tolerance)
            if drift / scale > tolerance:
                print(f"       largest at t = {t_at:.6g}: run {interp(t_at, tr, vr):.6g}, reference {ref_at:.6g}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", help="the run's output directory")
    parser.add_argument("reference_dir", nargs="?", help="a minicrash run to compare with")
    parser.add_argument("--reference", action="append", default=[], metavar="FILE",
                        help="an LS-DYNA glstat, matsum, rwforc, rcforc or nodout, or a CSV with named columns")
    parser.add_argument("--window", default=None, metavar="T0:T1", help="compare over this time window only")
    parser.add_argument("--tolerance", action="append", default=[], metavar="NAME=FRACTION",
                        help="drift allowed for a quantity, or 'default' (0.02)")
    a = parser.parse_args()
    if bool(a.reference_dir) == bool(a.reference):
        parser.error("give a REFERENCE_DIR or --reference FILE, not both and not neither")
    try:
        a.window = [float(x) for x in a.window.split(":")] if a.window else [float("-inf"), float("inf")]
        if len(a.window) != 2 or a.window[0] > a.window[1]:
            raise ValueError
    except ValueError:
        parser.error(f"--window needs T0:T1 with T0 <= T1, got {a.window!r}")
    tolerances = {"default": ENERGY_TOL}
    for item in a.tolerance:
        name, _, value = item.rpartition("=")
        try:
            tolerances[name.strip()] = float(value)
        except ValueError:
            parser.error(f"--tolerance needs NAME=FRACTION, got {item!r}")
        if not name.strip():
            parser.error(f"--tolerance needs NAME=FRACTION, got {item!r}")
    a.tolerances = tolerances
    return a


def main():
    a = parse_args()
    report = Report()
    if a.reference:
        print(f"minicrash-compare: {a.run} against {', '.join(a.reference)}")
        compare_with_files(a.run, a.reference, a.window, a.tolerances, report)
    else:
        run, ref = a.run, a.reference_dir
        print(f"minicrash-compare: {run} against {ref}")
        compare_glstat(run, ref, report)
        compare_rwforc(run, ref, report)
        compare_rcforc(run, ref, report)
        compare_matsum(run, ref, report)
    print(f"minicrash-compare: {report.failures} check(s) failed" if report.failures else "minicrash-compare: all checks pass")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
