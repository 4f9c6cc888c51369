#!/usr/bin/env python3
"""tools/study.py calibrate recovers known costs: per-rank tables made from
chosen costs (ns per quad-cycle, point-cycle, plastic update, rigid
shell-cycle, extra per shell-cycle outside a SIMD pack; per contact pair and contact node-cycle; per node-cycle) with
+-0.5 % of noise must give them back within 2 % (of the cost plus 25 ns:
a cost of a few ns is told to about 0.5 ns), and the weights= text each
shell's cost with its nodes' (and a rigid shell's body nodes') over a
quadrilateral's. check-model: a rank without messages (np 1)
is not held to the messages phase, and an element phase modeled 20 % low
fails a 15 % tolerance with its signed error printed.

usage: calibrate_checks.py STUDY_PY WORKDIR  (STUDY_PY runs as a program: its shebang picks the Python with numpy)
"""
import json
import os
import random
import shutil
import subprocess
import sys

COSTS_NS = {"shell": 40.0, "point": 12.0, "plastic": 55.0, "rigid": 4.0, "scalar": 25.0}
CONTACT_NS = {"pair": 9.0, "contact_node_cycle": 30.0}
NODE_NS = 20.0
BODY_NS = 30.0  # per body node-cycle of the rigid-body sums


def rank_work(rng, ranks, cycles, nips=(3, 5)):
    work = {k: [] for k in ("elements_seconds", "contact_seconds", "nodes_seconds", "cycles", "shells_quad",
                            "shells_triangle", "shells_rigid", "shells_eroded", "shells_scalar", "points", "yielding_points",
                            "plastic_updates", "contact_pairs", "contact_nodes", "nodes", "nodes_owned",
                            "body_nodes", "rigid_bodies_seconds")}
    for _ in range(ranks):
        quads, rigid, nip = rng.randint(500, 3000), rng.randint(0, 800), rng.choice(nips)
        scalar = rng.randint(0, quads // 5)
        plastic = rng.randint(0, quads * nip * cycles // 2)
        pairs, cnodes, nodes = rng.randint(0, 10 ** 6), rng.randint(0, 2000), quads + rigid + rng.randint(50, 400)
        body_nodes = rigid + rigid // 16  # a rigid part has a few more nodes than shells
        noise = lambda: 1 + rng.uniform(-0.005, 0.005)  # noqa: E731
        elements = (cycles * (COSTS_NS["shell"] * quads + COSTS_NS["point"] * quads * nip
                              + COSTS_NS["rigid"] * rigid + COSTS_NS["scalar"] * scalar)
                    + COSTS_NS["plastic"] * plastic) * 1e-9
        contact = (CONTACT_NS["pair"] * pairs + CONTACT_NS["contact_node_cycle"] * cycles * cnodes) * 1e-9
        for key, value in (("elements_seconds", elements * noise()), ("contact_seconds", contact * noise()),
                           ("nodes_seconds", NODE_NS * 1e-9 * cycles * nodes * noise()), ("cycles", cycles),
                           ("shells_quad", quads), ("shells_triangle", 0), ("shells_rigid", rigid),
                           ("shells_eroded", 0), ("shells_scalar", scalar), ("points", quads * nip), ("yielding_points", 0),
                           ("plastic_updates", plastic), ("contact_pairs", pairs), ("contact_nodes", cnodes),
                           ("nodes", nodes), ("nodes_owned", nodes), ("body_nodes", body_nodes),
                           ("rigid_bodies_seconds", BODY_NS * 1e-9 * cycles * body_nodes * noise())):
            work[key].append(value)
    return work


def calibrate(study_py, workdir, nips):
    shutil.rmtree(workdir, ignore_errors=True)
    rng = random.Random(7)
    for run, (ranks, cycles) in enumerate(((16, 200), (32, 150), (8, 300))):
        odir = os.path.join(workdir, "runs", f"run{run}")
        os.makedirs(odir)
        with open(os.path.join(odir, "minicrash_report.json"), "w") as f:
            json.dump({"rank_work": rank_work(rng, ranks, cycles, nips)}, f)
    done = subprocess.run([study_py, "calibrate", workdir, "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"calibrate failed: {done.stderr}")
    return json.loads(done.stdout)


def node_ratios(workdir):
    """Nodes per shell and body nodes per rigid shell over every rank written."""
    totals = {}
    for run in os.listdir(os.path.join(workdir, "runs")):
        with open(os.path.join(workdir, "runs", run, "minicrash_report.json")) as f:
            for key, values in json.load(f)["rank_work"].items():
                totals[key] = totals.get(key, 0) + sum(values)
    shells = totals["shells_quad"] + totals["shells_rigid"]
    return totals["nodes"] / shells, totals["body_nodes"] / totals["shells_rigid"]


def check_model(study_py, workdir):
    """Two ranks: rank 0 sent no messages (its 6 ms of message-phase timers are overhead)."""
    odir = os.path.join(workdir, "model", "run")
    os.makedirs(odir, exist_ok=True)
    seconds = {"elements": (2.0, 1.0), "contact": (0.5, 0.5), "nodes": (0.4, 0.2), "rigid_walls": (0.1, 0.1),
               "rigid_bodies": (0.2, 0.1)}

    def run(element_error):
        work = {"cycles": [100, 100], "messages": [0, 400], "contact_messages_seconds": [0.006, 0.1],
                "shared_nodes_seconds": [0, 0.1], "messages_modeled_seconds": [0, 0.21]}
        for phase, measured in seconds.items():
            work[f"{phase}_seconds"] = list(measured)
            work[f"{phase}_modeled_seconds"] = [m * (1 + (element_error if phase == "elements" else 0.05))
                                                for m in measured]
        with open(os.path.join(odir, "minicrash_report.json"), "w") as f:
            json.dump({"rank_work": work}, f)
        return subprocess.run([study_py, "check-model", "--tolerance", "0.15", odir], capture_output=True, text=True)

    good = run(0.05)
    if good.returncode != 0 or "largest per-rank, per-phase error: 5.0 %" not in good.stdout:
        sys.exit(f"check-model, every phase 5 % high: exit {good.returncode}\n{good.stdout}{good.stderr}")
    low = run(-0.2)
    if low.returncode != 1 or "elements: 3.0000, 2.4000; worst -20.0 %" not in low.stdout:
        sys.exit(f"check-model, elements 20 % low: exit {low.returncode}\n{low.stdout}{low.stderr}")
    print("check-model: 5 % passes a 15 % tolerance (the message-less rank left out), -20 % fails")


def main():
    study_py, workdir = sys.argv[1:3]
    # One NIP: points cannot be told from shells; the shell cost holds both.
    fit = calibrate(study_py, workdir, (3,))
    one_nip = fit["elements"]["ns"]["shell"]
    print(f"one NIP (3): single_nip {fit['single_nip']}, shell {one_nip:.2f} ns (expected 40 + 3 x 12)")
    if fit["single_nip"] != 3 or abs(one_nip - 76) > 0.02 * 76 or fit["elements"]["ns"]["point"] != 0:
        sys.exit(f"one-NIP fit: {fit['elements']}")
    fit = calibrate(study_py, workdir, (3, 5))
    got = dict(fit["elements"]["ns"], **fit["contact"]["ns_per"], node_cycle=fit["nodes"]["ns_per"]["node_cycle"],
               body_node_cycle=fit["rigid_bodies"]["ns_per"]["body_node_cycle"])
    want = dict(COSTS_NS, **CONTACT_NS, node_cycle=NODE_NS, body_node_cycle=BODY_NS)
    # Relative, but a cost of a few ns is told to 0.5 ns (the noise moves it that much).
    worst = max(abs(got[k] - v) / (v + 25) for k, v in want.items())
    print(f"{fit['ranks']} rank rows: fitted " + ", ".join(f"{k} {got[k]:.2f}" for k in want)
          + f" ns; largest error {worst:.2%} of cost + 25 ns (tolerance 2 %); weights={fit['weights']}")
    if worst > 0.02:
        sys.exit(f"fitted costs {got} differ from {want}")
    nodes, body_nodes = node_ratios(workdir)
    unit = COSTS_NS["shell"] + nodes * NODE_NS
    expected = {"shell": 1, "triangle": 1, "point": COSTS_NS["point"] / unit, "plastic": COSTS_NS["plastic"] / unit,
                "rigid": (COSTS_NS["rigid"] + nodes * NODE_NS + body_nodes * BODY_NS) / unit}
    print(f"{nodes:.3f} nodes per shell, {body_nodes:.3f} body nodes per rigid shell: expected weights "
          + ",".join(f"{k}:{v:.4g}" for k, v in expected.items()))
    weights = {k: float(v) for k, v in (item.split(":") for item in fit["weights"].split(","))}
    if any(abs(weights[k] - v) > 0.02 * (v + 25 / 40) for k, v in expected.items()):
        sys.exit(f"weights {weights} differ from {expected}")
    check_model(study_py, workdir)
    bad = subprocess.run([study_py, "calibrate", os.path.join(workdir, "none")],
                         capture_output=True, text=True)
    if bad.returncode == 0 or "no run report" not in bad.stderr:
        sys.exit(f"calibrate of an empty directory: exit {bad.returncode}, {bad.stderr}")


if __name__ == "__main__":
    main()
