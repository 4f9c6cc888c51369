#!/usr/bin/env python3
"""Glued on contact: inputs/tied_plates.k (*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK,
OPTION 1). A plate falls at 1 mm/ms onto a clamped one while sliding at
1 mm/ms along x, and touches at t = 1 ms (the 1 mm gap closed).

Glued, node 122 (the dropped plate's centre) must stay at the contact
distance above node 42 (the clamped plate's, 2.5 mm away): gap 1 mm within
0.01 mm from t = 1.05 ms on, and stop sliding: its x displacement within
0.01 mm of the 1 mm it had at contact. The same deck without the glue (the
_TIEBREAK suffix and its card removed) is the control: frictionless, the
plate slides on (x displacement t within 0.01 mm at 3 ms) and bounces off
(gap above 1.5 mm at 3 ms). Energy: total within 6 % of the initial at the
end (measured 1.046 glued, 1.014 free; the excess grows with the
hourglass work, which the glue makes larger by pinning the plates node by
node, and the glued run also loses a little as each node is captured, a
loss that shrinks with the step). np 2 gives the np 1 energies within 1e-6 relative.
Then the glued plate is pulled apart and np 3 (METIS) must keep every tie as np 1 does (pulled_apart).

usage: tied_plates.py MPIEXEC_ARGS MINICRASH DECK WORKDIR
"""
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from lsdyna_ascii import read_nodout  # noqa: E402
from minicrash_histories import rows  # noqa: E402

ENV = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive", OMP_NUM_THREADS="1")
TOLERANCE = 0.01  # mm: nodout prints four digits


def run(mpiexec, binary, deck, odir, np_, extra=()):
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"odir={odir}", "plot=none", "--quiet",
                                  *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600)
    if done.returncode != 0:
        sys.exit(f"{deck} np {np_}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    nodes = read_nodout(os.path.join(odir, "nodout"))
    times, top_z = nodes["node 122 z-coor"]
    bottom_z = nodes["node 42 z-coor"][1]
    slide = nodes["node 122 x-disp"][1]
    gaps = [a - b for a, b in zip(top_z, bottom_z)]
    energy = rows(os.path.join(odir, "glstat.csv"))
    return times, gaps, slide, energy


def check(mpiexec, binary, deck, work):
    """The checks above on `deck` (tests/checkers/pydyna_tiebreak.py writes its own with PyDYNA)."""
    os.makedirs(work, exist_ok=True)
    free_deck = os.path.join(work, "free_plates.k")
    with open(deck) as src, open(free_deck, "w") as out:
        out.write(without_glue(src.read()))
    failures = []
    times, gaps, slide, energy = run(mpiexec, binary, deck, os.path.join(work, "glued_np1"), 1)
    after = [i for i, t in enumerate(times) if t >= 1.05]
    worst_gap = max(abs(gaps[i] - 1.0) for i in after)
    worst_slide = max(abs(slide[i] - 1.0) for i in after)
    ratio = energy[-1][9] / energy[0][9]
    print(f"glued: gap 1 mm within {worst_gap:.4f} mm, slide stopped at 1 mm within {worst_slide:.4f} mm "
          f"after t = 1.05 ms; energy ratio {ratio:.5f}")
    if worst_gap > TOLERANCE or worst_slide > TOLERANCE:
        failures.append("the glued plate came loose")
    if abs(ratio - 1) > 0.06:
        failures.append(f"glued energy ratio {ratio}")
    _, _, _, energy2 = run(mpiexec, binary, deck, os.path.join(work, "glued_np2"), 2)
    for r1, r2 in zip(energy, energy2):
        if abs(r1[9] - r2[9]) > 1e-6 * energy[0][9]:
            failures.append(f"np 2 total energy {r2[9]} at t = {r2[0]} against np 1's {r1[9]}")
            break
    print(f"np 2: {len(energy2)} glstat rows, total energy at the end {energy2[-1][9]:.8e} (np 1 {energy[-1][9]:.8e})")
    times, gaps, slide, energy = run(mpiexec, binary, free_deck, os.path.join(work, "free_np1"), 1)
    print(f"free: gap {gaps[-1]:.4f} mm and slide {slide[-1]:.4f} mm at t = {times[-1]:.3f} ms; "
          f"energy ratio {energy[-1][9] / energy[0][9]:.5f}")
    if gaps[-1] < 1.5 or abs(slide[-1] - times[-1]) > TOLERANCE:
        failures.append("without the glue the plate should bounce off and slide on")
    if failures:
        sys.exit("tied plates: " + "; ".join(failures))
    print("tied plates: ok")


RESTART_CYCLE = 3000
PULL = """*DEFINE_CURVE
7
0.0,4.0
10.0,4.0
*BOUNDARY_PRESCRIBED_MOTION_SET
2,3,0,7,1.0,0,1e20,1.5
"""


def pulled_apart(mpiexec, binary, deck, work):
    """The glued plate pulled straight up at 4 mm/ms from 1.5 ms (a prescribed motion on its nodes): by
    3 ms its ties are stretched 6 mm, far beyond the reach of the segments' boxes by which ranks find
    each other's contact nodes. Each tie must keep its node wherever the pair's node and segment live:
    np 3 with METIS (whose cuts part tied nodes from their segments) ends with np 1's contact and total
    energies within 1e-9 (before ties widened their rank's cover, np 2-4 ended with 8.94e3 of contact
    energy against np 1's 2.57e4, energy ratio 0.834)."""
    pulled = os.path.join(work, "pulled_plates.k")
    with open(deck) as src, open(pulled, "w") as out:
        text = src.read()
        marker = "*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK"
        if marker not in text:
            sys.exit(f"{deck}: no {marker}; update this test")
        out.write(text.replace(marker, PULL + marker, 1))
    ends = [run(mpiexec, binary, pulled, os.path.join(work, f"pulled_np{n}"), n, extra)[3][-1]
            for n, extra in ((1, ()), (3, ("partition=metis", f"restart_every={RESTART_CYCLE}")))]
    # The np 3 run again from its restart set at cycle 3000 (t = 2.37 ms, ties stretched 3.5 mm): the
    # restarted ranks know where each tie's node was, though they have not yet seen any other rank's.
    restarted = os.path.join(work, "pulled_np3_restarted")
    cmd = shlex.split(mpiexec) + ["-np", "3", binary, f"r={os.path.join(work, 'pulled_np3')}", f"odir={restarted}",
                                  "plot=none", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600)
    if done.returncode != 0:
        sys.exit(f"pulled plates, restart at np 3: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    ends.append(rows(os.path.join(restarted, "glstat.csv"))[-1])
    print(f"pulled apart: contact energy at 3 ms {ends[0][6]:.8e} (np 1), {ends[1][6]:.8e} (np 3, METIS), "
          f"{ends[2][6]:.8e} (np 3 restarted at cycle {RESTART_CYCLE}); total {ends[0][9]:.8e}, {ends[1][9]:.8e}, "
          f"{ends[2][9]:.8e}")
    for other, what in ((ends[1], "np 3"), (ends[2], "np 3 restarted")):
        for column, name in ((6, "contact"), (9, "total")):
            if abs(other[column] - ends[0][column]) > 1e-9 * abs(ends[0][column]):
                sys.exit(f"tied plates pulled apart: {what}'s {name} energy {other[column]} against np 1's "
                         f"{ends[0][column]}")


def without_glue(text):
    """The deck with its TIEBREAK contact made a plain surface-to-surface one: the card after the
    keyword's card 3 (the TIEBREAK card) dropped."""
    lines, out, cards_left = text.split("\n"), [], -1
    for line in lines:
        if line.startswith("*CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK"):
            out.append(line.replace("_TIEBREAK", ""))
            cards_left = 5 if "_ID" in line else 4  # ID card, cards 1-3, then the TIEBREAK card
            continue
        if cards_left > 0 and not line.startswith("$"):
            cards_left -= 1
            if cards_left == 0:
                continue
        out.append(line)
    return "\n".join(out)


if __name__ == "__main__":
    check(*sys.argv[1:5])
    pulled_apart(*sys.argv[1:5])
