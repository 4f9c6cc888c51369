#!/usr/bin/env python3
"""The study driver end to end: a 2-point study (np = 1 and 2) on a tiny
generated tube writes results.csv with one row per point and every scaling
plot; run again it repeats nothing, and a run killed before its row was
written (no row.json) is run again; `table` prints a row per core count.

usage: study_two_point.py STUDY_PY BINARY GENERATOR WORKDIR
"""
import csv
import os
import shutil
import subprocess
import sys

PLOTS = ["elapsed", "speedup", "efficiency", "jobs_per_day", "mpi_by_call", "msg_histogram"]


def study(study_py, *args):
    # study.py's own interpreter (Debian's python3, which has matplotlib).
    done = subprocess.run([study_py] + list(args), capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"study.py {' '.join(args)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr


def main():
    study_py, binary, generator, workdir = sys.argv[1:5]
    shutil.rmtree(workdir, ignore_errors=True)
    out = os.path.join(workdir, "study")
    study(study_py, "run", "--out", out, "--deck", "gen:tube:size=10", "--np", "1", "2", "--cycles", "30",
          "--binary", binary, "--generator", generator)
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    if sorted(int(r["np"]) for r in rows) != [1, 2] or any(float(r["elapsed"]) <= 0 for r in rows):
        sys.exit(f"expected rows for np 1 and 2 with positive elapsed, got {rows}")
    if any(int(r["cycles"]) != 30 for r in rows):
        sys.exit("every run should stop after cycles=30")

    killed = os.path.join(out, "runs", "tube_size_10_local_np2_c1_rcb_r0")
    kept = os.path.join(out, "runs", "tube_size_10_local_np1_c1_rcb_r0", "log.txt")
    stamp = os.path.getmtime(kept)
    os.remove(os.path.join(killed, "row.json"))
    study(study_py, "run", "--out", out)  # continue from study.json
    if os.path.getmtime(kept) != stamp:
        sys.exit("the finished np=1 run was repeated")
    if not os.path.exists(os.path.join(killed, "row.json")):
        sys.exit("the unfinished np=2 run was not run again")

    plots = os.path.join(workdir, "plots")
    study(study_py, "plot", out, "-o", plots)
    paths = [os.path.join(plots, p + ".png") for p in PLOTS]
    missing = [p for p in paths if not os.path.exists(p) or os.path.getsize(p) < 1000]
    if missing:
        sys.exit(f"empty plots: {missing}")
    table = study(study_py, "table", out)
    pivot = [line for line in table.splitlines() if line.startswith("| 1 |") or line.startswith("| 2 |")]
    if len(pivot) != 2:
        sys.exit(f"the table should have a row for 1 and 2 cores:\n{table}")
    print(f"2 rows in results.csv, resume ok, {len(PLOTS)} plots in {plots}, table ok")


if __name__ == "__main__":
    main()
