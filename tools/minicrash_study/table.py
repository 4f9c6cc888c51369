"""The numbers behind the plots, as Markdown tables: per deck, the elapsed
time, MPI share, leading MPI calls and message-size shares of every curve
vs cores (or nodes, for simulated clusters). Best repeat per point, as the
plots take it."""
from .plot_data import best_rows, curves, decks, full_node_rows, label, varying_keys
from .rows import BUCKET_LABELS, BUCKETS, MPI_CALLS


def _top_calls(row, k=2):
    """The k MPI calls with the most time, as 'allreduce 41 %' of elapsed."""
    times = sorted(((row.get(f"mpi_{c}") or 0, c) for c in MPI_CALLS.values() if c != "collective_wait"),
                   reverse=True)
    return ", ".join(f"{c} {100 * t / row['elapsed']:.0f} %" for t, c in times[:k] if t > 0)


def _shares(row):
    total = sum(row[b] or 0 for b in BUCKETS) or 1
    return " / ".join(f"{100 * (row[b] or 0) / total:.1f}" for b in BUCKETS)


def _energy(row):
    """Joules of the time loop / of the whole job (start-up included)."""
    loop, job = row.get("loop_energy_joules"), row.get("energy_joules")
    if job in ("", None):
        return ""
    return (f"{loop:.1f} / " if loop not in ("", None) else "") + f"{job:.1f}"


def deck_table(best, deck, x):
    cs = curves(best, deck, x)
    vary = varying_keys(cs)
    head = (f"| curve | {x} | ranks | elapsed [s] | MPI share | top MPI calls (% of elapsed) "
            f"| messages {' / '.join(BUCKET_LABELS)} [%] | energy loop / job [J] | wall [s] |")
    lines = [f"**{deck}**", "", head, "|" + "---|" * 9]
    for key, c in cs.items():
        for r in c:
            lines.append(f"| {label(key, vary)} | {r[x]:g} | {r['np'] * r['ncpu']:g} | {r['elapsed']:.4g} "
                         f"| {100 * r['mpi_share']:.1f} % | {_top_calls(r)} | {_shares(r)} | {_energy(r)} "
                         f"| {r['wall_seconds']:.1f} |")
    return "\n".join(lines)


def elapsed_pivot(best, deck, x):
    """Elapsed time [s] with x down and one column per curve: the numbers of
    elapsed.png / interconnect_elapsed.png."""
    cs = curves(best, deck, x)
    vary = varying_keys(cs)
    names = [label(key, vary) for key in cs]
    cells = {(label(key, vary), r[x]): r["elapsed"] for key, c in cs.items() for r in c}
    xs = sorted({r[x] for c in cs.values() for r in c})
    lines = [f"| {x} | " + " | ".join(names) + " |", "|" + "---|" * (len(names) + 1)]
    for v in xs:
        lines.append(f"| {v:g} | " + " | ".join(f"{cells[(n, v)]:.4g}" if (n, v) in cells else "" for n in names)
                     + " |")
    return f"**{deck}: elapsed time of the time loop [s]**\n\n" + "\n".join(lines)


def study_tables(rows):
    """Markdown for the rows of one or more studies: simulated clusters by
    nodes (full nodes only), real runs by cores."""
    simulated = full_node_rows(rows)
    real = [r for r in rows if not r["network"]]
    out = []
    for group, x in ((simulated, "nodes"), (real, "cores")):
        best = best_rows(group, x)
        for deck in decks(best):
            out += [elapsed_pivot(best, deck, x), deck_table(best, deck, x)]
    return "\n\n".join(out)
