#!/usr/bin/env python3
"""A deck written by another tool: PyPI ansys-dyna-core (PyDYNA) writes the
keyword cards, minicrash reads and runs them.

The deck: a 10 x 10 plate of elastic Belytschko-Tsay shells (NIP 0, which
LS-DYNA reads as 2; the upper half written as *ELEMENT_SHELL_THICKNESS with
twice the section's thickness T, averaged over unequal corners), with an
*ELEMENT_MASS on the centre node, an *ELEMENT_MASS_NODE_SET on the middle
row of nodes (a *SET_NODE_LIST in PyDYNA's layout) and an *ELEMENT_MASS_PART
spreading PART_MASS over the plate by area, and a *MAT_RIGID strip
5 mm beyond the plate's edge holding the edge nodes as
*CONSTRAINED_EXTRA_NODES_SET flying at -15 mm/s in x (mm, s, t units), every node given its velocity
by its own *INITIAL_VELOCITY_NODE, with *PARAMETER / *PARAMETER_EXPRESSION
cards in PyDYNA's layout (left-aligned values) and *CONTROL_BULK_VISCOSITY.
Nothing restrains the plate, so it translates rigidly: the kinetic energy
must stay 1/2 (rho 1.5 T A + the point and part masses + the strip) v^2 (closed form, relative 1e-9), at np 1 and np 2
alike (total energy agreeing to 1e-12 relative).

usage: pydyna_deck.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import json
import os
import shlex
import subprocess
import sys

try:
    import pandas as pd
    from ansys.dyna.core import Deck, keywords as kwd
except ImportError as error:
    sys.exit(f"PyDYNA is not importable ({error}): run scripts/checkers-venv.sh (scripts/setup.sh does)")

RHO, E, NU, T, V, SIZE, N = 7.85e-9, 210000.0, 0.3, 1.2, -15.0, 100.0, 10
POINT_MASS, ROW_MASS = 5e-5, 1e-4  # t: *ELEMENT_MASS on the centre node, _NODE_SET on the middle row
PART_MASS = 2e-4                     # t: *ELEMENT_MASS_PART on the plate
RIGID_RHO, RIGID_W = 2e-8, 10.0      # a rigid 10 mm strip beyond x = SIZE holding the edge as extra nodes


def write_deck(path):
    deck = Deck()
    deck.append(kwd.Parameter(parameters=[("R thick", str(T)), ("R rho", str(RHO)), ("I nelem", str(N))]))
    deck.append(kwd.ParameterExpression(parameters=pd.DataFrame(
        {"prmr": ["R area"], "expression": [f"({SIZE}*{SIZE}) / (nelem*nelem)"]})))
    deck.append(kwd.ControlTermination(endtim=0.002))
    deck.append(kwd.ControlBulkViscosity(q1=1.5, q2=0.06, type=1))
    h = SIZE / N
    ids = [(i, j) for j in range(N + 1) for i in range(N + 1)]
    deck.append(kwd.Node(nodes=pd.DataFrame({
        "nid": [1 + i + j * (N + 1) for i, j in ids], "x": [i * h for i, j in ids],
        "y": [j * h for i, j in ids], "z": [0.0] * len(ids)})))
    quads = [(i, j) for j in range(N) for i in range(N)]
    node = lambda i, j: 1 + i + j * (N + 1)
    def shells(keyword, rows, **columns):
        cells = [(i, j) for i, j in quads if j in rows]
        deck.append(keyword(elements=pd.DataFrame({
            "eid": [1 + i + j * N for i, j in cells], "pid": [1] * len(cells),
            "n1": [node(i, j) for i, j in cells], "n2": [node(i + 1, j) for i, j in cells],
            "n3": [node(i + 1, j + 1) for i, j in cells], "n4": [node(i, j + 1) for i, j in cells],
            **{name: [value] * len(cells) for name, value in columns.items()}})))
    shells(kwd.ElementShell, range(N // 2))
    # The upper half: 2T on average over corners 1.5T, 2.5T, 1.5T, 2.5T.
    shells(kwd.ElementShellThickness, range(N // 2, N), n5=0, n6=0, n7=0, n8=0,
           thic1=1.5 * T, thic2=2.5 * T, thic3=1.5 * T, thic4=2.5 * T)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["plate", "strip"], "pid": [1, 2], "secid": [1, 1],
                                             "mid": [1, 2]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=0, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatElastic(mid=1, ro=RHO, e=E, pr=NU))
    deck.append(kwd.MatRigid(mid=2, ro=RIGID_RHO, e=E, pr=NU))
    strip = [9001, 9002, 9003, 9004]
    deck.append(kwd.Node(nodes=pd.DataFrame({"nid": strip, "x": [SIZE + 5, SIZE + 5 + RIGID_W] * 2,
                                             "y": [0.0, 0.0, SIZE, SIZE], "z": [0.0] * 4})))
    deck.append(kwd.ElementShell(elements=pd.DataFrame({"eid": [9001], "pid": [2], "n1": [9001], "n2": [9002],
                                                        "n3": [9004], "n4": [9003]})))
    edge = kwd.SetNodeList(sid=4)
    edge.nodes = pd.Series([node(N, j) for j in range(N + 1)])
    deck.append(edge)
    deck.append(kwd.ConstrainedExtraNodesSet(pid=2, nsid=4))
    deck.append(kwd.ElementMass(eid=1001, nid=node(N // 2, N // 2), mass=POINT_MASS))
    row = kwd.SetNodeList(sid=3)
    row.nodes = pd.Series([node(i, N // 2) for i in range(N + 1)])
    deck.append(row)
    deck.append(kwd.ElementMassNodeSet(eid=1002, nsid=3, mass=ROW_MASS))
    part_mass = kwd.ElementMassPart()
    part_mass.elements = pd.DataFrame({"pid": [1], "addmass": [PART_MASS], "finmass": [0.0]})
    deck.append(part_mass)
    for n in [node(i, j) for i, j in ids] + strip:
        deck.append(kwd.InitialVelocityNode(nid=n, vx=V))
    with open(path, "w") as f:
        f.write(deck.write())


def node_set(sid, nodes):
    """A *SET_NODE_LIST in PyDYNA's layout."""
    nodes_set = kwd.SetNodeList(sid=sid)
    nodes_set.nodes = pd.Series(nodes)
    return nodes_set


def strip_mesh(deck, node, columns, rows, dx, dy, pid=lambda i, j: 1, z=0.0, first_eid=1):
    """columns x rows shells of dx x dy in the plane at height z, node(i, j)
    the node ids, shell (i, j) id first_eid + i + j columns and part
    pid(i, j); returns the (i, j) of every node."""
    ids = [(i, j) for j in range(rows + 1) for i in range(columns + 1)]
    deck.append(kwd.Node(nodes=pd.DataFrame({
        "nid": [node(i, j) for i, j in ids], "x": [i * dx for i, j in ids],
        "y": [j * dy for i, j in ids], "z": [z] * len(ids)})))
    cells = [(i, j) for j in range(rows) for i in range(columns)]
    deck.append(kwd.ElementShell(elements=pd.DataFrame({
        "eid": [first_eid + i + j * columns for i, j in cells], "pid": [pid(i, j) for i, j in cells],
        "n1": [node(i, j) for i, j in cells], "n2": [node(i + 1, j) for i, j in cells],
        "n3": [node(i + 1, j + 1) for i, j in cells], "n4": [node(i, j + 1) for i, j in cells]})))
    return ids


def pulled_strip_ends(deck, node, columns, rows, speed, ramp, hold_until):
    """The strip_mesh's nodes at i = 0 held in x (node set 1); those at
    i = columns pulled along x (node set 2) at a velocity ramping from 0 to
    speed over ramp and held to hold_until (curve 20, VAD 0)."""
    deck.append(node_set(1, [node(0, j) for j in range(rows + 1)]))
    deck.append(kwd.BoundarySpcSet(nsid=1, dofx=1))
    deck.append(node_set(2, [node(columns, j) for j in range(rows + 1)]))
    deck.append(kwd.DefineCurve(lcid=20, curves=pd.DataFrame({"a1": [0.0, ramp, hold_until], "o1": [0.0, 1.0, 1.0]})))
    deck.append(kwd.BoundaryPrescribedMotionSet(nsid=2, dof=1, vad=0, lcid=20, sf=speed))


def run(mpiexec, binary, deck, out, np_):
    os.makedirs(out, exist_ok=True)
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"odir={out}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, OMP_PROC_BIND="false"))
    if done.returncode != 0:
        sys.exit(f"np={np_}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(out, "minicrash_report.json")) as f:
        return json.load(f)


def run_np1_np2(mpiexec, binary, deck, workdir):
    return {np_: run(mpiexec, binary, deck, os.path.join(workdir, f"np{np_}"), np_) for np_ in (1, 2)}


def same_total_energy(reports):
    """np 1 and 2 must end with the same total energy: the answer does not depend on np."""
    totals = [reports[n]["energy_last"]["total"] for n in (1, 2)]
    if abs(totals[0] - totals[1]) > 1e-12 * abs(totals[0]):
        sys.exit(f"np 1 and 2 differ: total energy {totals[0]} vs {totals[1]}")


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_plate.k")
    write_deck(deck)
    expected = 0.5 * (RHO * 1.5 * T * SIZE * SIZE + POINT_MASS + ROW_MASS + PART_MASS + RIGID_RHO * T * RIGID_W * SIZE) * V * V
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    for np_, r in reports.items():
        first, last = r["energy_first"]["kinetic"], r["energy_last"]["kinetic"]
        print(f"np={np_}: kinetic first {first:.12g} last {last:.12g}, closed form {expected:.12g}, "
              f"cycles {r['cycles']}")
        for value in (first, last):
            if abs(value - expected) > 1e-9 * expected:
                sys.exit(f"np={np_}: kinetic energy {value} is not 1/2 (rho 1.5 T A + point and part masses + strip) v^2 "
                         f"= {expected}")
    same_total_energy(reports)


if __name__ == "__main__":
    main()
