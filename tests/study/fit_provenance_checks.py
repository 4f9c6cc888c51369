#!/usr/bin/env python3
"""A cost fit is used only on its own deck and build: tools/study.py run
with --compute-costs FIT of another deck, another revision or another
precision exits with status 2 and says which, before anything runs;
--fit-from-other-build accepts another revision of the same precision,
never another precision or deck; runs of two builds make no fit.

usage: fit_provenance_checks.py STUDY_PY MINICRASH DECK WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_study import fit_provenance  # noqa: E402

COSTS = "shell:100,node:30"


def report(path, deck, version, git_hash, precision):
    with open(path, "w") as f:
        json.dump({"deck": deck, "title": "a tube", "elements": 2880, "version": version, "git_hash": git_hash,
                   "build": {"precision": precision}}, f)
    return path


def write_fit(path, record):
    with open(path, "w") as f:
        json.dump({"compute_costs": COSTS, "provenance": record}, f)
    return path


def expect_refused(study, work, args, message):
    done = subprocess.run([sys.executable, study] + args, capture_output=True, text=True, timeout=120, cwd=work)
    if done.returncode != 2 or message not in done.stderr:
        sys.exit(f"{args}: expected exit 2 saying {message!r}, got {done.returncode}: {done.stderr}")


def main():
    study, minicrash, deck, work = (os.path.abspath(p) for p in sys.argv[1:5])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    own = os.path.join(work, "tube.k")
    shutil.copy(deck, own)
    other = os.path.join(work, "other.k")
    with open(deck) as f, open(other, "w") as g:
        g.write(f.read().replace("*KEYWORD", "*KEYWORD\n$ another deck", 1))
    build = fit_provenance.binary_build(minicrash, "double")

    record = fit_provenance.provenance([report(os.path.join(work, "r.json"), own, build["version"],
                                               build["git_hash"], "double")])
    fit_provenance.check("fit", record, [own], build)  # its own deck and build: taken
    run = ["run", "--no-local", "--network", "ib-hdr", "--nodes", "1", "--cores-per-node", "2", "--np", "2",
           "--compute", "model", "--host-speed", "1e9", "--binary", minicrash]
    fit = write_fit(os.path.join(work, "fit.json"), record)
    expect_refused(study, work, run + ["--out", "s1", "--deck", other, "--compute-costs", fit],
                   f"fit.json was fitted on tube.k (a tube, 2880 shells), not on {other}")

    older = dict(record, build=dict(record["build"], git_hash="0123456789ab"))
    fit = write_fit(os.path.join(work, "older.json"), older)
    expect_refused(study, work, run + ["--out", "s2", "--deck", own, "--compute-costs", fit],
                   "(git 0123456789ab), double precision; the study runs minicrash")
    fit_provenance.check("older", older, [own], build, other_build_ok=True)  # --fit-from-other-build: taken

    single = dict(record, build=dict(record["build"], precision="single"))
    fit = write_fit(os.path.join(work, "single.json"), single)
    expect_refused(study, work, run + ["--out", "s3", "--deck", own, "--compute-costs", fit, "--fit-from-other-build"],
                   "single precision; the study runs")

    two = [report(os.path.join(work, f"r{i}.json"), own, build["version"], h, "double")
           for i, h in enumerate((build["git_hash"], "0123456789ab"))]
    try:
        fit_provenance.provenance(two)
        sys.exit("runs of two builds made a fit")
    except fit_provenance.BadFit as e:
        if "different builds" not in str(e):
            sys.exit(f"two builds: {e}")
    print("cost fits: another deck, revision or precision exit 2 before any run; --fit-from-other-build "
          "takes another revision only; two builds make no fit")


if __name__ == "__main__":
    main()
