"""Work weights from measured phase timers (`tools/study.py calibrate`).

Every run report carries a per-rank table (`rank_work`): each phase's seconds
and what the rank did (shells by kind, through-thickness points, points that
yielded, contact pairs checked, nodes). Over all ranks of all runs given,
the element phase is fitted as

    elements_seconds = cycles x (c_shell quads + c_triangle triangles
                                 + c_point points + c_rigid (rigid + eroded shells)
                                 + c_scalar shells run one at a time (shells_scalar)
                                 + c_element_cycle)
                       + c_plastic plastic_updates

by non-negative least squares on relative error (each rank's equation is
divided by its measured time, so small ranks count as much as large ones).
The contact, node, rigid-wall and rigid-body phases are fitted the same way
(pairs checked, contact node-cycles, node-cycles, body node-cycles, and a
cost per cycle).
The partition weights (minicrash weights=) are each shell's whole cycle
over a live quadrilateral's: a shell also brings its nodes (node-cycles per
shell over all ranks) and a rigid shell its body nodes' rigid-body sums, so

    shell = 1,  triangle = (c_triangle + n c_node) / unit,
    rigid = (c_rigid + n c_node + b c_body_node) / unit,
    point = c_point / unit,  plastic = c_plastic / unit,
    unit = c_shell + n c_node

with n nodes per shell and b body nodes per rigid shell. c_scalar, the
extra cost of a shell run one at a time, has no weight (which shells share
a pack is known only on the rank). The whole fit is also
printed as minicrash's compute_costs= value: modeled compute
(docs/simulated-clusters.md#modeled-compute).
"""
import glob
import itertools
import json
import os

import numpy as np

from .fit_provenance import provenance

ELEMENT_TERMS = ("shell", "triangle", "point", "plastic", "rigid", "scalar", "element_cycle")
WEIGHT_TERMS = ELEMENT_TERMS[:5]  # `scalar` depends on the packing on each rank: no partition weight


def rank_tables(paths):
    """(report path, rank_work dict) of every run report under the given
    study directories, run directories or report files."""
    found = []
    for path in paths:
        if os.path.isfile(path):
            reports = [path]
        else:
            reports = sorted(glob.glob(os.path.join(path, "runs", "*", "minicrash_report.json"))
                             + glob.glob(os.path.join(path, "minicrash_report.json")))
        for report in reports:
            with open(report) as f:
                work = json.load(f).get("rank_work")
            if work and work.get("cycles"):
                found.append((report, work))
    return found


def element_columns(work):
    cycles = np.asarray(work["cycles"], dtype=float)
    return np.column_stack([
        cycles * np.asarray(work["shells_quad"], dtype=float),
        cycles * np.asarray(work["shells_triangle"], dtype=float),
        cycles * np.asarray(work["points"], dtype=float),
        np.asarray(work["plastic_updates"], dtype=float),
        cycles * (np.asarray(work["shells_rigid"], dtype=float) + np.asarray(work["shells_eroded"], dtype=float)),
        cycles * np.asarray(work.get("shells_scalar", np.zeros(len(cycles))), dtype=float),
        cycles,
    ])


def points_per_shell(rows):
    """The NIP when every rank's points are the same multiple of its
    quadrilaterals (a one-NIP model), else None."""
    quads, points = rows[:, 0], rows[:, 2]
    if not np.any(quads):
        return None
    ratio = points[quads > 0] / quads[quads > 0]
    return float(ratio[0]) if np.allclose(ratio, ratio[0], rtol=1e-9) and np.all(points[quads == 0] == 0) else None


def column(work, name):
    return np.asarray(work.get(name, np.zeros(len(work["cycles"]))), dtype=float)


# The phases besides the element phase: (report name, units, the seconds' columns).
PHASES = (("contact", ("pair", "contact_node_cycle", "cycle"), ("contact_seconds",)),
          ("nodes", ("node_cycle", "cycle"), ("nodes_seconds",)),
          ("rigid_walls", ("wall_node_cycle", "cycle"), ("rigid_walls_seconds",)),
          ("rigid_bodies", ("body_node_cycle", "cycle"), ("rigid_bodies_seconds",)),
          ("messages", ("message", "byte"), ("contact_messages_seconds", "shared_nodes_seconds")))


def phase_columns(phase, work):
    """Contact: pairs checked, owned contact node-cycles (sorting, bucketing)
    and cycles; nodes, rigid walls, rigid bodies: their node-cycles and
    cycles; messages (the contact-message and shared-node phases): point-to-point
    messages sent and received, and their bytes."""
    cycles = column(work, "cycles")
    if phase == "contact":
        return np.column_stack([column(work, "contact_pairs"), cycles * column(work, "contact_nodes"), cycles])
    if phase == "messages":
        return np.column_stack([column(work, "messages"), column(work, "message_bytes")])
    nodes = {"nodes": "nodes", "rigid_walls": "wall_nodes", "rigid_bodies": "body_nodes"}[phase]
    return np.column_stack([cycles * column(work, nodes), cycles])


def phase_seconds(names, work):
    """The phases' computation: their seconds less the MPI calls inside them
    (reports before <phase>_mpi_seconds count all)."""
    return sum(column(work, name) - column(work, name.replace("_seconds", "_mpi_seconds")) for name in names)


def nonnegative_fit(a, b):
    """min |a x - b| with x >= 0, by trying every set of free terms (a few
    terms only). Terms whose column is all zero stay 0."""
    used = [j for j in range(a.shape[1]) if np.any(a[:, j] != 0)]
    best, best_residual = np.zeros(a.shape[1]), float(np.sum(b * b))
    for k in range(1, len(used) + 1):
        for free in itertools.combinations(used, k):
            x_free = np.linalg.lstsq(a[:, free], b, rcond=None)[0]
            if np.any(x_free < 0):
                continue
            x = np.zeros(a.shape[1])
            x[list(free)] = x_free
            residual = float(np.sum((a @ x - b) ** 2))
            if residual < best_residual:
                best, best_residual = x, residual
    return best


def fit_phase(rows, seconds):
    """Costs (seconds per unit) fitted on relative error, and the fit's
    largest and typical relative error per rank."""
    keep = seconds > 0
    if not np.any(keep):  # the phase never ran (no walls, one rank): it costs nothing
        return np.zeros(rows.shape[1]), 0.0, 0.0
    a, b = rows[keep] / seconds[keep, None], np.ones(int(keep.sum()))
    cost = nonnegative_fit(a, b)
    error = a @ cost - 1
    return cost, float(np.max(np.abs(error))), float(np.sqrt(np.mean(error ** 2)))


def calibrate(paths):
    tables = rank_tables(paths)
    if not tables:
        raise SystemExit("tools/study.py calibrate: no run report with a rank_work table under "
                         + " ".join(paths) + " (runs of this version write one)")
    rows = np.vstack([element_columns(w) for _, w in tables])
    seconds = np.concatenate([phase_seconds(("elements_seconds",), w) for _, w in tables])
    # Every live shell with the same NIP: points are a fixed multiple of the
    # quadrilaterals and cannot be told apart; the shell term takes both.
    nip = points_per_shell(rows)
    if nip is not None:
        rows[:, 2] = 0
    cost, worst, rms = fit_phase(rows, seconds)
    if cost[0] <= 0:
        raise SystemExit("tools/study.py calibrate: the fit gives quadrilaterals no cost; "
                         "give runs with deformable shells")
    out = {"runs": len(tables), "ranks": int(rows.shape[0]), "single_nip": nip,
           "elements": {"ns": {t: 1e9 * c for t, c in zip(ELEMENT_TERMS, cost)},
                        "largest_error": worst, "rms_error": rms}}
    for phase, units, names in PHASES:
        columns = np.vstack([phase_columns(phase, w) for _, w in tables])
        seconds_ = np.concatenate([phase_seconds(names, w) for _, w in tables])
        c, worst, rms = fit_phase(columns, seconds_)
        out[phase] = {"ns_per": {u: 1e9 * float(v) for u, v in zip(units, c)}, "largest_error": worst,
                      "rms_error": rms}
    out["weights"] = weights_option(out, [w for _, w in tables], triangles_measured=bool(np.any(rows[:, 1])))
    out["imbalance"] = [imbalance_row(report, work, cost) for report, work in tables]
    out["compute_costs"] = compute_costs_option(out)
    out["provenance"] = provenance([report for report, _ in tables])  # what a study checks it against
    return out


def weights_option(result, works, triangles_measured):
    """The weights= text: each kind of shell's element phase plus its nodes'
    (and a rigid shell's body nodes') cost, over a live quadrilateral's."""
    total = lambda name: sum(float(np.sum(column(w, name))) for w in works)  # noqa: E731
    shells = sum(total(k) for k in ("shells_quad", "shells_triangle", "shells_rigid", "shells_eroded"))
    per_shell_nodes = total("nodes") / shells if shells else 0.0
    per_rigid_body_nodes = total("body_nodes") / total("shells_rigid") if total("shells_rigid") else 0.0
    ns = result["elements"]["ns"]
    node = per_shell_nodes * result["nodes"]["ns_per"]["node_cycle"]
    body = per_rigid_body_nodes * result["rigid_bodies"]["ns_per"]["body_node_cycle"]
    unit = ns["shell"] + node
    weights = {"shell": 1.0, "triangle": (ns["triangle"] + node) / unit if triangles_measured else 1.0,
               "point": ns["point"] / unit, "plastic": ns["plastic"] / unit,
               "rigid": (ns["rigid"] + node + body) / unit}
    return ",".join(f"{t}:{weights[t]:.4g}" for t in WEIGHT_TERMS)


def compute_costs_option(result):
    """The fit as minicrash's compute_costs= value (ns per unit; modeled
    compute, docs/simulated-clusters.md#modeled-compute)."""
    costs = dict(result["elements"]["ns"])
    costs["contact_pair"] = result["contact"]["ns_per"]["pair"]
    costs["contact_node"] = result["contact"]["ns_per"]["contact_node_cycle"]
    costs["contact_cycle"] = result["contact"]["ns_per"]["cycle"]
    for phase, prefix in (("nodes", "node"), ("rigid_walls", "wall"), ("rigid_bodies", "body")):
        per = result[phase]["ns_per"]
        name = prefix if prefix == "node" else f"{prefix}_node"
        costs[name] = per[f"{name}_cycle"]
        costs[f"{prefix}_cycle"] = per["cycle"]
    costs["message"] = result["messages"]["ns_per"]["message"]
    costs["byte"] = result["messages"]["ns_per"]["byte"]
    return ",".join(f"{name}:{value:.6g}" for name, value in costs.items())


def imbalance_row(report, work, cost):
    """Measured element-phase max/mean of one run and what the fitted costs
    predict for its ranks (how well the fit explains the imbalance)."""
    measured = np.asarray(work["elements_seconds"], dtype=float)
    predicted = element_columns(work) @ cost
    return {"run": os.path.basename(os.path.dirname(report)), "ranks": len(measured),
            "measured": float(measured.max() / measured.mean()),
            "predicted": float(predicted.max() / predicted.mean()) if predicted.mean() > 0 else None}


def print_calibration(result, as_json, out):
    if as_json:
        json.dump(result, out, indent=1)
        out.write("\n")
        return
    e = result["elements"]
    out.write(f"{result['runs']} runs, {result['ranks']} rank rows\n")
    if result["single_nip"] is not None:
        out.write(f"every live shell has {result['single_nip']:g} points: the shell cost includes them (point 0)\n")
    out.write("element phase, ns per unit: " + ", ".join(f"{t} {v:.1f}" for t, v in e["ns"].items())
              + f"  (relative error per rank: largest {e['largest_error']:.1%}, rms {e['rms_error']:.1%})\n")
    for phase, _, _ in PHASES:
        p = result[phase]
        costs = ", ".join(f"{v:.1f} ns per {u.replace('_', ' ')}" for u, v in p["ns_per"].items())
        out.write(f"{phase} phase: {costs}  (largest error {p['largest_error']:.1%}, rms {p['rms_error']:.1%})\n")
    out.write(f"weights={result['weights']}\n")
    out.write(f"compute_costs={result['compute_costs']}\n")
    out.write("element-phase imbalance (max/mean), measured vs fitted:\n")
    for row in result["imbalance"]:
        predicted = f"{row['predicted']:.3f}" if row["predicted"] is not None else "-"
        out.write(f"  {row['run']}: {row['measured']:.3f} vs {predicted}\n")
