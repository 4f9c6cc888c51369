#!/usr/bin/env python3
"""What a generated vehicle crash must look like, checked on real runs.

  crash_quality.py neon     MPIEXEC MINICRASH WORKDIR [SCALE] [ENDTIM]   (defaults 0.02, 20 ms)
  crash_quality.py order    MPIEXEC MINICRASH WORKDIR [SCALE] [ENDTIM]   (defaults 0.01, 40 ms)
  crash_quality.py ranks    MPIEXEC MINICRASH WORKDIR PRESET SCALE ENDTIM

  neon   the Neon-like sedan into the wall: the total energy stays within 5 %
         of the initial kinetic energy; hourglass energy < 10 % of internal;
         normal termination (no collapsed element); the wall force (1 ms
         moving mean) rises to half its peak within 5 ms and then keeps a
         plateau (its mean after the rise >= 30 % of the peak); the front rails fold progressively
         (each side: zone 1 starts absorbing first and absorbs the most).
  order  3 vehicles: the van reaches the compact car before the compact car
         reaches the mid-size car, and both contacts carry load.
  ranks  the same deck at np = 1 and 4: final kinetic, internal and total
         energies within 2 % of each other.

MPIEXEC is the launch line (e.g. "mpirun --oversubscribe"); runs use np = 2
except `ranks`. Prints the measured figures; exits 1 when a check fails.
"""
import math
import os
import shlex
import subprocess
import sys

from minicrash_histories import table

GLSTAT = {"time": 0, "kinetic": 3, "internal": 4, "hourglass": 5, "contact": 6, "total": 9}
failures = []


def check(what, ok, figure):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}: {figure}")
    if not ok:
        failures.append(what)


def run(mpiexec, binary, out, np_, *options):
    os.makedirs(out, exist_ok=True)
    cmd = shlex.split(mpiexec) + ["-np", str(np_), binary, *options, f"odir={out}", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True,
                          env=dict(os.environ, OMP_PROC_BIND="false", OMP_WAIT_POLICY="passive"))
    print(f"  np={np_} {' '.join(options)}: exit {done.returncode}, {done.stdout.strip().splitlines()[-1:]}")
    return done.returncode


def part_titles(deck):
    """{part id: title} from a written deck."""
    lines, titles = open(deck).read().split("\n"), {}
    for i, line in enumerate(lines):
        if line.startswith("*PART"):
            titles[int(lines[i + 2].split(",")[0])] = lines[i + 1]
    return titles


def contact_titles(deck):
    lines, titles = open(deck).read().split("\n"), {}
    for i, line in enumerate(lines):
        if line.startswith("*CONTACT_"):
            cid, _, title = lines[i + 1].partition(",")
            titles[int(cid)] = title
    return titles


def generate(generator, preset, scale, endtim, deck):
    subprocess.run([generator, preset, "--scale", str(scale), "--endtim", str(endtim), "-o", deck], check=True,
                   stdout=subprocess.DEVNULL)


def generated_run(mpiexec, binary, workdir, preset, scale, endtim):
    """Writes the preset's deck, runs it on 2 ranks; (deck, output dir), termination checked."""
    generator = os.path.join(os.path.dirname(binary), "minicrash-gen")
    deck, out = os.path.join(workdir, f"{preset}.k"), os.path.join(workdir, preset)
    generate(generator, preset, scale, endtim, deck)
    code = run(mpiexec, binary, out, 2, f"i={deck}")
    check("normal termination (no collapsed element, no NaN)", code == 0, f"exit status {code}")
    return deck, out


def rail_zones_progressive(out, deck):
    matsum, titles = table(out, "matsum"), part_titles(deck)
    for side in ("L", "R"):
        zone_of = {}
        for pid, title in titles.items():
            words = title.split()
            if "front rail" in title and words[-1].isdigit() and f" {side} " in title:
                zone_of[pid] = int(words[-1])
        energy = {}  # zone -> {time: internal energy}
        for row in matsum:
            if int(row[1]) in zone_of:
                by_time = energy.setdefault(zone_of[int(row[1])], {})
                by_time[row[0]] = by_time.get(row[0], 0.0) + row[2]
        start = {z: min((t for t, e in e_t.items() if e > 100.0), default=math.inf) for z, e_t in energy.items()}
        final = {z: e_t[max(e_t)] for z, e_t in energy.items()}
        order_ok = all(start[1] <= start[z] for z in start)
        most_ok = all(final[1] >= final[z] for z in final)
        check(f"rail {side} folds from the front",
              order_ok and most_ok,
              ", ".join(f"zone {z}: starts {start[z]:.1f} ms, {final[z] / 1000:.2f} kJ" for z in sorted(final)))


def neon(mpiexec, binary, workdir, scale=0.02, endtim=20):
    deck, out = generated_run(mpiexec, binary, workdir, "neon", scale, endtim)
    g = table(out, "glstat")
    e0 = g[0][GLSTAT["kinetic"]]
    drift = max(abs(row[GLSTAT["total"]] / e0 - 1) for row in g)
    check("total energy within 5 % of the initial kinetic energy", drift <= 0.05, f"largest drift {100 * drift:.2f} %")
    share = g[-1][GLSTAT["hourglass"]] / g[-1][GLSTAT["internal"]]
    check("hourglass energy < 10 % of internal energy", share < 0.10, f"{100 * share:.1f} % at {g[-1][0]:.1f} ms")
    # Force as crash tests report it: filtered, here a 1 ms moving mean (the
    # stonewall stops each arriving node within one step: single-step spikes).
    w = table(out, "rwforc")
    t = [row[0] for row in w]
    f = []
    for a in t:
        window = [row[2] for row in w if a - 0.5 <= row[0] <= a + 0.5]
        f.append(sum(window) / len(window))
    peak = max(f)
    rise = next(a for a, b in zip(t, f) if b >= 0.5 * peak)
    after = [b for a, b in zip(t, f) if a >= rise]
    plateau = sum(after) / len(after) / peak
    check("wall force rises to half its peak within 5 ms", rise <= 5.0, f"peak {peak:.0f} kN, half of it at {rise:.2f} ms")
    check("wall force plateau: mean after the rise >= 30 % of the peak", plateau >= 0.3,
          f"mean {plateau * peak:.0f} kN = {100 * plateau:.0f} % of the peak")
    rail_zones_progressive(out, deck)


def order(mpiexec, binary, workdir, scale=0.01, endtim=40):
    deck, out = generated_run(mpiexec, binary, workdir, "3vehicle", scale, endtim)
    rc, titles = table(out, "rcforc"), contact_titles(deck)
    first = {}
    for cid, title in titles.items():
        loaded = [row[0] for row in rc if int(row[1]) == cid and math.hypot(row[2], row[3], row[4]) > 1.0]
        first[title] = min(loaded, default=math.inf)
    van, car = first.get("van front to compact rear", math.inf), first.get("compact front to midsize rear", math.inf)
    check("van reaches the compact car, then the compact car the mid-size car", van < car < math.inf,
          f"van-compact at {van:.2f} ms, compact-midsize at {car:.2f} ms")


def ranks(mpiexec, binary, workdir, preset, scale, endtim):
    generator = os.path.join(os.path.dirname(binary), "minicrash-gen")
    deck = os.path.join(workdir, f"{preset}.k")
    generate(generator, preset, scale, endtim, deck)
    last = {}
    for np_ in (1, 4):
        out = os.path.join(workdir, f"{preset}_np{np_}")
        check(f"np={np_} normal termination", run(mpiexec, binary, out, np_, f"i={deck}") == 0, "")
        last[np_] = table(out, "glstat")[-1]
    e0 = table(os.path.join(workdir, f"{preset}_np1"), "glstat")[0][GLSTAT["total"]]
    for name in ("kinetic", "internal", "total"):
        a, b = last[1][GLSTAT[name]], last[4][GLSTAT[name]]
        check(f"{preset} {name} energy np=1 vs np=4 within 2 %", abs(a - b) <= 0.02 * max(abs(a), 1e-30),
              f"{a:.6g} vs {b:.6g} J ({100 * abs(a - b) / max(abs(a), 1e-30):.3f} %; {100 * abs(a - b) / e0:.3f} % of E0)")


def main():
    if len(sys.argv) < 5 or sys.argv[1] not in ("neon", "order", "ranks"):
        print(__doc__)
        sys.exit(2)
    mode, mpiexec, binary, workdir = sys.argv[1:5]
    os.makedirs(workdir, exist_ok=True)
    extra = sys.argv[5:]
    if mode == "ranks":
        ranks(mpiexec, binary, workdir, extra[0], float(extra[1]), float(extra[2]))
    else:
        {"neon": neon, "order": order}[mode](mpiexec, binary, workdir, *map(float, extra))
    print(f"crash_quality {mode}: " + (f"{len(failures)} check(s) failed" if failures else "all checks pass"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
