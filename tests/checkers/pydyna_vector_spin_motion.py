#!/usr/bin/env python3
"""Motions along a *DEFINE_VECTOR and a rigid body's spin, written by PyDYNA.

Three decks (mm, ms, kg, GPa), each run at np 1 and 2:

* **along**: a free 100 x 20 mm elastic strip (20 x 4 shells, 1 mm thick)
  starts with vz = 1 mm/ms (*INITIAL_VELOCITY) and every node is driven
  along VID 3 = (1, 1, 0) at V = 2 mm/ms (*BOUNDARY_PRESCRIBED_MOTION_SET,
  DOF 4, VAD 0, a constant curve times SF). Across the vector the node is
  free, so it keeps vz: the strip moves as one body with (V/sqrt 2, V/sqrt 2, 1).
  Checked: the far corner's displacement is that velocity times the time
  (to 1e-4 relative: nodout prints 5 digits), the kinetic energy
  1/2 M (V^2 + 1) and the external work (the constraint's) 1/2 M V^2, both
  to 1e-9 relative.
* **only_along**: the same with DOF -4, which holds the motion across the
  vector at zero: the corner's z stays put, the kinetic energy is 1/2 M V^2
  and the constraint took 1/2 M out: external work 1/2 M (V^2 - 1).
* **spin**: a rigid 100 x 20 mm plate (*MAT_RIGID, in the x-y plane) spun
  about z through its centre of mass at W = 0.5 rad/ms
  (*BOUNDARY_PRESCRIBED_MOTION_RIGID, DOF 7, VAD 0), next to a still
  elastic plate that sets the step. After t the far corner has turned by
  W t about the centre (to 2e-4 rad: nodout's 5 digits) on its circle (its
  radius to 1e-4; straight steps along W x r would have stretched it by
  sqrt(1 + (W dt)^2) a step, 3.1e-4 here), the kinetic energy is the
  constraint's work to 1e-6 (all of it in the first step: z is a principal
  axis of the plate), and it is 1/2 W^2 sum m r^2 of the lumped nodal
  masses within 1 % (the nodes' own rotary inertia is the rest).

np 1 and 2 end with the same total energy (1e-12 relative) for every deck.

usage: pydyna_vector_spin_motion.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, run_np1_np2, same_total_energy  # noqa: E402
from lsdyna_ascii import read_nodout  # noqa: E402

RHO, E, NU, T = 7.85e-6, 210.0, 0.3, 1.0
LENGTH, WIDTH, NX, NY = 100.0, 20.0, 20, 4
V, VZ, W, END = 2.0, 1.0, 0.5, 3.0
MASS = RHO * T * LENGTH * WIDTH


def node(i, j, first=1):
    return first + i + j * (NX + 1)


def plate(deck, pid, first_node, first_element, y0):
    """A LENGTH x WIDTH plate of NX x NY shells of part pid at y = y0."""
    ids = [(i, j) for j in range(NY + 1) for i in range(NX + 1)]
    deck.append(kwd.Node(nodes=pd.DataFrame({
        "nid": [node(i, j, first_node) for i, j in ids], "x": [i * LENGTH / NX for i, j in ids],
        "y": [y0 + j * WIDTH / NY for i, j in ids], "z": [0.0] * len(ids)})))
    cells = [(i, j) for j in range(NY) for i in range(NX)]
    deck.append(kwd.ElementShell(elements=pd.DataFrame({
        "eid": [first_element + i + j * NX for i, j in cells], "pid": [pid] * len(cells),
        "n1": [node(i, j, first_node) for i, j in cells], "n2": [node(i + 1, j, first_node) for i, j in cells],
        "n3": [node(i + 1, j + 1, first_node) for i, j in cells],
        "n4": [node(i, j + 1, first_node) for i, j in cells]})))
    return [node(i, j, first_node) for i, j in ids]


def common(deck):
    deck.append(kwd.ControlTermination(endtim=END))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=2, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatElastic(mid=1, ro=RHO, e=E, pr=NU))
    deck.append(kwd.DefineCurve(lcid=7, curves=pd.DataFrame({"a1": [0.0, 10.0], "o1": [1.0, 1.0]})))
    deck.append(kwd.DatabaseGlstat(dt=0.1))
    deck.append(kwd.DatabaseNodout(dt=0.1))


def write_along(path, dof):
    deck = Deck()
    common(deck)
    nodes = plate(deck, 1, 1, 1, 0.0)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["strip"], "pid": [1], "secid": [1], "mid": [1]})))
    set_ = kwd.SetNodeList(sid=1)
    set_.nodes = pd.Series(nodes)
    deck.append(set_)
    deck.append(kwd.InitialVelocity(nsid=0, vz=VZ))
    deck.append(kwd.DefineVector(vid=3, xt=0.0, yt=0.0, zt=0.0, xh=1.0, yh=1.0, zh=0.0))
    deck.append(kwd.BoundaryPrescribedMotionSet(nsid=1, dof=dof, vad=0, lcid=7, sf=V, vid=3))
    deck.append(kwd.DatabaseHistoryNode(id1=node(NX, NY)))
    with open(path, "w") as f:
        f.write(deck.write())


def write_spin(path):
    deck = Deck()
    common(deck)
    plate(deck, 2, 1, 1, 0.0)
    plate(deck, 1, 1001, 1001, 100.0)  # elastic and still: it sets the step
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["still", "spun"], "pid": [1, 2], "secid": [1, 1],
                                             "mid": [1, 2]})))
    deck.append(kwd.MatRigid(mid=2, ro=RHO, e=E, pr=NU))
    deck.append(kwd.BoundaryPrescribedMotionRigid(pid=2, dof=7, vad=0, lcid=7, sf=W))
    deck.append(kwd.DatabaseHistoryNode(id1=node(NX, NY)))
    with open(path, "w") as f:
        f.write(deck.write())


def corner_track(workdir, np_, column):
    """The far corner's last nodout record: its time and the x, y, z of `column` (coor or disp)."""
    series = read_nodout(os.path.join(workdir, f"np{np_}", "nodout"))
    name = f"node {node(NX, NY)}"
    t = series[f"{name} x-{column}"][0][-1]
    return t, [series[f"{name} {c}-{column}"][1][-1] for c in "xyz"]


def near(value, expected, rel, what):
    if abs(value - expected) > rel * abs(expected):
        sys.exit(f"{what}: {value!r}, expected {expected!r} within {rel:g} relative")


def check_along(mpiexec, binary, workdir, dof):
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, f"pydyna_along_dof{dof}.k")
    write_along(deck, dof)
    keeps_z = dof == 4
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    for np_, r in reports.items():
        t, (x, y, z) = corner_track(workdir, np_, "disp")
        last = r["energy_last"]
        print(f"DOF {dof} np={np_}: corner moved by ({x:.5g}, {y:.5g}, {z:.5g}) by t {t:.6g}; kinetic "
              f"{last['kinetic']:.9e}, external work {last['external_work']:.9e}, ratio {last['energy_ratio']:.9f}")
        step = V / math.sqrt(2) * t
        near(x, step, 1e-4, f"DOF {dof} np={np_} corner x displacement")
        near(y, step, 1e-4, f"DOF {dof} np={np_} corner y displacement")
        if abs(z - (VZ * t if keeps_z else 0.0)) > 1e-4 * step:
            sys.exit(f"DOF {dof} np={np_}: corner z {z}, expected {VZ * t if keeps_z else 0.0}")
        near(last["kinetic"], 0.5 * MASS * (V * V + (VZ * VZ if keeps_z else 0.0)), 1e-9,
             f"DOF {dof} np={np_} kinetic energy")
        near(last["external_work"], 0.5 * MASS * (V * V - (0.0 if keeps_z else VZ * VZ)), 1e-9,
             f"DOF {dof} np={np_} external work")
    same_total_energy(reports)


def check_spin(mpiexec, binary, workdir):
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_spin.k")
    write_spin(deck)
    # Lumped nodal masses: each shell gives a quarter of its mass to each corner.
    dx, dy = LENGTH / NX, WIDTH / NY
    share = RHO * T * dx * dy / 4
    cx, cy = LENGTH / 2, WIDTH / 2
    inertia = 0.0
    for i in range(NX + 1):
        for j in range(NY + 1):
            corners = (1 + (0 < i < NX)) * (1 + (0 < j < NY))
            inertia += corners * share * ((i * dx - cx) ** 2 + (j * dy - cy) ** 2)
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    for np_, r in reports.items():
        t, (x, y, _) = corner_track(workdir, np_, "coor")
        last = r["energy_last"]
        angle = math.atan2(y - cy, x - cx) - math.atan2(WIDTH - cy, LENGTH - cx)
        radius = math.hypot(x - cx, y - cy) / math.hypot(LENGTH - cx, WIDTH - cy)
        print(f"spin np={np_}: at t {t:.6g} the corner turned {angle:.9f} rad (W t {W * t:.9f}), radius x "
              f"{radius:.6f}; kinetic {last['kinetic']:.9e} (1/2 W^2 sum m r^2 {0.5 * W * W * inertia:.6e}), "
              f"external work {last['external_work']:.9e}")
        if abs(angle - W * t) > 2e-4:
            sys.exit(f"spin np={np_}: the corner turned {angle} rad, not W t = {W * t}")
        if abs(radius - 1) > 1e-4:
            sys.exit(f"spin np={np_}: the corner's radius changed by a factor {radius}")
        near(last["kinetic"], last["external_work"], 1e-6, f"spin np={np_} kinetic energy against work")
        near(last["kinetic"], 0.5 * W * W * inertia, 1e-2, f"spin np={np_} kinetic energy")
    same_total_energy(reports)


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    check_along(mpiexec, binary, os.path.join(workdir, "along"), 4)
    check_along(mpiexec, binary, os.path.join(workdir, "only_along"), -4)
    check_spin(mpiexec, binary, os.path.join(workdir, "spin"))


if __name__ == "__main__":
    main()
