#!/usr/bin/env python3
"""Restart checks on the shipped tube deck (plasticity, rigid body, wall).

  bitwise NP [CYCLES]:  CYCLES (600) straight vs half + restart + half: same
               state checksum (with CYCLES 5000 the tube deck restarts while
               its contacts are active).
               A partial newer set (a kill during its write: rank file cut
               short, no manifest) is skipped; a damaged complete set, and a
               set written for another deck, are refused with exit status 2
               and a message saying why.
  other_np NP_FROM NP_TO [CYCLES]:  CYCLES (5000) at NP_FROM cut in half and
               continued at NP_TO, in both halo modes, against the
               uninterrupted NP_TO run: halo=corners within 1e-9 (relative,
               every energy of glstat's last line; in practice bitwise),
               halo=sums within 1 %.
  rebalance NP [CYCLES]:  CYCLES (5000) cut in half, continued at the same NP
               with rebalance=1 (re-partitioned by the set's yielding and
               contact pairs), with RCB, metis-mc and rcb-contact: with
               halo=corners every glstat energy within 1e-9 of the
               uninterrupted run's (rcb-contact makes ranks hold one node's
               segments apart: the contact nodes' one-rings and values must
               be model-wide for that); with metis-mc (pairs the second
               constraint) no rank checks more than 1.3x the mean pairs.
  outputs NP [CYCLES]:  CYCLES (1200) straight with restart sets every
               CYCLES/3, then resumed in place from the set at 2/3 (its
               histories hold rows up to CYCLES, as after a kill -9 past the
               set), with glstat already cut by hand as a kill during the
               cut leaves it: glstat, matsum, rwforc, rcforc and d3plot.pvd
               byte for byte those of the straight run. bitwise, sigterm and
               kill9 compare them too.
  sigterm NP [CYCLES]: SIGTERM to every rank mid-run: exit status 4, a restart set is
               written, and restarting finishes with the uninterrupted
               run's checksum.
  kill9 NP:    SIGKILL to every rank while restart sets are written every
               cycle, sent as soon as a temporary file shows a write under
               way, and repeated until the kill is seen to have landed in a
               write (a .tmp file or a set without its manifest left behind). The restart resumes from the newest
               complete set, older than the cut one, and ends with the
               uninterrupted run's checksum.

usage: restart_checks.py bitwise|outputs|sigterm|kill9|rebalance MPIEXEC_ARGS BINARY DECK WORKDIR NP [CYCLES]
       restart_checks.py other_np MPIEXEC_ARGS BINARY DECK WORKDIR NP_FROM NP_TO [CYCLES]
"""
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_histories import last_row  # noqa: E402  (the history CSV reader)

ENV = dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive")

PAIR_IMBALANCE = 1.3  # largest rank over the mean, contact pairs checked (issue 18)


def command(mpiexec, np_, binary, args):
    return shlex.split(mpiexec) + ["-np", str(np_), binary] + args + ["--quiet"]


def run(mpiexec, np_, binary, args, expect=0):
    done = subprocess.run(command(mpiexec, np_, binary, args), capture_output=True, text=True, timeout=600, env=ENV)
    if done.returncode != expect:
        sys.exit(f"{args}: exit {done.returncode}, expected {expect}\n{done.stdout}\n{done.stderr}")
    return done


def checksum(odir):
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)["state_checksum"]


HISTORIES = ["glstat", "glstat.csv", "matsum", "matsum.csv", "rwforc", "rwforc.csv", "rcforc", "rcforc.csv", "nodout", "d3plot.pvd", "d3plot", "d3plot01", "d3plot02"]
D3PLOT_RUN_TIME = slice(40, 44)  # word 10 of the d3plot header: when the run started


def same_outputs(expected, got, label):
    """Every history file of `got` byte for byte that of `expected` (but the
    d3plot's start time), or exit naming the first line that differs."""
    for name in HISTORIES:
        a, b = (os.path.join(d, name) for d in (expected, got))
        if not os.path.exists(a) and not os.path.exists(b):
            continue
        with open(a, "rb") as f, open(b, "rb") as g:
            x, y = bytearray(f.read()), bytearray(g.read())
        if name == "d3plot":
            x[D3PLOT_RUN_TIME] = y[D3PLOT_RUN_TIME] = b"\0\0\0\0"
        if x != y:
            xl, yl = x.splitlines(), y.splitlines()
            at = next((i for i, (p, q) in enumerate(zip(xl, yl)) if p != q), min(len(xl), len(yl)))
            sys.exit(f"{label}: {name} differs from the uninterrupted run's at line {at + 1} "
                     f"({len(xl)} lines against {len(yl)})")
    sizes = ", ".join(f"{n} {os.path.getsize(os.path.join(got, n))} B" for n in HISTORIES
                      if os.path.exists(os.path.join(got, n)))
    print(f"{label}: histories identical to the uninterrupted run's ({sizes})")


def manifest_outputs(set_dir):
    """{history file: bytes} recorded in a set's manifest."""
    with open(os.path.join(set_dir, "manifest")) as f:
        return {w[1]: int(w[2]) for w in (line.split() for line in f) if w and w[0] == "output"}


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def bitwise(mpiexec, binary, deck, work, np_, cycles=600):
    half = cycles // 2
    straight, split = fresh(os.path.join(work, "straight")), fresh(os.path.join(work, "split"))
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"odir={straight}"])
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={half}", f"restart_every={half}", f"odir={split}"])
    # A kill during the next set's write leaves a cut-short file and no manifest.
    partial = os.path.join(split, "restart", f"cycle_{half + 100:010d}")
    os.makedirs(partial)
    with open(os.path.join(partial, "rank_0.bin"), "wb") as f:
        f.write(b"MCRSTRT1 cut short")
    # r= names the output directory's restart/ folder here; the other checks name the directory itself.
    run(mpiexec, np_, binary, [f"r={os.path.join(split, 'restart')}", f"cycles={cycles}", f"odir={split}"])
    a, b = checksum(straight), checksum(split)
    print(f"np={np_}: straight {a}, restarted {b}")
    if a != b:
        sys.exit("restarted run differs from the uninterrupted run")
    same_outputs(straight, split, f"np={np_} split at cycle {half}")
    # A damaged complete set is refused.
    damaged = fresh(os.path.join(work, "damaged"))
    run(mpiexec, np_, binary, [f"i={deck}", "cycles=100", "restart_every=100", f"odir={damaged}"])
    rank_file = os.path.join(damaged, "restart", "cycle_0000000100", "rank_0.bin")
    with open(rank_file, "r+b") as f:
        f.seek(100)
        f.write(b"\xff\xff\xff\xff")
    refused = run(mpiexec, np_, binary, [f"r={damaged}", "cycles=200", f"odir={damaged}"], expect=2)
    if "damaged or partial restart file" not in refused.stderr:
        sys.exit(f"no clear refusal message:\n{refused.stderr}")
    print(f"np={np_}: damaged set refused: {refused.stderr.strip().splitlines()[0]}")
    # A set written for another deck is refused.
    other_deck = os.path.join(os.path.dirname(deck), "neon_small.k")
    other = run(mpiexec, np_, binary, [f"i={other_deck}", f"r={split}", "cycles=700", f"odir={split}_other"],
                expect=2)
    if "another deck?" not in other.stderr:
        sys.exit(f"no clear refusal of another deck's set:\n{other.stderr}")
    why = [line for line in other.stderr.splitlines() if "another deck?" in line][0]
    print(f"{os.path.basename(other_deck)} on a {os.path.basename(deck)} set refused: {why}")


GLSTAT_ENERGIES = ["kinetic", "internal", "hourglass", "contact", "stonewall", "total"]


def outputs(mpiexec, binary, deck, work, np_, cycles=1200):
    third = cycles // 3
    straight, resumed = fresh(os.path.join(work, "straight_outputs")), os.path.join(work, "resumed_outputs")
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"odir={straight}"])
    shutil.rmtree(resumed, ignore_errors=True)
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"restart_every={third}", f"odir={resumed}"])
    set_dir = os.path.join(resumed, "restart", f"cycle_{2 * third:010d}")
    kept = manifest_outputs(set_dir)
    past = {n: os.path.getsize(os.path.join(resumed, n)) - b for n, b in kept.items()}
    print(f"np={np_}: set at cycle {2 * third} keeps {kept}; the files hold {past} bytes more")
    if not kept or min(past.values()) <= 0:
        sys.exit("the histories hold nothing past the set: nothing to cut")
    os.truncate(os.path.join(resumed, "glstat"), kept["glstat"])  # a kill during the cut, after glstat
    run(mpiexec, np_, binary, [f"r={set_dir}", f"cycles={cycles}", f"odir={resumed}"])
    if checksum(straight) != checksum(resumed):
        sys.exit("resumed run differs from the uninterrupted run")
    same_outputs(straight, resumed, f"np={np_} resumed in place from cycle {2 * third}")


def last_energies(odir):
    """glstat.csv's last row: {column: value} of the energies."""
    values = last_row(os.path.join(odir, "glstat.csv"))
    return int(values["cycle"]), {k: values[k] for k in GLSTAT_ENERGIES}


def straight_vs_split(mpiexec, binary, deck, work, name, np_from, np_to, cycles, options, restart_options=()):
    """CYCLES straight at NP_TO against half at NP_FROM continued at NP_TO:
    (cycle, energies) of both, the largest relative energy difference and
    whether the state checksums agree."""
    half = cycles // 2
    straight = fresh(os.path.join(work, f"straight_{name}"))
    split = fresh(os.path.join(work, f"split_{name}"))
    run(mpiexec, np_to, binary, [f"i={deck}", f"cycles={cycles}", f"odir={straight}"] + options)
    run(mpiexec, np_from, binary, [f"i={deck}", f"cycles={half}", f"restart_every={half}", f"odir={split}"] + options)
    run(mpiexec, np_to, binary, [f"r={split}", f"cycles={cycles}", f"odir={split}"] + options + list(restart_options))
    (cycle_a, a), (cycle_b, b) = last_energies(straight), last_energies(split)
    worst = max(abs(a[k] - b[k]) / max(abs(a[k]), 1e-30) for k in GLSTAT_ENERGIES if a[k] or b[k])
    return (cycle_a, a), (cycle_b, b), worst, checksum(straight) == checksum(split), split


def other_np(mpiexec, binary, deck, work, np_from, np_to, cycles=5000):
    for halo, tolerance in (("corners", 1e-9), ("sums", 1e-2)):
        (cycle_a, a), (cycle_b, b), worst, same, _ = straight_vs_split(
            mpiexec, binary, deck, work, f"{halo}_np{np_from}_to_np{np_to}", np_from, np_to, cycles, [f"halo={halo}"])
        print(f"halo={halo}: np {np_from} -> {np_to} at cycle {cycles // 2}, to cycle {cycle_b}: largest relative "
              f"energy difference {worst:.3e} (tolerance {tolerance:g}); state checksum "
              f"{'equal to' if same else 'differs from'} the uninterrupted np {np_to} run's")
        if cycle_a != cycle_b or worst > tolerance:
            sys.exit(f"restart at another np drifted: straight {a}, restarted {b}")
    # At another np each old file's checksum is computed by one rank (file r
    # by rank r mod np): damage in the last file is still refused, by all.
    damaged = fresh(os.path.join(work, "damaged"))
    run(mpiexec, np_from, binary, [f"i={deck}", "cycles=100", "restart_every=100", f"odir={damaged}"])
    rank_file = os.path.join(damaged, "restart", "cycle_0000000100", f"rank_{np_from - 1}.bin")
    with open(rank_file, "r+b") as f:
        f.seek(os.path.getsize(rank_file) // 2)
        f.write(b"\xff\xff\xff\xff")
    refused = run(mpiexec, np_to, binary, [f"r={damaged}", "cycles=200", f"odir={damaged}"], expect=2)
    if "damaged or partial restart file" not in refused.stderr:
        sys.exit(f"no clear refusal message at np {np_to}:\n{refused.stderr}")
    why = [line for line in refused.stderr.splitlines() if "damaged or partial" in line][0]
    if why.count(rank_file) != 1:
        sys.exit(f"the refusal should name the damaged file once: {why}")
    print(f"np {np_from} set, rank {np_from - 1}'s file damaged, restarted at np {np_to}: refused: {why}")


def rebalance(mpiexec, binary, deck, work, np_, cycles=5000):
    """Same np, but the restart re-partitions by the set's yielding
    (rebalance=1): with halo=corners the answer must not notice (energies
    within 1e-9; the state checksum follows each rank's layout, which the
    new partition changes)."""
    (cycle_a, a), (cycle_b, b), worst, same, split = straight_vs_split(
        mpiexec, binary, deck, work, "rebalance", np_, np_, cycles, ["halo=corners"], ["rebalance=1"])
    with open(os.path.join(split, "minicrash_report.json")) as f:
        weighted = json.load(f)["partition"]["rebalanced_elements"]
    print(f"rebalance=1 at cycle {cycles // 2} on np {np_}: {weighted} elements weighted by their yielding; "
          f"to cycle {cycle_b}: largest relative energy difference {worst:.3e} (tolerance 1e-9); state checksum "
          f"{'equal to (same layout)' if same else 'differs from (another layout)'} the uninterrupted run's")
    if cycle_a != cycle_b or worst > 1e-9:
        sys.exit(f"a rebalanced restart changed the answer: straight {a}, restarted {b}")
    if weighted < 0 or (cycles >= 5000 and weighted == 0):
        sys.exit(f"rebalance=1 weighted {weighted} elements (the tube yields by mid-run)")
    # The contact pairs of the set's last cycle: all on one rank with RCB
    # (the folds sit at the wall end); METIS' second constraint, or the
    # elements rcb-contact cuts apart, spread them. Each is held to the
    # limit over the 50 cycles after the restart, the pairs it was given to
    # balance; over the 2500 after it the folds move on to other elements
    # (printed: metis-mc 1.11 with rigid:0.34, 1.42 with 1.24; rcb-contact 1.58).
    for method in ("metis-mc", "rcb-contact"):
        options, restart_options = ["halo=corners"], ["rebalance=1", f"partition={method}"]
        (cycle_a, a), (cycle_b, b), worst, _, split = straight_vs_split(
            mpiexec, binary, deck, work, f"rebalance_{method}", np_, np_, cycles, options, restart_options)
        if cycle_a != cycle_b or worst > 1e-9:
            sys.exit(f"a rebalanced {method} restart changed the answer: straight {a}, restarted {b}")
        later = rank_contact_pairs(split)
        (set_dir,) = [os.path.join(split, "restart", n) for n in os.listdir(os.path.join(split, "restart"))
                      if int(n[len("cycle_"):]) == cycles // 2]
        window = fresh(os.path.join(work, f"window_{method}"))
        run(mpiexec, np_, binary, [f"r={set_dir}", f"cycles={cycles // 2 + 50}", f"odir={window}"] + options +
            restart_options)
        pairs = rank_contact_pairs(window)
        mean = sum(pairs) / len(pairs)
        print(f"rebalance=1 partition={method}: contact pairs per rank, 50 cycles after the restart {pairs} (max/mean "
              f"{max(pairs) / mean if mean else 0:.2f}, limit {PAIR_IMBALANCE}), the {cycles - cycles // 2} after it "
              f"{later} (max/mean {max(later) / (sum(later) / len(later)) if sum(later) else 0:.2f}); largest "
              f"relative energy difference {worst:.3e}")
        if cycles >= 5000 and not (mean > 0 and max(pairs) <= PAIR_IMBALANCE * mean):
            sys.exit(f"{method} with the set's contact pairs left them unbalanced: {pairs}")


def rank_contact_pairs(odir):
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)["rank_work"]["contact_pairs"]


def rank_pids(odir, job):
    """The ranks of the job writing to `odir` (not mpirun)."""
    ranks = subprocess.run(["pgrep", "-f", f"odir={odir}"], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in ranks if int(pid) != job.pid]


def signal_ranks(pids, sig):
    """Sends `sig` to every rank, as a scheduler or a node failure does."""
    for pid in pids:
        os.kill(pid, sig)


def sigterm(mpiexec, binary, deck, work, np_, cycles=8000):
    straight, stopped = fresh(os.path.join(work, "straight_long")), fresh(os.path.join(work, "stopped"))
    # Long enough (8000 cycles: about 1 s at np 2 here; 1500 under the
    # sanitizers, a minute) that the signal lands mid-run.
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"odir={straight}"])
    job = subprocess.Popen(command(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"odir={stopped}"]),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    # Signal only once the time loop runs (glstat is opened at its start):
    # start-up takes seconds under the sanitizers.
    deadline = time.time() + 120
    while not os.path.exists(os.path.join(stopped, "glstat")) and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.1)
    signal_ranks(rank_pids(stopped, job), signal.SIGTERM)
    out, err = job.communicate(timeout=300)
    sets = os.listdir(os.path.join(stopped, "restart")) if os.path.isdir(os.path.join(stopped, "restart")) else []
    print(f"np={np_}: SIGTERM -> exit {job.returncode}, restart sets {sets}")
    if job.returncode != 4 or not sets:
        sys.exit(f"expected exit 4 and a restart set\n{out}\n{err}")
    run(mpiexec, np_, binary, [f"r={stopped}", f"cycles={cycles}", f"odir={stopped}"])
    a, b = checksum(straight), checksum(stopped)
    print(f"np={np_}: straight {a}, stopped+restarted {b}")
    if a != b:
        sys.exit("restarted run differs from the uninterrupted run")
    same_outputs(straight, stopped, f"np={np_} stopped by SIGTERM and restarted")


def set_cycles(restart_dir):
    """{cycle: files} of the restart set directories (a running job prunes
    old sets meanwhile: those that vanish are left out)."""
    sets = {}
    for name in sorted(os.listdir(restart_dir)) if os.path.isdir(restart_dir) else []:
        try:
            sets[int(name[len("cycle_"):])] = sorted(os.listdir(os.path.join(restart_dir, name)))
        except FileNotFoundError:
            pass
    return sets


def newest_complete_cycle(restart_dir):
    return max([c for c, files in set_cycles(restart_dir).items() if "manifest" in files], default=-1)


def cut_writes(restart_dir):
    """What a kill inside write_restart_set leaves past the newest complete
    set: temporary files, or a set directory without its manifest."""
    newest = newest_complete_cycle(restart_dir)
    return [f"cycle {c}: {files}" for c, files in set_cycles(restart_dir).items()
            if c > newest or any(f.endswith(".tmp") for f in files)]


def kill9(mpiexec, binary, deck, work, np_, cycles=400, tries=6):
    straight = fresh(os.path.join(work, "straight_kill9"))
    run(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", f"odir={straight}"])
    for attempt in range(1, tries + 1):
        killed = fresh(os.path.join(work, "killed"))
        job = subprocess.Popen(command(mpiexec, np_, binary, [f"i={deck}", f"cycles={cycles}", "restart_every=1",
                                                              f"odir={killed}"]),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
        restart_dir = os.path.join(killed, "restart")
        # After a few complete sets (varied per try), kill as soon as a
        # temporary file shows that a write is under way.
        deadline = time.time() + 60
        while newest_complete_cycle(restart_dir) < 5 * attempt and time.time() < deadline:
            time.sleep(0.05)
        pids = rank_pids(killed, job)
        while not any(f.endswith(".tmp") for files in set_cycles(restart_dir).values() for f in files) \
                and time.time() < deadline:
            pass
        signal_ranks(pids, signal.SIGKILL)
        job.communicate(timeout=120)
        cut = cut_writes(restart_dir)
        resume = newest_complete_cycle(restart_dir)
        print(f"np={np_} try {attempt}: SIGKILL -> mpirun exit {job.returncode}; newest complete set: cycle {resume}; "
              f"cut writes: {cut or 'none (killed between writes)'}")
        if job.returncode == 0:
            sys.exit("the run finished before the kill: use a longer run")
        if cut:
            break
    else:
        sys.exit(f"no kill landed inside a restart write in {tries} tries")
    # Only sets up to `resume` are complete, so the restart can only start there.
    run(mpiexec, np_, binary, [f"r={killed}", f"cycles={cycles}", f"odir={killed}"])
    a, b = checksum(straight), checksum(killed)
    print(f"np={np_}: restarted from cycle {resume}; straight {a}, killed+restarted {b}")
    if a != b:
        sys.exit("restarted run differs from the uninterrupted run")
    same_outputs(straight, killed, f"np={np_} killed and restarted")


if __name__ == "__main__":
    mode, mpiexec, binary, deck, work, np_ = sys.argv[1:7]
    extra = [int(a) for a in sys.argv[7:]]
    os.makedirs(work, exist_ok=True)
    {"bitwise": bitwise, "outputs": outputs, "sigterm": sigterm, "kill9": kill9, "other_np": other_np,
     "rebalance": rebalance}[mode](mpiexec, binary, deck, work, int(np_), *extra)
