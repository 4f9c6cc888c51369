#!/usr/bin/env python3
"""Contact benchmarks (issue: penalty contact).

  cost: serial (np 1, ncpu 1) contact seconds per contact node-cycle,
        search amortised + narrow phase, on the 5 mm tube crushed for
        8.5 ms and on a ~100 000-shell tube for CYCLES cycles.
  share: the 5 mm tube crush at np = 2 and 4, contact on and off: the share
        of the elapsed time in contact and contact messages, all MPI time,
        and the message-size histogram.

usage: contact_bench.py BUILD_DIR WORKDIR [CYCLES=300] [MPIEXEC="mpirun --allow-run-as-root --oversubscribe --bind-to none"]
Wall-clock figures: run on an otherwise idle machine.
"""
import json
import os
import shlex
import subprocess
import sys

ENV = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive", OMP_NUM_THREADS="1")


def run(cmd, odir):
    subprocess.run(cmd + [f"odir={odir}", "--quiet"], check=True, env=ENV, capture_output=True)
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)


def phase(report, name):
    return next(p["max"] for p in report["phases"] if p["name"] == name)


def main():
    build, work = sys.argv[1], sys.argv[2]
    cycles = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    mpiexec = shlex.split(sys.argv[4] if len(sys.argv) > 4 else "mpirun --allow-run-as-root --oversubscribe --bind-to none")
    gen, exe = os.path.join(build, "minicrash-gen"), os.path.join(build, "minicrash")
    os.makedirs(work, exist_ok=True)
    decks = {"tube": [], "tube_nocontact": ["--no-contact"], "tube100k": ["--size", "0.69"]}
    for name, extra in decks.items():
        subprocess.run([gen, "tube", *extra, "-o", os.path.join(work, name + ".k")], check=True, capture_output=True)
    print("contact cost, np 1, ncpu 1 (contact phase incl. sorts / (contact nodes x cycles)):")
    for name, length in (("tube", "endtim=8.5"), ("tube100k", f"cycles={cycles}")):
        r = run([exe, f"i={os.path.join(work, name + '.k')}", length], os.path.join(work, f"cost_{name}"))
        seconds = phase(r, "contact") + phase(r, "contact messages")
        per = 1e9 * seconds / (r["contact_nodes"] * r["cycles"])
        print(f"  {name}: {r['elements']} shells, {r['contact_nodes']} contact nodes, {r['cycles']} cycles, "
              f"contact {seconds:.3f} s of {r['elapsed']:.3f} s = {per:.1f} ns per contact node-cycle, "
              f"{sum(r['contact_pairs_checked']) / r['cycles']:.0f} candidate pairs a cycle")
    print("contact share of the cycle, 5 mm tube crush (8.5 ms):")
    for np_ in (2, 4):
        for name in ("tube", "tube_nocontact"):
            r = run(mpiexec + ["-np", str(np_), exe, f"i={os.path.join(work, name + '.k')}", "endtim=8.5"],
                    os.path.join(work, f"np{np_}_{name}"))
            el = r["elapsed"]
            h = r["histogram"]
            print(f"  np {np_} {name:15s}: elapsed {el:7.2f} s, contact {100 * phase(r, 'contact') / el:5.1f} %, "
                  f"contact messages {100 * phase(r, 'contact messages') / el:5.1f} %, "
                  f"MPI {100 * r['mpi_seconds_avg'] / el:5.1f} %, histogram 0-256 B {h[0]}, 256 B-4 KB {h[1]}, "
                  f"4-64 KB {h[2]}, > 64 KB {h[3]}")


if __name__ == "__main__":
    main()
