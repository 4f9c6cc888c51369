#!/usr/bin/env python3
"""Rank-count independence of what rank 0 reads and the other ranks receive
(decomposition/subdomain/model_transfer.cpp): the shipped tube as
*MAT_PLASTIC_KINEMATIC with BETA 0 and ETAN 2.1 GPa (kinematic hardening,
back stress per point), pushed from the side by a *RIGIDWALL_GEOMETRIC_FLAT
_MOTION wall rising along +x at 5 mm/ms (velocity curve) whose nodes lie on
both ranks, for 1 ms. glstat at np 1 and np 2 must agree to every printed
digit in time, step, cycle and energies (halo=corners sums in one
model-wide order; the momenta, sums that cancel to ~1e-29, round with np),
and the kinematic run
must differ from the same deck with BETA 1 (the back stress acts).

usage: kinematic_tube_np1_np2.py MPIEXEC_ARGS BINARY TUBE_DECK WORKDIR
"""
import os
import shlex
import shutil
import subprocess
import sys

END_TIME = 1.0  # ms


def deck(plain, work, beta):
    with open(plain) as f:
        text = f.read()
    material = "*MAT_PIECEWISE_LINEAR_PLASTICITY\n1,7.85e-06,210,0.3,0.3,0,0\n0,0,0\n"
    if material not in text:
        sys.exit(f"{plain}: the tube's MAT_024 card changed; update this test")
    text = text.replace(material, f"*MAT_PLASTIC_KINEMATIC\n1,7.85e-06,210,0.3,0.3,2.1,{beta}\n")
    # The side x = -30 faces the wall, whose plane starts 1 mm away.
    wall = ("*DEFINE_CURVE\n77\n0,5\n100,5\n"
            "*RIGIDWALL_GEOMETRIC_FLAT_MOTION\n0\n-31,-100,-100,-30,-100,-100,0\n0,1,0,200,400\n77,0,1,0,0\n")
    text = text.replace("*END", wall + "*END")
    path = os.path.join(work, f"tube_beta{beta}.k")
    with open(path, "w") as f:
        f.write(text)
    return path


def glstat(mpiexec, binary, deck_path, np, odir):
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive")
    cmd = shlex.split(mpiexec) + ["-np", str(np), binary, f"i={deck_path}", f"odir={odir}", f"endtim={END_TIME}",
                                  "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    if done.returncode != 0:
        sys.exit(f"{deck_path} at np {np}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(odir, "glstat.csv")) as f:  # up to energy_ratio; mass and momenta after
        return [line.rstrip("\n").split(",")[:11] for line in f][1:]


def main():
    mpiexec, binary, plain, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    kinematic = deck(plain, work, 0)
    one = glstat(mpiexec, binary, kinematic, 1, os.path.join(work, "np1"))
    two = glstat(mpiexec, binary, kinematic, 2, os.path.join(work, "np2"))
    if one != two:
        first = next(i for i, (a, b) in enumerate(zip(one, two)) if a != b) if len(one) == len(two) else 0
        sys.exit(f"glstat differs between np 1 and np 2 from row {first}:\n  {' '.join(one[first])}\n"
                 f"  {' '.join(two[first])}")
    isotropic = glstat(mpiexec, binary, deck(plain, work, 1), 1, os.path.join(work, "beta1"))
    internal_kinematic, internal_isotropic = float(one[-1][4]), float(isotropic[-1][4])
    with open(os.path.join(work, "np1", "rwforc.csv")) as f:  # time,wall,normal_force,...
        side = [abs(float(r.split(",")[2])) for r in list(f)[1:] if r.split(",")[1] == "2"]
    print(f"{len(one)} glstat rows equal at np 1 and 2; internal energy at {END_TIME} ms {internal_kinematic:.6g} "
          f"(BETA 0) vs {internal_isotropic:.6g} (BETA 1); moving wall's largest force {max(side, default=0):.6g} kN; "
          f"energy ratio {one[-1][10]}")
    if internal_kinematic == internal_isotropic:
        sys.exit("BETA 0 and BETA 1 gave the same internal energy: the back stress did nothing")
    if not max(side, default=0) > 0:
        sys.exit("the moving wall never touched the tube")


if __name__ == "__main__":
    main()
