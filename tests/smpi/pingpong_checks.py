#!/usr/bin/env python3
"""Each simulated network answers a ping-pong as its figures say.

Two ranks on two nodes of each platform of tools/minicrash_study/platforms.py
(one switch): the one-way time of a 1-byte message and the bandwidth of a
4 MiB one, with SMPI's charge for the CPU time between MPI calls off (it
would add this machine's 1-2 us of SMPI bookkeeping per call). Idealised platforms (SMPI factors 1): latency as given (7 %) and
bandwidth as given (7 %). TCP platforms: gige-tcp is SMPI's own TCP GigE
fit on its cluster's links, 1 B in 103 us and 4 MiB at 115.8 MB/s (that
fit: 96.7 us + 9.85 ns/B below 257 B, 559 us + 8.50 ns/B from 64 KiB);
10gige-tcp 20 us and 0.4 x 1.25 GB/s. Prints the table docs/simulated-clusters.md shows.

usage: pingpong_checks.py PINGPONG_BINARY WORKDIR
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_study import platforms  # noqa: E402

TOLERANCE = 0.07  # SMPI adds about 5 % to a small message's one-way time (measured, all platforms)
# What the TCP platforms must give: (one-way us of 1 B, MB/s at 4 MiB).
TCP_EXPECTED = {"gige-tcp": (103.0, 115.8), "10gige-tcp": (20.0, 500.0)}


def expected(name):
    if name in TCP_EXPECTED:
        return TCP_EXPECTED[name]
    net = platforms.NETWORKS[name]
    return net.latency_us, net.bandwidth_gbps * 1000


def main():
    binary, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    failed = []
    print(f"{'network':>11} {'1 B one-way [us]':>17} {'expected':>9} {'4 MiB [MB/s]':>13} {'expected':>9}")
    for name in platforms.NETWORKS:
        xml = os.path.join(work, f"{name}.xml")
        platforms.write_platform(xml, name, 2, 1, topology="switch")
        hosts = os.path.join(work, "hosts")
        with open(hosts, "w") as f:
            f.write(platforms.hostfile(2, 2, 1))
        out = subprocess.run(["smpirun", "-platform", xml, "-hostfile", hosts, "-np", "2", "--cfg=smpi/simulate-computation:no",
                              binary], capture_output=True, text=True, timeout=120, check=True).stdout
        measured = {int(b): (float(us), float(mbs)) for b, us, mbs in (line.split() for line in out.splitlines()
                                                                    if line and line[0].isdigit())}
        lat, bw = measured[1][0], measured[4 << 20][1]
        want_lat, want_bw = expected(name)
        print(f"{name:>11} {lat:17.2f} {want_lat:9.2f} {bw:13.1f} {want_bw:9.1f}")
        if abs(lat / want_lat - 1) > TOLERANCE or abs(bw / want_bw - 1) > TOLERANCE:
            failed.append(name)
    if failed:
        sys.exit(f"ping-pong differs from the platform's figures by more than {100 * TOLERANCE:.0f} %: {failed}")


if __name__ == "__main__":
    main()
