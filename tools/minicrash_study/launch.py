"""Command lines for one run: through the user's launcher (mpirun, srun, ...)
or under SimGrid's smpirun on a generated platform, and the run itself."""
import os
import re
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass

from . import platforms

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# OpenMP threads are not pinned (ranks share cores as the launcher gives
# them); the user's environment wins.
RUN_ENV = {"OMP_PROC_BIND": "false"}


def local_cpus():
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_env(threads, cpus=None):
    """The environment of a run of `threads` OpenMP threads in all (its
    ranks x ncpu, on `cpus` cores; None: this machine's). Where the threads
    outnumber the cores, an idle thread must sleep at once
    (OMP_WAIT_POLICY=passive): spinning, it holds a core another rank waits
    for (np 2 x ncpu 2 on 2 cores: 100 times slower). Where they fit, the
    runtime's default (spin a while, then sleep) is kept: passive there
    makes every parallel region wake its threads, and one rank of 2 threads
    ran the 3000-shell tube 2.4 times slower (docs/speed.md, "The wait
    policy"). The user's environment wins."""
    env = dict(RUN_ENV)
    if threads > (cpus if cpus is not None else local_cpus()):
        env["OMP_WAIT_POLICY"] = "passive"
    return dict(env, **os.environ)


def default_launcher():
    """Open MPI's mpirun as README runs it: any np on any cores, hybrid-safe."""
    flags = "--oversubscribe --bind-to none"
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags += " --allow-run-as-root"
    return f"mpirun {flags} -np {{np}}"


@dataclass
class Tools:
    binary: str = os.path.join(REPO, "build", "minicrash")
    smpi_binary: str = os.path.join(REPO, "build-smpi", "minicrash")
    generator: str = os.path.join(REPO, "build", "minicrash-gen")
    place: str = os.path.join(REPO, "build", "tools", "placement", "minicrash-place")


# The builds a study runs by default, per precision (docs/studies.md#precision).
BUILD_DIRS = {"double": ("build", "build-smpi"), "single": ("build-single", "build-smpi-single")}


def default_binaries(precision):
    """(minicrash, SMPI minicrash) of the repository's builds of that precision."""
    real, smpi = BUILD_DIRS[precision]
    return os.path.join(REPO, real, "minicrash"), os.path.join(REPO, smpi, "minicrash")


def shared_kokkos_libs(binary):
    """Kokkos shared libraries the binary loads: SMPI must give each simulated
    rank its own copy (smpi/privatize-libs), or the first rank's
    Kokkos::finalize pulls the state from under the others."""
    try:
        out = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return re.findall(r"=>\s*(\S*kokkos\S*\.so\S*)", out)


def hostfile_path(study_dir, point, cores_per_node):
    """Block and round-robin hostfiles depend on the size only; a traffic
    placement (written by minicrash-place) belongs to its point."""
    name = (f"{point.placement}_np{point.np}_{point.nodes}x{cores_per_node}"
            if point.placement in ("block", "roundrobin") else point.id)
    return os.path.join(study_dir, "platforms", name + ".hosts")


def platform_files(study_dir, point, spec):
    """The point's platform and hostfile, written once into the study."""
    pdir = os.path.join(study_dir, "platforms")
    os.makedirs(pdir, exist_ok=True)
    cpn = spec.cores_per_node
    xml = os.path.join(pdir, f"{point.network}_{point.topology}_{point.nodes}x{cpn}.xml")
    if not os.path.exists(xml):
        platforms.write_platform(xml, point.network, point.nodes, cpn, point.topology, spec.leaf, spec.core_speed)
    hosts = hostfile_path(study_dir, point, cpn)
    if point.placement in ("block", "roundrobin") and not os.path.exists(hosts):
        with open(hosts, "w") as f:
            f.write(platforms.hostfile(point.np, point.nodes, cpn, point.placement))
    return xml, hosts


def smpi_configs(point, spec):
    cfg = [f"--cfg=smpi/host-speed:{spec.host_speed}"]
    for item in filter(None, point.collectives.split(",")):
        key, _, value = item.partition("=")
        cfg.append(f"--cfg=smpi/{key}:{value}")
    if spec.energy:
        cfg.append("--cfg=plugin:host_energy")
    if spec.compute == "model":
        # No burst is timed; minicrash charges each phase from the model, down
        # to the smallest (SMPI skips executions under cpu-threshold).
        cfg += ["--cfg=smpi/simulate-computation:no", "--cfg=smpi/cpu-threshold:0"]
    return cfg


# SimGrid's ring Allreduce (Open MPI's rules pick it) says at INFO level, on
# every rank and call, that minicrash's few-element Allreduce falls back to
# the default algorithm: 3568 of 3654 log lines of a 16-rank, 100-cycle run.
QUIET_COLLECTIVES = "--log=smpi_colls.thres:warning"


# Plot states as each rank's own ParaView piece: the binary d3plot gathers
# the model to rank 0, traffic that is output, not the solver's, and would
# be counted in the profile a study measures.
PLOT = "plot=vtk"


def command(point, deck_path, odir, spec, tools, study_dir, window_args=()):
    """`window_args`: where the point's window starts and ends (runner.window_args)."""
    args = [f"i={deck_path}", f"ncpu={point.ncpu}", f"partition={point.partition}", f"halo={spec.halo}",
            f"odir={odir}", "progress=0", "--quiet", PLOT] + list(spec.options) + list(window_args)
    if point.simulated:
        xml, hosts = platform_files(study_dir, point, spec)
        libs = shared_kokkos_libs(tools.smpi_binary)
        privatize = [f"--cfg=smpi/privatize-libs:{';'.join(libs)}"] if libs else []
        model = [f"compute_costs={spec.compute_costs}"] if spec.compute == "model" else []
        return (["smpirun", "-platform", xml, "-hostfile", hosts, "-np", str(point.np)] + privatize
                + smpi_configs(point, spec) + [QUIET_COLLECTIVES, tools.smpi_binary] + args + model)
    template = spec.launcher or default_launcher()
    nodes = -(-point.np * point.ncpu // spec.cores_per_node)  # rounded up
    launch = template.format(np=point.np, ncpu=point.ncpu, nodes=nodes)
    return shlex.split(launch) + [tools.binary] + args


def start(cmd, log_path, threads, cpus=None):
    """Starts a run of `threads` OpenMP threads in all (run_env; under SMPI
    every rank's are in the one process) with its output in log_path;
    `cpus` pins it (taskset)."""
    pinned = cpus is not None and shutil.which("taskset")
    if pinned:
        cmd = ["taskset", "-c", ",".join(map(str, cpus))] + cmd
    env = run_env(threads, len(cpus) if pinned else None)
    if "smpirun" in map(os.path.basename, cmd[:3]):
        # SMPI copies each privatized library into $TMPDIR under a name made
        # of the rank only: two simulations started at once in one TMPDIR
        # overwrite each other's copies (dlopen failed, exit 134).
        env["TMPDIR"] = os.path.dirname(os.path.abspath(log_path))
    log = open(log_path, "w")
    log.write(" ".join(shlex.quote(c) for c in cmd) + "\n")
    log.flush()
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env), log


def run(cmd, log_path, threads):
    """Runs to the end (`threads`: as start's); returns (exit status, wall seconds)."""
    t0 = time.monotonic()
    proc, log = start(cmd, log_path, threads)
    code = proc.wait()
    log.close()
    return code, time.monotonic() - t0
