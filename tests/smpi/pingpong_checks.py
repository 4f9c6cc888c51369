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

Dual rail, on each idealised network: 1 MiB one way on 2 rails must take
(lat + S / 2bw) / (lat + S / bw) of its time on 1 rail (about half) within
2 %, and 8 B the same time as on 1 rail within 1 %. Blocking: two nodes on
two leaves of a fat tree (one node per leaf), where the leaf uplink is
the narrowest link: 1 MiB crosses at bw / 2 and bw / 4 with blocking 2
and 4 (the rate S / (t(1 MiB) - t(8 B)), within 2 %).

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


def pingpong(binary, work, name, topology="switch", leaf=8):
    """{bytes: (one-way us, MB/s)} between two nodes, one rank each."""
    xml = os.path.join(work, f"{name}_{topology}.xml")
    platforms.write_platform(xml, name, 2, 1, topology=topology, leaf=leaf)
    hosts = os.path.join(work, "hosts")
    with open(hosts, "w") as f:
        f.write(platforms.hostfile(2, 2, 1))
    out = subprocess.run(["smpirun", "-platform", xml, "-hostfile", hosts, "-np", "2", "--cfg=smpi/simulate-computation:no",
                          binary], capture_output=True, text=True, timeout=120, check=True).stdout
    return {int(b): (float(us), float(mbs)) for b, us, mbs in (line.split() for line in out.splitlines()
                                                            if line and line[0].isdigit())}


def check_rails_and_blocking(binary, work):
    """The dual-rail and blocking checks; returns the networks that failed."""
    failed = []
    mib = 1 << 20
    print(f"\n{'network':>11} {'1 MiB 2 rails / 1 rail':>23} {'expected':>9} {'8 B 2 rails / 1 rail':>21}"
          f" {'b2 rate / bw':>13} {'b4 rate / bw':>13}")
    for name, net in platforms.NETWORKS.items():
        if name in TCP_EXPECTED:
            continue
        one, two = pingpong(binary, work, name), pingpong(binary, work, name, "switch-r2")
        lat, bw = net.latency_us, net.bandwidth_gbps * 1e3  # us, B/us
        want = (lat + mib / (2 * bw)) / (lat + mib / bw)
        big, small = two[mib][0] / one[mib][0], two[8][0] / one[8][0]
        rate = {}  # B/us beyond the latency, across two leaves
        for b in (2, 4):
            times = pingpong(binary, work, name, platforms.topology_name("fattree", b), leaf=1)
            rate[b] = mib / (times[mib][0] - times[8][0]) / bw
        print(f"{name:>11} {big:23.3f} {want:9.3f} {small:21.3f} {rate[2]:13.3f} {rate[4]:13.3f}")
        if (abs(big / want - 1) > 0.02 or abs(small - 1) > 0.01 or abs(rate[2] / 0.5 - 1) > 0.02
                or abs(rate[4] / 0.25 - 1) > 0.02):
            failed.append(name)
    return failed


def main():
    binary, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    failed = []
    print(f"{'network':>11} {'1 B one-way [us]':>17} {'expected':>9} {'4 MiB [MB/s]':>13} {'expected':>9}")
    for name in platforms.NETWORKS:
        measured = pingpong(binary, work, name)
        lat, bw = measured[1][0], measured[4 << 20][1]
        want_lat, want_bw = expected(name)
        print(f"{name:>11} {lat:17.2f} {want_lat:9.2f} {bw:13.1f} {want_bw:9.1f}")
        if abs(lat / want_lat - 1) > TOLERANCE or abs(bw / want_bw - 1) > TOLERANCE:
            failed.append(name)
    if failed:
        sys.exit(f"ping-pong differs from the platform's figures by more than {100 * TOLERANCE:.0f} %: {failed}")
    failed = check_rails_and_blocking(binary, work)
    if failed:
        sys.exit(f"dual rail or blocking off the model on: {failed}")


if __name__ == "__main__":
    main()
