"""Matplotlib pieces the study plots share: a grid of panels, stacked bars,
saving."""
import os

import matplotlib

matplotlib.use("Agg")  # files only; no display needed
import matplotlib.pyplot as plt  # noqa: E402

CALL_COLOURS = {"allreduce": "tab:red", "bcast": "tab:orange", "barrier": "tab:olive", "gather": "tab:pink",
                "allgather": "gold", "alltoall": "black",
                "send": "tab:brown", "recv": "tab:purple", "isend": "tab:blue", "irecv": "tab:cyan",
                "waitall": "tab:green", "collective_wait": "tab:gray"}
BUCKET_COLOURS = ["tab:blue", "tab:green", "tab:orange", "tab:red"]


def grid(rows, cols, title, width=4.2, height=3.3):
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols + 0.8, height * rows + 0.6), squeeze=False,
                             constrained_layout=True)  # room for the title above the panels
    fig.suptitle(title)
    return fig, axes


def panels(count, title, cols=3):
    """count panels, wrapped into rows of at most `cols`; unused cells hidden."""
    ncols = min(cols, count)
    fig, axes = grid((count + ncols - 1) // ncols, ncols, title)
    flat = [ax for row in axes for ax in row]
    for ax in flat[count:]:
        ax.set_visible(False)
    return fig, flat[:count]


def stacked_bars(ax, xs, layers, colours, as_share_of=None):
    """Bars at categorical positions xs, one segment per layer {label: values}.
    as_share_of: divide each bar's segments by these totals (in %)."""
    positions = range(len(xs))
    bottom = [0.0] * len(xs)
    for (name, values), colour in zip(layers.items(), colours):
        if as_share_of is not None:
            values = [100 * v / t if t else 0 for v, t in zip(values, as_share_of)]
        if not any(values):
            continue
        ax.bar(positions, values, bottom=bottom, color=colour, label=name, width=0.7)
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_xticks(list(positions))
    ax.set_xticklabels([f"{x:g}" for x in xs])


def save(fig, directory, name):
    """Writes the figure, with one legend beside it for every labelled line of every panel."""
    seen = {}
    for ax in fig.axes:
        for handle, text in zip(*ax.get_legend_handles_labels()):
            seen.setdefault(text, handle)
    if seen:
        fig.legend(list(seen.values()), list(seen), loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize="small")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path
