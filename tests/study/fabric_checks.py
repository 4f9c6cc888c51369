#!/usr/bin/env python3
"""Fabric options of the study driver: --blocking and --rails make one
simulated system per combination, named NETWORK-TOPOLOGY[-bB][-rR], whose
platform file has the right link widths; a blocking factor on one switch,
more rails than the writer models, an unknown blocking factor, jobs that
do not split the ranks or a study without sizes exit with status 2 and say
why, before anything runs.

usage: fabric_checks.py STUDY_PY WORKDIR
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_study import platforms  # noqa: E402
from minicrash_study.spec import StudySpec  # noqa: E402


def expect_refused(study, work, args, message):
    done = subprocess.run([sys.executable, study] + args, capture_output=True, text=True, timeout=60, cwd=work)
    if done.returncode != 2 or message not in done.stderr:
        sys.exit(f"{args}: expected exit 2 saying {message!r}, got {done.returncode}: {done.stderr}")


def main():
    study, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    spec = StudySpec(decks=["d.k"], nodes=[4], networks=["ib-hdr"], blocking=[1, 2], rails=[1, 2], local=False)
    systems = spec.systems()
    if systems != ["smpi:ib-hdr:fattree", "smpi:ib-hdr:fattree-r2", "smpi:ib-hdr:fattree-b2",
                   "smpi:ib-hdr:fattree-b2-r2"]:
        sys.exit(f"systems {systems}")
    # 16 nodes, 8 per leaf, on 2 rails with 2:1 uplinks: node links 46 GB/s, uplinks 8 x 46 / 2.
    xml = platforms.platform_xml("ib-hdr", 16, 4, "fattree-b2-r2")
    node_bw = set(re.findall(r'<cluster [^>]* bw="([0-9.]+)GBps"', xml))
    up_bw = set(re.findall(r'<link id="leaf[0-9]+-up" bandwidth="([0-9.]+)GBps"', xml))
    if node_bw != {"46.0"} or up_bw != {"184.0"}:
        sys.exit(f"link widths: nodes {node_bw}, uplinks {up_bw}")
    expect_refused(study, work, ["platform", "--network", "ib-hdr", "--nodes", "4", "--topology", "switch",
                                 "--blocking", "2", "-o", "x.xml"], "only a fat tree has uplinks to block")
    expect_refused(study, work, ["platform", "--network", "ib-hdr", "--nodes", "4", "--rails", "3", "-o", "x.xml"],
                   "3 rails: the platform writer models 1 to 2")
    expect_refused(study, work, ["platform", "--network", "ib-hdr", "--nodes", "4", "--blocking", "3", "-o", "x.xml"],
                   "invalid choice: 3")
    expect_refused(study, work, ["run", "--deck", "d.k", "--network", "ib-hdr", "--nodes", "2", "--no-local",
                                 "--rails", "1", "4", "--out", "s"], "4 rails: the platform writer models 1 to 2")
    expect_refused(study, work, ["throughput", "--deck", "d.k", "--network", "ib-hdr", "--nodes", "1",
                                 "--cores-per-node", "2", "--jobs", "4", "--host-speed", "1e9", "--out", "t"],
                   "--jobs 4: 2 ranks (1 nodes x 2) do not split into equal jobs")
    expect_refused(study, work, ["run", "--deck", "d.k", "--out", "n"], "no sizes given")
    print("fabric options: systems", systems, "; uplinks", up_bw, "GB/s; bad fabrics exit 2")


if __name__ == "__main__":
    main()
