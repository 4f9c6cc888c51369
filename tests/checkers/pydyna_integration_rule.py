#!/usr/bin/env python3
"""A clamped strip bent by its end's rotation, with three of PyDYNA's rules through the thickness.

The deck (mm, ms, kg, GPa): a 100 x 10 mm elastic steel strip, 2 mm thick,
Poisson 0, 40 x 4 Belytschko-Tsay shells (SHRF 5/6). The nodes at x = 0 are
clamped; those at x = 100 are turned about y (DOF 6, VAD 2) by THETA along a
half-cosine over 30 ms (five periods of the strip's first mode) and held,
their translations free: pure bending, a constant moment M = c E I THETA / L
along the strip. Its internal energy is then c E I THETA^2 / 2L, where
c = 12 sum(w zeta^2) is what the rule makes of the bending stiffness:

  *SECTION_SHELL QR 0, NIP 3 (Gauss, exact for the linear stress): c = 1
  QR 1, NIP 3 (trapezoidal: zeta -1/2, 0, 1/2, weights 1/4, 1/2, 1/4): c = 1.5
  QR -7 and PyDYNA's *INTEGRATION_SHELL 7, NIP 4, ESOP 1 (4 equal layers): c = 0.9375

Checks: the internal energy at the end within 0.1 % of c E I THETA^2 / 2L,
and np 1 and 2 ending with the same total energy (1e-12).

usage: pydyna_integration_rule.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, node_set, strip_mesh, run_np1_np2, same_total_energy  # noqa: E402

RHO, E, T = 7.85e-6, 210.0, 2.0
LENGTH, WIDTH, NX, NY = 100.0, 10.0, 40, 4
THETA, RAMP, END = 0.05, 30.0, 33.0
RULES = {"gauss": (0, 1.0), "trapezoidal": (1, 1.5), "layers": (-7, 0.9375)}


def node(i, j):
    return 1 + i + j * (NX + 1)


def write_deck(path, qr):
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=END))
    strip_mesh(deck, node, NX, NY, LENGTH / NX, WIDTH / NY)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["strip"], "pid": [1], "secid": [1], "mid": [1]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, shrf=5 / 6, nip=3, qr_irid=qr, t1=T, t2=T, t3=T, t4=T))
    if qr < 0:
        deck.append(kwd.IntegrationShell(irid=-qr, nip=4, esop=1))
    deck.append(kwd.MatElastic(mid=1, ro=RHO, e=E, pr=0.0))
    deck.append(node_set(1, [node(0, j) for j in range(NY + 1)]))
    deck.append(kwd.BoundarySpcSet(nsid=1, dofx=1, dofy=1, dofz=1, dofrx=1, dofry=1, dofrz=1))
    deck.append(node_set(2, [node(NX, j) for j in range(NY + 1)]))
    ramp = [RAMP * k / 20 for k in range(21)]
    angle = [0.5 * (1 - math.cos(math.pi * k / 20)) for k in range(21)]
    deck.append(kwd.DefineCurve(lcid=9, curves=pd.DataFrame({"a1": ramp + [1000.0], "o1": angle + [1.0]})))
    deck.append(kwd.BoundaryPrescribedMotionSet(nsid=2, dof=6, vad=2, lcid=9, sf=THETA))
    deck.append(kwd.DatabaseGlstat(dt=1.0))
    with open(path, "w") as f:
        f.write(deck.write())


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    bending = E * WIDTH * T ** 3 / 12 * THETA ** 2 / (2 * LENGTH)  # E I THETA^2 / 2L
    for name, (qr, c) in RULES.items():
        deck = os.path.join(workdir, f"strip_{name}.k")
        write_deck(deck, qr)
        reports = run_np1_np2(mpiexec, binary, deck, os.path.join(workdir, name))
        for np_, r in reports.items():
            internal = r["energy_last"]["internal"]
            print(f"{name} (QR {qr}) np={np_}: internal {internal:.9g}, c E I THETA^2 / 2L {c * bending:.9g} "
                  f"(ratio {internal / (c * bending):.5f}), cycles {r['cycles']}")
            if abs(internal - c * bending) > 1e-3 * c * bending:
                sys.exit(f"{name}: internal energy {internal} is not {c} E I THETA^2 / 2L = {c * bending} (0.1 %)")
        same_total_energy(reports)


if __name__ == "__main__":
    main()
