#!/usr/bin/env python3
"""minicrash against LS-DYNA on a public deck's design study.

The repository dbrizard/GSA-car-crash (GPL-3.0; clone it yourself, nothing of
it is copied here) holds a small car hitting a rigid pole at 30 km/h
(lsopt_car6_v3/main_v223.k, 2424 shells, 200 ms) and Latin-hypercube
samples of its thicknesses and yield stresses (LHS/*/LHS-*_X.csv), each run
through LS-DYNA, with four outputs per sample (LHS-*_Y_<output>.csv), read
as its LSDYNAmodel.getGSAoutput reads them:

  fmax  peak x force on the pole (rwforc, wall 2: the force the wall exerts on
        the car, +x as the car moves along -x, in both codes)
  dmax  final x displacement of node 605, the body's rear (nodout)
  vfin  final x velocity of the body, part 1's momentum over its mass (matsum)
  IE    final internal energy (glstat)

This runs minicrash on the first N samples with the sample's *PARAMETER
file, as the study's driver writes it, and prints each output side by side,
the ratio minicrash / LS-DYNA, and over the samples the mean ratio and the
correlation (does minicrash rank the designs as LS-DYNA does?).

usage: lsdyna_car6_lhs.py --repo CLONE [--design LHS/4param/LHS-100]
         [--points 8] [--jobs 2] [--np 1] [--launcher "mpirun --bind-to none"]
         [--minicrash build/minicrash] [--work DIR]
"""
import argparse
import ast
import concurrent.futures
import math
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsdyna_ascii  # noqa: E402
import minicrash_histories  # noqa: E402

DECK_DIR = "lsopt_car6_v3"
DECK = "car6_crash_v223.k"
# The study's fixed values (lsopt_car6_v3/main_v223_param.k); a sample sets its own.
BASE = {"tbumper": 2.9785, "trailb": 2.18735, "trailf": 3.38227, "yrailf": 317.975,
        "tgrill": 1, "thood": 1, "ybumper": 400, "yrailb": 400, "ybody": 400}
OUTPUTS = ["fmax", "dmax", "vfin", "IE"]
POLE, REAR_NODE, BODY = 2, 605, 1


def fail(message):
    sys.exit(f"lsdyna_car6_lhs: {message}")


def read_numbers(path):
    return [[float(v) for v in line.replace(",", " ").split()] for line in open(path) if line.strip()]


def design(repo, prefix):
    """(parameter names, samples, {output: LS-DYNA values}) of one design study."""
    problem = os.path.join(repo, prefix + "_problem.txt")
    if not os.path.exists(problem):
        fail(f"{problem}: no such file (is --repo a clone of dbrizard/GSA-car-crash?)")
    lines = open(problem).read().splitlines()
    names = ast.literal_eval(lines[0])["names"]
    deck = ast.literal_eval(lines[1]).get("include") if len(lines) > 1 else None
    if deck != DECK:
        fail(f"{problem}: the study ran {deck}, this check knows {DECK}")
    samples = read_numbers(os.path.join(repo, prefix + "_X.csv"))
    reference = {out: [row[0] for row in read_numbers(os.path.join(repo, f"{prefix}_Y_{out}.csv"))]
                 for out in OUTPUTS}
    unknown = set(names) - set(BASE)
    if unknown:
        fail(f"{problem}: parameters {sorted(unknown)} are not the deck's")
    return names, samples, reference


def parameter_file(values):
    """*PARAMETER in the free format the study's driver writes (type letter, name, value)."""
    items = [f"r{name},{value}" for name, value in values.items()]
    lines = [",".join(items[k:k + 4]) for k in range(0, len(items), 4)]
    return "*KEYWORD\n*PARAMETER\n" + "\n".join(lines) + f"\n*INCLUDE\n{DECK}\n*END\n"


def outputs(odir):
    walls = lsdyna_ascii.read_rwforc(os.path.join(odir, "rwforc"))
    nodes = lsdyna_ascii.read_nodout(os.path.join(odir, "nodout"))
    energies = lsdyna_ascii.read_glstat(os.path.join(odir, "glstat"))
    names, rows = minicrash_histories.read(os.path.join(odir, "matsum.csv"))
    body = [r for r in rows if int(r[names.index("part")]) == BODY][-1]
    return {"fmax": max(walls[f"wall {POLE} x_force"][1]),
            "dmax": nodes[f"node {REAR_NODE} x-disp"][1][-1],
            "vfin": body[names.index("x_momentum")] / body[names.index("mass")],
            "IE": energies["internal"][1][-1]}


def run_sample(args, index, values):
    work = os.path.join(args.work, f"sample{index:03d}")
    os.makedirs(work, exist_ok=True)
    deck_dir = os.path.join(args.repo, DECK_DIR)
    deck = os.path.join(work, DECK)
    if not os.path.exists(deck):
        os.symlink(os.path.abspath(os.path.join(deck_dir, DECK)), deck)
    main = os.path.join(work, "main.k")
    with open(main, "w") as f:
        f.write(parameter_file(values))
    odir = os.path.join(work, "out")
    cmd = shlex.split(args.launcher) + ["-np", str(args.np), args.minicrash, f"i={main}", f"odir={odir}",
                                        "plot=none", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"sample {index}: {' '.join(cmd)} exited {done.returncode}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return outputs(odir)


def correlation(a, b):
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb) if sa > 0 and sb > 0 else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--repo", required=True, help="a clone of https://github.com/dbrizard/GSA-car-crash")
    parser.add_argument("--design", default="LHS/4param/LHS-100", help="the study's files without _X.csv")
    parser.add_argument("--points", type=int, default=8, help="samples run, from the first")
    parser.add_argument("--jobs", type=int, default=2, help="samples run at once")
    parser.add_argument("--np", type=int, default=1, help="MPI ranks per sample")
    parser.add_argument("--launcher", default="mpirun --bind-to none",
                        help="MPI launcher and its options (unbound: each mpirun would pin its rank 0 to core 0)")
    parser.add_argument("--minicrash", default="build/minicrash")
    parser.add_argument("--work", default="lhs_check", help="directory for the runs")
    args = parser.parse_args()
    if args.points < 2 or args.jobs < 1 or args.np < 1:
        fail("--points must be at least 2, --jobs and --np at least 1")
    names, samples, reference = design(args.repo, args.design)
    if args.points > len(samples):
        fail(f"{args.design} has {len(samples)} samples, {args.points} asked")
    picked = [dict(BASE, **dict(zip(names, row))) for row in samples[:args.points]]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        mine = list(pool.map(lambda item: run_sample(args, *item), enumerate(picked)))
    print(f"{args.design}, first {args.points} samples; ratio = minicrash / LS-DYNA")
    print("sample " + " ".join(f"{n:>8}" for n in names) + "".join(
        f" | {o:>5} LS-DYNA  minicrash  ratio" for o in OUTPUTS))
    for i, (values, got) in enumerate(zip(picked, mine)):
        cells = "".join(f" | {reference[o][i]:13.5g} {got[o]:10.5g} {got[o] / reference[o][i]:6.3f}"
                        for o in OUTPUTS)
        print(f"{i:6d} " + " ".join(f"{values[n]:8.4g}" for n in names) + cells)
    for o in OUTPUTS:
        theirs, ours = reference[o][:args.points], [got[o] for got in mine]
        ratios = [a / b for a, b in zip(ours, theirs)]
        print(f"{o}: ratio mean {sum(ratios) / len(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}), "
              f"correlation over the samples {correlation(theirs, ours):.3f}")


if __name__ == "__main__":
    main()
