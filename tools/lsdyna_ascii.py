"""Readers of LS-DYNA's ASCII history files (glstat, matsum, rwforc, rcforc,
nodout) as the solver and LSTC's l2a converter write them, and of a CSV with named columns
(OpenRadioss' th_to_csv, a spreadsheet): each returns
{quantity name: (times, values)} in the names tools/minicrash_compare.py
compares. Written from the layouts (l2a.c: translate_glstat,
translate_matsum, translate_rwforc, translate_rcforc, translate_nodout2;
real solver files), not from minicrash's writers:

  glstat   blocks from ' dt of cycle'; one ' label.....%14.5E' line a quantity
  matsum   blocks from ' time =%13.4E'; per part ' mat.#=%5d' ... 'inten=%13.4E
           kinen=%13.4E', then ' ... hgeng=%13.4E'
  rcforc   '  slave %11d time%12.5E  x %12.5E  y %12.5E  z %12.5E mass %12.5E'
           and '  master' lines (SURFA / SURFB in newer versions)
  rwforc   '%12.5E%8d%15.6E%15.6E%15.6E%15.6E': time, wall, normal, x, y, z force
  nodout   ' n o d a l   p r i n t   o u t ...( at time%14.7E )' blocks, then
           '%9d%13.4E' + eleven '%12.4E' by fixed columns (numbers may touch)

Fortran drops the E of a three-digit exponent ('-1.5000-345'): fixed.
Plain Python (no NumPy needed).
"""
import csv
import re

# glstat label -> quantity (minicrash's glstat column names).
GLSTAT_LABELS = {"kinetic energy": "kinetic", "internal energy": "internal", "hourglass energy": "hourglass",
                 "sliding interface energy": "contact", "stonewall energy": "stonewall", "total energy": "total",
                 "external work": "external_work", "total energy / initial energy": "energy_ratio"}
GLSTAT_STONEWALL = re.compile(r"^ stonewall energy\.+\s*(\S+) wall#")
NODOUT_COLUMNS = ["x-disp", "y-disp", "z-disp", "x-vel", "y-vel", "z-vel", "x-accl", "y-accl", "z-accl",
                  "x-coor", "y-coor", "z-coor"]
NODOUT_WIDTHS = [9, 13] + [12] * 11
NODOUT_BLOCK = re.compile(r"^ n o d a l   p r i n t   o u t   f o r   t i m e  s t e p.*\( at time\s*(\S+)\s*\)")


def number(text):
    text = text.strip()
    if text and set(text) == {"*"}:
        return float("nan")
    return float(re.sub(r"(?<=\d)([+-])(\d{3})$", r"E\1\2", text))


def append(series, name, t, value):
    times, values = series.setdefault(name, ([], []))
    times.append(t)
    values.append(value)


def read_glstat(path):
    series, t, block = {}, None, {}

    def close():
        if t is not None:
            for name, value in block.items():
                append(series, name, t, value)

    for line in open(path):
        if re.match(r"\s*dt of cycle", line):
            close()
            t, block = None, {}
            continue
        m = GLSTAT_STONEWALL.match(line)
        if m:  # a line per wall: their sum is the stonewall energy
            block["stonewall"] = block.get("stonewall", 0.0) + number(m.group(1))
            continue
        head, _, tail = line.rstrip("\n").rpartition(" ")
        if " wall#" in line or not head.strip():
            continue
        label = head.rstrip().rstrip(".").strip()
        if label == "time":
            t = number(tail)
        elif label in GLSTAT_LABELS:
            block[GLSTAT_LABELS[label]] = number(tail)
    close()
    return series


def read_rwforc(path):
    series = {}
    for line in open(path):
        row = line.rstrip("\n")
        if len(row) < 80:
            continue
        try:
            t, wall = number(row[0:12]), int(row[12:20])
            forces = [number(row[20 + 15 * k:35 + 15 * k]) for k in range(4)]
        except ValueError:
            continue
        for name, value in zip(["normal_force", "x_force", "y_force", "z_force"], forces):
            append(series, f"wall {wall} {name}", t, value)
    return series


MATSUM_TIME = re.compile(r"^ time =\s*(\S+)\s*$")
MATSUM_PART = re.compile(r"^ mat\.#=\s*(\d+)\s+inten=\s*(\S+)\s+kinen=\s*(\S+)")
MATSUM_VECTOR = re.compile(r"^ x-(mom|rbv)=\s*(\S+)\s+y-\1=\s*(\S+)\s+z-\1=\s*(\S+)")
MATSUM_HOURGLASS = re.compile(r"^\s+hgeng=\s*(\S+)\s+\+mass=\s*(\S+)")
MATSUM_VECTOR_NAMES = {"mom": "momentum", "rbv": "rbv"}
RCFORC_ROW = re.compile(r"^\s*(slave|master|surfa|surfb)\s*(\d+)\s+time\s*(\S+)\s+x\s*(\S+)\s+y\s*(\S+)"
                        r"\s+z\s*(\S+)\s+mass\s*(\S+)", re.I)


def read_matsum(path):
    """part N internal / kinetic / hourglass / mass, x/y/z_momentum and x/y/z_rbv (momentum over mass)."""
    series, t, part = {}, None, None
    for line in open(path):
        m = MATSUM_TIME.match(line)
        if m:
            t = number(m.group(1))
            continue
        m = MATSUM_PART.match(line)
        if m and t is not None:
            part = int(m.group(1))
            append(series, f"part {part} internal", t, number(m.group(2)))
            append(series, f"part {part} kinetic", t, number(m.group(3)))
            continue
        if part is None:
            continue
        m = MATSUM_VECTOR.match(line)
        if m:
            for axis, value in zip("xyz", m.groups()[1:]):
                append(series, f"part {part} {axis}_{MATSUM_VECTOR_NAMES[m.group(1)]}", t, number(value))
            continue
        m = MATSUM_HOURGLASS.match(line)
        if m:
            append(series, f"part {part} hourglass", t, number(m.group(1)))
            append(series, f"part {part} mass", t, number(m.group(2)))
    return series


def read_rcforc(path):
    """interface N slave_x ... master_z (LS-DYNA's SURFA is the slave side, SURFB the master)."""
    series = {}
    for line in open(path):
        m = RCFORC_ROW.match(line)
        if not m:
            continue
        side = "slave" if m.group(1).lower() in ("slave", "surfa") else "master"
        t = number(m.group(3))
        for axis, text in zip("xyz", m.group(4, 5, 6)):
            append(series, f"interface {int(m.group(2))} {side}_{axis}", t, number(text))
    return series


def read_nodout(path):
    series, t, in_rows = {}, None, False
    for line in open(path):
        row = line.rstrip("\n")
        m = NODOUT_BLOCK.match(row)
        if m:
            t, in_rows = number(m.group(1)), False
            continue
        if row.startswith(" nodal point"):
            in_rows = "x-disp" in row  # the rotational block's rows are not read
            continue
        if not in_rows or not row.strip():
            continue
        fields, at = [], 0
        for w in NODOUT_WIDTHS:
            fields.append(row[at:at + w])
            at += w
        node = int(fields[0])
        for name, text in zip(NODOUT_COLUMNS, fields[1:]):
            append(series, f"node {node} {name}", t, number(text))
    return series


def read_csv(path):
    """First column time; every other named column a quantity."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    names = [n.strip() for n in rows[0]]
    series = {}
    for row in rows[1:]:
        if not row:
            continue
        t = float(row[0])
        for name, text in zip(names[1:], row[1:]):
            if text.strip():
                append(series, name, t, float(text))
    return series


def kind_of(path):
    """'glstat', 'matsum', 'rwforc', 'rcforc', 'nodout' or 'csv', from the file's contents."""
    with open(path, errors="replace") as f:
        head = f.read(20000)
    if "n o d a l   p r i n t   o u t" in head:
        return "nodout"
    if re.search(r"^\s*dt of cycle", head, re.M):
        return "glstat"
    if "wall#   normal-force" in head:
        return "rwforc"
    if re.search(r"^ mat\.#=", head, re.M):
        return "matsum"
    if any(RCFORC_ROW.match(line) for line in head.split("\n")):
        return "rcforc"
    first = head.split("\n", 1)[0]
    if "," in first and not first.lstrip().startswith("#"):
        return "csv"
    raise ValueError(f"{path}: not an LS-DYNA glstat, matsum, rwforc, rcforc or nodout, nor a CSV with a header")


READERS = {"glstat": read_glstat, "matsum": read_matsum, "rwforc": read_rwforc, "rcforc": read_rcforc,
           "nodout": read_nodout, "csv": read_csv}


def read_any(path):
    return READERS[kind_of(path)](path)
