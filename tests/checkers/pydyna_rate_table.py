#!/usr/bin/env python3
"""A strip stretched, its MAT_024 hardening a *DEFINE_TABLE of strain rates, written by PyDYNA.

The deck (mm, ms, kg, GPa): a 100 x 20 mm steel strip, 1 mm thick, 20 x 4
Belytschko-Tsay shells. The nodes at x = 0 are held in x; those at x = 100
are pulled to 1 mm/ms over 1 ms and on to 4 ms (*BOUNDARY_PRESCRIBED_MOTION_SET,
VAD 0). Its MAT_024's LCSS names a *DEFINE_TABLE (PyDYNA's layout: the values,
then the *DEFINE_CURVEs that follow it) of two rates, 0 and 10 /ms, whose
curves are the line 0.2 + 2 ep GPa and that line times 1 + 10/C, C = 0.1 /ms.
Interpolated linearly in the rate, that is the line times 1 + rate/C: the
Cowper-Symonds law with P = 1, for every rate below 10 /ms (the unit test
HardeningTables.ALinearTableIsCowperSymondsWithPOne finds the two returns
equal to 1e-12 on random paths). A point's rate is sqrt(d_ij d_ij) of its
total strain rate in both, the pull's and its elastic ringing's, and that
ringing makes the run sensitive to round-off: C changed by 1e-7 moves the
final internal energy by 0.1 %, and the table's interpolation, which rounds
differently from the factor, by 2 %.

Checks: the table's strip ends within 5 % of the internal energy of the
same strip with the line as a plain LCSS curve, C = 0.1 and P = 1 (without
rate effects it ends 42 % lower, with the top curve alone far higher), at
np 1 and 2; np 1 and 2 end with the same total energy (1e-12 relative).

usage: pydyna_rate_table.py MPIEXEC_ARGS BINARY WORKDIR
Run it with the checkers' virtual environment (scripts/checkers-venv.sh).
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The same launcher and checks, and PyDYNA (pydyna_deck says how to get it when it is missing).
from pydyna_deck import Deck, kwd, pd, pulled_strip_ends, strip_mesh, run, run_np1_np2, same_total_energy  # noqa: E402

RHO, E, NU, T = 7.85e-6, 210.0, 0.3, 1.0
LENGTH, WIDTH, NX, NY = 100.0, 20.0, 20, 4
SPEED, RAMP, END = 1.0, 1.0, 4.0
SIGY, SLOPE, C, TOP_RATE = 0.2, 2.0, 0.1, 10.0


def node(i, j):
    return 1 + i + j * (NX + 1)


def write_deck(path, table):
    """table: LCSS the table of rates 0 and TOP_RATE; else the line as LCSS with Cowper-Symonds C, P = 1."""
    deck = Deck()
    deck.append(kwd.ControlTermination(endtim=END))
    strip_mesh(deck, node, NX, NY, LENGTH / NX, WIDTH / NY)
    deck.append(kwd.Part(parts=pd.DataFrame({"heading": ["strip"], "pid": [1], "secid": [1], "mid": [1]})))
    deck.append(kwd.SectionShell(secid=1, elform=2, nip=3, t1=T, t2=T, t3=T, t4=T))
    deck.append(kwd.MatPiecewiseLinearPlasticity(mid=1, ro=RHO, e=E, pr=NU, sigy=SIGY, lcss=7,
                                                 c=0.0 if table else C, p=0.0 if table else 1.0))
    if table:
        rates = kwd.DefineTable(tbid=7)
        rates.points = [0.0, TOP_RATE]
        deck.append(rates)
    for k, factor in enumerate((1.0, 1.0 + TOP_RATE / C) if table else (1.0,)):
        deck.append(kwd.DefineCurve(lcid=8 + k if table else 7, curves=pd.DataFrame(
            {"a1": [0.0, 1.0], "o1": [SIGY * factor, (SIGY + SLOPE) * factor]})))
    pulled_strip_ends(deck, node, NX, NY, SPEED, RAMP, 10.0)
    deck.append(kwd.DatabaseGlstat(dt=0.1))
    with open(path, "w") as f:
        f.write(deck.write())


def last_internal(workdir):
    with open(os.path.join(workdir, "glstat.csv")) as f:
        return float(list(csv.DictReader(f))[-1]["internal"])


def main():
    mpiexec, binary, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "pydyna_rate_table.k")
    write_deck(deck, True)
    reports = run_np1_np2(mpiexec, binary, deck, workdir)
    cowper = os.path.join(workdir, "pydyna_cowper_symonds.k")
    write_deck(cowper, False)
    run(mpiexec, binary, cowper, os.path.join(workdir, "cowper_symonds"), 1)
    expected = last_internal(os.path.join(workdir, "cowper_symonds"))
    for np_ in reports:
        internal = last_internal(os.path.join(workdir, f"np{np_}"))
        print(f"np={np_}: internal energy {internal:.6f} with the table, {expected:.6f} with Cowper-Symonds "
              f"C = {C} /ms, P = 1 (relative difference {abs(internal - expected) / expected:.1e})")
        if abs(internal - expected) > 0.05 * expected:
            sys.exit(f"np={np_}: internal energy {internal} is not the Cowper-Symonds strip's {expected} within 5 %")
    same_total_energy(reports)


if __name__ == "__main__":
    main()
