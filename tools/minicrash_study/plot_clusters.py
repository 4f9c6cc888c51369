"""Simulated-cluster plots: interconnects side by side (elapsed and MPI time
share by call vs nodes), collective algorithms, energy per job, placement."""
from .plot_data import best_rows, curves, decks, full_node_rows, label, varying_keys
from .plot_style import CALL_COLOURS, grid, panels, save, stacked_bars
from .rows import MPI_CALLS
from .spec import DEFAULT_COLLECTIVES

PLACEMENTS = ("block", "roundrobin", "metis")


def _log_nodes(ax, nodes):
    ax.set_xscale("log", base=2)
    ax.set_xticks(nodes)
    ax.set_xticklabels([f"{n:g}" for n in nodes])
    ax.set_xlabel("nodes")
    ax.grid(True, which="both", alpha=0.3)


def lines_vs_nodes(best, column, ylabel, title, name, outdir, scale=1.0, **fixed):
    ds = decks(best)
    fig, axes = grid(1, len(ds), title)
    for ax, deck in zip(axes[0], ds):
        cs = curves(best, deck, "nodes", **fixed)
        vary = varying_keys(cs)
        for key, c in cs.items():
            ax.plot([r["nodes"] for r in c], [r[column] * scale for r in c], marker="o", label=label(key, vary))
        _log_nodes(ax, sorted({r["nodes"] for c in cs.values() for r in c}))
        ax.set_yscale("log")
        ax.set_ylabel(ylabel)
        ax.set_title(deck, fontsize="medium")
    return save(fig, outdir, name)


def mpi_share(best, outdir):
    keys = sorted({(r["deck"], r["system"]) for r in best})
    fig, axes = panels(len(keys), "minicrash on simulated clusters: MPI time by call, share of elapsed")
    for ax, (deck, system) in zip(axes, keys):
        c = sorted((r for r in best if (r["deck"], r["system"]) == (deck, system)), key=lambda r: r["nodes"])
        layers = {call: [r.get(f"mpi_{call}", 0) or 0 for r in c] for call in MPI_CALLS.values()}
        stacked_bars(ax, [r["nodes"] for r in c], layers, [CALL_COLOURS[k] for k in layers], [r["elapsed"] for r in c])
        ax.set_ylim(0, 100)
        ax.set_title(f"{deck}: {system}", fontsize="small")
        ax.set_xlabel("nodes")
        ax.set_ylabel("% of elapsed")
    return save(fig, outdir, "interconnect_mpi_share.png")


def collectives(best, outdir):
    keys = sorted({(r["deck"], r["system"]) for r in best})
    fig, axes = panels(len(keys), "minicrash on simulated clusters: collective algorithms (SMPI)")
    for ax, (deck, system) in zip(axes, keys):
        for key, c in curves(best, deck, "nodes", system=system).items():
            ax.plot([r["nodes"] for r in c], [r["elapsed"] for r in c], marker="o", label=key[3])
        _log_nodes(ax, sorted({r["nodes"] for r in best if r["deck"] == deck and r["system"] == system}))
        ax.set_yscale("log")
        ax.set_ylabel("elapsed time [s]")
        ax.set_title(f"{deck}: {system}", fontsize="small")
    return save(fig, outdir, "collectives.png")


def placement(rows, outdir):
    groups = sorted({(r["deck"], r["system"], r["np"], r["partition"]) for r in rows if r["placement"] != "block"})
    fig, axes = grid(2, len(groups), "minicrash rank placement on a simulated cluster")
    for j, group in enumerate(groups):
        mine = {r["placement"]: r for r in rows if (r["deck"], r["system"], r["np"], r["partition"]) == group}
        names = [p for p in PLACEMENTS if p in mine]
        for i, (column, ylabel, scale) in enumerate((("inter_node_bytes", "inter-node MB", 1e-6),
                                                     ("elapsed", "elapsed time [ms]", 1e3))):
            ax = axes[i][j]
            values = [mine[p][column] * scale for p in names]
            ax.bar(range(len(names)), values, color=["tab:gray", "tab:orange", "tab:green"][:len(names)])
            for k, v in enumerate(values):
                ax.text(k, v, f"{v:.3g}", ha="center", va="bottom", fontsize="small")
            ax.set_xticks(range(len(names)))
            ax.set_xticklabels(names)
            ax.set_ylabel(ylabel)
            ax.set_title("{}: {}, np={:g}, {} partition".format(*group), fontsize="small")
    return save(fig, outdir, "placement.png")


def cluster_plots(rows, outdir):
    """rows: the simulated runs of the studies, plotted against nodes."""
    rows = full_node_rows(rows)
    block = [r for r in rows if r["placement"] == "block"]
    best = best_rows(block, "nodes")
    default = [r for r in best if r["collectives"] == DEFAULT_COLLECTIVES] or best
    written = [lines_vs_nodes(default, "elapsed", "elapsed time [s]",
                              "minicrash on simulated clusters: elapsed vs nodes", "interconnect_elapsed.png", outdir),
               mpi_share(default, outdir)]
    if len({r["collectives"] for r in best}) > 1:
        written.append(collectives(best, outdir))
    energetic = [r for r in default if r.get("loop_energy_joules") not in ("", None)]
    if energetic:
        written.append(lines_vs_nodes(energetic, "loop_energy_joules", "energy of the time loop [J]",
                                      "minicrash on simulated clusters: energy of the time loop "
                                      "(SimGrid host energy, the job's hosts)", "energy.png", outdir))
    if any(r["placement"] != "block" for r in rows):
        written.append(placement(best_rows(rows, "nodes"), outdir))
    return written
