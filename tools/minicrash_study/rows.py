"""One CSV row per run, from the run's JSON report, and the CSV itself."""
import csv
import json
import os
import re

from .spec import SMPI_OWN

# The report's MPI call names and their CSV column suffixes.
MPI_CALLS = {"MPI_Allreduce": "allreduce", "MPI_Bcast": "bcast", "MPI_Barrier": "barrier", "MPI_Gather": "gather",
             "MPI_Allgather": "allgather", "MPI_Alltoall": "alltoall", "MPI_Send": "send", "MPI_Recv": "recv", "MPI_Isend": "isend", "MPI_Irecv": "irecv",
             "MPI_Waitall": "waitall", "collective wait": "collective_wait"}
BUCKETS = ["msgs_0_256B", "msgs_256B_4KB", "msgs_4KB_64KB", "msgs_over_64KB"]
BUCKET_LABELS = ["0-256 B", "256 B-4 KB", "4-64 KB", "> 64 KB"]
# Phases whose slowest rank / average the CSV gives (the wait the collectives measure).
IMBALANCE_PHASES = ["elements", "contact", "nodes"]
# Crash-phase windows (runner.window_columns): empty for whole runs.
WINDOW_COLUMNS = ["window", "window_start_time", "window_start_cycle", "internal_start", "internal_end",
                  "contact_energy_start", "contact_energy_end", "contact_pairs_in_force_start",
                  "contact_pairs_in_force_end", "shells_yielded_start", "shells_yielded_end"]
COLUMNS = (["system", "network", "topology", "deck", "elements", "nodes", "cores_per_node", "np", "ncpu", "cores",
            "partition", "halo", "precision", "collectives", "placement", "repeat", "cycles", "elapsed", "startup", "wall_seconds",
            "element_cycles_per_second", "ns_per_element_cycle_per_core", "jobs_per_day", "mpi_seconds",
            "mpi_share"] + [f"mpi_{c}" for c in MPI_CALLS.values()] + BUCKETS
           + ["inter_node_bytes", "total_bytes", "energy_joules", "loop_energy_joules", "final_total_energy", "state_checksum"]
           + [f"{phase}_imbalance" for phase in IMBALANCE_PHASES] + WINDOW_COLUMNS)
TEXT = {"system", "network", "topology", "deck", "partition", "halo", "precision", "collectives", "placement", "state_checksum",
        "split", "window"}


def read_report(odir):
    with open(os.path.join(odir, "minicrash_report.json")) as f:
        return json.load(f)


def inter_node_bytes(report, rank_nodes):
    """Bytes of the time loop sent between ranks on different nodes."""
    return sum(b for i, row in enumerate(report["traffic_bytes"]) for j, b in enumerate(row)
               if rank_nodes[i] != rank_nodes[j])


def energy_from_log(text):
    """Joules of the used hosts, from SimGrid's host energy plugin summary."""
    m = re.search(r"Total energy consumption: ([0-9.eE+-]+) Joules \(used hosts: ([0-9.eE+-]+) Joules", text)
    return float(m.group(2)) if m else ""


def make_row(point, deck_name, report, wall, cores_per_node, rank_nodes=None, log_text=""):
    fom = report["figure_of_merit"]
    elapsed = report["elapsed"]
    row = {"system": point.system_label, "network": point.network, "topology": point.topology, "deck": deck_name,
           "elements": report["elements"], "nodes": point.nodes, "cores_per_node": cores_per_node if point.simulated else "",
           "np": point.np, "ncpu": point.ncpu, "cores": point.np * point.ncpu, "partition": point.partition,
           "halo": report.get("halo", "corners"), "precision": report["build"]["precision"],
           "collectives": point.collectives or SMPI_OWN, "placement": point.placement, "repeat": point.repeat,
           "cycles": report["cycles"], "elapsed": elapsed, "startup": report["startup"], "wall_seconds": round(wall, 3),
           "element_cycles_per_second": fom["element_cycles_per_second"],
           "ns_per_element_cycle_per_core": fom["ns_per_element_cycle_per_core"],
           "jobs_per_day": fom["jobs_per_day"], "mpi_seconds": report["mpi_seconds_avg"],
           "mpi_share": report["mpi_seconds_avg"] / elapsed if elapsed > 0 else 0,
           "final_total_energy": report["energy_last"]["total"], "state_checksum": report["state_checksum"],
           "energy_joules": energy_from_log(log_text), "loop_energy_joules": report.get("loop_energy_joules", "")}
    for entry in report["mpi"]:
        row[f"mpi_{MPI_CALLS[entry['call']]}"] = entry["avg"]
    for name, count in zip(BUCKETS, report["histogram"]):
        row[name] = count
    row["total_bytes"] = sum(map(sum, report["traffic_bytes"]))
    for phase in report["phases"]:
        if phase["name"] in IMBALANCE_PHASES:
            row[f"{phase['name']}_imbalance"] = phase["max"] / phase["avg"] if phase["avg"] > 0 else ""
    row["inter_node_bytes"] = inter_node_bytes(report, rank_nodes) if rank_nodes else ""
    return row


def write_csv(path, rows, columns=COLUMNS):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def read_csv(path):
    """Rows with numbers as numbers (empty cells stay '')."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        for key, value in row.items():
            if value not in ("", None) and key not in TEXT:
                row[key] = float(value)
    return rows
