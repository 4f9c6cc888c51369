"""Scaling plots of one or more studies (each study one system): elapsed,
speedup, parallel efficiency and jobs per day vs cores; MPI time by call and
the message-size histogram vs cores; then the simulated-cluster and
throughput plots when the studies hold such runs."""
import os

from . import plot_clusters
from .plot_data import (best_rows, curves, decks, label, load, load_throughput, serial_reference,
                        varying_keys)
from .plot_style import BUCKET_COLOURS, CALL_COLOURS, grid, panels, save, stacked_bars
from .rows import BUCKET_LABELS, BUCKETS, MPI_CALLS

LINE_METRICS = {
    "elapsed": ("elapsed time [s]", lambda r, ref: r["elapsed"]),
    "speedup": ("speedup vs the slowest serial time", lambda r, ref: ref / r["elapsed"]),
    "efficiency": ("parallel efficiency", lambda r, ref: ref / r["elapsed"] / r["cores"]),
    "jobs_per_day": ("jobs per day (one job on these cores)", lambda r, ref: 86400.0 / r["elapsed"]),
}


def line_plot(best, name, outdir):
    ylabel, metric = LINE_METRICS[name]
    ds = decks(best)
    fig, axes = grid(1, len(ds), f"minicrash: {ylabel} vs cores")
    for ax, deck in zip(axes[0], ds):
        cs = curves(best, deck)
        vary, ref = varying_keys(cs), serial_reference(cs)
        for key, c in cs.items():
            ax.plot([r["cores"] for r in c], [metric(r, ref) for r in c], marker="o", label=label(key, vary))
        cores = sorted({r["cores"] for c in cs.values() for r in c})
        if name == "speedup":
            ax.plot(cores, cores, "k:", label="ideal")
        if name == "efficiency":
            ax.axhline(1.0, color="k", linestyle=":")
            ax.set_ylim(0, 1.15 * max(1.0, ax.get_ylim()[1]))
        ax.set_xscale("log", base=2)
        if name in ("elapsed", "speedup", "jobs_per_day"):
            ax.set_yscale("log")
        ax.set_xticks(cores)
        ax.set_xticklabels([f"{c:g}" for c in cores])
        shells = next(iter(cs.values()))[0]["elements"]
        ax.set_title(f"{deck} ({shells:.0f} shells)", fontsize="medium")
        ax.set_xlabel("cores (ranks x threads)")
        ax.set_ylabel(ylabel)
        ax.grid(True, which="both", alpha=0.3)
    return save(fig, outdir, f"{name}.png")


def stacked_plot(best, name, outdir, x="cores"):
    """MPI seconds by call, or the message-size shares, one panel per deck and curve."""
    keys = [(deck, key) for deck in decks(best) for key in curves(best, deck, x)]
    fig, axes = panels(len(keys), "minicrash: " + ("MPI time by call" if name == "mpi_by_call"
                                                   else "messages by size") + f" vs {x}")
    for ax, (deck, key) in zip(axes, keys):
        c = curves(best, deck, x)[key]
        xs = [r[x] for r in c]
        if name == "mpi_by_call":
            layers = {call: [r.get(f"mpi_{call}", 0) or 0 for r in c] for call in MPI_CALLS.values()}
            stacked_bars(ax, xs, layers, [CALL_COLOURS[k] for k in layers])
            ax.set_ylabel("seconds (average rank)")
        else:
            layers = {lab: [r[b] for r in c] for lab, b in zip(BUCKET_LABELS, BUCKETS)}
            stacked_bars(ax, xs, layers, BUCKET_COLOURS, [sum(r[b] for b in BUCKETS) for r in c])
            ax.set_ylabel("share of messages [%]")
        ax.set_title(f"{deck}: {label(key, {'system', 'partition', 'ncpu'})}", fontsize="small")
        ax.set_xlabel(x)
    return save(fig, outdir, f"{name}.png")


def throughput_plot(rows, outdir):
    ds = decks(rows)
    fig, axes = grid(1, len(ds), "minicrash throughput: concurrent jobs splitting the machine")
    for ax, deck in zip(axes[0], ds):
        mine = sorted((r for r in rows if r["deck"] == deck), key=lambda r: (r["jobs"], r["repeat"]))
        splits = sorted({r["split"] for r in mine}, key=lambda s: int(s.split("x")[0]))
        best = [max(r["jobs_per_day"] for r in mine if r["split"] == s) for s in splits]
        ax.bar(range(len(splits)), best, color="tab:blue")
        for i, value in enumerate(best):
            ax.text(i, value, f"{value:.0f}", ha="center", va="bottom", fontsize="small")
        ax.set_xticks(range(len(splits)))
        ax.set_xticklabels([f"{s.split('x')[0]} x np={s.split('x')[1]}" for s in splits])
        ax.set_ylabel("jobs per day")
        ax.set_title(deck, fontsize="medium")
    return save(fig, outdir, "throughput.png")


def plot_studies(paths, outdir=""):
    outdir = outdir or os.path.join(paths[0] if os.path.isdir(paths[0]) else os.path.dirname(paths[0]), "plots")
    rows = load(paths)
    written = []
    block = [r for r in rows if r["placement"] == "block"]
    if block:
        best = best_rows(block, "cores")
        written += [line_plot(best, name, outdir) for name in LINE_METRICS]
        written += [stacked_plot(best, name, outdir) for name in ("mpi_by_call", "msg_histogram")]
    simulated = [r for r in rows if r["network"]]
    if simulated:
        written += plot_clusters.cluster_plots(simulated, outdir)
    thr = load_throughput(paths)
    if thr:
        written.append(throughput_plot(thr, outdir))
    if not written:
        raise SystemExit(f"no results in {paths}")
    return written
