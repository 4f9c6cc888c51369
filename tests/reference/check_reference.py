#!/usr/bin/env python3
"""A shipped deck against its reference outputs.

  check_reference.py MPIEXEC MINICRASH GENERATOR SOURCE_DIR WORKDIR DECK [--update]

The deck (inputs/DECK) must be what minicrash-gen makes from the arguments
in inputs/reference/decks.txt, byte for byte. It is run on 2 ranks and its
glstat.csv, matsum.csv, rwforc.csv and rcforc.csv compared with inputs/reference/<deck>/ by
tools/minicrash_compare.py. --update rewrites the deck and the reference
from this build instead (then review and commit them).
"""
import filecmp
import os
import shlex
import shutil
import subprocess
import sys

OUTPUTS = ("glstat.csv", "matsum.csv", "rwforc.csv", "rcforc.csv")


def main():
    mpiexec, binary, generator, source, workdir, deck = sys.argv[1:7]
    update = "--update" in sys.argv[7:]
    inputs = os.path.join(source, "inputs")
    manifest = {line.split()[0]: line.split()[1:] for line in open(os.path.join(inputs, "reference", "decks.txt"))
                if line.strip() and not line.startswith("#")}
    os.makedirs(workdir, exist_ok=True)
    fresh = os.path.join(workdir, deck)
    subprocess.run([generator, *manifest[deck], "-o", fresh], check=True, stdout=subprocess.DEVNULL)
    shipped = os.path.join(inputs, deck)
    if update:
        shutil.copyfile(fresh, shipped)
    elif not filecmp.cmp(fresh, shipped, shallow=False):
        sys.exit(f"{shipped} is not what `minicrash-gen {' '.join(manifest[deck])}` makes now: "
                 "the generator changed; regenerate the deck and its reference with --update")
    run = os.path.join(workdir, "run")
    shutil.rmtree(run, ignore_errors=True)
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, f"i={shipped}", f"odir={run}", "--quiet"]
    done = subprocess.run(cmd, env=dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive"))
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}")
    reference = os.path.join(inputs, "reference", os.path.splitext(deck)[0])
    if update:
        os.makedirs(reference, exist_ok=True)
        for name in OUTPUTS:
            if os.path.exists(os.path.join(run, name)):
                shutil.copyfile(os.path.join(run, name), os.path.join(reference, name))
        print(f"updated {shipped} and {reference}")
        return
    compare = os.path.join(source, "tools", "minicrash_compare.py")
    sys.exit(subprocess.run([sys.executable, compare, run, reference]).returncode)


if __name__ == "__main__":
    main()
