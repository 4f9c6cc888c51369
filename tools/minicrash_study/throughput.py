"""Throughput mode: k concurrent jobs split the machine (1 x np=8, 2 x np=4,
4 x np=2, 8 x np=1 on 8 cores); jobs per day = k x 86400 / the wall time
from the first start to the last end. Each split is resumable like a study
run (runs/ID/row.json)."""
import json
import os
import shutil
import time

from . import launch, rows
from .progress import Progress
from .spec import Deck, Point

COLUMNS = ["deck", "elements", "split", "jobs", "np", "ncpu", "cores", "repeat", "batch_wall_seconds",
           "mean_elapsed", "max_elapsed", "jobs_per_day"]


def parse_split(text):
    """'4x2' -> (4 jobs, np 2)."""
    k, _, np_ = text.lower().partition("x")
    if not (k.isdigit() and np_.isdigit()):
        raise SystemExit(f"split {text!r}: expected JOBSxNP, e.g. 4x2")
    return int(k), int(np_)


def split_dir(study, deck, split, ncpu, repeat):
    k, np_ = parse_split(split)
    return os.path.join(os.path.abspath(study.out), "runs", f"thr_{Deck(deck).name}_{k}x{np_}_c{ncpu}_r{repeat}")


def run_split(study, deck, split, ncpu, repeat, pin):
    """Runs the split's k jobs at once; writes its row.json at the end."""
    k, np_ = parse_split(split)
    base = split_dir(study, deck, split, ncpu, repeat)
    shutil.rmtree(base, ignore_errors=True)  # a killed attempt
    deck_path = study.deck_path(deck)
    cores = np_ * ncpu
    jobs = []
    t0 = time.monotonic()
    for j in range(k):
        point = Point(deck, "local", np_, ncpu, study.spec.partitions[0], repeat)
        odir = os.path.join(base, f"job{j}")
        os.makedirs(odir)
        cmd = launch.command(point, deck_path, odir, study.spec, study.tools, study.out)
        cpus = range(j * cores, (j + 1) * cores) if pin else None
        jobs.append((odir,) + launch.start(cmd, os.path.join(odir, "log.txt"), cpus))
    for odir, proc, log in jobs:
        if proc.wait() != 0:
            raise SystemExit(f"throughput job in {odir} failed; see {odir}/log.txt")
        log.close()
    wall = time.monotonic() - t0
    elapsed = [rows.read_report(odir)["elapsed"] for odir, _, _ in jobs]
    row = {"deck": Deck(deck).name, "elements": rows.read_report(jobs[0][0])["elements"], "split": f"{k}x{np_}",
           "jobs": k, "np": np_, "ncpu": ncpu, "cores": k * cores, "repeat": repeat,
           "batch_wall_seconds": round(wall, 3), "mean_elapsed": sum(elapsed) / k, "max_elapsed": max(elapsed),
           "jobs_per_day": k * 86400.0 / wall}
    with open(os.path.join(base, "row.json"), "w") as f:
        json.dump(row, f)


def run_throughput(study, splits, ncpu, pin):
    spec = study.spec
    todo = [(d, s, r) for d in spec.decks for s in splits for r in range(spec.repeats)]
    finished = [os.path.exists(os.path.join(split_dir(study, d, s, ncpu, r), "row.json")) for d, s, r in todo]
    bar = Progress([1] * len(todo), finished)
    for (deck, split, rep), done in zip(todo, finished):
        if done:
            continue
        bar.show(f"{Deck(deck).name} {split} r{rep}")
        run_split(study, deck, split, ncpu, rep, pin)
        bar.advance(1, f"{Deck(deck).name} {split} r{rep} done")
    bar.close()
    found = []
    for name in sorted(os.listdir(os.path.join(study.out, "runs"))):
        path = os.path.join(study.out, "runs", name, "row.json")
        if name.startswith("thr_") and os.path.exists(path):
            with open(path) as f:
                found.append(json.load(f))
    rows.write_csv(os.path.join(study.out, "throughput.csv"), found, COLUMNS)
    return found
