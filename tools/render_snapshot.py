#!/usr/bin/env python3
"""Render one step of minicrash's ParaView output as a PNG (no ParaView needed).

Reads the step's .vtu pieces (every MPI rank) and draws the deformed shells,
coloured by a cell field, with matplotlib's 3D polygons.

  tools/render_snapshot.py OUTDIR/d3plot.pvd -o tube.png            # last step
  tools/render_snapshot.py OUTDIR/d3plot.pvd --step 3 --field mpi_rank
  tools/render_snapshot.py OUTDIR/paraview/d3plot_0010.pvtu --view 20 -60
  tools/render_snapshot.py OUTDIR/d3plot.pvd --parts 1-60,75   # only these parts (a cutaway)

Needs numpy and matplotlib. Reads the VTK XML the writer emits: raw appended,
inline base64 or ASCII arrays, uncompressed.
"""
import argparse
import base64
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np

DTYPES = {"Float32": "f4", "Float64": "f8", "Int8": "i1", "UInt8": "u1", "Int16": "i2", "UInt16": "u2",
          "Int32": "i4", "UInt32": "u4", "Int64": "i8", "UInt64": "u8"}


def read_vtu(path):
    """Points (n, 3), cells (list of index arrays), point and cell arrays by name."""
    with open(path, "rb") as f:
        raw = f.read()
    # Raw appended bytes are not XML: parse the part before them, keep the bytes.
    cut = raw.find(b"<AppendedData")
    appended = b""
    if cut >= 0:
        start = raw.index(b"_", raw.index(b">", cut)) + 1
        appended = raw[start:raw.rindex(b"</AppendedData>")]
        raw = raw[:cut] + b"</VTKFile>"
    root = ET.fromstring(raw)
    if root.get("compressor"):
        sys.exit(f"{path}: compressed VTK files are not supported")
    order = "<" if root.get("byte_order", "LittleEndian") == "LittleEndian" else ">"
    count_type = np.dtype(order + DTYPES[root.get("header_type", "UInt32")])

    def values(array):
        dtype = np.dtype(order + DTYPES[array.get("type")])
        fmt = array.get("format")
        if fmt == "ascii":
            data = np.array((array.text or "").split(), dtype=np.float64).astype(dtype)
        elif fmt == "appended":
            at = int(array.get("offset"))
            nbytes = int(np.frombuffer(appended, count_type, 1, at)[0])
            data = np.frombuffer(appended, dtype, nbytes // dtype.itemsize, at + count_type.itemsize)
        elif fmt == "binary":
            blob = base64.b64decode("".join((array.text or "").split()))
            nbytes = int(np.frombuffer(blob, count_type, 1)[0])
            data = np.frombuffer(blob, dtype, nbytes // dtype.itemsize, count_type.itemsize)
        else:
            sys.exit(f"{path}: unknown DataArray format {fmt!r}")
        comps = int(array.get("NumberOfComponents", "1"))
        return data.reshape(-1, comps) if comps > 1 else data

    piece = root.find("UnstructuredGrid/Piece")
    points = values(piece.find("Points/DataArray")).reshape(-1, 3).astype(float)
    cells = {a.get("Name"): values(a) for a in piece.find("Cells")}
    ends = cells["offsets"].astype(np.int64)
    starts = np.concatenate(([0], ends[:-1]))
    conn = cells["connectivity"].astype(np.int64)
    polygons = [conn[s:e] for s, e in zip(starts, ends)]
    point_data = {a.get("Name"): values(a) for a in piece.findall("PointData/DataArray")}
    cell_data = {a.get("Name"): values(a) for a in piece.findall("CellData/DataArray")}
    return points, polygons, point_data, cell_data


def step_pieces(path, step):
    """The .vtu files and time of one step, from a .pvd (step index, -1 = last) or a .pvtu."""
    time = None
    if path.endswith(".pvd"):
        sets = list(ET.parse(path).getroot().iter("DataSet"))
        if not sets:
            sys.exit(f"{path}: no steps")
        chosen = sets[step]
        time = float(chosen.get("timestep"))
        path = os.path.join(os.path.dirname(path), chosen.get("file"))
    if path.endswith(".pvtu"):
        base = os.path.dirname(path)
        pieces = [os.path.join(base, p.get("Source")) for p in ET.parse(path).getroot().iter("Piece")]
        return pieces, time
    return [path], time


def part_filter(text):
    """'1-60,75' -> the set of part ids it names (None: every part)."""
    if not text:
        return None
    ids = set()
    for item in text.split(","):
        lo, _, hi = item.partition("-")
        ids.update(range(int(lo), int(hi or lo) + 1))
    return ids


def render(pieces, field, out, time=None, view=(25, -55), cmap=None, warp=1.0, edges=True, parts=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    polys, colours = [], []
    for piece in pieces:
        points, polygons, point_data, cell_data = read_vtu(piece)
        if field not in cell_data:
            sys.exit(f"{piece}: no cell field {field!r}; have {', '.join(cell_data)}")
        if warp != 1.0 and "displacement" in point_data:
            points = points + (warp - 1.0) * point_data["displacement"].astype(float)
        keep = np.ones(len(polygons), dtype=bool)
        if parts is not None:
            keep = np.isin(np.asarray(cell_data["part_id"], dtype=np.int64), sorted(parts))
        polys += [points[p] for p, k in zip(polygons, keep) if k]
        colours.append(np.asarray(cell_data[field], dtype=float)[keep])
    if not polys:
        sys.exit("no cells to draw")
    colours = np.concatenate(colours)
    lo, hi = float(colours.min()), float(colours.max())
    values, ticks = int(hi - lo) + 1, None
    if field in ("mpi_rank", "part_id") and values <= 20 and not cmap:
        # One distinct colour per rank or part, centred on its integer value.
        cmap = matplotlib.colors.ListedColormap(plt.get_cmap("tab20" if values > 10 else "tab10").colors[:values])
        ticks = np.arange(lo, hi + 1)
        lo, hi = lo - 0.5, hi + 0.5
    else:
        cmap = plt.get_cmap(cmap or "turbo")
    norm = matplotlib.colors.Normalize(lo, hi if hi > lo else lo + 1)

    fig = plt.figure(figsize=(8, 6), dpi=150)
    ax = fig.add_subplot(projection="3d")
    collection = Poly3DCollection(polys, facecolors=cmap(norm(colours)),
                                  edgecolors=(0, 0, 0, 0.35) if edges else "none", linewidths=0.15)
    ax.add_collection3d(collection)
    every = np.concatenate(polys)
    lows, highs = every.min(axis=0), every.max(axis=0)
    centre, half = (lows + highs) / 2, (highs - lows).max() / 2
    for set_lim, c in zip((ax.set_xlim, ax.set_ylim, ax.set_zlim), centre):
        set_lim(c - half, c + half)
    ax.set_box_aspect((1, 1, 1))  # true proportions: equal ranges on a cube
    ax.view_init(elev=view[0], azim=view[1])
    ax.set_axis_off()
    mappable = matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(mappable, ax=ax, shrink=0.6, ticks=ticks, label=field.replace("_", " "))
    title = f"{field.replace('_', ' ')}" + (f", t = {time:.4g}" if time is not None else "")
    ax.set_title(f"{title}  ({len(polys)} shells, {len(pieces)} piece(s))")
    fig.savefig(out, bbox_inches="tight")
    plt.close(fig)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("path", help=".pvd (time series), .pvtu (one step) or .vtu (one piece)")
    p.add_argument("--step", type=int, default=-1, help="step index in the .pvd (default: last)")
    p.add_argument("--field", default="effective_plastic_strain",
                   help="cell field: effective_plastic_strain, von_mises, part_id, element_id, mpi_rank")
    p.add_argument("--view", type=float, nargs=2, default=(25, -55), metavar=("ELEV", "AZIM"))
    p.add_argument("--cmap", help="matplotlib colour map (default turbo; distinct colours for ranks and parts)")
    p.add_argument("--warp", type=float, default=1.0, help="displacement magnification (default 1)")
    p.add_argument("--no-edges", action="store_true", help="do not outline the shells")
    p.add_argument("--parts", help="draw only these part ids, e.g. 1-60,75")
    p.add_argument("-o", "--output", default="snapshot.png")
    a = p.parse_args()
    pieces, time = step_pieces(a.path, a.step)
    render(pieces, a.field, a.output, time, tuple(a.view), a.cmap, a.warp, not a.no_edges, part_filter(a.parts))
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
