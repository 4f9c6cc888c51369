#!/usr/bin/env python3
"""nodout read by a parser written from LS-DYNA's layout, not from
minicrash's writer: LSTC's l2a converter (l2a.c, translate_nodout2 and
output_title) writes

  fprintf(fp," %s\\n",title);
  fprintf(fp,"                         ls-dyna %-22s date %s\\n",version,date);
  (empty legend) "\\n\\n"
  per state: "\\n\\n\\n n o d a l   p r i n t   o u t   f o r   t i m e  "
             "s t e p%8d                              ( at time%14.7E )\\n"
             "\\n nodal point  x-disp     y-disp      z-disp      x-vel ... z-coor\\n"
             per node "%9ld%13.4E%12.4E%12.4E" "%12.4E" x 9 "\\n"

so this parser takes every field by its column. The tube deck with
*DATABASE_NODOUT (0.1 ms) and three *DATABASE_HISTORY_NODE nodes runs 1 ms
at np 1 and np 2; checks, to the 5 digits the layout prints:
  - every block: header, column line and one row per node, in deck order;
  - cycles increasing, times those of glstat's rows at multiples of 0.1 ms;
  - coordinates = initial coordinates (from the deck) + displacement;
  - at the ParaView steps (0.5, 1.0 ms): displacement and velocity equal the
    pieces' values for those node ids;
  - np 1 and np 2 give the same blocks;
  - resumed in place from the restart set at the middle of the np 2 run,
    nodout is byte for byte the straight run's.

usage: nodout_layout.py MPIEXEC_ARGS BINARY DECK WORKDIR
"""
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
from minicrash_histories import table  # noqa: E402  (the history CSV reader)
from render_snapshot import read_vtu, step_pieces  # noqa: E402  (the ParaView reader)

HISTORY_NODES = [1, 100, 2000]
HEADER = re.compile(r"^ n o d a l   p r i n t   o u t   f o r   t i m e  s t e p(.{8}) {30}\( at time(.{14}) \)$")
COLUMNS = (" nodal point  x-disp     y-disp      z-disp      x-vel       y-vel       z-vel      x-accl      y-accl"
           "      z-accl      x-coor      y-coor      z-coor")
WIDTHS = [9, 13] + [12] * 11


def fields(row):
    if len(row) != sum(WIDTHS):
        sys.exit(f"row of {len(row)} characters, the layout has {sum(WIDTHS)}: {row!r}")
    out, at = [], 0
    for w in WIDTHS:
        out.append(row[at:at + w])
        at += w
    return int(out[0]), [float(v) for v in out[1:]]


def parse(path):
    """[(cycle, time, {node: 12 values})] and the two title lines."""
    lines = open(path).read().split("\n")
    if not lines[1].startswith("                         ls-dyna ") or " date " not in lines[1]:
        sys.exit(f"{path}: second line is not the ls-dyna version line: {lines[1]!r}")
    blocks, k = [], 2
    while k < len(lines):
        m = HEADER.match(lines[k])
        if not m:
            if lines[k].strip():
                sys.exit(f"{path}:{k + 1}: not a block header: {lines[k]!r}")
            k += 1
            continue
        if lines[k - 3:k] != ["", "", ""] or lines[k + 1] != "" or lines[k + 2] != COLUMNS:
            sys.exit(f"{path}:{k + 1}: the block does not start as l2a writes it")
        rows = {}
        for row in lines[k + 3:k + 3 + len(HISTORY_NODES)]:
            node, values = fields(row)
            rows[node] = values
        if list(rows) != HISTORY_NODES:
            sys.exit(f"{path}:{k + 1}: nodes {list(rows)}, the deck lists {HISTORY_NODES}")
        blocks.append((int(m.group(1)), float(m.group(2)), rows))
        k += 3 + len(HISTORY_NODES)
    return lines[:2], blocks


def deck_coordinates(deck):
    coords, in_nodes = {}, False
    for line in open(deck):
        if line.startswith("*"):
            in_nodes = line.strip().upper() == "*NODE"
            continue
        if in_nodes and line.strip() and not line.startswith("$"):
            v = line.replace(",", " ").split()
            coords[int(v[0])] = [float(x) for x in v[1:4]]
    return coords


def near(a, b):
    """Equal to the 5 significant digits of %.4E (both rounded, so 1.5 units of the 5th)."""
    return abs(a - b) <= 1.5e-4 * max(abs(a), abs(b)) + 1e-30


def run(mpiexec, np_, binary, args):
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary] + args + ["--quiet"]
    if subprocess.run(cmd).returncode != 0:
        sys.exit(f"minicrash failed: {' '.join(cmd)}")


def main():
    mpiexec, binary, deck, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    text = open(deck).read()
    marker = "*DATABASE_BINARY_D3PLOT\n"
    if marker not in text:
        sys.exit(f"{deck}: no {marker.strip()} to add nodout beside")
    edited = os.path.join(work, "tube_nodout.k")
    with open(edited, "w") as f:
        f.write(text.replace(marker, "*DATABASE_NODOUT\n0.1\n*DATABASE_HISTORY_NODE\n"
                             + ",".join(map(str, HISTORY_NODES)) + "\n" + marker, 1))
    x0 = deck_coordinates(edited)
    parsed = {}
    for np_ in (1, 2):
        odir = os.path.join(work, f"np{np_}")
        run(mpiexec, np_, binary, [f"i={edited}", "endtim=1", "restart_every=1200", f"odir={odir}"])
        _, blocks = parse(os.path.join(odir, "nodout"))
        glstat = {round(row[0], 12) for row in table(odir, "glstat")}
        cycles = [c for c, _, _ in blocks]
        if cycles != sorted(set(cycles)) or len(blocks) != 11:
            sys.exit(f"np {np_}: {len(blocks)} blocks at cycles {cycles}; expected 11 (0 to 1 ms by 0.1), increasing")
        for cycle, t, rows in blocks:
            if not any(near(t, g) for g in glstat):
                sys.exit(f"np {np_}: nodout time {t} is no glstat row's")
            for node, v in rows.items():
                for k in range(3):  # each printed value carries half a unit of its 5th digit
                    if abs(v[9 + k] - x0[node][k] - v[k]) > 1e-4 * (abs(v[9 + k]) + abs(v[k])) + 1e-12:
                        sys.exit(f"np {np_}, cycle {cycle}, node {node}: coordinate {v[9 + k]} is not "
                                 f"{x0[node][k]} + displacement {v[k]}")
        pvd = os.path.join(odir, "d3plot.pvd")
        checked = 0
        for step in range(1, 3):
            pieces, t = step_pieces(pvd, step)
            block = next(((c, tb, r) for c, tb, r in blocks if near(tb, t)), None)
            if block is None:
                sys.exit(f"np {np_}: no nodout block at the ParaView step t = {t}")
            for p in pieces:
                _, _, point, _ = read_vtu(p)
                for nid, u, vel in zip(point["node_id"], point["displacement"], point["velocity"]):
                    if int(nid) in block[2]:
                        mine = block[2][int(nid)]
                        for k in range(3):
                            for ours, theirs in ((mine[k], u[k]), (mine[3 + k], vel[k])):
                                if not near(ours, theirs) and abs(ours - theirs) > 1e-8:
                                    sys.exit(f"np {np_}, t = {t}, node {nid}: nodout {ours}, ParaView {theirs}")
                        checked += 1
        parsed[np_] = blocks
        print(f"np {np_}: {len(blocks)} blocks of {len(HISTORY_NODES)} nodes, every column where l2a puts it; "
              f"{checked} node states equal to the ParaView pieces' to 5 digits")
    if parsed[1] != parsed[2]:
        sys.exit("nodout differs between np 1 and np 2")
    # Resumed in place from the middle set: the file continues as the straight run's.
    odir = os.path.join(work, "np2")
    straight = open(os.path.join(odir, "nodout")).read()
    sets = sorted(os.listdir(os.path.join(odir, "restart")))
    run(mpiexec, 2, binary, [f"r={os.path.join(odir, 'restart', sets[0])}", "endtim=1", f"odir={odir}"])
    if open(os.path.join(odir, "nodout")).read() != straight:
        sys.exit(f"nodout resumed from {sets[0]} differs from the straight run's")
    print(f"np 1 and np 2 blocks equal; resumed in place from {sets[0]}: nodout byte for byte the straight run's")


if __name__ == "__main__":
    main()
