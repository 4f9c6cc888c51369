"""Crash-phase windows: N cycles from simulated time T (`--window T:N`).

The state at T is made once per deck by a real run on this machine
(`endtim=T restart_end=1`, halo=corners so it does not depend on the np it
was made at) and kept in the study under windows/DECK_tT/; every point of
the window restarts from it at its own np (restart sets are read at any np)
and runs N cycles. T = 0 is the start of the run: no state to make.

windows/DECK_tT/window.json exists once the state is complete; a killed
making run resumes from its newest restart set (written every minute).
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import minicrash_histories

from . import launch

MAKE_NP = 2  # ranks of the run that makes a window state (the answer does not depend on it)
CHECKPOINT_SECONDS = 60  # a killed making run loses at most this much


class BadWindow(Exception):
    """A window that cannot be run (exit status 2)."""


def parse_window(text):
    """'T:N' -> (T, N)."""
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*:\s*([0-9]+)\s*", text)
    if not m:
        raise BadWindow(f"--window {text!r}: expected T:N (start time in the deck's unit : cycles)")
    start, cycles = float(m.group(1)), int(m.group(2))
    if start < 0 or cycles < 1:
        raise BadWindow(f"--window {text!r}: T must be >= 0 and N >= 1")
    return start, cycles


def window_label(text):
    """A window in run ids and file names: t0.0076n200."""
    start, cycles = parse_window(text)
    return f"t{start:g}n{cycles}"


def deck_end_time(path):
    """ENDTIM of the deck's *CONTROL_TERMINATION (None when the deck has none)."""
    with open(path, errors="replace") as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.strip().upper().startswith("*CONTROL_TERMINATION"):
            for card in lines[i + 1:]:
                if card.startswith("$"):
                    continue
                if card.startswith("*"):
                    return None
                field = card.split(",")[0] if "," in card else card[:10]
                return float(field) if field.strip() else None
    return None


def state_dir(study_dir, deck_name, start):
    return os.path.join(os.path.abspath(study_dir), "windows", f"{deck_name}_t{start:g}")


def load_state(study_dir, deck_name, start):
    """window.json of a complete state, or None."""
    path = os.path.join(state_dir(study_dir, deck_name, start), "window.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def make_state(study_dir, deck_name, deck_path, start, tools, launcher="", stream=sys.stderr):
    """The state at `start` (made once; resumed when a making run was killed).
    Returns window.json's content: the restart set, its cycle and time, and
    the crash indicators there (energies, contact pairs, shells yielded)."""
    done = load_state(study_dir, deck_name, start)
    if done:
        return done
    end = deck_end_time(deck_path)
    if end is not None and start >= end:
        raise BadWindow(f"window at T = {start:g} is past the end of {deck_name} (ENDTIM {end:g})")
    odir = state_dir(study_dir, deck_name, start)
    os.makedirs(odir, exist_ok=True)
    resume = os.path.isdir(os.path.join(odir, "restart"))
    args = [f"i={deck_path}", f"endtim={start:.17g}", "restart_end=1", f"restart_seconds={CHECKPOINT_SECONDS}",
            "halo=corners", f"odir={odir}", "progress=10", launch.PLOT] + ([f"r={odir}"] if resume else [])
    template = launcher or launch.default_launcher()
    cmd = shlex.split(template.format(np=MAKE_NP, ncpu=1, nodes=1)) + [tools.binary] + args
    print(f"making the state of {deck_name} at t = {start:g} ({'resuming' if resume else 'from the start'}, "
          f"np {MAKE_NP}) in {odir}", file=stream)
    t0 = time.monotonic()
    log_path = os.path.join(odir, "make_log.txt")
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env=launch.run_env(MAKE_NP))
        for line in proc.stdout:
            log.write(line)
            if re.match(r"\s*cycle\s+\d", line):  # minicrash's progress line: cycle, t, share, eta
                print(f"  {deck_name} t={start:g}: {line.strip()}", file=stream)
        code = proc.wait()
    if code != 0:
        with open(log_path) as f:
            tail = f.read()[-1500:]
        shutil.rmtree(odir, ignore_errors=True)  # nothing half-made is left to be mistaken for a state
        raise BadWindow(f"the state of {deck_name} at t = {start:g} could not be made: minicrash exited with "
                        f"status {code}:\n{tail}")
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        report = json.load(f)
    sets = sorted(os.listdir(os.path.join(odir, "restart")))
    glstat = minicrash_histories.last_row(os.path.join(odir, "glstat.csv"))
    rcforc = os.path.join(odir, "rcforc.csv")
    state = {"deck": deck_name, "time": report["simulated_time"], "cycle": report["cycles"],
             "restart_set": os.path.join(odir, "restart", sets[-1]), "make_seconds": time.monotonic() - t0,
             "make_np": MAKE_NP, "internal": glstat["internal"], "contact": glstat["contact"],
             "kinetic": glstat["kinetic"], "shells_yielded": report["shells_yielded"],
             "elements": report["elements"],
             "contact_pairs_in_force": contact_pairs_in_force(rcforc)}
    with open(os.path.join(odir, "window.json.tmp"), "w") as f:
        json.dump(state, f, indent=1)
    os.replace(os.path.join(odir, "window.json.tmp"), os.path.join(odir, "window.json"))
    print(f"state of {deck_name} at t = {state['time']:g} (cycle {state['cycle']}) made in "
          f"{state['make_seconds']:.0f} s", file=stream)
    return state


def contact_pairs_in_force(rcforc_path):
    """Node-segment pairs with a penalty force at the last rcforc.csv output, all interfaces."""
    if not os.path.exists(rcforc_path):
        return 0
    lines = minicrash_histories.rows(rcforc_path)
    if not lines:
        return 0
    last_time = lines[-1][0]
    return int(sum(l[-1] for l in lines if l[0] == last_time))
