#!/usr/bin/env python3
"""A full disk mid-run stops the run cleanly.

The tube (np 2, plot=d3plot, 8 ms: a 290 KB d3plot state every 0.5 ms, the
histories every 0.25 ms so that they stay small) writes into a 1 MiB tmpfs
whose restart/ folder is a link to roomy space. The d3plot fills the tmpfs
at its fourth state. Expected: exit status 5 on every rank
(mpirun passes it on), the message names the file and "No space left on
device"; the d3plot family ends with whole states and the end marker
(lasso-python and LS-PrePost find every state in it), every history ends
with a whole row, a restart set is written, and a run resumed from it into
another directory finishes normally.

Needs root to mount the tmpfs; exits 77 (ctest: skipped) where it cannot.

usage: disk_full.py MPIEXEC_ARGS BINARY DECK WORKDIR
"""
import os
import shlex
import shutil
import struct
import subprocess
import sys

SKIP = 77


def run(mpiexec, binary, args):
    cmd = shlex.split(mpiexec) + ["-np", "2", binary] + args
    return subprocess.run(cmd, capture_output=True, text=True)


def d3plot_states(path):
    """(whole states, ends with the marker) of a one-file d3plot of the tube."""
    data = open(path, "rb").read()
    words = lambda i: struct.unpack_from("<i", data, 4 * i)[0]
    nodes, shells, parts, nglbv, nv2d = words(16), words(31), words(51), words(18), words(33)
    state = 4 * (1 + nglbv + 9 * nodes + (nv2d + 1) * shells)
    marker = struct.pack("<f", -999999.0)
    # The geometry ends with the part titles' block and its marker.
    titles = data.index(struct.pack("<i", 90001), 4 * (64 + 3 * nodes + 5 * shells))
    head = titles + 8 + parts * 76 + 4
    body = data[head:].rstrip(b"\0")
    return (len(body) - 4) / state, body.endswith(marker)


SPARSE_HISTORIES = {"*DATABASE_GLSTAT\n0.025\n": "*DATABASE_GLSTAT\n0.25\n*DATABASE_RCFORC\n0.25\n",
                    "*DATABASE_RWFORC\n0.025\n": "*DATABASE_RWFORC\n0.25\n",
                    "*DATABASE_MATSUM\n0.1\n": "*DATABASE_MATSUM\n0.25\n"}


def sparse_histories(deck, out):
    """The deck with its histories every 0.25 ms (the d3plot, not a history, fills the disk)."""
    text = open(deck).read()
    for card, sparse in SPARSE_HISTORIES.items():
        if card not in text:
            sys.exit(f"{deck}: no card {card!r} to edit")
        text = text.replace(card, sparse)
    with open(out, "w") as f:
        f.write(text)
    return out


def main():
    mpiexec, binary, deck, work = sys.argv[1:5]
    mount = os.path.join(work, "full")
    subprocess.run(["umount", mount], capture_output=True)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(mount)
    deck = sparse_histories(deck, os.path.join(work, "tube_sparse_histories.k"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount], capture_output=True).returncode:
        print("skipped: cannot mount a 1 MiB tmpfs here (needs root)")
        sys.exit(SKIP)
    try:
        roomy = os.path.join(work, "restart_space")
        os.makedirs(roomy)
        os.symlink(roomy, os.path.join(mount, "restart"))
        done = run(mpiexec, binary, [f"i={deck}", "endtim=8", "plot=d3plot", f"odir={mount}", "--quiet"])
        print(done.stdout[-300:], done.stderr[-600:])
        if done.returncode != 5:
            sys.exit(f"expected exit status 5 on a full disk, got {done.returncode}")
        if "d3plot" not in done.stdout + done.stderr or "No space left on device" not in done.stdout + done.stderr:
            sys.exit("the message does not name the d3plot and the full disk")
        states, marked = d3plot_states(os.path.join(mount, "d3plot"))
        print(f"d3plot: {states} whole states, end marker {marked}")
        if states != int(states) or states < 1 or not marked:
            sys.exit("the d3plot does not end with whole states and its end marker")
        for name in ("glstat", "matsum", "rwforc", "rcforc"):
            lines = open(os.path.join(mount, name + ".csv")).read().split("\n")
            if lines[-1] or any(len(row.split(",")) != len(lines[0].split(",")) for row in lines[1:-1]):
                sys.exit(f"{name}.csv does not end with a whole row")
            text = open(os.path.join(mount, name)).read()
            if not text.endswith("\n") or (name == "glstat" and "percentage increase" not in text.split("dt of cycle")[-1]):
                sys.exit(f"{name} does not end with a whole block")
        sets = [s for s in os.listdir(roomy) if os.path.exists(os.path.join(roomy, s, "manifest"))]
        if not sets:
            sys.exit("no complete restart set was written")
        resumed = run(mpiexec, binary, [f"r={os.path.join(roomy, sorted(sets)[-1])}", "endtim=2", "plot=d3plot",
                                        f"odir={os.path.join(work, 'resumed')}", "--quiet"])
        if resumed.returncode != 0:
            sys.exit(f"the run resumed from the set failed: {resumed.stderr}")
        print(f"restart set {sorted(sets)[-1]} written; resumed into another directory to 2 ms: exit 0")
    finally:
        subprocess.run(["umount", mount], capture_output=True)


if __name__ == "__main__":
    main()
