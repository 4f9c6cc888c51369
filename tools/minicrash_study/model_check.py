"""Modeled against measured compute, phase by phase and rank by rank
(`tools/study.py check-model`). A run given compute_costs= reports, beside
each phase's measured seconds, the seconds its cost model charges
(`<phase>_modeled_seconds` in rank_work); a real run (mpirun) or a simulated
one with measured compute (SimGrid times each burst) shows how far the model
is from the clock. Measured means the phase's seconds less its MPI calls
(`<phase>_mpi_seconds`): waits and transfers are the network's, not compute. Docs: docs/simulated-clusters.md#modeled-compute.
"""
import numpy as np

from .calibrate import column, phase_seconds, rank_tables

# Phase: the measured columns it is compared with.
PHASES = {"elements": ("elements_seconds",), "contact": ("contact_seconds",), "nodes": ("nodes_seconds",),
          "rigid_walls": ("rigid_walls_seconds",), "rigid_bodies": ("rigid_bodies_seconds",),
          "messages": ("contact_messages_seconds", "shared_nodes_seconds")}
# A rank with none of this work (no messages at np 1) is left out: the model
# charges it nothing, and what its timers show is their own overhead.
WORK = {"messages": "messages"}


def check(paths):
    rows = []
    for report, work in rank_tables(paths):
        if "elements_modeled_seconds" not in work:
            continue
        for phase, names in PHASES.items():
            measured = phase_seconds(names, work)
            modeled = column(work, f"{phase}_modeled_seconds")
            has_work = column(work, WORK[phase]) > 0 if phase in WORK else np.ones(len(measured), bool)
            if not has_work.any():
                continue
            rows.append({"report": report, "phase": phase, "measured": measured[has_work].tolist(),
                         "modeled": modeled[has_work].tolist()})
    if not rows:
        raise SystemExit("tools/study.py check-model: no run report with modeled columns (run with compute_costs=)")
    return rows


def relative_errors(row):
    measured, modeled = np.asarray(row["measured"]), np.asarray(row["modeled"])
    keep = measured > 0
    return modeled[keep] / measured[keep] - 1


def print_check(rows, out):
    """One line per run and phase: totals, the per-rank error range."""
    out.write("run / phase: measured s, modeled s (sum over ranks), per-rank modeled/measured - 1: worst, mean\n")
    worst_all = 0.0
    for row in rows:
        errors = relative_errors(row)
        worst = float(errors[np.argmax(np.abs(errors))]) if errors.size else 0.0  # signed
        worst_all = max(worst_all, abs(worst))
        out.write(f"{row['report']} / {row['phase']}: {sum(row['measured']):.4f}, {sum(row['modeled']):.4f}; "
                  f"worst {100 * worst:+.1f} %, mean {100 * float(np.mean(errors)) if errors.size else 0:+.1f} %\n")
    out.write(f"largest per-rank, per-phase error: {100 * worst_all:.1f} %\n")
    return worst_all
