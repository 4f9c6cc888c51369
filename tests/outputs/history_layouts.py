#!/usr/bin/env python3
"""glstat, matsum, rwforc and rcforc in LS-DYNA's ASCII layout, read back by
parsers written from LSTC's format strings (l2a.c: translate_glstat,
translate_matsum, translate_rwforc, translate_rcforc; tools/lsdyna_ascii.py
for the values), against the CSV written beside each.

The shipped tube (contact, one rigid wall, two parts) runs 1 ms at np 2.
Asserted:
  - the header: ' ' + title padded to 72, then the ls-dyna line with the date;
  - every glstat value line is ' label....' 31 wide + %14.5E (46 characters),
    the stonewall line adds ' wall#%2d'; every rwforc row is
    %12.5E%8d%15.6E x4 (80 characters); every rcforc row is 102 characters
    ('  slave %11d time%12.5E  x %12.5E  y %12.5E  z %12.5E mass %12.5E');
    matsum's lines are those of its four formats;
  - matsum's rigid body velocity is each part's momentum over its mass,
    deformable parts included, as LS-DYNA writes it (to 2e-4 relative: two
    %.4E values);
  - each file holds as many outputs as its CSV has rows (times), and every
    value read back equals the CSV's to the digits printed (half a unit of
    the last: 5e-6 relative for %.5E, 5e-7 for %.6E, 5e-5 for %.4E, with
    1e-30 absolute for zeros).

usage: history_layouts.py MPIEXEC_ARGS BINARY TUBE_DECK WORKDIR
"""
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import lsdyna_ascii  # noqa: E402
import minicrash_histories  # noqa: E402

def field(width, digits):
    """The regex of a Fortran-like %{width}.{digits}E field: exactly `width` characters."""
    body = rf"\d\.\d{{{digits}}}E[+-]\d\d"
    pad = width - (digits + 6)
    return rf"(?:{' ' * pad}{body}|{' ' * (pad - 1)}-{body})"


E14_5, E13_4, E12_5, E15_6 = field(14, 5), field(13, 4), field(12, 5), field(15, 6)
LABEL_LINE = re.compile(rf" [a-z /().]+ ?\.+{E14_5}")  # ' label' and dots 31 wide, then %14.5E
FORMATS = {  # file: (regex of a data line as LSTC's format writes it, its width)
    "glstat": (re.compile(r"^ [a-z]"), LABEL_LINE, 46),
    "rwforc": (re.compile(r"^[ -]\d"), re.compile(rf"{E12_5}[ \d]{{8}}{E15_6}{{4}}"), 80),
    "rcforc": (re.compile(r"^  (slave |master)"),
               re.compile(rf"  (?:slave |master)[ \d]{{11}} time{E12_5}  x {E12_5}  y {E12_5}  z {E12_5} mass {E12_5}"),
               102),
}
MATSUM_LINES = [re.compile(p) for p in (
    rf" mat\.#=[ \d]{{5}}             inten={E13_4}     kinen={E13_4}",
    rf" x-mom={E13_4}     y-mom={E13_4}     z-mom={E13_4}",
    rf" x-rbv={E13_4}     y-rbv={E13_4}     z-rbv={E13_4}",
    rf" {{25}}hgeng={E13_4}     \+mass={E13_4}",
    rf" time ={E13_4}",
    r"\{BEGIN LEGEND\}", r" Entity #        Title", r"[ \d]{9}     .{0,70}", r"\{END LEGEND\}")]


def fail(message):
    sys.exit(f"history layouts: {message}")


def check_header(path, title):
    lines = open(path).read().split("\n")
    if lines[0] != " " + title[:72].ljust(72):
        fail(f"{path}: first line {lines[0]!r} is not ' ' + the title padded to 72")
    if not re.fullmatch(r" {25}ls-dyna minicrash \S+ +date \d\d/\d\d/\d{4}", lines[1]) or len(lines[1]) != 71:
        fail(f"{path}: second line {lines[1]!r} is not '%25sls-dyna %-22s date mm/dd/yyyy'")
    return lines[2:]


# glstat's lines other than ' label....%14.5E': (start, regex, LSTC's format).
GLSTAT_LINES = [
    (" stonewall energy", re.compile(rf" stonewall energy\.{{15}}{E14_5} wall#[ \d]\d"), "the stonewall line"),
    (" dt of cycle", re.compile(r" dt of cycle[ \d]{8} is controlled by .{11}element[ \d]{8}"),
     "' dt of cycle%8d is controlled by %-11selement%8d'"),
    (" time per zone cycle", re.compile(r" time per zone cycle\.\(nanosec\)\.\. {13}\d"),
     "the time per zone cycle line (%14d)"),
]


def check_widths(name, body):
    """The number of data lines; exits at the first line that is not as LSTC's format writes it."""
    count = 0
    for line in body:
        if not line.strip():
            continue
        if name == "matsum":
            if not any(p.fullmatch(line) for p in MATSUM_LINES):
                fail(f"matsum: {line!r} is none of LS-DYNA's matsum lines")
            continue
        special = [(p, f) for start, p, f in GLSTAT_LINES if name == "glstat" and line.startswith(start)]
        if special:
            if not special[0][0].fullmatch(line):
                fail(f"glstat: {line!r} is not {special[0][1]}")
            continue
        start, pattern, width = FORMATS[name]
        if start.match(line):
            count += 1
            if len(line) != width or not pattern.fullmatch(line):
                fail(f"{name}: {line!r} ({len(line)} characters) is not LSTC's {width}-character line")
    return count


def close(a, b, rel):
    return abs(a - b) <= rel * abs(b) + 1e-30


def compare(name, theirs, mine, rel, time_rel):
    """theirs: {quantity: (times, values)} read from the LS-DYNA file; mine the same from the CSV."""
    if set(theirs) - set(mine):
        fail(f"{name}: quantities {sorted(set(theirs) - set(mine))} are not in {name}.csv")
    for q, (t, v) in theirs.items():
        tm, vm = mine[q]
        if len(t) != len(tm):
            fail(f"{name}: {q} has {len(t)} outputs, the CSV {len(tm)}")
        for a, b, ta, tb in zip(v, vm, t, tm):
            if not close(ta, tb, time_rel) or not close(a, b, rel):
                fail(f"{name}: {q} at t = {tb}: {a} read back against {b} in the CSV")
    return sum(len(t) for t, _ in theirs.values())


def check_rigid_body_velocity(series):
    """x/y/z_rbv * mass against x/y/z_momentum in every part block; takes the rbv series out of `series`."""
    blocks, moving = 0, 0
    for key in [k for k in series if k.endswith(" x_rbv")]:
        part = key[:-len(" x_rbv")]
        mass = series[f"{part} mass"][1]
        for axis in "xyz":
            velocity, momentum = series.pop(f"{part} {axis}_rbv")[1], series[f"{part} {axis}_momentum"][1]
            for v, m, p in zip(velocity, mass, momentum):
                if abs(v * m - p) > 2e-4 * abs(p) + 1e-12:
                    fail(f"matsum: {part}: {axis}-rbv {v} times mass {m} is not the momentum {p}")
        blocks += len(mass)
        moving += sum(1 for k in range(len(mass)) if any(series[f"{part} {a}_momentum"][1][k] != 0 for a in "xyz"))
    if blocks == 0 or moving < blocks:
        fail(f"matsum: {blocks} part blocks, {moving} with a non-zero momentum")
    return blocks


def csv_series(path, key_columns, value_names, prefix):
    series = {}
    names, rows = minicrash_histories.read(path)
    for row in rows:
        for name in value_names:
            key = f"{prefix} {int(row[1])} {name}" if key_columns else name
            t, v = series.setdefault(key, ([], []))
            t.append(row[0])
            v.append(row[names.index(name)])
    return series


def main():
    mpiexec, binary, deck, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    odir = os.path.join(work, "run")
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, f"i={deck}", "endtim=1", f"odir={odir}", "plot=vtk", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive"))
    if done.returncode != 0:
        fail(f"exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    title = open(deck).read().split("*TITLE\n", 1)[1].split("\n", 1)[0]
    lines = {}
    for name in ("glstat", "matsum", "rwforc", "rcforc"):
        body = check_header(os.path.join(odir, name), title)
        lines[name] = check_widths(name, body)
    glstat_rows = minicrash_histories.rows(os.path.join(odir, "glstat.csv"))
    mine = csv_series(os.path.join(odir, "glstat.csv"), False,
                      ["kinetic", "internal", "hourglass", "contact", "stonewall", "total", "energy_ratio"], "")
    theirs = lsdyna_ascii.read_glstat(os.path.join(odir, "glstat"))
    if any(theirs.pop("external_work")[1]):  # minicrash applies no loads
        fail("glstat: external work is not zero")
    n = {"glstat": compare("glstat", theirs, mine, 5e-6, 5e-6)}
    mine = csv_series(os.path.join(odir, "matsum.csv"), True,
                      ["internal", "kinetic", "hourglass", "mass", "x_momentum", "y_momentum", "z_momentum"], "part")
    theirs = lsdyna_ascii.read_matsum(os.path.join(odir, "matsum"))
    print(f"matsum: rigid body velocity times mass is the momentum in {check_rigid_body_velocity(theirs)} part blocks")
    n["matsum"] = compare("matsum", theirs, mine, 5e-5, 5e-5)
    walls = csv_series(os.path.join(odir, "rwforc.csv"), True, ["normal_force", "x_force", "y_force", "z_force"],
                       "wall")
    n["rwforc"] = compare("rwforc", lsdyna_ascii.read_rwforc(os.path.join(odir, "rwforc")), walls, 5e-7, 5e-6)
    contacts = csv_series(os.path.join(odir, "rcforc.csv"), True,
                          ["slave_x", "slave_y", "slave_z", "master_x", "master_y", "master_z"], "interface")
    n["rcforc"] = compare("rcforc", lsdyna_ascii.read_rcforc(os.path.join(odir, "rcforc")), contacts, 5e-6, 5e-6)
    if lines["glstat"] < 13 * len(glstat_rows):
        fail(f"glstat: {lines['glstat']} value lines for {len(glstat_rows)} outputs")
    for name, count in n.items():
        print(f"{name}: {count} values read back from LS-DYNA's layout equal the CSV's to the printed digits"
              + (f"; {lines[name]} fixed-width lines" if name in FORMATS else ""))


if __name__ == "__main__":
    main()
