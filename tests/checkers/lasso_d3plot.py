#!/usr/bin/env python3
"""minicrash's binary d3plot as lasso-python (PyPI lasso-python 2.0.4, an
independent LS-DYNA d3plot reader) reads it, against the run's own values.

The tube deck with 3 through-thickness points (so d3plot's three layers are
every point) and FAIL 0.5 (shells erode) runs 2 ms at np 1 and 2 with
d3plot_mb=1, so the states spread over a family (d3plot, d3plot01, ...).
At every state, to float32 rounding:
  - time: the ParaView series' step times;
  - node ids, current coordinates - initial ones: the ParaView pieces'
    node_id and displacement (1e-4 mm);
  - effective plastic strain, the largest of the layers: the pieces' (1e-6
    relative);
  - deletion flags: 1 exactly for the shells the pieces hold, 0 for eroded;
  - kinetic, internal, total energy: glstat's row at that time (1e-6
    relative); part internal energy: matsum's (1e-6 relative, 1e-6 J);
  - the rigid wall's normal force: rwforc's at that time (1e-6 of its peak);
and the np 1 and np 2 files hold the same coordinates and stresses bit for
bit (halo=corners: the motion does not depend on np).

usage: lasso_d3plot.py MPIEXEC_ARGS BINARY DECK WORKDIR   (run with the lasso venv's python)
"""
import os
import re
import shlex
import subprocess
import sys

import numpy as np
from lasso.dyna import ArrayType as A
from lasso.dyna import D3plot

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
from render_snapshot import read_vtu, step_pieces  # noqa: E402  (the ParaView reader)
import minicrash_histories  # noqa: E402


def make_deck(deck, out):
    text = open(deck).read()
    for card, edited in (("1,7.85e-06,210,0.3,0.3,0,0\n", "1,7.85e-06,210,0.3,0.3,0,0.5\n"),  # FAIL 0.5
                         ("1,2,0.833333333333333,5\n", "1,2,0.833333333333333,3\n")):  # NIP 3
        if card not in text:
            sys.exit(f"{deck}: no card {card.strip()!r} to edit")
        text = text.replace(card, edited, 1)
    with open(out, "w") as f:
        f.write(text)


def rows(path):
    """History CSV rows (time first) as float arrays."""
    return np.array(minicrash_histories.rows(path))


def columns(path):
    return minicrash_histories.read(path)[0]


def at_time(table, t):
    hit = table[np.abs(table[:, 0] - t) <= 1e-6 * max(1.0, abs(t))]
    if len(hit) == 0:
        sys.exit(f"no history row at t = {t}")
    return hit


def check(odir):
    members = sorted(f for f in os.listdir(odir) if re.fullmatch(r"d3plot\d*", f))
    if len(members) < 2:
        sys.exit(f"{odir}: expected a d3plot family with d3plot_mb=1, got {members}")
    d = D3plot(os.path.join(odir, "d3plot"))
    a = d.arrays
    pvd = os.path.join(odir, "d3plot.pvd")
    times = a[A.global_timesteps]
    glstat, gcols = rows(os.path.join(odir, "glstat.csv")), columns(os.path.join(odir, "glstat.csv"))
    matsum = rows(os.path.join(odir, "matsum.csv"))
    rwforc = rows(os.path.join(odir, "rwforc.csv"))
    part_ids = a[A.part_ids]
    worst = {"displacement": 0.0, "plastic strain": 0.0, "energy": 0.0, "part energy": 0.0, "wall force": 0.0}
    peak_wall = max(abs(r[2]) for r in rwforc)
    eroded = 0
    for s, t in enumerate(times):
        pieces, t_vtk = step_pieces(pvd, s)
        if abs(t - t_vtk) > 1e-6 * max(1.0, t_vtk):
            sys.exit(f"state {s}: d3plot time {t} against ParaView {t_vtk}")
        disp, epsp, alive = {}, {}, set()
        for p in pieces:
            _, _, point, cell = read_vtu(p)
            for nid, u in zip(point["node_id"], point["displacement"]):
                disp[int(nid)] = u
            for eid, e in zip(cell["element_id"], cell["effective_plastic_strain"]):
                epsp[int(eid)] = e
                alive.add(int(eid))
        node_ids = a[A.node_ids]
        if sorted(disp) != list(node_ids):
            sys.exit(f"state {s}: node ids differ from the ParaView pieces'")
        u = a[A.node_displacement][s] - a[A.node_coordinates]
        ref = np.array([disp[int(n)] for n in node_ids])
        worst["displacement"] = max(worst["displacement"], float(np.abs(u - ref).max()))
        flags = a[A.element_shell_is_alive][s]
        ids = a[A.element_shell_ids]
        expected = np.array([1.0 if int(e) in alive else 0.0 for e in ids])
        if not np.array_equal(flags, expected):
            sys.exit(f"state {s}: deletion flags differ from the shells the ParaView pieces hold")
        eroded = int((flags == 0).sum())
        live = flags == 1
        mine = a[A.element_shell_effective_plastic_strain][s].max(axis=1)[live]
        theirs = np.array([epsp[int(e)] for e in ids[live]])
        worst["plastic strain"] = max(worst["plastic strain"],
                                      float((np.abs(mine - theirs) / np.maximum(np.abs(theirs), 1e-3)).max()))
        g = at_time(glstat, t)[0]
        for name, arr in (("kinetic", A.global_kinetic_energy), ("internal", A.global_internal_energy),
                          ("total", A.global_total_energy)):
            want = g[gcols.index(name)]
            worst["energy"] = max(worst["energy"], abs(a[arr][s] - want) / max(abs(want), 1.0))
        m = at_time(matsum, t)
        for k, pid in enumerate(part_ids):
            want = m[m[:, 1] == pid][0, 2]
            worst["part energy"] = max(worst["part energy"],
                                       abs(a[A.part_internal_energy][s][k] - want) / max(abs(want), 1.0))
        want = at_time(rwforc, t)[0, 2]  # the tube's one wall
        worst["wall force"] = max(worst["wall force"], abs(a[A.rigid_wall_force][s][0] - want) / peak_wall)
    limits = {"displacement": 1e-4, "plastic strain": 1e-6, "energy": 1e-6, "part energy": 1e-6, "wall force": 1e-6}
    print(f"{odir}: {len(times)} states in {len(members)} files, {len(a[A.node_ids])} nodes, "
          f"{len(a[A.element_shell_ids])} shells, {eroded} eroded at the end; worst differences: "
          + ", ".join(f"{k} {v:.2e} (limit {limits[k]:.0e})" for k, v in worst.items()))
    if eroded == 0:
        sys.exit("no shell eroded: the deletion flags went untested")
    for k, v in worst.items():
        if not v <= limits[k]:
            sys.exit(f"{odir}: {k} differs by {v:.3e}, above {limits[k]:.0e}")
    return a


def main():
    mpiexec, binary, deck, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    edited = os.path.join(work, "tube_nip3_fail.k")
    make_deck(deck, edited)
    arrays = {}
    for np_ in (1, 2):
        odir = os.path.join(work, f"np{np_}")
        cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={edited}", "endtim=2", "d3plot_mb=1",
                                      f"odir={odir}", "--quiet"]
        if subprocess.run(cmd).returncode != 0:
            sys.exit(f"minicrash failed: {' '.join(cmd)}")
        arrays[np_] = check(odir)
    for arr in (A.node_displacement, A.node_velocity, A.element_shell_stress,
                A.element_shell_effective_plastic_strain, A.element_shell_is_alive):
        if not np.array_equal(arrays[1][arr], arrays[2][arr]):
            sys.exit(f"{arr} differs between np 1 and np 2")
    print("np 1 and np 2: coordinates, velocities, stresses, plastic strains and deletion flags bitwise equal")
    # A family limit below one state (the Neon-like sedan at scale 0.02: 1.5 MB a state) is refused
    # before the run, on every rank, and no d3plot is left.
    odir = os.path.join(work, "too_small")
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, "gen=neon", "scale=0.02", "d3plot_mb=1", "cycles=2",
                                  f"odir={odir}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    want = "d3plot: one state of this model needs 1480704 bytes, more than the family file limit of 1048576 bytes"
    if done.returncode != 2 or want not in done.stderr or os.path.exists(os.path.join(odir, "d3plot")):
        sys.exit(f"d3plot_mb=1 on a 1.5 MB state: exit {done.returncode}, stderr {done.stderr!r}")
    print(f"d3plot_mb=1 on a 1.5 MB state: exit 2, '{want}'")


if __name__ == "__main__":
    main()
