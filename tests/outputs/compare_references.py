#!/usr/bin/env python3
"""tools/minicrash_compare.py against references in other codes' layouts.

The tube with nodout (three nodes) runs 1 ms at np 2. From its glstat and
rwforc this test writes the same histories as LS-DYNA lays them out (from
the layouts of the solver's files and LSTC's l2a: glstat blocks of
' label....%14.5E' lines after ' dt of cycle', rwforc rows
'%12.5E%8d%15.6E%15.6E%15.6E%15.6E'), and a CSV with named columns as
OpenRadioss' th_to_csv gives (renamed). Checks:
  - the run against all four (and its own nodout, matsum and rcforc)
    passes, with the internal energy held to 0.5 % of its peak;
  - the LS-DYNA glstat with the last internal energy raised by 1 % fails
    (exit 1), naming internal energy and the time;
  - over --window 0:0.5, before the perturbed time, it passes;
  - an unreadable reference exits 2.

usage: compare_references.py MPIEXEC_ARGS BINARY DECK WORKDIR
"""
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import rows  # noqa: E402  (the history CSV reader)

HERE = os.path.dirname(os.path.abspath(__file__))
COMPARE = os.path.join(HERE, "..", "..", "tools", "minicrash_compare.py")
GLSTAT = ["time", "dt", "cycle", "kinetic", "internal", "hourglass", "contact", "stonewall", "eroded_internal",
          "total", "energy_ratio", "mass", "added_mass", "x_momentum", "y_momentum", "z_momentum"]
TITLE = " minicrash tube crush".ljust(73) + "\n" + " " * 25 + "ls-dyna " + "smp d R13".ljust(22) + " date 11/25/2026\n"


def label(text, value, integer=False):
    return f" {text:.<31s}" + (f"{int(value):14d}" if integer else f"{value:14.5E}") + "\n"


def lsdyna_glstat(run, out, raise_last_internal=1.0):
    g = rows(os.path.join(run, "glstat.csv"))
    text = TITLE
    for k, r in enumerate(g):
        c = dict(zip(GLSTAT, r))
        internal = c["internal"] * (raise_last_internal if k == len(g) - 1 else 1.0)
        text += f"\n\n dt of cycle{int(c['cycle']):8d} is controlled by shell     {1:10d} of part{1:10d}\n\n"
        text += label("time", c["time"]) + label("time step", c["dt"]) + label("kinetic energy", c["kinetic"])
        text += label("internal energy", internal) + label("spring and damper energy", 0.0)
        text += label("hourglass energy ", c["hourglass"]) + label("system damping energy", 0.0)
        text += label("sliding interface energy", c["contact"]) + label("external work", 0.0)
        text += label("eroded internal energy", c["eroded_internal"]) + label("total energy", c["total"])
        text += label("total energy / initial energy", c["energy_ratio"])
        for axis, p in zip("xyz", (c["x_momentum"], c["y_momentum"], c["z_momentum"])):
            text += label(f"global {axis} velocity", p / c["mass"])
        text += label("time per zone cycle.(nanosec)", 150, integer=True)
    with open(out, "w") as f:
        f.write(text)


def lsdyna_rwforc(run, out):
    text = TITLE + "\n\n\n    time       wall#   normal-force    x-force        y-force        z-force\n"
    for t, wall, fn, fx, fy, fz in rows(os.path.join(run, "rwforc.csv")):
        text += f"{t:12.5E}{int(wall):8d}{fn:15.6E}{fx:15.6E}{fy:15.6E}{fz:15.6E}\n"
    with open(out, "w") as f:
        f.write(text)


def csv_energies(run, out):
    with open(out, "w") as f:
        f.write("time,kinetic,internal,total\n")
        for r in rows(os.path.join(run, "glstat.csv")):
            f.write(f"{r[0]!r},{r[3]!r},{r[4]!r},{r[9]!r}\n")


def compare(run, refs, *extra):
    cmd = [sys.executable, COMPARE, run] + [a for r in refs for a in ("--reference", r)] + list(extra)
    done = subprocess.run(cmd, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def main():
    mpiexec, binary, deck, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    text = open(deck).read()
    edited = os.path.join(work, "tube_nodout.k")
    with open(edited, "w") as f:
        f.write(text.replace("*DATABASE_BINARY_D3PLOT\n", "*DATABASE_NODOUT\n0.1\n*DATABASE_HISTORY_NODE\n"
                             "1,100,2000\n*DATABASE_BINARY_D3PLOT\n", 1))
    run = os.path.join(work, "run")
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, f"i={edited}", "endtim=1", f"odir={run}", "--quiet"]
    if subprocess.run(cmd).returncode != 0:
        sys.exit("minicrash failed")
    glstat, rwforc, table = (os.path.join(work, n) for n in ("glstat_lsdyna", "rwforc_lsdyna", "energies.csv"))
    lsdyna_glstat(run, glstat)
    lsdyna_rwforc(run, rwforc)
    csv_energies(run, table)
    refs = [glstat, rwforc, table] + [os.path.join(run, n) for n in ("nodout", "matsum", "rcforc")]
    code, out = compare(run, refs, "--tolerance", "internal=0.005")
    print(out)
    if code != 0 or "FAIL" in out or out.count("  ok  ") < 40:
        sys.exit(f"the run against its own histories in LS-DYNA's layouts: exit {code}")
    lsdyna_glstat(run, glstat, raise_last_internal=1.01)
    code, out = compare(run, [glstat], "--tolerance", "internal=0.005")
    print(out)
    if code != 1 or "FAIL internal" not in out or "largest at t = " not in out:
        sys.exit(f"internal energy 1 % off at the end: exit {code}, expected 1 and the place named")
    code, out = compare(run, [glstat], "--tolerance", "internal=0.005", "--window", "0:0.5")
    if code != 0:
        sys.exit(f"before the perturbed time (--window 0:0.5): exit {code}\n{out}")
    with open(os.path.join(work, "garbage"), "w") as f:
        f.write("no history here\n")
    code, out = compare(run, [os.path.join(work, "garbage")])
    if code != 2:
        sys.exit(f"an unreadable reference: exit {code}, expected 2\n{out}")
    print("LS-DYNA glstat, rwforc, nodout, matsum, rcforc and a CSV: pass; "
          "internal energy 1 % off: exit 1 with its time; "
          "window before it: pass; unreadable: exit 2")


if __name__ == "__main__":
    main()
