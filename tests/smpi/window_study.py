#!/usr/bin/env python3
"""A tiny crash-window study end to end under SMPI, and its fingerprint.

A scaled-down Neon-like deck (scale 0.01) on 2 simulated networks (GigE,
IB HDR) x 2 node counts (1 and 2 nodes of 2 cores): the elastic first 40
cycles, and 40 cycles from t = 14 ms (about 10 contact pairs in force at this scale), whose state a real 2-rank run makes
once (restarted at np 2 and 4). The crash window must be a crash: contact
pairs in force, internal energy rising, shells yielded. `tools/study.py
fingerprint --json` must give every claim row with the keys claim, seed,
minicrash, agrees, why. A window past the deck's end must be refused with
exit status 2 and nothing left in the study's windows/.

usage: window_study.py STUDY_PY MPI_BINARY GENERATOR SMPI_BINARY WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_study.fingerprint import CLAIMS, NOT_YET  # noqa: E402  (and the concurrent-jobs and dual-rail rows)
from minicrash_study.rows import read_csv  # noqa: E402

DECK = "gen:neon:scale=0.01"
CRASH_WINDOW = "14:40"


def study(study_py, tools, *args, expect=0):
    done = subprocess.run(["/usr/bin/python3", study_py] + list(args) + tools, capture_output=True, text=True,
                          timeout=1200)
    if done.returncode != expect:
        sys.exit(f"study.py {' '.join(args)}: exit {done.returncode}, expected {expect}\n{done.stdout}\n{done.stderr}")
    return done


def main():
    study_py, binary, generator, smpi_binary, work = sys.argv[1:6]
    shutil.rmtree(work, ignore_errors=True)
    out = os.path.join(work, "study")
    tools = ["--binary", binary, "--generator", generator, "--smpi-binary", smpi_binary]
    study(study_py, tools, "run", "--out", out, "--deck", DECK, "--window", "0:40", "--window", CRASH_WINDOW,
          "--network", "gige", "ib-hdr", "--nodes", "1", "2", "--cores-per-node", "2", "--no-local",
          "--host-speed", "1e9")
    rows = read_csv(os.path.join(out, "results.csv"))
    print(f"{len(rows)} runs")
    if len(rows) != 8:
        sys.exit(f"expected 8 runs (2 windows x 2 networks x 2 node counts), got {len(rows)}")
    for r in rows:
        if r["window"] != CRASH_WINDOW:
            continue
        print(f"{r['network']} np {r['np']:g}: from cycle {r['window_start_cycle']:g} (t {r['window_start_time']:.3g}), "
              f"internal {r['internal_start']:.4g} -> {r['internal_end']:.4g}, contact energy "
              f"{r['contact_energy_start']:.3g} -> {r['contact_energy_end']:.3g}, pairs in force "
              f"{r['contact_pairs_in_force_end']:g}, shells yielded {r['shells_yielded_start']:g} -> "
              f"{r['shells_yielded_end']:g} of {r['elements']:g}")
        if not (r["contact_pairs_in_force_end"] > 0 and r["internal_end"] > r["internal_start"]
                and r["shells_yielded_end"] > 0 and r["cycles"] == 40):
            sys.exit(f"the {CRASH_WINDOW} window is not a crash: {r}")
    entries = json.loads(study(study_py, [], "fingerprint", out, "--json").stdout)
    for e in entries:
        print(f"{e['claim']}: agrees {e['agrees']} ({e['why']})")
    if len(entries) != len(CLAIMS) + 2 + len(NOT_YET):
        sys.exit(f"fingerprint has {len(entries)} rows, expected {len(CLAIMS) + 2 + len(NOT_YET)}")
    for e in entries:
        if set(e) != {"claim", "seed", "minicrash", "agrees", "why"} or e["agrees"] not in (True, False, "partly", None):
            sys.exit(f"malformed fingerprint row: {e}")
    past = study(study_py, tools, "run", "--out", os.path.join(work, "past_end"), "--deck", DECK, "--window", "500:10",
                 "--np", "1", expect=2)
    if "past the end" not in past.stderr or os.path.exists(os.path.join(work, "past_end", "windows")):
        sys.exit(f"a window past the deck's end was not refused cleanly:\n{past.stderr}")
    print(past.stderr.strip())


if __name__ == "__main__":
    main()
