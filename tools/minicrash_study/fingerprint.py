"""The published studies' claims (DESIGN.md section 9, ../shared/seeds/)
beside minicrash's figures from one or more study directories:
`tools/study.py fingerprint DIR... [--json]`.

Each row: the claim, the seed's figure, minicrash's figure per deck,
window and network, whether it agrees (true, false, "partly", or null when
the studies given cannot say), and one line why. Figures use the best
repeat of each point (plot_data.best_rows).
"""
import json
from collections import defaultdict

from .plot_data import best_rows, full_node_rows

ETHERNET = ("gige", "10gige", "gige-tcp", "10gige-tcp")


def _messages(r):
    return sum(r[b] for b in ("msgs_0_256B", "msgs_256B_4KB", "msgs_4KB_64KB", "msgs_over_64KB"))


def _groups(rows):
    """{(deck, window, network): rows sorted by np}, simulated full-node runs."""
    out = defaultdict(list)
    for r in full_node_rows(rows):
        out[(r["deck"], r.get("window") or "whole run", r["network"])].append(r)
    return {k: sorted(v, key=lambda r: r["np"]) for k, v in sorted(out.items())}


def _name(key):
    deck, window, network = key
    return f"{deck} [{window}] {network}"


def _verdict(flags):
    flags = [f for f in flags if f is not None]
    if not flags:
        return None
    if all(f is True for f in flags):
        return True
    if all(f is False for f in flags):
        return False
    return "partly"


def _trend(values):
    """True: grows from first to last and never falls; 'partly': grows overall; False: does not grow."""
    if len(values) < 2:
        return None
    if values[-1] <= values[0]:
        return False
    return True if all(b >= a for a, b in zip(values, values[1:])) else "partly"


def small_messages(groups):
    cells, flags = [], []
    for key, g in groups.items():
        r = g[-1]
        total = _messages(r) or 1
        small = (r["msgs_0_256B"] + r["msgs_256B_4KB"]) / total
        cells.append(f"{_name(key)} np {r['np']:g}: {100 * small:.0f} % < 4 KB (0-256 B {100 * r['msgs_0_256B'] / total:.0f} %, "
                     f"256 B-4 KB {100 * r['msgs_256B_4KB'] / total:.0f} %)")
        flags.append(small > 0.5)
    return cells, flags, "share of the time loop's messages by size, largest np of each curve"


def count_growth(groups, large):
    cells, flags = [], []
    for key, g in groups.items():
        per_cycle = [(_messages(r) if not large else r["msgs_4KB_64KB"] + r["msgs_over_64KB"]) / max(r["cycles"], 1)
                     for r in g]
        per_rank = [v / r["np"] for v, r in zip(per_cycle, g)]
        cells.append(f"{_name(key)}: " + ", ".join(f"np {r['np']:g} {v:.0f}/cycle ({pr:.1f}/rank)"
                                                    for r, v, pr in zip(g, per_cycle, per_rank)))
        flags.append(_trend(per_cycle))
    what = "messages >= 4 KB" if large else "all messages"
    return cells, flags, f"{what} per cycle, all ranks, as np grows"


def top_calls(groups):
    cells, flags = [], []
    for key, g in groups.items():
        r = g[-1]
        times = {c[4:]: r[c] for c in r if c.startswith("mpi_") and c not in ("mpi_seconds", "mpi_share",
                                                                              "mpi_collective_wait")
                 and isinstance(r[c], float)}
        top = sorted(times, key=times.get, reverse=True)[:2]
        cells.append(f"{_name(key)} np {r['np']:g}: {top[0]} {times[top[0]]:.3g} s, {top[1]} {times[top[1]]:.3g} s")
        flags.append(True if top == ["allreduce", "bcast"] else "partly" if "allreduce" in top else False)
    return cells, flags, ("MPI calls by time per rank at the largest np (waitall holds the halo and contact waits). "
                          "minicrash broadcasts only rank 0's stop/status requests every 100 cycles: no public "
                          "source says what LS-DYNA MPP broadcasts (seed 003 finds its Bcast 99 % waiting)")


def collective_wait(groups):
    cells, flags = [], []
    for key, g in groups.items():
        r = g[-1]
        wait = r.get("mpi_collective_wait") or 0.0
        if not wait:
            continue
        share = wait / (wait + r["mpi_allreduce"] + r["mpi_bcast"])
        cells.append(f"{_name(key)} np {r['np']:g}: {100 * share:.0f} % of collective time is waiting for the last rank")
        flags.append(True if share > 0.9 else "partly" if share > 0.5 else False)
    why = ("time in the barrier before each collective (minicrash --profile-wait) against the collective itself"
           if cells else "not measured: run the study with --option=--profile-wait")
    return cells, flags, why


def ethernet_scaling(groups):
    cells, flags = [], []
    for key, g in groups.items():
        if key[2] not in ETHERNET or len(g) < 3:
            continue
        best = min(g, key=lambda r: r["elapsed"])
        last = g[-1]
        slower = last["elapsed"] > 1.02 * best["elapsed"]
        cells.append(f"{_name(key)}: fastest at {best['nodes']:g} nodes ({best['elapsed']:.3g} s); "
                     f"{last['nodes']:g} nodes {100 * (last['elapsed'] / best['elapsed'] - 1):+.0f} %")
        flags.append(True if slower and best is not last else "partly" if best is not last else False)
    return cells, flags, "elapsed time vs nodes on the Ethernet platforms (>= 3 node counts)"


def ib_vs_ethernet(groups, column, label, seed_nodes):
    """Per deck and window: IB against each Ethernet at the seed's node count
    where both have a point with the figure, else each at its fastest node
    count among the points that have it."""
    cells, flags = [], []
    by_run = defaultdict(dict)
    for (deck, window, network), g in groups.items():
        by_run[(deck, window)][network] = g
    for (deck, window), nets in by_run.items():
        ib = [n for n in nets if n.startswith("ib")]
        for eth in [n for n in ETHERNET if n in nets]:
            for i in ib:
                with_figure = [[r for r in nets[n] if isinstance(r.get(column), float)] for n in (i, eth)]
                if not all(with_figure):
                    continue
                at_seed = [[r for r in rows if r["nodes"] == seed_nodes] for rows in with_figure]
                if all(at_seed):
                    a, b = at_seed[0][0], at_seed[1][0]
                    where = f"at {seed_nodes:g} nodes"
                else:
                    a, b = (min(rows, key=lambda r: r["elapsed"]) for rows in with_figure)
                    where = f"{a['nodes']:g} vs {b['nodes']:g} nodes, each at its fastest"
                if not b[column]:
                    continue
                change = a[column] / b[column] - 1
                cells.append(f"{deck} [{window}] {i} vs {eth}: {100 * change:+.0f} % {label} ({where})")
                flags.append(True if change < -0.4 else "partly" if change < 0 else False)
    return cells, flags, (f"{label} of the IB platform against Ethernet at {seed_nodes:g} nodes where both ran "
                          "there, else each at its fastest node count")


def mpi_share(groups):
    cells, flags = [], []
    for key, g in groups.items():
        cells.append(f"{_name(key)}: " + ", ".join(f"np {r['np']:g} {100 * r['mpi_share']:.0f} %" for r in g))
        flags.append(_trend([r["mpi_share"] for r in g]))
    return cells, flags, "MPI time / elapsed (rank average) as np grows"


def tcp_gap(groups):
    """Seed 001's gap is a TCP rank's sleep in the kernel; an InfiniBand MPI
    polls (its waits are CPU time). Here: the MPI share on Ethernet, 0 on IB."""
    cells, flags = [], []
    for key, g in groups.items():
        r = min(g, key=lambda r: abs(r["cores"] - 64))
        tcp = key[2] in ETHERNET
        gap = r["mpi_share"] if tcp else 0.0
        cells.append(f"{_name(key)} {r['cores']:g} cores: {100 * gap:.0f} %")
        flags.append((gap > 0.2) if tcp else True)
    return cells, flags, ("MPI share at the np nearest 64 on the Ethernet platforms (waits sleep under TCP); "
                          "0 on InfiniBand, whose MPI polls")


def efficiency(groups):
    cells, flags = [], []
    by_run = defaultdict(dict)
    for (deck, window, network), g in groups.items():
        by_run[(deck, window)][network] = g
    for (deck, window), nets in by_run.items():
        gige = next((n for n in ("gige-tcp", "gige") if n in nets), None)
        if not gige:
            continue
        base = nets[gige][0]
        serial = base["elapsed"] * base["cores"]  # perfect scaling assumed below the fewest cores run
        for network in [n for n in nets if n == gige or n.startswith("ib")]:
            effs = [(r["cores"], serial / (r["cores"] * r["elapsed"])) for r in nets[network]]
            cells.append(f"{deck} [{window}] {network}: " + ", ".join(f"{c:g} cores {100 * e:.0f} %" for c, e in effs))
        ib = [n for n in nets if n.startswith("ib")]
        if ib:
            e_ib = serial / (nets[ib[0]][-1]["cores"] * nets[ib[0]][-1]["elapsed"])
            e_ge = serial / (nets[gige][-1]["cores"] * nets[gige][-1]["elapsed"])
            flags.append(e_ib > e_ge)
    return cells, flags, "parallel efficiency against the fewest-cores GigE run, scaled to one core"


CLAIMS = [
    ("most messages are 0-4 KB; 0-256 B control, 256 B-4 KB compute", "most below 4 KB (3-vehicle, 24 x 8)",
     small_messages),
    ("message count grows with cluster size", "grows with nodes (3-vehicle)", lambda g: count_growth(g, False)),
    ("large-message volume grows with cluster size", "grows with nodes (3-vehicle)", lambda g: count_growth(g, True)),
    ("MPI_Allreduce and MPI_Bcast take most MPI time; Allreduce the larger", "Allreduce, then Bcast (up to 192 cores)",
     top_calls),
    ("collective time is mostly waiting for the slowest rank", "Bcast 99 % waiting (2000 ranks)", collective_wait),
    ("GigE and 10GigE stop scaling past 16 nodes and get slower past 16-20", "slower beyond 16-20 nodes",
     ethernet_scaling),
    ("IB vs 10GigE / GigE run time at 24 nodes", "-60 % / -61 % (Neon), -40 % / -55 % (3-vehicle)",
     lambda g: ib_vs_ethernet(g, "elapsed", "run time", 24)),
    ("energy per job, IB vs Ethernet", "about -60 % (16 nodes)",
     lambda g: ib_vs_ethernet(g, "energy_joules", "energy per job", 16)),
    ("3-vehicle efficiency vs CPUs, GigE vs IB", "GigE 65.8 % at 16, 46.8 % at 64; IB 75.1 % at 32, 66.3 % at 64",
     efficiency),
    ("MPI share of elapsed grows with np", "under 2000 ranks less than half the time is compute", mpi_share),
    ("elapsed minus CPU time, GigE (TCP) vs InfiniBand", "GigE 38 % at 64 CPUs, IB 0.1 % (3-vehicle)", tcp_gap),
]
JOBS_CLAIM = ("several concurrent jobs vs one job over the cluster (IB)", "about +200 % productivity (2-8 jobs, "
              "each on every node)")
RAIL_CLAIM = ("dual-rail vs single-rail InfiniBand", "-35 % at 128 cores (Neon), -17 % at 256 (3-vehicle)")
NOT_YET = [
    ("collective offload (FCA)", "+5 % at 8 nodes, +15 % at 16 x 12"),
]


def _waited(r):
    """A --profile-wait run: its barriers before collectives slow it, so it is kept apart."""
    return isinstance(r.get("mpi_collective_wait"), float) and r["mpi_collective_wait"] > 0


def concurrent_jobs(throughput_rows):
    """Seed 000 section 9: up to 8 jobs at once, each on every node, against
    one job on all of them; on InfiniBand "a factor of two" more jobs per
    day (+100 %), +200 % in its abstract. Agrees: the most jobs gain at
    least +100 % on InfiniBand; partly: they gain."""
    groups = defaultdict(dict)
    for r in throughput_rows:
        if r.get("network"):
            groups[(r["deck"], r["network"], r["nodes"], r["placement"])][r["jobs"]] = r["jobs_per_day"]
    cells, flags = [], []
    for (deck, network, nodes, placement), per_k in sorted(groups.items()):
        if 1 not in per_k or len(per_k) < 2:
            continue
        gains = ", ".join(f"{k:g} jobs {100 * (per_k[k] / per_k[1] - 1):+.0f} %" for k in sorted(per_k) if k != 1)
        cells.append(f"{deck} {network} {nodes:g} nodes ({placement}): {gains}")
        if network.startswith("ib"):
            best = per_k[max(per_k)] / per_k[1] - 1
            flags.append(True if best >= 1.0 else ("partly" if best > 0 else False))
    return cells, flags, ("jobs per day of K concurrent jobs against one (tools/study.py throughput --network ... "
                          "--jobs 1 2 4 8 --share-nodes)")


def dual_rail(rows):
    """Seed 002: a second InfiniBand rail cut the run time by 35 % (Neon, 128
    cores) and 17 % (3-vehicle, 256). Here: each point run on the same fat
    tree with 2 rails (--rails 1 2). Agrees: 2 rails save at least 10 % on
    InfiniBand at 128 cores or more; partly: they save something."""
    pairs = defaultdict(dict)
    for r in full_node_rows(rows):
        rails = 2 if r["topology"].endswith("-r2") else 1
        base = r["topology"][:-3] if rails == 2 else r["topology"]
        pairs[(r["deck"], r.get("window") or "whole run", r["network"], base, r["np"])][rails] = r["elapsed"]
    cells, flags = [], []
    for (deck, window, network, base, np_), by_rails in sorted(pairs.items()):
        if len(by_rails) < 2:
            continue
        change = by_rails[2] / by_rails[1] - 1
        cells.append(f"{deck} [{window}] {network} {np_:g} cores: {100 * change:+.1f} %")
        if network.startswith("ib") and np_ >= 128:
            flags.append(True if change <= -0.10 else ("partly" if change < 0 else False))
    return cells, flags, "elapsed with 2 rails against 1 on the same fat tree (tools/study.py run --rails 1 2)"


def fingerprint(rows, throughput_rows=()):
    groups = _groups(best_rows([r for r in rows if not _waited(r)]))
    wait_groups = _groups(best_rows([r for r in rows if _waited(r)]))
    out = []
    for claim, seed, measure in CLAIMS:
        cells, flags, why = measure(wait_groups if measure is collective_wait else groups)
        agrees = _verdict(flags)
        known = [f for f in flags if f is not None]
        if known:
            why = f"{why}: {sum(f is True for f in known)} of {len(known)} curves agree" + (
                f", {sum(f == 'partly' for f in known)} partly" if any(f == "partly" for f in known) else "")
        elif not cells and "not measured" not in why:
            why = "the studies given have no points for this claim (it needs: " + why + ")"
        out.append({"claim": claim, "seed": seed, "minicrash": "; ".join(cells) or "-", "agrees": agrees, "why": why})
    for (claim, seed), (cells, flags, why) in ((JOBS_CLAIM, concurrent_jobs(throughput_rows)),
                                               (RAIL_CLAIM, dual_rail(rows))):
        if not cells:
            why = "the studies given have no points for this claim (it needs: " + why + ")"
        out.append({"claim": claim, "seed": seed, "minicrash": "; ".join(cells) or "-", "agrees": _verdict(flags),
                    "why": why})
    for claim, seed in NOT_YET:
        out.append({"claim": claim, "seed": seed, "minicrash": "-", "agrees": None,
                    "why": "SimGrid models no collective offload (a switch that reduces in the network)"})
    return out


def print_table(entries, as_json, stream):
    if as_json:
        json.dump(entries, stream, indent=1)
        stream.write("\n")
        return
    word = {True: "agrees", False: "differs", "partly": "partly", None: "-"}
    stream.write("| claim | seed | minicrash | agrees | why |\n|---|---|---|---|---|\n")
    for e in entries:
        stream.write(f"| {e['claim']} | {e['seed']} | {e['minicrash']} | {word[e['agrees']]} | {e['why']} |\n")
