#!/usr/bin/env python3
"""A strip pulled by *BOUNDARY_PRESCRIBED_MOTION_SET or _RIGID, written by PyDYNA.

The deck (mm, ms, kg, GPa): a 100 x 20 mm elastic steel strip, 1 mm thick,
20 x 4 Belytschko-Tsay shells. The nodes at x = 0 are held in x
(*BOUNDARY_SPC_SET); those at x = 100 follow a displacement in x
(*BOUNDARY_PRESCRIBED_MOTION_SET, VAD 2, SF = DELTA) that a *DEFINE_CURVE
ramps from 0 to 1 over 2 ms (about 100 transits of the strip by the wave)
and then holds until 3 ms. Its lateral edges are free, so the strip ends in
uniaxial stress. A second deck pulls it the same way through a grip: one
more column of *MAT_RIGID shells beyond x = 100, moved by
*BOUNDARY_PRESCRIBED_MOTION_RIGID (Poisson 0 there, so the rigid end does
not stiffen the strip).

A third deck turns the whole strip, free, a quarter turn about the y axis
through its end x = 0 (*BOUNDARY_PRESCRIBED_MOTION_SET, DOF 10, VAD 2, the
same ramp times -pi/2, OFFSET1 = z = 0 and OFFSET2 = x = 0 on the card
PyDYNA writes for DOF 9-11): the far corner, in nodout, ends at x = 0 and
z = 100 (within the radius' theta a / 2 shrink, 1e-3), the strip at rest
(kinetic and internal energy below 1 % of the 1/2 I w^2 it had while
turning). A fourth deck turns it the same way with DOF -10, the radius
free, about an axis L/2 before its end (OFFSET2 = x = -L/2: a node on the
axis has no direction around it): nothing holds the strip toward the
axis, so it slides out as a bead on a spinning rod, its centre of mass at
r = L cosh(w t) until the turn ends at T = 2 ms, w = (pi/2) / T, and on at
the speed it had then: the far corner ends at x = -L/2 and
z = 3L/2 + L (cosh(w T) - 1) + L w sinh(w T) (END - T) (within 1e-3; the
strip's own stretch is 1e-4).

Checks of the pulls, at np 1 and 2: the internal energy is E A DELTA^2 / 2L within 1 %
(closed form), the kinetic energy is below 1 % of it, the external work
(glstat.csv, the report) equals the total energy within 1e-3 (the strip
starts at rest: all of its energy came in through the pulled end), and
np 1 and 2 end with the same total energy (1e-12 relative), for both decks. A run stopped
at 1.5 ms at np 2 and restarted at np 1 ends with the uninterrupted np 1
run's state checksum (the motion's work is restarted with the state).

usage: pydyna_prescribed_motion.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import json
import math
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, node_set, pd, strip_mesh, run_np1_np2, same_total_energy  # noqa: E402
from lsdyna_ascii import read_nodout  # noqa: E402

RHO, E, NU, T = 7.85e-6, 210.0, 0.3, 1.0
LENGTH, WIDTH, NX, NY = 100.0, 20.0, 20, 4
DELTA, RAMP, END = 0.1, 2.0, 3.0


def write_deck(path, grip, turn=False, radius_free=False):
    """grip: the strip ends in a rigid column pulled by _RIGID, else its end nodes are pulled by _SET;
    turn: the whole strip turns about the y axis instead (radius_free: DOF -10)."""
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=END))
    columns = NX + 1 if grip else NX
    ids = strip_mesh(deck, node, columns, NY, LENGTH / NX, WIDTH / NY, lambda i, j: 2 if i == NX else 1)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["strip", "grip"], "pid": [1, 2], "secid": [1, 1],
                                             "mid": [1, 2]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=2, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatElastic(mid=1, ro=RHO, e=E, pr=0.0 if grip else NU))
    deck.append(kwd.MatRigid(mid=2, ro=RHO, e=E, pr=NU))
    deck.append(kwd.DefineCurve(lcid=7, curves=pd.DataFrame({"a1": [0.0, RAMP, 10.0], "o1": [0.0, 1.0, 1.0]})))
    if turn:
        deck.append(node_set(3, [node(i, j) for i, j in ids]))
        deck.append(kwd.BoundaryPrescribedMotionSet(nsid=3, dof=-10 if radius_free else 10, vad=2, lcid=7,
                                                    sf=-0.5 * math.pi,
                                                    offset1=0.0, offset2=-0.5 * LENGTH if radius_free else 0.0))
        deck.append(kwd.DatabaseNodout(dt=0.1))
        deck.append(kwd.DatabaseHistoryNode(id1=node(NX, NY)))
    else:
        deck.append(node_set(1, [node(0, j) for j in range(NY + 1)]))
        deck.append(kwd.BoundarySpcSet(nsid=1, dofx=1))
    if grip:
        deck.append(kwd.BoundaryPrescribedMotionRigid(pid=2, dof=1, vad=2, lcid=7, sf=DELTA))
    elif not turn:
        deck.append(node_set(2, [node(NX, j) for j in range(NY + 1)]))
        deck.append(kwd.BoundaryPrescribedMotionSet(nsid=2, dof=1, vad=2, lcid=7, sf=DELTA))
    deck.append(kwd.DatabaseGlstat(dt=0.1))
    with open(path, "w") as f:
        f.write(deck.write())


def node(i, j):
    return 1 + i + j * (NX + 2)


def check(mpiexec, binary, workdir, grip):
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_strip.k")
    write_deck(deck, grip)
    strain_energy = 0.5 * E * WIDTH * T * DELTA ** 2 / LENGTH
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    for np_, r in reports.items():
        last = r["energy_last"]
        print(f"{'_RIGID' if grip else '_SET'} np={np_}: internal {last['internal']:.6e} (E A delta^2 / 2L "
              f"{strain_energy:.6e}), kinetic {last['kinetic']:.3e}, external work {last['external_work']:.6e}, "
              f"total {last['total']:.6e}, ratio {last['energy_ratio']:.6f}, cycles {r['cycles']}")
        if abs(last["internal"] - strain_energy) > 0.01 * strain_energy:
            sys.exit(f"np={np_}: internal energy {last['internal']} is not E A delta^2 / 2L = {strain_energy}")
        if last["kinetic"] > 0.01 * strain_energy:
            sys.exit(f"np={np_}: kinetic energy {last['kinetic']} is not small: the strip is not at rest")
        if abs(last["external_work"] - last["total"]) > 1e-3 * last["total"]:
            sys.exit(f"np={np_}: external work {last['external_work']} is not the total energy {last['total']}")
        csv = os.path.join(workdir, f"np{np_}", "glstat.csv")
        with open(csv) as f:
            header, *rows = f.read().split()
        column = header.split(",").index("external_work")
        if abs(float(rows[-1].split(",")[column]) - last["external_work"]) > 1e-6 * last["external_work"]:
            sys.exit(f"np={np_}: glstat.csv's last external_work is not the report's")
    same_total_energy(reports)
    return deck, reports


def run_turn(mpiexec, binary, workdir, radius_free):
    """The turning strip's deck run at np 1 and 2: {np: (far corner x, z, last energies)}, and the reports."""
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_strip_turn_free.k" if radius_free else "pydyna_strip_turn.k")
    write_deck(deck, False, turn=True, radius_free=radius_free)
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    corners = {}
    for np_, r in reports.items():
        far = read_nodout(os.path.join(workdir, f"np{np_}", "nodout"))
        corners[np_] = (far[f"node {node(NX, NY)} x-coor"][1][-1], far[f"node {node(NX, NY)} z-coor"][1][-1],
                        r["energy_last"])
    return corners, reports


def check_turn(mpiexec, binary, workdir):
    omega = 0.5 * math.pi / RAMP
    turning = 0.5 * (RHO * T * WIDTH * LENGTH ** 3 / 3) * omega ** 2  # 1/2 I w^2 about the end
    corners, reports = run_turn(mpiexec, binary, workdir, radius_free=False)
    for np_, (x, z, last) in corners.items():
        print(f"turn np={np_}: far corner x {x:.6g} z {z:.6g} (0, {LENGTH:g}), kinetic {last['kinetic']:.3e} "
              f"(1/2 I w^2 while turning {turning:.4e}), internal {last['internal']:.3e}")
        if abs(x) > 1e-3 or not LENGTH * (1 - 1e-3) < z <= LENGTH + 1e-3:
            sys.exit(f"np={np_}: the far corner ends at x {x}, z {z}, not at (0, {LENGTH}): the turn is wrong")
        # The free nodal rotations ring after the turn; their fast swing makes the
        # half-step kinetic energy (1/2 m v- . v+) slightly negative: count its size.
        if abs(last["kinetic"]) + last["internal"] > 0.01 * turning:
            sys.exit(f"np={np_}: kinetic {last['kinetic']} + internal {last['internal']} after the turn is not small")
    same_total_energy(reports)


def check_turn_radius_free(mpiexec, binary, workdir):
    omega, axis_x = 0.5 * math.pi / RAMP, -0.5 * LENGTH
    expected = LENGTH - axis_x + LENGTH * (math.cosh(omega * RAMP) - 1 + omega * math.sinh(omega * RAMP) * (END - RAMP))
    corners, reports = run_turn(mpiexec, binary, workdir, radius_free=True)
    for np_, (x, z, last) in corners.items():
        print(f"turn, radius free, np={np_}: far corner x {x:.6g} z {z:.6g} ({axis_x:g}, {expected:.6g}), "
              f"energy ratio {last['energy_ratio']:.6f}")
        if abs(x - axis_x) > 1e-3 * expected or abs(z - expected) > 1e-3 * expected:
            sys.exit(f"np={np_}: the far corner ends at x {x}, z {z}, not at ({axis_x}, {expected}): "
                     "the radius is not free")
    same_total_energy(reports)


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    check_turn(mpiexec, binary, os.path.join(workdir, "turn"))
    check_turn_radius_free(mpiexec, binary, os.path.join(workdir, "turn_free"))
    check(mpiexec, binary, os.path.join(workdir, "grip"), True)
    deck, reports = check(mpiexec, binary, workdir, False)
    restarted = restart_across_np(mpiexec, binary, deck, workdir)
    if restarted != reports[1]["state_checksum"]:
        sys.exit(f"stopped at np 2, restarted at np 1: checksum {restarted}, "
                 f"uninterrupted {reports[1]['state_checksum']}")
    print(f"np 2 stopped at 1.5 ms, restarted at np 1: state checksum {restarted}, as the uninterrupted run")


def restart_across_np(mpiexec, binary, deck, workdir):
    first, second = os.path.join(workdir, "to_1.5ms"), os.path.join(workdir, "restarted")
    for np_, args in ((2, ["endtim=1.5", "restart_end=1", f"odir={first}"]), (1, [f"r={first}", f"odir={second}"])):
        cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", "--quiet"] + args
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            sys.exit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(second, "minicrash_report.json")) as f:
        return json.load(f)["state_checksum"]


if __name__ == "__main__":
    main()
