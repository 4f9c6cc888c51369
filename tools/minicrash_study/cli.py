"""Command line of tools/study.py (see docs/studies.md)."""
import argparse
import json
import os
import sys

from . import fit_provenance, placement, platforms, runner, throughput
from .launch import BUILD_DIRS, Tools, default_binaries
from .spec import DEFAULT_COLLECTIVES, BadSpec, StudySpec, collective_choice
from .windows import BadWindow


def add_tools(p):
    t = Tools()
    p.add_argument("--precision", default="double", choices=sorted(BUILD_DIRS),
                   help="the solver's precision: picks the default binaries (single: build-single/ and "
                        "build-smpi-single/, built with -DMINICRASH_SINGLE_PRECISION=ON); runs of a binary of "
                        "the other precision are refused")
    p.add_argument("--binary", default="", help="minicrash built with MPI (default build/minicrash)")
    p.add_argument("--smpi-binary", default="", help="minicrash built for SMPI (default build-smpi/minicrash)")
    p.add_argument("--generator", default=t.generator, help="minicrash-gen (default build/minicrash-gen)")
    p.add_argument("--place", default=t.place, help="minicrash-place (default build/tools/placement/minicrash-place)")


def add_matrix(p):
    p.add_argument("--out", required=True, help="study directory (created; an existing one is continued)")
    p.add_argument("--deck", action="append", default=[], metavar="DECK",
                   help="deck file or generator spec gen:PRESET[:key=value,...] (repeatable)")
    p.add_argument("--np", type=int, nargs="+", default=[], help="MPI ranks")
    p.add_argument("--ncpu", type=int, nargs="+", default=[1], help="threads per rank (real runs)")
    p.add_argument("--partition", nargs="+", default=["rcb"], help="rcb, rcb-contact, metis, metis-mc")
    p.add_argument("--halo", default="sums", choices=["sums", "corners"],
                   help="shared-node exchange (minicrash halo=): sums, one partial sum per node and neighbour as "
                        "production codes send (default), or corners, minicrash's np-independent scheme")
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--cycles", type=int, help="cycles per run (minicrash cycles=N)")
    p.add_argument("--window", action="append", default=[], metavar="T:N",
                   help="crash-phase window: N cycles from simulated time T (deck's unit); repeatable. The state "
                        "at T is made once per deck by a real run here and cached in the study; 0:N is the "
                        "first N cycles")
    p.add_argument("--rebalance", action="store_true",
                   help="window restarts re-partition with each element also weighted by its points that yielded "
                        "in the state's last cycle (minicrash rebalance=1; docs/studies.md#work-weights)")
    p.add_argument("--option", action="append", default=[], help="extra minicrash option, e.g. endtim=0.5")
    p.add_argument("--launcher", default="", help="launch template with {np} (also {ncpu}, {nodes}), e.g. "
                   "'srun -n {np} -c {ncpu}'; default: mpirun --oversubscribe --bind-to none -np {np}")
    p.add_argument("--system", default="local", help="name of this machine in the CSV and plots")
    p.add_argument("--cores-per-node", type=int, default=8,
                   help="cores of a node: simulated nodes, and {nodes} = np x ncpu / this in --launcher")
    add_tools(p)


def add_fabric(p, many):
    """--blocking and --rails: lists to compare (many) or one value."""
    nargs = "+" if many else None
    default = [1] if many else 1
    p.add_argument("--blocking", type=int, nargs=nargs, default=default, choices=platforms.BLOCKING,
                   help="fat-tree blocking factor: leaf uplinks carry 1/N of the leaf's node bandwidth (1: full "
                        "bisection)")
    p.add_argument("--rails", type=int, nargs=nargs, default=default,
                   help=f"network rails per node (1 to {platforms.MAX_RAILS}); R rails are modeled as R times "
                        "the bandwidth at one rail's latency (docs/simulated-clusters.md#dual-rail)")


def add_simulation(p):
    p.add_argument("--network", nargs="+", default=[], choices=sorted(platforms.NETWORKS),
                   help="simulate these interconnects with SMPI")
    p.add_argument("--nodes", type=int, nargs="+", default=[], help="simulated node counts (np = nodes x cores)")
    p.add_argument("--topology", default="fattree", choices=platforms.TOPOLOGIES)
    p.add_argument("--leaf", type=int, default=8, help="nodes per leaf switch of the fat tree")
    add_fabric(p, many=True)
    p.add_argument("--core-speed", default="1Gf", help="simulated core speed; 1Gf = a core of the calibration machine")
    p.add_argument("--host-speed", type=float, default=0.0,
                   help="smpi/host-speed in flop/s (default: calibrate with a real serial run first)")
    p.add_argument("--collectives", nargs="+", default=[DEFAULT_COLLECTIVES],
                   help="SMPI collective choices to compare: a library's selector (ompi, mpich, mvapich2, impi), "
                        "key=value,... items (coll-selector=ompi,allreduce=redbcast) or smpi (SMPI's own); "
                        f"default {DEFAULT_COLLECTIVES}")
    p.add_argument("--energy", action="store_true", help="SimGrid host energy plugin: joules per job")
    p.add_argument("--compute", default="measured", choices=("measured", "model"),
                   help="what a simulated rank's computation costs: the CPU time it took (measured) or the "
                        "cost model of --compute-costs (model: repeatable; docs/simulated-clusters.md#modeled-compute)")
    p.add_argument("--compute-costs", default="",
                   help="the cost model: a tools/study.py calibrate -o JSON file (refused for another deck or "
                        "build), or minicrash's compute_costs= text")
    p.add_argument("--fit-from-other-build", action="store_true",
                   help="accept a --compute-costs fit made with another revision of the same precision")
    p.add_argument("--no-local", action="store_true", help="simulated runs only")


def spec_from(a):
    options = list(a.option) + ([f"cycles={a.cycles}"] if a.cycles else [])
    sim = vars(a)  # the simulation options exist only where add_simulation added them
    return StudySpec(decks=a.deck, nps=a.np, nodes=sim.get("nodes", []), ncpus=a.ncpu, partitions=a.partition,
                     repeats=a.repeats, halo=a.halo, options=options, rebalance=a.rebalance, local=not sim.get("no_local", False),
                     system_name=a.system, launcher=a.launcher, networks=sim.get("network", []),
                     topology=sim.get("topology", "fattree"), blocking=sim.get("blocking", [1]),
                     rails=sim.get("rails", [1]), cores_per_node=a.cores_per_node,
                     leaf=sim.get("leaf", 8), core_speed=sim.get("core_speed", "1Gf"),
                     host_speed=sim.get("host_speed", 0.0),
                     collectives=[collective_choice(c) for c in sim.get("collectives", [DEFAULT_COLLECTIVES])],
                     energy=sim.get("energy", False), windows=a.window, precision=a.precision,
                     compute=sim.get("compute", "measured"), compute_costs=compute_costs_text(sim.get("compute_costs", "")))


def compute_costs_text(given):
    """minicrash's compute_costs= value from a calibrate JSON file or the text itself."""
    if not given or not os.path.isfile(given):
        return given
    with open(given) as f:
        fit = json.load(f)
    if "compute_costs" not in fit:
        raise SystemExit(f"{given}: no compute_costs in it (write it with tools/study.py calibrate -o)")
    return fit["compute_costs"]


def check_cost_fit(a, study):
    """A --compute-costs fit of another deck or build stops the study before
    it runs anything (fit_provenance; exit 2)."""
    given = vars(a).get("compute_costs", "")
    if not given or not os.path.isfile(given):
        return
    with open(given) as f:
        record = json.load(f).get("provenance")
    if not record:
        return
    decks = [study.deck_path(d) for d in study.spec.decks]
    build = fit_provenance.binary_build(study.tools.binary, study.spec.precision)
    fit_provenance.check(given, record, decks, build, vars(a).get("fit_from_other_build", False))


def open_study(a, need_sizes=True):
    """The study in --out: its saved spec when only --out is given."""
    os.makedirs(a.out, exist_ok=True)
    saved = os.path.join(a.out, "study.json")
    if not a.deck and os.path.exists(saved):
        spec = StudySpec.load(saved)
    else:
        spec = spec_from(a)
        spec.validate(need_sizes)
        spec.save(saved)
    binary, smpi_binary = default_binaries(spec.precision)
    tools = Tools(a.binary or binary, a.smpi_binary or smpi_binary, a.generator, a.place)
    study = runner.Study(a.out, spec, tools)
    check_cost_fit(a, study)
    if spec.networks and not spec.host_speed:
        def save(speed):
            spec.host_speed = speed
            spec.save(saved)
        print(f"calibrating smpi/host-speed on {spec.decks[0]} ...", file=sys.stderr)
        speed = study.calibrate(spec.decks[0], save)
        print(f"smpi/host-speed = {speed:.4g} (see {a.out}/calibration.json)", file=sys.stderr)
    return study


def cmd_run(a):
    study = open_study(a)
    study.run_all(study.spec.points())
    print(f"{a.out}/results.csv")


def cmd_throughput(a):
    if a.jobs and not a.network:
        raise SystemExit("--jobs splits a simulated cluster: give --network and --nodes (real runs: --splits)")
    if a.network and not a.nodes:
        raise SystemExit("--network needs --nodes: the simulated cluster the jobs share")
    study = open_study(a, need_sizes=False)
    if a.network:
        found = throughput.run_simulated_throughput(study, a.jobs or [1, 2], a.share_nodes)
        base = {(r["deck"], r["network"], r["nodes"], r["placement"]): r["jobs_per_day"] for r in found if r["jobs"] == 1}
        for r in found:
            one = base.get((r["deck"], r["network"], r["nodes"], r["placement"]))
            gain = f"{100 * (r['jobs_per_day'] / one - 1):+6.1f} % vs 1 job" if one else ""
            print(f"{r['deck']:>16} {r['network']:>10} {r['nodes']:>4} nodes {r['jobs']:>3} x np {r['np']:<5}"
                  f"{r['jobs_per_day']:10.1f} jobs/day {gain}")
        print(f"{a.out}/throughput.csv")
        return
    found = throughput.run_throughput(study, a.splits, a.ncpu[0], a.pin)
    for row in found:
        print(f"{row['deck']:>16} {row['split']:>6}: {row['jobs_per_day']:10.1f} jobs/day "
              f"(batch {row['batch_wall_seconds']:.2f} s)")
    print(f"{a.out}/throughput.csv")


def cmd_placement(a):
    study = open_study(a)
    placement.run_placement(study, a.sockets)


def cmd_plot(a):
    from . import plots  # matplotlib only when plotting
    for path in plots.plot_studies(a.studies, a.output):
        print(path)


def cmd_table(a):
    from .plot_data import load
    from .table import study_tables
    print(study_tables(load(a.studies)))


def cmd_fingerprint(a):
    from .fingerprint import fingerprint, print_table
    from .plot_data import load, load_throughput
    print_table(fingerprint(load(a.studies), load_throughput(a.studies)), a.json, sys.stdout)


def cmd_calibrate(a):
    from .calibrate import calibrate, print_calibration
    result = calibrate(a.studies)
    print_calibration(result, a.json, sys.stdout)
    if a.output:
        with open(a.output, "w") as f:
            json.dump(result, f, indent=1)


def cmd_check_model(a):
    from .model_check import check, print_check
    worst = print_check(check(a.runs), sys.stdout)
    if a.tolerance is not None and worst > a.tolerance:
        sys.exit(f"modeled compute is {100 * worst:.1f} % off the measured time somewhere (limit {100 * a.tolerance:g} %)")


def cmd_platform(a):
    platforms.check_fabric(a.topology, a.blocking, a.rails)
    topology = platforms.topology_name(a.topology, a.blocking, a.rails)
    platforms.write_platform(a.output, a.network, a.nodes, a.cores, topology, a.leaf, a.core_speed)
    if a.hostfile:
        with open(a.hostfile, "w") as f:
            f.write(platforms.hostfile(a.nodes * a.cores, a.nodes, a.cores))
    print(a.output)


def parser():
    p = argparse.ArgumentParser(prog="tools/study.py", description="minicrash scaling studies, real and simulated")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run a matrix of decks x np x ncpu x partition (x simulated networks)")
    add_matrix(r)
    add_simulation(r)
    r.set_defaults(func=cmd_run)
    t = sub.add_parser("throughput", help="k concurrent jobs splitting the machine: jobs per day per split")
    add_matrix(t)
    t.add_argument("--splits", nargs="+", default=["1x2", "2x1"], help="JOBSxNP, e.g. 1x8 2x4 4x2 8x1")
    t.add_argument("--pin", action="store_true", help="pin each job to its own cores (taskset)")
    add_simulation(t)
    t.add_argument("--jobs", type=int, nargs="+", default=[],
                   help="simulated: k concurrent jobs splitting --nodes x --cores-per-node ranks (default 1 2)")
    t.add_argument("--share-nodes", action="store_true",
                   help="simulated: spread each job over all nodes (round-robin) instead of giving each its own")
    t.set_defaults(func=cmd_throughput)
    q = sub.add_parser("placement", help="block vs round-robin vs METIS rank placement on a simulated cluster")
    add_matrix(q)
    add_simulation(q)
    q.add_argument("--sockets", type=int, default=2, help="sockets per node, for the rankfile")
    q.set_defaults(func=cmd_placement)
    g = sub.add_parser("plot", help="PNG plots from one or more study directories (one system each)")
    g.add_argument("studies", nargs="+", help="study directories or results.csv files")
    g.add_argument("-o", "--output", default="", help="plot directory (default: the first study's plots/)")
    g.set_defaults(func=cmd_plot)
    b = sub.add_parser("table", help="the plotted numbers as Markdown tables (best repeat per point)")
    b.add_argument("studies", nargs="+", help="study directories or results.csv files")
    b.set_defaults(func=cmd_table)
    h = sub.add_parser("fingerprint", help="the published studies' claims beside the studies' figures")
    h.add_argument("studies", nargs="+", help="study directories or results.csv files")
    h.add_argument("--json", action="store_true", help="a list of {claim, seed, minicrash, agrees, why}")
    h.set_defaults(func=cmd_fingerprint)
    c = sub.add_parser("calibrate", help="element-phase cost per shell, point, plastic update and rigid shell "
                                         "from the runs' per-rank phase timers: the partition weights")
    c.add_argument("studies", nargs="+", help="study directories, run directories or report files")
    c.add_argument("--json", action="store_true", help="print the fit as JSON")
    c.add_argument("-o", "--output", default="", help="also write the fit as JSON to this file")
    c.set_defaults(func=cmd_calibrate)
    m = sub.add_parser("check-model", help="modeled compute (compute_costs=) against the measured phase times, "
                                           "per phase and rank")
    m.add_argument("runs", nargs="+", help="study directories, run directories or report files")
    m.add_argument("--tolerance", type=float, help="exit 1 when a phase of a rank is off by more (0.15: 15 %%)")
    m.set_defaults(func=cmd_check_model)
    f = sub.add_parser("platform", help="write one SimGrid platform file (and a block hostfile)")
    f.add_argument("--network", required=True, choices=sorted(platforms.NETWORKS))
    f.add_argument("--nodes", type=int, required=True)
    f.add_argument("--cores", type=int, default=8)
    f.add_argument("--topology", default="fattree", choices=platforms.TOPOLOGIES)
    f.add_argument("--leaf", type=int, default=8)
    add_fabric(f, many=False)
    f.add_argument("--core-speed", default="1Gf")
    f.add_argument("--hostfile", help="also write a hostfile, nodes x cores ranks filled node by node")
    f.add_argument("-o", "--output", required=True)
    f.set_defaults(func=cmd_platform)
    return p


def main(argv=None):
    a = parser().parse_args(argv)
    try:
        a.func(a)
    except (BadSpec, BadWindow, platforms.BadFabric, fit_provenance.BadFit) as e:
        print(f"tools/study.py: error: {e}", file=sys.stderr)
        sys.exit(2)
