"""What a study runs: decks, systems and the matrix of run points.

A study directory keeps its specification in study.json, so a killed study
continues with `tools/study.py run --out DIR` alone.
"""
import json
import math
import os
import re
from dataclasses import asdict, dataclass, field

from . import platforms
from .windows import BadWindow, parse_window, window_label

# SMPI collective algorithms when a study names none: Open MPI's decision
# rules. SMPI's own defaults are what no MPI library runs, and its default
# allgather (each rank posts N-1 requests and matches them with waitany)
# costs the simulator O(N^2) per rank: 50 cycles of the Neon-like deck at
# 256 ranks had not finished after 10 minutes, against 76 s with these.
DEFAULT_COLLECTIVES = "coll-selector=ompi"
SMPI_OWN = "smpi"  # the name of SMPI's own defaults (no --cfg) in the CSV


def collective_choice(word):
    """A --collectives word: `smpi` (SMPI's own algorithms), a library's
    selector by name (ompi, mpich, mvapich2, impi), or key=value,... items
    that become --cfg=smpi/key:value."""
    if word == SMPI_OWN:
        return ""
    return word if "=" in word else f"coll-selector={word}"



class BadSpec(ValueError):
    """A study that cannot be run as given (exit status 2, before anything runs)."""

@dataclass(frozen=True)
class Deck:
    """A keyword deck, or a generator spec `gen:PRESET[:key=value,...]`
    (run as `minicrash-gen PRESET --key value ... -o FILE`)."""
    spec: str

    @property
    def generated(self):
        return self.spec.startswith("gen:")

    @property
    def name(self):
        if not self.generated:
            return os.path.splitext(os.path.basename(self.spec))[0]
        return re.sub(r"[^A-Za-z0-9.]+", "_", self.spec[4:]).strip("_")

    def generator_args(self):
        """minicrash-gen arguments (without -o) for a generated deck."""
        _, preset, *rest = self.spec.split(":", 2)
        args = [preset]
        for item in rest[0].split(",") if rest and rest[0] else []:
            key, _, value = item.partition("=")
            args += [f"--{key}"] + ([value] if value else [])
        return args


@dataclass(frozen=True)
class Point:
    """One run of the matrix."""
    deck: str  # Deck.spec
    system: str  # "local" (the launcher) or "smpi:NETWORK:TOPOLOGY"
    np: int
    ncpu: int
    partition: str
    repeat: int
    nodes: int = 0  # simulated nodes (0: not known for a real launcher)
    collectives: str = ""  # SMPI algorithm choice, "allreduce=rdb,bcast=flattree"
    placement: str = "block"  # SMPI hostfile: block, roundrobin, metis
    window: str = ""  # "T:N": N cycles from simulated time T (windows.py); "": the spec's options decide

    @property
    def simulated(self):
        return self.system.startswith("smpi:")

    @property
    def network(self):
        return self.system.split(":")[1] if self.simulated else ""

    @property
    def topology(self):
        return self.system.split(":")[2] if self.simulated else ""

    @property
    def system_label(self):
        return f"{self.network}-{self.topology}" if self.simulated else self.system

    @property
    def id(self):
        parts = [Deck(self.deck).name, self.system_label, f"np{self.np}", f"c{self.ncpu}", self.partition]
        if self.collectives:
            parts.append(re.sub(r"[^A-Za-z0-9]+", "-", self.collectives))
        if self.placement != "block":
            parts.append(self.placement)
        if self.window:
            parts.append(window_label(self.window))
        return "_".join(parts + [f"r{self.repeat}"])


@dataclass
class StudySpec:
    decks: list
    nps: list = field(default_factory=list)  # rank counts (real and simulated)
    nodes: list = field(default_factory=list)  # simulated node counts (np = nodes x cores_per_node)
    ncpus: list = field(default_factory=lambda: [1])
    partitions: list = field(default_factory=lambda: ["rcb"])
    repeats: int = 1
    halo: str = "sums"  # minicrash halo=: sums (production codes' bytes) or corners
    options: list = field(default_factory=list)  # extra minicrash options, e.g. cycles=200
    local: bool = True  # run through the launcher
    system_name: str = "local"
    launcher: str = ""  # template; "" = mpirun
    networks: list = field(default_factory=list)  # simulated: platforms.NETWORKS keys
    topology: str = "fattree"
    blocking: list = field(default_factory=lambda: [1])  # fat-tree blocking factors to compare (platforms.BLOCKING)
    rails: list = field(default_factory=lambda: [1])  # rail counts to compare (dual rail: 2)
    cores_per_node: int = 8
    leaf: int = 8
    core_speed: str = "1Gf"
    host_speed: float = 0.0  # SMPI smpi/host-speed (flop/s); 0: calibrate at the start
    collectives: list = field(default_factory=lambda: [DEFAULT_COLLECTIVES])
    energy: bool = False
    windows: list = field(default_factory=list)  # "T:N" crash-phase windows (windows.py); [] = whole runs
    precision: str = "double"  # of the binaries run (launch.BUILD_DIRS); a run of the other is refused
    rebalance: bool = False  # window restarts weight elements by their yielding at T (minicrash rebalance=1)
    compute: str = "measured"  # simulated compute: measured CPU time of each burst, or "model" (compute_costs)
    compute_costs: str = ""  # minicrash compute_costs= of the model (calibrate's fit)

    def systems(self):
        out = [self.system_name] if self.local else []
        return out + [f"smpi:{n}:{platforms.topology_name(self.topology, b, r)}"
                      for n in self.networks for b in self.blocking for r in self.rails]

    def points(self):
        """Every run, in the order they are run: small jobs first."""
        pts = []
        for deck in self.decks:
            for system in self.systems():
                simulated = system.startswith("smpi:")
                for np_, nodes in self._sizes(simulated):
                    for ncpu in ([1] if simulated else self.ncpus):
                        for part in self.partitions:
                            for coll in (self.collectives if simulated else [""]):
                                for window in self.windows or [""]:
                                    for rep in range(self.repeats):
                                        pts.append(Point(deck, system, np_, ncpu, part, rep, nodes, coll,
                                                         window=window))
        return sorted(pts, key=lambda p: (p.np * p.ncpu, p.id))

    def _sizes(self, simulated):
        cpn = self.cores_per_node
        sizes = {(n, math.ceil(n / cpn) if simulated else 0) for n in self.nps}
        if simulated:
            sizes |= {(n * cpn, n) for n in self.nodes}
        return sorted(sizes)

    def save(self, path):
        with open(path, "w") as f:
            json.dump(asdict(self), f, indent=1)

    @staticmethod
    def load(path):
        with open(path) as f:
            return StudySpec(**json.load(f))

    def validate(self, need_sizes=True):
        unknown = [n for n in self.networks if n not in platforms.NETWORKS]
        if unknown:
            raise BadSpec(f"unknown network(s) {unknown}; known: {sorted(platforms.NETWORKS)}")
        if self.topology not in platforms.TOPOLOGIES:
            raise BadSpec(f"unknown topology {self.topology!r}; known: {platforms.TOPOLOGIES}")
        for blocking in self.blocking:
            for rails in self.rails:
                platforms.check_fabric(self.topology, blocking, rails)
        if not self.decks:
            raise BadSpec("no deck given (--deck)")
        if need_sizes and not self.nps and not (self.nodes and self.networks):
            raise BadSpec("no sizes given (--np, or --nodes with --network)")
        if not self.local and not self.networks:
            raise BadSpec("nothing to run: --no-local and no --network")
        if self.compute not in ("measured", "model"):
            raise BadSpec(f"--compute {self.compute!r}: measured or model")
        if self.compute == "model" and not self.compute_costs:
            raise BadSpec("--compute model needs --compute-costs (a tools/study.py calibrate -o fit)")
        for w in self.windows:
            parse_window(w)
        if self.windows and any(o.startswith(("cycles=", "endtim=")) for o in self.options):
            raise BadWindow("--window sets each run's cycles: leave out --cycles and endtim=")
