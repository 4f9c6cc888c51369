#!/usr/bin/env python3
"""*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK as PyDYNA writes it (its
SURFA/SURFB card layout, OPTION 1 on the TIEBREAK card, blank PENCHK and
SAST/SBST): the scene of inputs/tied_plates.k rebuilt with PyDYNA, node for
node, then the checks of tests/contact/tied_plates.py (glued at np 1 and 2:
the dropped plate stays at the contact distance and stops sliding; without
the glue it bounces off and slides on).

Then the same deck with its contact sides given as shells, as PyDYNA
writes the sets: the clamped plate as a *SET_SEGMENT of its faces (every
other one listed from its other side, N4 N3 N2 N1), the dropped plate as a
*SET_SHELL_LIST. Those are every shell of each part, so the run must be bit
for bit the part-sided one at np 1 (glstat.csv byte for byte), and np 2
must agree with np 1 within 1e-6 of the energy.

Last, *CONTACT_TIED_NODES_TO_SURFACE_OFFSET (check_tied_at_start) and
ties that break (OPTION 3, check_breaking_ties).

usage: pydyna_tiebreak.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "contact"))
from pydyna_deck import Deck, kwd, pd  # noqa: E402  (PyDYNA, or how to get it)
from tied_plates import check, run  # noqa: E402

N, H, GAP, SHIFT, T = 8, 5.0, 2.0, 2.5, 1.0  # 8 x 8 shells of 5 mm a plate, mm, ms, kg, GPa


def node(plate, i, j):
    return 1 + plate * (N + 1) ** 2 + i + j * (N + 1)


def write_deck(path, sides_as_sets=False, tied_at_start=False, breaking=False):
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=3.0))
    grid = [(p, i, j) for p in (0, 1) for j in range(N + 1) for i in range(N + 1)]
    gap = T if tied_at_start else GAP  # tied at the start: the plates at the contact distance
    deck.append(kwd.Node(nodes=pd.DataFrame({
        "nid": [node(p, i, j) for p, i, j in grid], "x": [i * H + p * SHIFT for p, i, j in grid],
        "y": [j * H + p * SHIFT for p, i, j in grid], "z": [p * gap for p, i, j in grid]})))
    cells = [(p, i, j) for p in (0, 1) for j in range(N) for i in range(N)]
    deck.append(kwd.ElementShell(elements=pd.DataFrame({
        "eid": range(1, len(cells) + 1), "pid": [p + 1 for p, i, j in cells],
        "n1": [node(p, i, j) for p, i, j in cells], "n2": [node(p, i + 1, j) for p, i, j in cells],
        "n3": [node(p, i + 1, j + 1) for p, i, j in cells], "n4": [node(p, i, j + 1) for p, i, j in cells]})))
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["clamped plate", "dropped plate"], "pid": [1, 2],
                                             "secid": [1, 1], "mid": [1, 1]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=3, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatElastic(mid=1, ro=7.85e-6, e=210.0, pr=0.3))
    edge = [node(0, i, j) for j in range(N + 1) for i in range(N + 1) if i in (0, N) or j in (0, N)]
    edge_set = kwd.SetNodeList(sid=1)
    edge_set.nodes = pd.Series(edge)
    deck.append(edge_set)
    deck.append(kwd.BoundarySpcSet(nsid=1, dofx=1, dofy=1, dofz=1, dofrx=1, dofry=1, dofrz=1))
    for j in range(N + 1):
        for i in range(N + 1):
            deck.append(kwd.InitialVelocityNode(nid=node(1, i, j), vx=1.0, vz=1.0 if tied_at_start else -1.0))
    if tied_at_start:
        deck.append(kwd.ContactTiedNodesToSurfaceOffset(surfa=2, surfb=1, surfatyp=3, surfbtyp=3))
    elif sides_as_sets:
        faces = [(i, j) for j in range(N) for i in range(N)]
        corners = [[node(0, i, j), node(0, i + 1, j), node(0, i + 1, j + 1), node(0, i, j + 1)] for i, j in faces]
        corners = [c if k % 2 == 0 else c[::-1] for k, c in enumerate(corners)]
        clamped = kwd.SetSegment(sid=7)
        clamped.segments = pd.DataFrame({f"n{c + 1}": [f[c] for f in corners] for c in range(4)})
        dropped = kwd.SetShellList(sid=8)
        dropped.shells = pd.Series([e for e, (p, i, j) in enumerate(cells, 1) if p == 1])
        deck.append(clamped)
        deck.append(dropped)
        deck.append(kwd.ContactAutomaticSurfaceToSurfaceTiebreak(surfa=8, surfb=7, surfatyp=1, surfbtyp=0, option=1))
    elif breaking:  # OPTION 3: tied on contact until the tension reaches NFLS (GPa)
        deck.append(kwd.ContactAutomaticSurfaceToSurfaceTiebreak(surfa=2, surfb=1, surfatyp=3, surfbtyp=3, option=3,
                                                                 nfls=1e-6, sfls=0.0))
    else:
        deck.append(kwd.ContactAutomaticSurfaceToSurfaceTiebreak(surfa=2, surfb=1, surfatyp=3, surfbtyp=3, option=1))
    deck.append(kwd.DatabaseGlstat(dt=0.02))
    deck.append(kwd.DatabaseNodout(dt=0.02))
    deck.append(kwd.DatabaseHistoryNode(id1=node(1, N // 2, N // 2), id2=node(0, N // 2 + 1, N // 2)))
    with open(path, "w") as f:
        f.write(deck.write())


def main():
    mpiexec, binary, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    deck = os.path.join(work, "pydyna_tied_plates.k")
    write_deck(deck)
    check(mpiexec, binary, deck, work)
    by_sets = os.path.join(work, "pydyna_tied_plates_sets.k")
    write_deck(by_sets, sides_as_sets=True)
    _, _, _, energy1 = run(mpiexec, binary, by_sets, os.path.join(work, "sets_np1"), 1)
    with open(os.path.join(work, "glued_np1", "glstat.csv")) as a, open(os.path.join(work, "sets_np1", "glstat.csv")) as b:
        if a.read() != b.read():
            sys.exit("sides as a segment set and a shell set: glstat.csv differs from the part-sided run's")
    _, _, _, energy2 = run(mpiexec, binary, by_sets, os.path.join(work, "sets_np2"), 2)
    worst = max(abs(r1[9] - r2[9]) for r1, r2 in zip(energy1, energy2)) / energy1[0][9]
    print(f"sides as sets: glstat.csv byte for byte the part-sided run's at np 1; np 2 within {worst:.1e} of np 1")
    if worst > 1e-6:
        sys.exit(f"sides as sets: np 2 differs from np 1 by {worst} of the energy")
    check_tied_at_start(mpiexec, binary, work)
    check_breaking_ties(mpiexec, binary, work)


def check_breaking_ties(mpiexec, binary, work):
    """TIEBREAK OPTION 3 with a tiny NFLS (1e-6 GPa): the dropped plate ties
    where it lands, the ties hold while it presses and break in the rebound,
    so it bounces off as the unglued plate does (gap above 1.5 mm at 3 ms),
    at np 1 and np 2 (energies within 1e-6)."""
    deck = os.path.join(work, "pydyna_breaking_ties.k")
    write_deck(deck, breaking=True)
    times, gaps, _, energy1 = run(mpiexec, binary, deck, os.path.join(work, "breaking_np1"), 1)
    _, _, _, energy2 = run(mpiexec, binary, deck, os.path.join(work, "breaking_np2"), 2)
    worst = max(abs(r1[9] - r2[9]) for r1, r2 in zip(energy1, energy2)) / energy1[0][9]
    print(f"ties that break (OPTION 3): gap {gaps[-1]:.4f} mm at t = {times[-1]:.3f} ms; np 2 within {worst:.1e}")
    if gaps[-1] < 1.5:
        sys.exit("OPTION 3: the plate stayed glued")
    if worst > 1e-6:
        sys.exit(f"OPTION 3: np 2 differs from np 1 by {worst} of the energy")


def check_tied_at_start(mpiexec, binary, work):
    """*CONTACT_TIED_NODES_TO_SURFACE_OFFSET as PyDYNA writes it: the top
    plate at the contact distance (1 mm) over the clamped one, leaving at
    1 mm/ms up and 1 mm/ms along x, is held by its ties: node 122 keeps its
    1 mm gap over node 42 and stops sliding (within 0.02 mm, the ties'
    stretch), at np 1 and np 2 (energies within 1e-6)."""
    deck = os.path.join(work, "pydyna_tied_at_start.k")
    write_deck(deck, tied_at_start=True)
    times, gaps, slide, energy1 = run(mpiexec, binary, deck, os.path.join(work, "tied_np1"), 1)
    _, _, _, energy2 = run(mpiexec, binary, deck, os.path.join(work, "tied_np2"), 2)
    worst_gap = max(abs(g - 1.0) for g in gaps)
    worst_slide = max(abs(x) for x in slide)
    worst = max(abs(r1[9] - r2[9]) for r1, r2 in zip(energy1, energy2)) / energy1[0][9]
    print(f"tied at the start: gap 1 mm within {worst_gap:.4f} mm, slide at most {worst_slide:.4f} mm to "
          f"t = {times[-1]:.3f} ms; energy ratio {energy1[-1][9] / energy1[0][9]:.5f}; np 2 within {worst:.1e}")
    if worst_gap > 0.02 or worst_slide > 0.02:
        sys.exit("tied at the start: the top plate came loose")
    if worst > 1e-6:
        sys.exit(f"tied at the start: np 2 differs from np 1 by {worst} of the energy")


if __name__ == "__main__":
    main()
