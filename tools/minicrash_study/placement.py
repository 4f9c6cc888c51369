"""Placement experiment on a simulated cluster: the same job with ranks
placed block-wise (Open MPI's default), round-robin (--map-by node), and by
minicrash-place from the block run's traffic matrix (METIS). Rows land in
results.csv with their placement and inter-node bytes."""
import dataclasses
import os
import subprocess
import sys

from . import launch


def run_placement(study, sockets):
    spec = study.spec
    cpn = spec.cores_per_node
    if cpn % sockets:
        raise SystemExit(f"--cores-per-node {cpn} is not a multiple of --sockets {sockets}")
    base = [p for p in spec.points() if p.simulated and p.placement == "block"]
    for block in base:
        study.run_point(block)
        study.run_point(dataclasses.replace(block, placement="roundrobin"))
        placed = dataclasses.replace(block, placement="metis")
        hosts = launch.hostfile_path(study.out, placed, cpn)
        stem = os.path.join(study.out, "platforms", placed.id)
        cmd = [study.tools.place, "--report", os.path.join(study.run_dir(block), "minicrash_report.json"),
               "--nodes", str(block.nodes), "--sockets", str(sockets), "--cores", str(cpn // sockets),
               "--hostfile", hosts, "--rankfile", stem + ".rankfile", "--summary", stem + ".json"]
        print(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout, end="", file=sys.stderr)
        study.run_point(placed)
        study.write_csv()
    rows = [r for r in study.write_csv() if r["nodes"]]
    print(f"{'deck':>16} {'system':>14} {'np':>4} {'partition':>9} {'placement':>10} {'inter-node bytes':>17} "
          f"{'elapsed [s]':>12}")
    for r in sorted(rows, key=lambda r: (r["deck"], r["system"], r["np"], r["partition"], r["placement"])):
        print(f"{r['deck']:>16} {r['system']:>14} {r['np']:>4} {r['partition']:>9} {r['placement']:>10} "
              f"{r['inter_node_bytes']:>17} {r['elapsed']:>12.6f}")
