#!/usr/bin/env python3
"""Many ranks, one answer; many threads, the same bits.

  energies: an 11 000-shell plastic tube hitting a rigid wall (no rigid
    bodies, no contact).
  rigid: the tube preset with its rigid end plate and single surface
    contact, through the crush (3000 cycles): the plate's nodes at the seam
    with the tube are held by ranks without plate elements at np 8, and
    the plate's totals are sums over ranks.
  threads: the 5 mm tube preset with its end plate and single surface
    contact, run past its first contacts (0.7 ms, about cycle 2200).

  energies: at each np given, the cycle count must equal the first np's and
    the final kinetic, internal and total energies must agree with it to
    1e-6 relative. Shared-node forces and masses are summed in global element
    order, so in fact only the cross-rank energy sums round differently.
  rigid: the same, also the hourglass and contact energies, to 1e-9 (the
    report's 10 digits): rigid-body and wall totals are reproducible sums,
    so the motion is the same bits at every np (before: 3e-4 apart at np 8).
  parts: the Neon-like sedan at scale 0.02 (286 parts), a few cycles:
    matsum's kinetic energy of each part at every output must agree with
    the first np's to 1e-9 of the initial kinetic energy. A node at the
    seam of two parts counts for the part of its lowest-id element in the
    whole model, whichever ranks hold it (before: the lowest of its own
    rank's elements, 9.4 J apart at np 3 on 20 cycles).
  threads: at the one np given, ncpu=1 and ncpu=2 must give the same state
    checksum (bitwise identical state on every rank), contact included.
  pages: the Neon-like sedan at scale 0.02 (8 MiB of state) at the one np
    given, with its state in 2 MiB pages (huge_pages=1, the default) and in
    the kernel's default pages (huge_pages=0): the same state checksum; the
    first report must count some of the state in 2 MiB pages (unless the
    kernel refused, as before Linux 6.1), the second none.
  jobs: the threads case at np 1, alone and as two concurrent jobs in one
    launch (np 2, jobs=2): each job's state checksum must be the alone
    run's; and jobs=3 on 2 ranks must be refused with exit status 2.

usage: np_consistency.py energies|rigid|parts|threads|pages|jobs MPIEXEC_ARGS BINARY GENERATOR WORKDIR LENGTH NP...
  LENGTH: how long to run, as a minicrash option (endtim=0.5 or cycles=800)
"""
import json
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import read  # noqa: E402  (the history CSV reader)

TOLERANCE = {"energies": 1e-6, "rigid": 1e-9}
COMPARED = {"energies": ("kinetic", "internal", "total"),
            "rigid": ("kinetic", "internal", "hourglass", "contact", "total")}


def run(mpiexec, binary, deck, out, np_, threads, length, extra=(), report_dir=None):
    os.makedirs(out, exist_ok=True)
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, f"i={deck}", f"ncpu={threads}", length,
                                  f"odir={out}", "--quiet", *extra]
    # np x ncpu may exceed the cores: passive OpenMP waits keep that from crawling.
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900,
                          env=dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive"))
    if done.returncode != 0:
        sys.exit(f"np={np_} ncpu={threads}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    with open(os.path.join(report_dir or out, "minicrash_report.json")) as f:
        return json.load(f)


def part_kinetic(out):
    """{(time, part): kinetic energy} of a run's matsum.csv."""
    names, rows = read(os.path.join(out, "matsum.csv"))
    t, p, k = names.index("time"), names.index("part"), names.index("kinetic")
    return {(row[t], row[p]): row[k] for row in rows}


def part_kinetic_failures(workdir, nps, scale):
    """Where matsum's per-part kinetic energy differs from the first np's by more than 1e-9 x scale."""
    ref = part_kinetic(os.path.join(workdir, f"np{nps[0]}"))
    failures = []
    for np_ in nps[1:]:
        other = part_kinetic(os.path.join(workdir, f"np{np_}"))
        if other.keys() != ref.keys():
            failures.append(f"np={np_}: matsum has other times or parts than np={nps[0]}")
            continue
        worst = max(ref, key=lambda key: abs(other[key] - ref[key]))
        diff = abs(other[worst] - ref[worst])
        print(f"np={np_}: matsum part kinetic energies within {diff:.3e} J of np={nps[0]} (t {worst[0]:g}, part {worst[1]:g})")
        if diff > 1e-9 * scale:
            failures.append(f"np={np_}: part {worst[1]:g} kinetic {other[worst]!r} vs {ref[worst]!r} at t {worst[0]:g}")
    return failures


def threads_check(mpiexec, binary, deck, workdir, length, np_):
    sums = {t: run(mpiexec, binary, deck, os.path.join(workdir, f"np{np_}_ncpu{t}"), np_, t, length)["state_checksum"]
            for t in (1, 2)}
    print(f"np={np_}: state checksum ncpu=1 {sums[1]}, ncpu=2 {sums[2]}")
    if sums[1] != sums[2]:
        sys.exit("ncpu=1 and ncpu=2 differ")


def pages_check(mpiexec, binary, deck, workdir, length, np_):
    reports = {h: run(mpiexec, binary, deck, os.path.join(workdir, f"np{np_}_huge{h}"), np_, 1, length,
                      [f"huge_pages={h}"]) for h in (1, 0)}
    for h, report in reports.items():
        print(f"np={np_} huge_pages={h}: state checksum {report['state_checksum']}, memory {report['memory']}")
    if reports[1]["state_checksum"] != reports[0]["state_checksum"]:
        sys.exit("huge_pages=1 and huge_pages=0 differ")
    huge, small = reports[1]["memory"], reports[0]["memory"]
    if huge["state_bytes"] != small["state_bytes"] or small["huge_page_bytes"] != 0 or small["huge_pages"] != 0:
        sys.exit(f"huge_pages=0's report: {small} (huge_pages=1: {huge})")
    if not huge["huge_pages_refused"] and not 0 < huge["huge_page_bytes"] <= huge["state_bytes"]:
        sys.exit(f"huge_pages=1 backed nothing and the kernel refused nothing: {huge}")


def jobs_check(mpiexec, binary, deck, workdir, length):
    alone = run(mpiexec, binary, deck, os.path.join(workdir, "alone"), 1, 1, length)["state_checksum"]
    pair = os.path.join(workdir, "jobs2")
    sums = [run(mpiexec, binary, deck, pair, 2, 1, length, ["jobs=2"], os.path.join(pair, "job0"))["state_checksum"]]
    with open(os.path.join(pair, "job1", "minicrash_report.json")) as f:
        sums.append(json.load(f)["state_checksum"])
    print(f"state checksum alone {alone}, jobs=2: {sums}")
    if sums != [alone, alone]:
        sys.exit("a concurrent job's state differs from the run alone")
    cmd = shlex.split(mpiexec) + ["-np", "2", binary, f"i={deck}", "jobs=3", f"odir={workdir}/jobs3"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if done.returncode != 2 or "2 ranks do not split into equal jobs" not in done.stderr:
        sys.exit(f"jobs=3 on 2 ranks: exit {done.returncode}, expected 2 and a message\n{done.stderr}")


def main():
    mode, mpiexec, binary, generator, workdir, length = sys.argv[1:7]
    nps = [int(n) for n in sys.argv[7:]]
    os.makedirs(workdir, exist_ok=True)
    if mode == "threads":
        deck = os.path.join(workdir, "tube_contact.k")
        subprocess.run([generator, "tube", "-o", deck], check=True, stdout=subprocess.DEVNULL)
        threads_check(mpiexec, binary, deck, workdir, length, nps[0])
        return
    if mode == "jobs":
        deck = os.path.join(workdir, "tube_contact.k")
        subprocess.run([generator, "tube", "-o", deck], check=True, stdout=subprocess.DEVNULL)
        jobs_check(mpiexec, binary, deck, workdir, length)
        return
    if mode in ("parts", "pages"):
        deck = os.path.join(workdir, "neon002.k")
        subprocess.run([generator, "neon", "--scale", "0.02", "-o", deck], check=True, stdout=subprocess.DEVNULL)
    if mode == "pages":
        pages_check(mpiexec, binary, deck, workdir, length, nps[0])
        return
    if mode == "parts":
        first = {np_: run(mpiexec, binary, deck, os.path.join(workdir, f"np{np_}"), np_, 1, length) for np_ in nps}
        failures = part_kinetic_failures(workdir, nps, first[nps[0]]["energy_first"]["kinetic"])
        if failures:
            sys.exit("\n".join(failures))
        return
    if mode == "rigid":
        deck = os.path.join(workdir, "tube_rigid_plate.k")
        subprocess.run([generator, "tube", "-o", deck], check=True, stdout=subprocess.DEVNULL)
    else:
        deck = os.path.join(workdir, "tube11k.k")
        subprocess.run([generator, "tube", "--size", "2.1", "--no-rigid", "--no-contact", "-o", deck], check=True,
                       stdout=subprocess.DEVNULL)
    tolerance = TOLERANCE[mode]
    reports = {}
    for np_ in nps:
        reports[np_] = run(mpiexec, binary, deck, os.path.join(workdir, f"np{np_}"), np_, 1, length)
        last = reports[np_]["energy_last"]
        print(f"np={np_}: cycles {reports[np_]['cycles']} kinetic {last['kinetic']:.10e} "
              f"internal {last['internal']:.10e} total {last['total']:.10e}")
    ref = reports[nps[0]]
    failures = []
    for np_, rep in reports.items():
        if rep["cycles"] != ref["cycles"]:
            failures.append(f"np={np_}: {rep['cycles']} cycles vs {ref['cycles']}")
        for key in COMPARED[mode]:
            a, b = rep["energy_last"][key], ref["energy_last"][key]
            if abs(a - b) > tolerance * abs(b):
                failures.append(f"np={np_}: {key} {a!r} vs {b!r} (rel {abs(a - b) / abs(b):.2e})")
    if failures:
        sys.exit("\n".join(failures))
    print(f"{len(nps)} runs agree within {tolerance} relative")


if __name__ == "__main__":
    main()
