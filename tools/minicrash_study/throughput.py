"""Throughput mode: k concurrent jobs split the machine (1 x np=8, 2 x np=4,
4 x np=2, 8 x np=1 on 8 cores); jobs per day = k x 86400 / the wall time
from the first start to the last end. Each split is resumable like a study
run (runs/ID/row.json).

On a simulated cluster the k jobs are one smpirun of nodes x cores ranks
with minicrash's jobs=k: the world splits into k jobs of consecutive ranks,
each on its own nodes (block hostfile) or spread over all of them
(--share-nodes: round-robin), and their messages share the simulated
network. Jobs per day = k x 86400 / the slowest job's simulated elapsed.
(SimGrid 3.32 can also run several SMPI programs in one simulation, through
an S4U main of our own with SMPI_app_instance_register; smpirun's main
registers one, and instances so started share one copy of the program's
libraries: Kokkos' global state would be shared between jobs.)"""
import json
import os
import shutil
import time

from . import launch, rows
from .progress import Progress
from .spec import BadSpec, Deck, Point
from .runner import window_args

SIM_COLUMNS = ["deck", "elements", "network", "topology", "nodes", "cores_per_node", "placement", "jobs", "np",
               "repeat", "wall_seconds", "mean_elapsed", "max_elapsed", "jobs_per_day", "final_total_energy"]
COLUMNS = ["deck", "elements", "split", "jobs", "np", "ncpu", "cores", "repeat", "batch_wall_seconds",
           "mean_elapsed", "max_elapsed", "jobs_per_day"]


def parse_split(text):
    """'4x2' -> (4 jobs, np 2)."""
    k, _, np_ = text.lower().partition("x")
    if not (k.isdigit() and np_.isdigit()):
        raise BadSpec(f"split {text!r}: expected JOBSxNP, e.g. 4x2")
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
        # Unpinned, the k jobs' threads share this machine's cores.
        threads = cores if pin else k * cores
        jobs.append((odir,) + launch.start(cmd, os.path.join(odir, "log.txt"), threads, cpus))
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


def simulated_points(spec, jobs, share_nodes):
    """(point of the whole launch, k) for each deck, network, node count and k."""
    placement = "roundrobin" if share_nodes else "block"
    out = []
    for deck in spec.decks:
        for system in spec.systems():
            if not system.startswith("smpi:"):
                continue
            for nodes in spec.nodes:
                for k in jobs:
                    ranks = nodes * spec.cores_per_node
                    if ranks % k:
                        raise BadSpec(f"--jobs {k}: {ranks} ranks ({nodes} nodes x {spec.cores_per_node}) do not "
                                      "split into equal jobs")
                    for rep in range(spec.repeats):
                        out.append((Point(deck, system, ranks, 1, spec.partitions[0], rep, nodes,
                                          spec.collectives[0], placement, spec.windows[0] if spec.windows else ""), k))
    return out


def run_simulated_split(study, point, k):
    """One smpirun of k jobs; writes its row.json at the end."""
    base = os.path.join(os.path.abspath(study.out), "runs", f"thr_{point.id}_j{k}")
    shutil.rmtree(base, ignore_errors=True)  # a killed attempt
    os.makedirs(base)
    start = study.window_start(point)
    cmd = launch.command(point, study.deck_path(point.deck), base, study.spec, study.tools, study.out,
                         window_args(point, start, study.spec.rebalance)) + [f"jobs={k}"]
    code, wall = launch.run(cmd, os.path.join(base, "log.txt"), k * point.np * point.ncpu)
    if code != 0:
        raise SystemExit(f"throughput run {base} failed with exit status {code}; see {base}/log.txt")
    reports = [rows.read_report(os.path.join(base, f"job{j}") if k > 1 else base) for j in range(k)]
    elapsed = [r["elapsed"] for r in reports]
    row = {"deck": Deck(point.deck).name, "elements": reports[0]["elements"], "network": point.network,
           "topology": point.topology, "nodes": point.nodes, "cores_per_node": study.spec.cores_per_node,
           "placement": "shared" if point.placement == "roundrobin" else "own", "jobs": k, "np": point.np // k,
           "repeat": point.repeat, "wall_seconds": round(wall, 3), "mean_elapsed": sum(elapsed) / k,
           "max_elapsed": max(elapsed), "jobs_per_day": k * 86400.0 / max(elapsed),
           "final_total_energy": reports[0]["energy_last"]["total"]}
    with open(os.path.join(base, "row.json"), "w") as f:
        json.dump(row, f)
    return row


def run_simulated_throughput(study, jobs, share_nodes):
    todo = simulated_points(study.spec, jobs, share_nodes)
    done = [os.path.exists(os.path.join(study.out, "runs", f"thr_{p.id}_j{k}", "row.json")) for p, k in todo]
    bar = Progress([p.np for p, _ in todo], done)
    found = []
    for (point, k), finished in zip(todo, done):
        path = os.path.join(study.out, "runs", f"thr_{point.id}_j{k}", "row.json")
        if finished:
            with open(path) as f:
                found.append(json.load(f))
            continue
        bar.show(f"{point.id} jobs={k}")
        found.append(run_simulated_split(study, point, k))
        bar.advance(point.np, f"{point.id} jobs={k} done")
    bar.close()
    rows.write_csv(os.path.join(study.out, "throughput.csv"), found, SIM_COLUMNS)
    return found
