#!/usr/bin/env python3
"""Axial crush of the square steel tube (minicrash-gen tube: 60x60x1.5 mm,
200 mm long, 5 mm shells, elastic-perfectly plastic MAT_024 with
sigma_y = 0.3 GPa, single surface contact, a rigid 50 kg end plate driving
it into a rigid wall at 15 m/s) at several rank counts.

Mean crush force over the first 100 mm of crush, P = (E0 - KE) / 100 mm,
the crush being the end plate's travel (its matsum momentum / mass,
integrated in time). Checked against Abramowicz and Jones (1984), square
tubes, with the effective crushing distance:

    P_m = 13.06 sigma_0 t^(5/3) C^(1/3)

t = 1.5 mm wall, C = 60 mm side, sigma_0 = sigma_y (no hardening, no rate
effect in the material): P_m = 30.16 kN. Checks:
  * np = first: P within 20 % of P_m;
  * every np: P within 3 % of the first np's, and the total energy (with
    contact and stonewall energy) within 5 % of the initial at every output.

usage: tube_crush.py MPIEXEC_ARGS MINICRASH MINICRASH_GEN WORKDIR NP...
"""
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import rows  # noqa: E402  (the history CSV reader)

SIGMA0, T, C = 0.3, 1.5, 60.0
P_AJ = 13.06 * SIGMA0 * T ** (5 / 3) * C ** (1 / 3)
ENV = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive", OMP_NUM_THREADS="1")


def mean_crush_force(odir, crush=100.0):
    plate = [r for r in rows(os.path.join(odir, "matsum.csv")) if int(r[1]) == 2]
    glstat = rows(os.path.join(odir, "glstat.csv"))
    e0, x, prev = glstat[0][9], 0.0, None
    for r in plate:
        t, v = r[0], -r[8] / r[5]
        if prev is not None:
            step = 0.5 * (v + prev[1]) * (t - prev[0])
            if x + step >= crush:  # interpolate the time the plate has travelled `crush`
                t_hit = prev[0] + (t - prev[0]) * (crush - x) / step
                ke = min(glstat, key=lambda g: abs(g[0] - t_hit))[3]
                return (e0 - ke) / crush, [g[10] for g in glstat]
            x += step
        prev = (t, v)
    sys.exit(f"{odir}: the tube was crushed only {x:.1f} mm")


def main():
    mpiexec, binary, generator, work = sys.argv[1:5]
    nps = [int(n) for n in sys.argv[5:]]
    os.makedirs(work, exist_ok=True)
    deck = os.path.join(work, "tube.k")
    subprocess.run([generator, "tube", "-o", deck], check=True, capture_output=True)
    forces = {}
    for np_ in nps:
        odir = os.path.join(work, f"np{np_}")
        cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"odir={odir}", "endtim=8.5", "--quiet"]
        done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=1200)
        if done.returncode != 0:
            sys.exit(f"np {np_}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
        force, ratios = mean_crush_force(odir)
        forces[np_] = force
        print(f"np {np_}: mean crush force over 100 mm {force:.2f} kN "
              f"(Abramowicz-Jones {P_AJ:.2f} kN, {100 * (force / P_AJ - 1):+.1f} %), "
              f"energy ratio {min(ratios):.4f}..{max(ratios):.4f}")
        if not all(abs(r - 1) <= 0.05 for r in ratios):
            sys.exit(f"np {np_}: total energy left the 5 % band: {min(ratios)}..{max(ratios)}")
    first = forces[nps[0]]
    if abs(first / P_AJ - 1) > 0.20:
        sys.exit(f"mean crush force {first:.2f} kN is not within 20 % of {P_AJ:.2f} kN")
    for np_, force in forces.items():
        if abs(force / first - 1) > 0.03:
            sys.exit(f"np {np_}: {force:.2f} kN differs from np {nps[0]} ({first:.2f} kN) by more than 3 %")
    print("tube crush: ok")


if __name__ == "__main__":
    main()
