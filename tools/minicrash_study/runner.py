"""Runs a study's matrix, resumably, and keeps results.csv up to date.

Layout of a study directory:
  study.json          the specification (a bare `run --out DIR` continues it)
  decks/              generated decks
  platforms/          SimGrid platforms and hostfiles
  runs/ID/            one run: minicrash's output directory, log.txt and,
                      once it has finished, row.json (its CSV row)
  windows/DECK_tT/    the state at T of a crash-phase window (windows.py)
  calibration.json    the measured SMPI host speed
  results.csv         one row per finished run
A run without row.json did not finish (killed): it is run again.
"""
import dataclasses
import glob
import json
import os
import shutil
import subprocess

from . import launch, platforms, rows
from .windows import BadWindow, contact_pairs_in_force, make_state, parse_window
from .progress import Progress
from .spec import Deck, Point

CALIBRATION_RUNS = 3  # real serial runs; the fastest counts (the machine may be shared)


def run_weight(point):
    """Rough cost of a run for the progress bar: a fixed part (deck, start-up,
    the compute, which SMPI runs for every rank in turn) and a part per rank
    (SMPI's simulation); measured on the tube decks, 8 : 1."""
    return 8 + point.np * point.ncpu


class Study:
    def __init__(self, out, spec, tools):
        self.out, self.spec, self.tools = out, spec, tools
        os.makedirs(os.path.join(out, "runs"), exist_ok=True)

    def deck_path(self, spec_text):
        deck = Deck(spec_text)
        if not deck.generated:
            return os.path.abspath(deck.spec)
        path = os.path.join(os.path.abspath(self.out), "decks", deck.name + ".k")
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            subprocess.run([self.tools.generator] + deck.generator_args() + ["-o", path + ".tmp"], check=True,
                           stdout=subprocess.DEVNULL)
            os.replace(path + ".tmp", path)
        return path

    def run_dir(self, point):
        return os.path.join(os.path.abspath(self.out), "runs", point.id)

    def finished(self, point):
        return os.path.exists(os.path.join(self.run_dir(point), "row.json"))

    def run_point(self, point):
        """Runs one point (unless finished) and returns its row."""
        odir = self.run_dir(point)
        row_path = os.path.join(odir, "row.json")
        if os.path.exists(row_path):
            with open(row_path) as f:
                return json.load(f)
        shutil.rmtree(odir, ignore_errors=True)  # a killed attempt
        os.makedirs(odir)
        start = self.window_start(point)
        cmd = launch.command(point, self.deck_path(point.deck), odir, self.spec, self.tools, self.out,
                             window_args(point, start, self.spec.rebalance))
        log_path = os.path.join(odir, "log.txt")
        code, wall = launch.run(cmd, log_path, point.np * point.ncpu)
        with open(log_path) as f:
            log_text = f.read()
        if code != 0:
            raise SystemExit(f"run {point.id} failed with exit status {code}; see {log_path}:\n{log_text[-2000:]}")
        report = rows.read_report(odir)
        if report["build"]["precision"] != self.spec.precision:
            raise SystemExit(f"run {point.id}: the binary is a {report['build']['precision']}-precision build; the "
                             f"study asks for {self.spec.precision} (--precision, docs/studies.md#precision)")
        row = rows.make_row(point, Deck(point.deck).name, report, wall, self.spec.cores_per_node,
                            self.rank_nodes(point), log_text)
        if point.window:
            row.update(window_columns(point, start, report, odir))
        with open(row_path + ".tmp", "w") as f:
            json.dump(row, f)
        os.replace(row_path + ".tmp", row_path)
        return row

    def window_start(self, point):
        """The state the point's window starts from (made on first use), or None."""
        if not point.window or parse_window(point.window)[0] == 0:
            return None
        return make_state(self.out, Deck(point.deck).name, self.deck_path(point.deck), parse_window(point.window)[0],
                          self.tools, self.spec.launcher)

    def rank_nodes(self, point):
        """The node of each rank, from the hostfile a simulated run used."""
        if not point.simulated:
            return None
        _, hosts = launch.platform_files(self.out, point, self.spec)
        with open(hosts) as f:
            return [line.strip() for line in f if line.strip()]

    def run_all(self, points):
        finished = [self.finished(p) for p in points]
        for point, done in zip(points, finished):
            if not done:
                self.window_start(point)  # every window state first: the bar then times the runs alone
        bar = Progress([run_weight(p) for p in points], finished)
        bar.show("resuming" if any(finished) else "starting")
        for point, done in zip(points, finished):
            if done:
                continue
            bar.show(f"running {point.id}")
            self.run_point(point)
            self.write_csv()
            bar.advance(run_weight(point), f"done {point.id}")
        bar.close()
        self.write_csv()

    def write_csv(self):
        found = []
        for path in sorted(glob.glob(os.path.join(self.out, "runs", "*", "row.json"))):
            with open(path) as f:
                found.append(json.load(f))
        rows.write_csv(os.path.join(self.out, "results.csv"), found)
        return found

    def calibrate(self, deck_spec, save):
        """SMPI host speed that makes a simulated serial run last as long as a
        real one on this machine. SMPI times each compute burst (thread CPU
        time) and charges it as burst x smpi/host-speed flops to a simulated
        core of the platform's speed; a core of 1 Gf is then a core of this
        machine. `save(speed)` stores the result in the study."""
        real, sim = [], []
        spec = dataclasses.replace(self.spec, host_speed=1e9, energy=False, core_speed="1Gf")
        probe = Study(os.path.join(self.out, "calibration"), spec, self.tools)
        # A window study calibrates on its first window's length from the start.
        window = f"0:{parse_window(self.spec.windows[0])[1]}" if self.spec.windows else ""
        for rep in range(CALIBRATION_RUNS):
            real.append(probe.run_point(Point(deck_spec, "local", 1, 1, "rcb", rep, window=window))["elapsed"])
        for rep in range(2):
            sim_point = Point(deck_spec, f"smpi:{next(iter(platforms.NETWORKS))}:switch", 1, 1, "rcb", rep, 1,
                              window=window)
            sim.append(probe.run_point(sim_point)["elapsed"])
        speed = 1e9 * min(real) / min(sim)
        with open(os.path.join(self.out, "calibration.json"), "w") as f:
            json.dump({"deck": deck_spec, "real_elapsed": real, "simulated_elapsed_at_1Gf": sim,
                       "host_speed": speed}, f, indent=1)
        save(speed)
        return speed


def window_args(point, start, rebalance=False):
    """minicrash options that run the point's window: N cycles from T's state
    (re-partitioned by the state's yielding with `rebalance`)."""
    if not point.window:
        return []
    cycles = parse_window(point.window)[1]
    if start is None:
        return [f"cycles={cycles}"]
    return [f"r={start['restart_set']}", f"cycles={start['cycle'] + cycles}"] + (["rebalance=1"] if rebalance else [])


def window_columns(point, start, report, odir):
    """The window's CSV columns: where it starts and whether it is a crash
    (contact pairs in force, contact and internal energy rising, shells yielding)."""
    cycles = parse_window(point.window)[1]
    first = report["energy_first"]
    begin = start or {"time": 0.0, "cycle": 0, "internal": first["internal"], "contact": first["contact"],
                      "shells_yielded": 0, "contact_pairs_in_force": 0}
    if report["cycles"] != begin["cycle"] + cycles:
        raise BadWindow(f"window {point.window} of {point.deck} ends at cycle {report['cycles']}, not "
                        f"{begin['cycle'] + cycles}: it runs past the deck's end")
    last = report["energy_last"]
    return {"cycles": cycles, "window": point.window, "window_start_time": begin["time"], "window_start_cycle": begin["cycle"],
            "internal_start": begin["internal"], "internal_end": last["internal"],
            "contact_energy_start": begin["contact"], "contact_energy_end": last["contact"],
            "contact_pairs_in_force_start": begin["contact_pairs_in_force"],
            "contact_pairs_in_force_end": contact_pairs_in_force(os.path.join(odir, "rcforc.csv")),
            "shells_yielded_start": begin["shells_yielded"], "shells_yielded_end": report["shells_yielded"]}

