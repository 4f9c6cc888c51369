#!/usr/bin/env python3
"""A small car-like deck written by PyDYNA (PyPI ansys-dyna-core) hits a pole.

The deck, in mm, s, t: a 400 mm U-channel "floor" (MAT_024, 1.5 mm) under a
"hood" plate (MAT_024, 1.0 mm, given by *ELEMENT_SHELL_THICKNESS) held by 22
*CONSTRAINED_SPOTWELD pairs, a 5 kg ballast on the rear row
(*ELEMENT_MASS_NODE_SET), every node given its velocity by its own
*INITIAL_VELOCITY_NODE, the speed and thicknesses as *PARAMETERs,
single-surface contact, and a pole: *RIGIDWALL_GEOMETRIC_CYLINDER 10 mm in
front. In 4 ms it crushes some 25 mm into the pole. At np 2 the model is
partitioned anew twice during the run (*CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION
FREQ -2, at 4/3 and 8/3 ms; np 1 has nothing to partition).

Checks: np 1 and 2 end with the same total energy (1e-12 relative, the
answer is independent of np and of the redecompositions), np 2 reports
two redecompositions, the energy balance holds to 5 %, the car
crushed on the pole (internal energy > 30 % of the initial kinetic energy;
a stationary frictionless wall itself takes little: it only stops the
nodes touching it) and slowed (kinetic energy < 95 % of the initial).

usage: pydyna_car.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, run_np1_np2, same_total_energy  # noqa: E402

RHO, E, NU, SIGY, ETAN = 7.85e-9, 210000.0, 0.3, 300.0, 1000.0
SPEED, FLOOR_T, HOOD_T, BALLAST = 10000.0, 1.5, 1.0, 5e-3
H, LENGTH, ROWS = 10.0, 400.0, 41  # element size, car length, node rows along x


def section_point(s):
    """The U-channel's cross-section unfolded: lip, wall, web, wall, lip."""
    if s <= 20:
        return -70 + s, 40.0
    if s <= 60:
        return -50.0, 40 - (s - 20)
    if s <= 160:
        return -50 + (s - 60), 0.0
    if s <= 200:
        return 50.0, s - 160
    return 50 + (s - 200), 40.0


def write_deck(path):
    deck = Deck()
    deck.append(kwd.Parameter(parameters=[("R speed", str(SPEED)), ("R tfloor", str(FLOOR_T))]))
    deck.append(kwd.ControlTermination(endtim=0.004))
    deck.append(kwd.ControlMppDecompositionRedecomposition(freq=-2.0))
    columns = 23  # s = 0, 10, ..., 220
    floor = lambda i, c: 1 + c + columns * i
    hood = lambda i, c: 10001 + c + 15 * i  # y = -70 .. 70
    nodes = []
    for i in range(ROWS):
        for c in range(columns):
            y, z = section_point(c * H)
            nodes.append((floor(i, c), i * H, y, z))
        for c in range(15):
            nodes.append((hood(i, c), i * H, -70 + c * H, 41.5))
    deck.append(kwd.Node(nodes=pd.DataFrame(nodes, columns=["nid", "x", "y", "z"])))
    quads = [(i, c) for i in range(ROWS - 1) for c in range(columns - 1)]
    deck.append(kwd.ElementShell(elements=pd.DataFrame({
        "eid": [1 + k for k in range(len(quads))], "pid": [1] * len(quads),
        "n1": [floor(i, c) for i, c in quads], "n2": [floor(i + 1, c) for i, c in quads],
        "n3": [floor(i + 1, c + 1) for i, c in quads], "n4": [floor(i, c + 1) for i, c in quads]})))
    plates = [(i, c) for i in range(ROWS - 1) for c in range(14)]
    zero = [0] * len(plates)
    deck.append(kwd.ElementShellThickness(elements=pd.DataFrame({
        "eid": [5001 + k for k in range(len(plates))], "pid": [2] * len(plates),
        "n1": [hood(i, c) for i, c in plates], "n2": [hood(i + 1, c) for i, c in plates],
        "n3": [hood(i + 1, c + 1) for i, c in plates], "n4": [hood(i, c + 1) for i, c in plates],
        "n5": zero, "n6": zero, "n7": zero, "n8": zero,
        **{f"thic{k}": [HOOD_T] * len(plates) for k in range(1, 5)}})))
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["floor", "hood"], "pid": [1, 2], "secid": [1, 2],
                                             "mid": [1, 1]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=3, t1=FLOOR_T, t2=FLOOR_T, t3=FLOOR_T, t4=FLOOR_T))
    deck.append(kwd.SectionShell(secid=2, elform=2, nip=3))  # T1 0: the elements give theirs
    deck.append(kwd.MatPiecewiseLinearPlasticity(mid=1, ro=RHO, e=E, pr=NU, sigy=SIGY, etan=ETAN))
    for i in range(0, ROWS, 4):  # lips at y = -60 (s = 10) and 60 (s = 210) to the hood above
        deck.append(kwd.ConstrainedSpotweld(n1=floor(i, 1), n2=hood(i, 1)))
        deck.append(kwd.ConstrainedSpotweld(n1=floor(i, 21), n2=hood(i, 13)))
    rear = kwd.SetNodeList(sid=1)
    rear.nodes = pd.Series([floor(0, c) for c in range(6, 17)])
    deck.append(rear)
    deck.append(kwd.ElementMassNodeSet(eid=90001, nsid=1, mass=BALLAST))
    deck.append(kwd.ContactAutomaticSingleSurface(ssid=0, sstyp=5))
    front = LENGTH + 10 + 20  # the pole's axis: radius 20, 10 mm in front
    deck.append(kwd.RigidwallGeometricCylinder(nsid=0, xt=front, yt=0.0, zt=-100.0, xh=front, yh=0.0, zh=100.0,
                                               radcyl=20.0, lencyl=200.0))
    for nid, _, _, _ in nodes:
        deck.append(kwd.InitialVelocityNode(nid=nid, vx=SPEED))
    # PyDYNA writes numbers only: the fields holding the speed and the floor
    # thickness become "&name" references to the *PARAMETERs, as decks do.
    text = deck.write()
    for value, name, count, keyword in ((SPEED, "&speed", len(nodes), "*INITIAL_VELOCITY_NODE"),
                                        (FLOOR_T, "&tfloor", 4, "*SECTION_SHELL")):
        head, tail = text.split(keyword, 1)  # the *PARAMETER card itself keeps its number
        field = f"{value:>10}"
        if tail.count(field) != count:
            sys.exit(f"expected {count} fields '{field}' from {keyword} on, found {tail.count(field)}")
        text = head + keyword + tail.replace(field, f"{name:>10}")
    with open(path, "w") as f:
        f.write(text)


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_car.k")
    write_deck(deck)
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    for np_, r in reports.items():
        first, last = r["energy_first"], r["energy_last"]
        print(f"np={np_}: cycles {r['cycles']}, kinetic {first['kinetic']:.6g} -> {last['kinetic']:.6g}, "
              f"internal {last['internal']:.6g}, contact {last['contact']:.6g}, pole {last['stonewall']:.6g}, "
              f"hourglass {last['hourglass']:.6g}, energy ratio {last['energy_ratio']:.6f}")
        if abs(last["energy_ratio"] - 1) > 0.05:
            sys.exit(f"np={np_}: energy ratio {last['energy_ratio']} is not within 5 % of 1")
        if not last["internal"] > 0.3 * first["kinetic"]:
            sys.exit(f"np={np_}: internal energy {last['internal']} of {first['kinetic']}: the car missed the pole")
        if not last["kinetic"] < 0.95 * first["kinetic"]:
            sys.exit(f"np={np_}: kinetic energy {last['kinetic']} did not drop below 95 % of {first['kinetic']}")
    redecompositions = {np_: r["partition"]["redecompositions"] for np_, r in reports.items()}
    print(f"redecompositions: {redecompositions}")
    if redecompositions != {1: 0, 2: 2}:
        sys.exit(f"expected no redecomposition at np 1 and two at np 2, got {redecompositions}")
    same_total_energy(reports)


if __name__ == "__main__":
    main()
