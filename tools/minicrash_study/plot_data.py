"""Study rows for plotting: repeats folded into their best, curves keyed by
what varies, and the serial reference for speedup and efficiency."""
import os
from collections import defaultdict

from . import rows as rowsmod

# What tells two curves apart (besides the deck); the x value then varies along a curve.
CURVE_KEYS = ("system", "partition", "ncpu", "collectives", "placement", "window")


def load(paths):
    """results.csv rows of every study given (a directory or a CSV path)."""
    found = []
    for path in paths:
        csv_path = os.path.join(path, "results.csv") if os.path.isdir(path) else path
        if os.path.exists(csv_path):
            found += rowsmod.read_csv(csv_path)
    return found


def load_throughput(paths):
    found = []
    for path in paths:
        csv_path = os.path.join(path, "throughput.csv")
        if os.path.isdir(path) and os.path.exists(csv_path):
            found += rowsmod.read_csv(csv_path)
    return found


def full_node_rows(rows):
    """Simulated runs that fill their nodes (plotted against nodes; a serial
    reference run on a simulated cluster shows against cores only)."""
    return [r for r in rows if r["network"] and r["np"] == r["nodes"] * r["cores_per_node"]]


def best_rows(rows, x="cores"):
    """One row per (deck, curve, x): the repeat with the shortest elapsed
    time, whole, so its MPI breakdown belongs to it. Noise from other work
    on the machine (or, under SMPI, on the machine running the simulation)
    only ever slows a run down."""
    groups = defaultdict(list)
    for r in rows:
        groups[(r["deck"],) + tuple(r.get(k, "") for k in CURVE_KEYS) + (r[x],)].append(r)
    return [dict(min(members, key=lambda m: m["elapsed"]), repeats=len(members)) for members in groups.values()]


def curves(rows, deck, x="cores", **fixed):
    """{curve key: rows sorted by x} for one deck, rows matching `fixed`."""
    out = defaultdict(list)
    for r in rows:
        if r["deck"] == deck and all(r[k] == v for k, v in fixed.items()):
            out[tuple(r.get(k, "") for k in CURVE_KEYS)].append(r)
    return {k: sorted(v, key=lambda r: r[x]) for k, v in sorted(out.items(), key=lambda kv: str(kv[0]))}


def label(key, varying):
    """A curve's legend: only the keys that differ between curves."""
    parts = [f"{name} {value:g}" if isinstance(value, float) else str(value)
             for name, value in zip(CURVE_KEYS, key) if name in varying]
    return ", ".join(parts) or str(key[0])


def varying_keys(curve_keys):
    return {name for i, name in enumerate(CURVE_KEYS) if len({k[i] for k in curve_keys}) > 1}


def serial_reference(deck_curves):
    """The slowest system's serial time. A system's serial time is its best
    one-core run; without one, its best time at its fewest cores, scaled to
    one core as if it scaled perfectly up to there."""
    by_system = defaultdict(list)
    for key, c in deck_curves.items():
        by_system[key[0]].append(c[0])
    refs = []
    for firsts in by_system.values():
        serial = [r["elapsed"] for r in firsts if r["cores"] == 1]
        refs.append(min(serial) if serial else min(r["elapsed"] * r["cores"] for r in firsts))
    return max(refs)


def decks(rows):
    return sorted({r["deck"] for r in rows})
