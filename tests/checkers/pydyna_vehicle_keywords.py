#!/usr/bin/env python3
"""The vehicle-deck keywords no other PyDYNA check writes, in PyDYNA's layout,
against momentum and energy balances that hold in closed form.

The deck is in mm, s and t. Its mesh and parts sit in a separate file that
the main deck reaches through *INCLUDE_PATH:

* plate 1: 40 x 40 mm, 1 mm, 4 x 4 shells of *MAT_PLASTIC_KINEMATIC. It is
  set moving at V in x by *INITIAL_VELOCITY_GENERATION (STYP 2, its part),
  and three of its nodes form a *CONSTRAINED_NODAL_RIGID_BODY.
* plate 2: the same, 2 mm above plate 1 and at rest. It is held to plate 1
  by two *CONSTRAINED_GENERALIZED_WELD_SPOT welds at opposite corners,
  which never fail, so it is dragged along (written as _ID: below).
* a 10 x 10 mm *MAT_RIGID plate with a lone node carrying an *ELEMENT_MASS
  as *CONSTRAINED_EXTRA_NODES_NODE. Both fly at V in x, the node by its own
  *INITIAL_VELOCITY_NODE.
* a lone node with an *ELEMENT_MASS MS flying at VS in -y, head-on at a
  *RIGIDWALL_GEOMETRIC_SPHERE 20 mm away, which stops it within the 5 ms.

Checks:
* no keyword is ignored (the report's ignored_keywords is empty);
* the x-momentum at the end is (plate 1 + rigid plate + extra mass) V, to
  1e-9 relative. The welds only share it: plate 2 ends with more than 10 %
  of its mass times V, and the parts' momenta in matsum plus the extra
  node's (a node on no element is in no part) sum to the total;
* the sphere took the lone node's whole kinetic energy, MS VS^2 / 2, as
  stonewall energy, to 1e-9 relative, and left it no y-momentum;
* np 1 and 2 end with the same total energy (1e-12).

usage: pydyna_vehicle_keywords.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pydyna_deck import Deck, kwd, node_set, pd, run_np1_np2, same_total_energy, strip_mesh  # noqa: E402

RHO, E, NU, SIGY, ETAN, T = 7.85e-9, 210000.0, 0.3, 300.0, 1000.0, 1.0
V, VS, MS, ME = 5000.0, 5000.0, 1e-4, 1e-5  # mm/s; t: the sphere's node and the extra node
PLATE, N = 40.0, 4                          # plate 1 and 2: side, shells a side
RIGID = (60.0, 70.0)                        # the rigid plate's x extent, y 0..10
SPHERE_NODE, EXTRA_NODE = 998, 999


def plate_two(i, j):
    return 501 + i + j * (N + 1)


def write_mesh(path):
    """Nodes, shells, parts, sections and materials: the included file."""
    deck = Deck()
    plate_one = lambda i, j: 1 + i + j * (N + 1)
    strip_mesh(deck, plate_one, N, N, PLATE / N, PLATE / N)
    strip_mesh(deck, plate_two, N, N, PLATE / N, PLATE / N, pid=lambda i, j: 2, z=2.0, first_eid=101)
    x0, x1 = RIGID
    deck.append(kwd.Node(nodes=pd.DataFrame({
        "nid": [901, 902, 903, 904, EXTRA_NODE, SPHERE_NODE], "x": [x0, x1, x1, x0, 65.0, 100.0],
        "y": [0.0, 0.0, 10.0, 10.0, 5.0, 0.0], "z": [0.0, 0.0, 0.0, 0.0, 10.0, 0.0]})))
    deck.append(kwd.ElementShell(elements=pd.DataFrame({"eid": [201], "pid": [3], "n1": [901], "n2": [902],
                                                        "n3": [903], "n4": [904]})))
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["plate 1", "plate 2", "rigid plate"], "pid": [1, 2, 3],
                                             "secid": [1, 1, 1], "mid": [1, 1, 2]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=3, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatPlasticKinematic(mid=1, ro=RHO, e=E, pr=NU, sigy=SIGY, etan=ETAN, beta=0.5))
    deck.append(kwd.MatRigid(mid=2, ro=RHO, e=E, pr=NU))
    with open(path, "w") as f:
        f.write(deck.write())


def write_deck(workdir):
    os.makedirs(os.path.join(workdir, "mesh"), exist_ok=True)
    write_mesh(os.path.join(workdir, "mesh", "pieces.k"))
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=0.005))
    deck.append(kwd.IncludePath(filename="mesh"))
    deck.append(kwd.Include(filename="pieces.k"))
    deck.append(kwd.InitialVelocityGeneration(id=1, styp=2, vx=V))
    deck.append(kwd.InitialVelocityGeneration(id=3, styp=2, vx=V))
    deck.append(kwd.InitialVelocityNode(nid=EXTRA_NODE, vx=V))
    deck.append(kwd.InitialVelocityNode(nid=SPHERE_NODE, vy=-VS))
    deck.append(kwd.ElementMass(eid=1001, nid=EXTRA_NODE, mass=ME))
    deck.append(kwd.ElementMass(eid=1002, nid=SPHERE_NODE, mass=MS))
    deck.append(kwd.ConstrainedExtraNodesNode(pid=3, nid=EXTRA_NODE))
    deck.append(node_set(10, [1 + 1 + 1 * (N + 1), 1 + 2 + 1 * (N + 1), 1 + 2 + 2 * (N + 1)]))
    deck.append(kwd.ConstrainedNodalRigidBody(pid=100, nsid=10))
    for wid, (i, j) in ((1, (0, 0)), (2, (N, N))):
        deck.append(node_set(20 + wid, [1 + i + j * (N + 1), plate_two(i, j)]))
        deck.append(kwd.ConstrainedGeneralizedWeldSpot(wid=wid, nsid=20 + wid, tfail=1e20))
    # The sphere's surface 20 mm from the node along -y.
    deck.append(kwd.RigidwallGeometricSphere(nsid=0, xt=100.0, yt=-30.0, zt=0.0, xh=100.0, yh=-29.0, zh=0.0,
                                             radsph=10.0))
    # PyDYNA 0.12.1 writes the weld's WID card under the plain keyword, a
    # card that LS-DYNA reads only with the _ID option (the same fault its
    # *RIGIDWALL keywords had until ansys/pydyna#1029): name the option.
    text = deck.write()
    if text.count("*CONSTRAINED_GENERALIZED_WELD_SPOT\n$#     wid") != 2:
        sys.exit("PyDYNA no longer writes WID under *CONSTRAINED_GENERALIZED_WELD_SPOT: drop the rename")
    text = text.replace("*CONSTRAINED_GENERALIZED_WELD_SPOT\n", "*CONSTRAINED_GENERALIZED_WELD_SPOT_ID\n")
    path = os.path.join(workdir, "pydyna_vehicle_keywords.k")
    with open(path, "w") as f:
        f.write(text)
    return path


def last_row(path):
    with open(path) as f:
        return list(csv.DictReader(f))[-1]


def part_momenta(path):
    """{part: (mass, x-momentum)} at matsum's last time."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    last = rows[-1]["time"]
    return {int(r["part"]): (float(r["mass"]), float(r["x_momentum"])) for r in rows if r["time"] == last}


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    deck = write_deck(workdir)
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    moving = RHO * T * (PLATE * PLATE + (RIGID[1] - RIGID[0]) * 10.0) + ME
    expected_p, expected_wall = moving * V, 0.5 * MS * VS * VS
    for np_, r in reports.items():
        out = os.path.join(workdir, f"np{np_}")
        if r["ignored_keywords"]:
            sys.exit(f"np={np_}: keywords ignored: {r['ignored_keywords']}")
        g = last_row(os.path.join(out, "glstat.csv"))
        px, py, wall = float(g["x_momentum"]), float(g["y_momentum"]), float(g["stonewall"])
        parts = part_momenta(os.path.join(out, "matsum.csv"))
        print(f"np={np_}: cycles {r['cycles']}, x-momentum {px:.12g} (closed form {expected_p:.12g}), "
              f"stonewall {wall:.12g} (closed form {expected_wall:.12g}), y-momentum {py:.3g}, "
              f"plate 2 momentum {parts[2][1]:.6g} of {parts[2][0] * V:.6g} at V")
        if abs(px - expected_p) > 1e-9 * expected_p:
            sys.exit(f"np={np_}: x-momentum {px} is not (plate 1 + rigid plate + extra mass) V = {expected_p}")
        # The extra node is on no element: in the totals, in no matsum part.
        if abs(sum(p for _, p in parts.values()) + ME * V - px) > 1e-9 * expected_p:
            sys.exit(f"np={np_}: the parts' momenta {parts} and the extra node's do not sum to the total {px}")
        if not parts[2][1] > 0.1 * parts[2][0] * V:
            sys.exit(f"np={np_}: plate 2 was not dragged by the welds: momentum {parts[2][1]}")
        if abs(wall - expected_wall) > 1e-9 * expected_wall:
            sys.exit(f"np={np_}: the sphere took {wall}, not the node's kinetic energy {expected_wall}")
        if abs(py) > 1e-9 * MS * VS:
            sys.exit(f"np={np_}: y-momentum {py} left after the sphere stopped the node")
    same_total_energy(reports)


if __name__ == "__main__":
    main()
