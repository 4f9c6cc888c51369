#!/usr/bin/env python3
"""A strip stretched by a fifth of its length, PyDYNA's *CONTROL_SHELL ISTUPD 1 against ISTUPD 0.

The deck (mm, ms, kg, GPa): a 100 x 20 mm steel strip, 1 mm thick, 20 x 4
Belytschko-Tsay shells of MAT_024 (SIGY 0.2, ETAN 2, so no neck forms
before a true strain of 0.9). The nodes at x = 0 are held in x; those at
x = 100 are pulled to 1 mm/ms over 1 ms and on, 20 mm by 20.5 ms: a
uniform uniaxial stretch to e = ln 1.2, free across.

The plastic work of a uniaxial stretch is the integral of s(ep) times the
current volume times dep. Where the thickness follows the plastic flow
(ISTUPD 1), the volume stays V0; where it does not (ISTUPD 0), only the
width contracts, and the volume grows as exp(ep/2). So the internal energy
at the end is V0 (W(ep) + s^2/2E) with the update and V0 (Int s exp(ep/2)
dep + s^2/2E) without it, 5.4 % more here. Checks: each run within 0.2 % of
its closed form at np 1 and 2, the updated run below the other by more
than 4 %, and np 1 and 2 ending with the same total energy (1e-12).

usage: pydyna_thickness_update.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, pulled_strip_ends, strip_mesh, run_np1_np2, same_total_energy  # noqa: E402

RHO, E, NU, T = 7.85e-6, 210.0, 0.3, 1.0
LENGTH, WIDTH, NX, NY = 100.0, 20.0, 20, 4
SPEED, RAMP = 1.0, 1.0
END = RAMP / 2 + 0.2 * LENGTH / SPEED  # the pulled end has moved 20 mm
SIGY, ETAN = 0.2, 2.0


def node(i, j):
    return 1 + i + j * (NX + 1)


def write_deck(path, istupd):
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=END))
    deck.append(kwd.ControlShell(istupd=istupd))
    strip_mesh(deck, node, NX, NY, LENGTH / NX, WIDTH / NY)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["strip"], "pid": [1], "secid": [1], "mid": [1]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=3, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatPiecewiseLinearPlasticity(mid=1, ro=RHO, e=E, pr=NU, sigy=SIGY, etan=ETAN))
    pulled_strip_ends(deck, node, NX, NY, SPEED, RAMP, 100.0)
    deck.append(kwd.DatabaseGlstat(dt=0.5))
    with open(path, "w") as f:
        f.write(deck.write())


def closed_form(updated):
    """Internal energy at the end: plastic work over the volume, and the elastic energy."""
    h = E * ETAN / (E - ETAN)  # MAT_024's plastic modulus
    strain = math.log(1.2)
    ep = (strain - SIGY / E) / (1 + h / E)  # e = ep + s/E, s = SIGY + h ep
    steps = 20000
    work = 0.0
    for k in range(steps):  # midpoint rule
        p = (k + 0.5) * ep / steps
        work += (SIGY + h * p) * (1.0 if updated else math.exp(p / 2)) * ep / steps
    sigma = SIGY + h * ep
    volume = LENGTH * WIDTH * T
    return volume * (work + sigma * sigma / (2 * E) * (1.0 if updated else math.exp(ep / 2)))


def last_internal(workdir):
    with open(os.path.join(workdir, "glstat.csv")) as f:
        return float(list(csv.DictReader(f))[-1]["internal"])


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    found = {}
    for istupd in (1, 0):
        folder = os.path.join(workdir, f"istupd{istupd}")
        os.makedirs(folder, exist_ok=True)
        deck = os.path.join(folder, f"pydyna_istupd{istupd}.k")
        write_deck(deck, istupd)
        reports = run_np1_np2(mpiexec, binary, deck, folder)
        expected = closed_form(istupd == 1)
        for np_ in reports:
            internal = last_internal(os.path.join(folder, f"np{np_}"))
            found[istupd] = internal
            print(f"ISTUPD {istupd}, np={np_}: internal energy {internal:.6f}, closed form {expected:.6f} "
                  f"(relative difference {(internal - expected) / expected:+.2e})")
            if abs(internal - expected) > 2e-3 * expected:
                sys.exit(f"ISTUPD {istupd}, np={np_}: internal energy {internal} is not {expected} within 0.2 %")
        same_total_energy(reports)
    print(f"the thinning strip takes {found[1] / found[0]:.4f} of the other's energy")
    if not found[1] < 0.96 * found[0]:
        sys.exit(f"ISTUPD 1 ({found[1]}) is not more than 4 % below ISTUPD 0 ({found[0]})")


if __name__ == "__main__":
    main()
