#!/usr/bin/env python3
"""The shell kernel against its roofline on this machine, in one run.

  bench/kernel_roofline.py [--elements N] [--nip K]      (defaults 200000, 5)
                           [--precision double|single]   (default double)
                           [--repeat N]                  (default 1)
                           [--save-work FILE | --work FILE] [--build DIR]
                           [--huge-pages 1|0]            (default 1)

1. Work per element-cycle of the element phase (NIP K, MAT_024 yielding):
   callgrind counts every instruction the phase executes in a portable build
   (build-count/, -DMINICRASH_NATIVE=OFF: valgrind cannot decode AVX-512)
   (build-count-single/ with --precision single: -DMINICRASH_SINGLE_PRECISION=ON)
   over cycles 21-40 of bench_shell_kernel on a 4000-shell plate (the
   difference of a 40- and a 20-cycle run, so the elastic start-up is left
   out); objdump's mnemonics turn them into flops (add, sub, mul: 1 a lane;
   fused multiply-add: 2), divides and square roots, lane by lane; and
   how many of the instructions have an operand on the stack (spilled
   values, arrays passed to calls).
   The compulsory memory traffic comes from bench_shell_kernel (element
   state read and written back, corners written, nodes read).
2. This core's rates: machine_rates of the native build (triad bandwidth,
   multiply-add rate, divide and square-root throughput in native packs of
   doubles, or of floats with --precision single).
3. The floors: traffic / bandwidth, flops / multiply-add rate, and divides x divide
   time + square roots x square-root time (one shared unit); the measured
   element phase of the native build on N shells; its ratio to the largest
   floor (the mean over bench_shell_kernel's timed cycles, which begin
   where the plate yields; its fastest cycle beside it, the steadier
   figure on a shared VM, as the triad is its best of 5, STREAM's rule).
   The node phase of the same run (the gather, a = f/m, the v and x
   update) against its own floor, its compulsory traffic per node-cycle
   over the triad bandwidth; and the share of elements + nodes it takes
   as measured, at that floor, and at that floor beside an element phase
   at 2x its floor. Issue 18 asks both: the element phase within 2x and
   the node phase at most 10 % of the cycle.
4. The same on a plate whose traffic fits in half the last-level cache
   (sysfs): the kernel's compute time, and how much memory adds to it
   where the two do not overlap. bench_shell_kernel holds the plate's
   edges at the stretch's velocity, so both plates do the same work a
   shell (the yielding points a shell-cycle are printed for each). The
   corner stores still stream past the cache there (above 2 MiB a
   thread, corner_stores_stream), so that part of the traffic goes to
   memory in both runs. Then that plate elastic
   (MAT_001): what the kernel costs without plasticity (no return, no
   plastic strains, no IHQ 4 cap).
Steps 2-4 keep the triad's arrays and the plate's state in 2 MiB pages as
minicrash does (huge_pages=1); --huge-pages 0 leaves both to the kernel's
default pages (4 KiB where it keeps huge pages to madvise()).
With --repeat N, steps 2-4 run N times (each against its own rates), then
the ratio's min, median and max: a shared VM's speed wanders.

Builds build-count/ (about 3 minutes the first time); the two callgrind
runs take a few seconds. The work of step 1 does not depend on the machine
(a portable build, every lane counted), so `--save-work FILE` keeps it as
JSON and `--work FILE` reuses it where valgrind is missing: steps 2 and 3
then run on that machine alone, with the native build in `--build DIR`
(default build/, or build-single/ with --precision single; the script
brings that one's two benchmarks up to date first:
MINICRASH_BUILD_DIR=build-single scripts/build.sh -DMINICRASH_SINGLE_PRECISION=ON).
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The builds of each precision: (callgrind's portable build, the native one).
BUILDS = {"double": (os.path.join(ROOT, "build-count"), os.path.join(ROOT, "build")),
          "single": (os.path.join(ROOT, "build-count-single"), os.path.join(ROOT, "build-single"))}
PRECISION_OPTION = {"double": "-DMINICRASH_SINGLE_PRECISION=OFF", "single": "-DMINICRASH_SINGLE_PRECISION=ON"}
PACKED_BYTES = {"xmm": 16, "ymm": 32, "zmm": 64}
INSTRUCTION = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
# A memory operand on the stack: a spilled value, or an array the kernel
# passes to a call that is not inlined (the frame, the point column).
STACK_OPERAND = re.compile(r"\(%r[bs]p\)")


def run(cmd, **kw):
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout + done.stderr


def classify(mnemonic, operands):
    """(kind, lanes) of a floating-point instruction, or None."""
    m = re.fullmatch(r"v?(add|sub|mul|div|sqrt|min|max)(s|p)(s|d)", mnemonic)
    fma = re.fullmatch(r"vf(n?)m(add|sub)(132|213|231)(s|p)(s|d)", mnemonic)
    if not m and not fma:
        return None
    op, kind, precision = (m.group(1), m.group(2), m.group(3)) if m else ("fma", fma.group(4), fma.group(5))
    if op in ("min", "max"):
        return None
    lanes = 1
    if kind == "p":
        width = max((b for reg, b in PACKED_BYTES.items() if reg in operands), default=16)
        lanes = width // (4 if precision == "s" else 8)
    return op, lanes


def instruction_counts(out_file):
    """{address: executed count} of the collected region of a callgrind output."""
    counts = collections.Counter()
    skip_next = False
    with open(out_file) as f:
        for line in f:
            if skip_next:  # the inclusive cost of a call line
                skip_next = False
                continue
            if line.startswith("calls="):
                skip_next = True
                continue
            parts = line.split()
            if len(parts) == 2 and parts[0].startswith("0x"):
                counts[int(parts[0], 16)] += int(parts[1])
    return counts


def kernel_work(count_build, elements, nip, cycles):
    binary = os.path.join(count_build, "bench", "bench_shell_kernel")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--dump-line=no", "--compress-pos=no",
             "--compress-strings=no", "--toggle-collect=mc::shell_internal_force*", f"--callgrind-out-file={out}",
             binary, "--elements", str(elements), "--nip", str(nip), "--mat", "24", "--cycles", str(cycles)],
            env=dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="1"))
        counts = instruction_counts(out)
    work = collections.Counter()
    listing = run(["objdump", "-d", "--no-show-raw-insn", binary])
    for line in listing.splitlines():
        m = INSTRUCTION.match(line)
        if not m:
            continue
        address = int(m.group(1), 16)
        if address not in counts:
            continue
        work["instructions"] += counts[address]
        if STACK_OPERAND.search(m.group(3)):
            work["stack"] += counts[address]
        found = classify(m.group(2), m.group(3))
        if found:
            op, lanes = found
            work[op] += counts[address] * lanes
    return work


def build(directory, targets, *options):
    """Builds `targets` (space-separated) of `directory` through scripts/build.sh (incremental)."""
    run([os.path.join(ROOT, "scripts", "build.sh"), *options],
        env=dict(os.environ, MINICRASH_BUILD_DIR=directory, MINICRASH_BUILD_TARGET=targets))


def counted_work(precision, shells, nip):
    """Work per element-cycle of cycles 21-40, counted by callgrind on the portable build."""
    # Always through the build (incremental): a build-count/ left from older
    # sources would count the old kernel's work.
    count_build = BUILDS[precision][0]
    build(count_build, "bench_shell_kernel", "-DMINICRASH_NATIVE=OFF", "-DMINICRASH_TESTS=OFF",
          PRECISION_OPTION[precision])
    late, early = kernel_work(count_build, shells, nip, 40), kernel_work(count_build, shells, nip, 20)
    return {k: (late[k] - early[k]) / (20.0 * shells) for k in late}


def plate_phases(build, elements, nip, cycles, huge_pages, mat=24):
    """One bench_shell_kernel run: the element phase (ns and compulsory B per element-cycle, % of points plastic)
    and the node phase (ns and compulsory B per node-cycle), by name."""
    env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="1")
    line = run([os.path.join(build, "bench", "bench_shell_kernel"), "--elements", str(elements), "--nip", str(nip),
                "--mat", str(mat), "--cycles", str(cycles), "--huge-pages", str(huge_pages)], env=env)
    figure = {"ns": r"element phase ([\d.]+) ns", "fastest": r"fastest cycle ([\d.]+)",
              "traffic": r"kernel traffic ([\d.]+) B",
              "plastic": r"plastic points (\d+)%", "yielding": r"yielding points ([\d.]+) a shell-cycle",
              "node_ns": r"node phase ([\d.]+) ns",
              "node_traffic": r"node traffic ([\d.]+) B", "elements": r"^elements (\d+)", "nodes": r"nodes (\d+):"}
    return {key: float(re.search(pattern, line).group(1)) for key, pattern in figure.items()}


def last_level_cache_bytes():
    """The largest cache of cpu0 from sysfs, or None where it is not listed."""
    sizes = []
    base = "/sys/devices/system/cpu/cpu0/cache"
    for index in (os.listdir(base) if os.path.isdir(base) else []):
        try:
            with open(os.path.join(base, index, "size")) as f:
                text = f.read().strip()
        except OSError:
            continue
        scale = {"K": 1 << 10, "M": 1 << 20}.get(text[-1:], 1)
        sizes.append(int(text.rstrip("KM")) * scale)
    return max(sizes) if sizes else None


def build_precision(build_dir):
    """'single' or 'double', as the build directory was configured."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            cache = f.read()
    except OSError:
        sys.exit(f"{build_dir}: no CMakeCache.txt (not a CMake build directory)")
    match = re.search(r"^MINICRASH_SINGLE_PRECISION:BOOL=(\S+)$", cache, re.MULTILINE)
    on = match is not None and match.group(1).upper() in ("ON", "1", "TRUE", "YES")
    return "single" if on else "double"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--elements", type=int, default=200000)
    parser.add_argument("--nip", type=int, default=5)
    parser.add_argument("--precision", choices=("double", "single"), default="double",
                        help="the kernel's precision (a build of its own; default double)")
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument("--save-work", metavar="FILE", help="write the counted work per element-cycle as JSON")
    saved.add_argument("--work", metavar="FILE", help="reuse the work of an earlier --save-work (no valgrind)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure N times, each against its own rates, and print the ratios' spread")
    parser.add_argument("--build", help="the native build to time (default build/, build-single/ in single)")
    parser.add_argument("--huge-pages", type=int, choices=(0, 1), default=1,
                        help="the triad's arrays and the plate's state in 2 MiB pages, as minicrash's (default 1)")
    args = parser.parse_args()
    if args.build is None:
        # Always through the build (incremental), as for build-count/: a
        # bench left from older sources would time the old kernel or plate.
        args.build = BUILDS[args.precision][1]
        build(args.build, "bench_shell_kernel machine_rates", PRECISION_OPTION[args.precision])
    built = build_precision(args.build)
    if built != args.precision:
        sys.exit(f"{args.build}: a {built}-precision build (its CMakeCache.txt), not {args.precision}; "
                 f"give --precision {built} or a {args.precision} build")
    shells = 4000
    if args.work:
        with open(args.work) as f:
            saved_work = json.load(f)
        if saved_work["nip"] != args.nip or saved_work.get("precision", "double") != args.precision:
            sys.exit(f"{args.work}: work counted at NIP {saved_work['nip']} in "
                     f"{saved_work.get('precision', 'double')}, not NIP {args.nip} in {args.precision}")
        per = saved_work["per_element_cycle"]
    else:
        per = counted_work(args.precision, shells, args.nip)
    if args.save_work:
        with open(args.save_work, "w") as f:
            json.dump({"nip": args.nip, "precision": args.precision, "per_element_cycle": per}, f, indent=1)
    flops = per.get("add", 0) + per.get("sub", 0) + per.get("mul", 0) + per.get("div", 0) + per.get("sqrt", 0) \
        + 2 * per.get("fma", 0)
    count_build = os.path.relpath(BUILDS[args.precision][0], ROOT)
    print(f"work per element-cycle ({args.precision}, NIP {args.nip}, MAT_024, cycles 21-40 of a {shells}-shell "
          f"plate, callgrind on {count_build}): {per.get('instructions', 0):.0f} instructions, {flops:.0f} flops ({per.get('fma', 0):.0f} "
          f"fused multiply-adds), {per.get('div', 0):.1f} divides, {per.get('sqrt', 0):.1f} square roots")
    if "stack" in per:  # absent from work saved before it was counted
        print(f"of those instructions, {per['stack']:.0f} ({100 * per['stack'] / per['instructions']:.0f} %) have an "
              f"operand on the stack: spilled values, and the arrays passed to calls")
    ratios = []
    for i in range(args.repeat):
        if args.repeat > 1:
            print(f"run {i + 1} of {args.repeat}:")
        ratios.append(one_run(args, per, flops))
    if args.repeat > 1:
        ratios.sort()
        print(f"element phase over the largest floor, {args.repeat} runs: min {ratios[0]:.2f} x, median "
              f"{statistics.median(ratios):.2f} x, max {ratios[-1]:.2f} x")


def one_run(args, per, flops):
    """This core's rates, the floors, and the element phase against them; returns the ratio."""
    measured_rates = dict(kv.split("=") for kv in run([os.path.join(args.build, "bench", "machine_rates"),
                                                       "--huge-pages", str(args.huge_pages)]).split())
    # The lane rates of the kernel's precision under the double keys.
    suffix = "_single" if args.precision == "single" else ""
    rates = {key: measured_rates[key + suffix] for key in ("gflops", "div_ns", "sqrt_ns", "lanes")}
    rates["triad_gb_s"] = measured_rates["triad_gb_s"]
    plate = plate_phases(args.build, args.elements, args.nip, 100, args.huge_pages)
    measured, traffic = plate["ns"], plate["traffic"]
    floors = {
        "bandwidth": traffic / float(rates["triad_gb_s"]),
        "flops": flops / float(rates["gflops"]),
        "divide and square root": (per.get("div", 0) * float(rates["div_ns"])
                                   + per.get("sqrt", 0) * float(rates["sqrt_ns"])),
    }
    largest = max(floors, key=floors.get)
    pages = "2 MiB" if args.huge_pages else "the kernel's default"
    print(f"this core: triad {rates['triad_gb_s']} GB/s ({pages} pages), {rates['gflops']} GF/s (multiply-adds, {rates['lanes']} lanes), "
          f"divide {rates['div_ns']} ns and square root {rates['sqrt_ns']} ns a lane")
    print(f"traffic of the {args.elements}-shell plate: {traffic:.0f} B/element-cycle")
    for name, ns in floors.items():
        print(f"floor, {name}: {ns:.1f} ns/element-cycle")
    native = os.path.relpath(args.build, ROOT)
    print(f"measured element phase ({args.elements} shells, {plate['plastic']:.0f} % of points plastic, "
          f"{plate['yielding']:.2f} yielding a shell-cycle, {native}/): "
          f"{measured:.1f} ns/element-cycle = {measured / floors[largest]:.2f} x the largest floor ({largest}); "
          f"its fastest cycle {plate['fastest']:.1f} ns = {plate['fastest'] / floors[largest]:.2f} x")
    node_phase(plate, float(rates["triad_gb_s"]), floors[largest])
    # The same kernel on a plate whose whole traffic fits in half the last
    # cache: what is left is compute (and cache latency), so the difference
    # is what memory adds where it does not overlap the arithmetic.
    cache = last_level_cache_bytes()
    if cache:
        small = int(cache / 2 / traffic)
        fits = plate_phases(args.build, small, args.nip, 300, args.huge_pages)
        in_cache = fits["ns"]
        print(f"the same in cache ({small} shells, {fits['plastic']:.0f} % plastic, {fits['yielding']:.2f} yielding "
              f"a shell-cycle, traffic "
              f"{small * traffic / 2**20:.0f} MiB within {cache >> 20} MiB): {in_cache:.1f} ns/element-cycle = "
              f"{in_cache / floors[largest]:.2f} x (fastest cycle {fits['fastest']:.1f} ns); "
              f"memory adds {measured - in_cache:.1f} ns "
              f"({100 * (measured - in_cache) / measured:.0f} % of the measured; "
              f"{plate['fastest'] - fits['fastest']:.1f} ns between the fastest cycles); its node phase "
              f"{fits['node_ns']:.1f} ns/node-cycle")
        # The same plate elastic (MAT_001): the kernel without its plastic path.
        elastic = plate_phases(args.build, small, args.nip, 300, args.huge_pages, mat=1)["ns"]
        print(f"the same in cache, elastic (MAT_001): {elastic:.1f} ns/element-cycle = {elastic / floors[largest]:.2f} x; "
              f"MAT_024's plastic path adds {in_cache - elastic:.1f} ns")
    return measured / floors[largest]


def node_phase(plate, triad_gb_s, element_floor):
    """The node phase of the same plate against its bandwidth floor, and the share of elements + nodes it takes
    as measured, at its floor, and at its floor beside an element phase at twice the element floor (issue 18's
    two targets together: the node phase at most 10 % of the cycle)."""
    floor = plate["node_traffic"] / triad_gb_s
    nodes_per_element = plate["nodes"] / plate["elements"]

    def share(node_ns, element_ns):
        return node_ns * nodes_per_element / (element_ns + node_ns * nodes_per_element)

    print(f"node phase (gather, a = f/m, v and x update): traffic {plate['node_traffic']:.0f} B/node-cycle, floor "
          f"{floor:.1f} ns/node-cycle; measured {plate['node_ns']:.1f} ns/node-cycle = "
          f"{plate['node_ns'] / floor:.2f} x its floor; share of elements + nodes "
          f"{100 * share(plate['node_ns'], plate['ns']):.1f} % measured, "
          f"{100 * share(floor, plate['ns']):.1f} % at its floor, {100 * share(floor, 2 * element_floor):.1f} % at its "
          f"floor with the element phase at 2 x its own")


if __name__ == "__main__":
    main()
