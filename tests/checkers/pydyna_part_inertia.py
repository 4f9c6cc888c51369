#!/usr/bin/env python3
"""A rigid hub given its inertia by *PART_INERTIA, spinning an elastic blade, written by PyDYNA.

The deck (mm, ms, kg, GPa): a 10 x 10 mm *MAT_RIGID hub (2 x 2 shells,
part 2) whose *PART_INERTIA gives it TM = 0.01 kg, its centre at the hub's
middle, IZZ = 0.5 kg mm^2 (IXX, IYY and a product of inertia besides) and
a spin VRZ = 0.2 rad/ms; its *MAT_RIGID CON1 = 7 and CON2 = 4 leave it the
turn about z alone. A 40 x 10 mm elastic steel blade (8 x 2 shells,
part 1) shares the hub's right edge and starts at rest, so the hub drags
it round from the first step.

Checks, at np 1 and 2: the starting kinetic energy is the given body's
1/2 IZZ w^2 (1e-12 relative: the hub's own mesh and the shared edge's nodes
are in the given values, LS-DYNA's IFLAG 0); the energy is kept (ratio
within 1e-2 of 1 at the end); np 1 and 2 end with the same total energy
(1e-12 relative). A second deck gives the spin by PyDYNA's
*INITIAL_VELOCITY_RIGID_BODY instead (VRZ 0), which overrides the card's
velocities: the same checks, and the same final total energy as the first
(1e-12 relative).

usage: pydyna_part_inertia.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, run_np1_np2, strip_mesh, same_total_energy  # noqa: E402

RHO, E, NU, T = 7.85e-6, 210.0, 0.3, 1.0
TM, IXX, IYY, IZZ, IXY, SPIN = 0.01, 0.3, 0.25, 0.5, 0.02, 0.2
NX, NY, SIZE = 10, 2, 5.0  # 2 hub columns then 8 blade columns of 5 x 5 mm shells
END = 1.0


def node(i, j):
    return 1 + i + j * (NX + 1)


def write_deck(path, by_initial_velocity=False):
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=END))
    strip_mesh(deck, node, NX, NY, SIZE, SIZE, lambda i, j: 2 if i < 2 else 1)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["blade"], "pid": [1], "secid": [1], "mid": [1]})))
    hub = kwd.PartInertia(heading="hub", pid=2, secid=1, mid=2, xc=SIZE, yc=SIZE, zc=0.0, tm=TM, ircs=0,
                          ixx=IXX, ixy=IXY, ixz=0.0, iyy=IYY, iyz=0.0, izz=IZZ,
                          vtx=0.0, vty=0.0, vtz=0.0, vrx=0.0, vry=0.0, vrz=0.0 if by_initial_velocity else SPIN)
    deck.append(hub)
    if by_initial_velocity:
        deck.append(kwd.InitialVelocityRigidBody(pid=2, vzr=SPIN))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=2, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatElastic(mid=1, ro=RHO, e=E, pr=NU))
    deck.append(kwd.MatRigid(mid=2, ro=RHO, e=E, pr=NU, cmo=1.0, con1=7.0, con2=4.0))
    deck.append(kwd.DatabaseGlstat(dt=0.1))
    with open(path, "w") as f:
        f.write(deck.write())


def check(reports, expected):
    for np_, r in reports.items():
        first, last = r["energy_first"], r["energy_last"]
        print(f"np={np_}: kinetic first {first['kinetic']:.12g} (1/2 IZZ w^2 {expected:.12g}), last "
              f"{last['kinetic']:.6g}, internal {last['internal']:.6g}, ratio {last['energy_ratio']:.6f}, "
              f"cycles {r['cycles']}")
        if abs(first["kinetic"] - expected) > 1e-12 * expected:
            sys.exit(f"np={np_}: starting kinetic energy {first['kinetic']} is not 1/2 IZZ w^2 = {expected}")
        if abs(last["energy_ratio"] - 1.0) > 1e-2:
            sys.exit(f"np={np_}: energy ratio {last['energy_ratio']} is not within 1e-2 of 1")
    same_total_energy(reports)


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    expected = 0.5 * IZZ * SPIN * SPIN
    totals = []
    for by_initial_velocity in (False, True):
        folder = os.path.join(workdir, "initial_velocity_rigid_body" if by_initial_velocity else "vrz")
        os.makedirs(folder, exist_ok=True)
        deck = os.path.join(folder, "pydyna_hub.k")
        write_deck(deck, by_initial_velocity)
        print("spin by *INITIAL_VELOCITY_RIGID_BODY:" if by_initial_velocity else "spin by *PART_INERTIA VRZ:")
        reports = run_np1_np2(mpiexec, binary, deck, folder)
        check(reports, expected)
        totals.append(reports[1]["energy_last"]["total"])
    if abs(totals[1] - totals[0]) > 1e-12 * abs(totals[0]):
        sys.exit(f"the hub spun by *INITIAL_VELOCITY_RIGID_BODY ends with total {totals[1]}, by VRZ {totals[0]}")


if __name__ == "__main__":
    main()
