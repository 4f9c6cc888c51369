"""SimGrid platform files for simulated clusters: N nodes x C cores on one
switch or a two-level fat tree, for the interconnects of NETWORKS.

Latencies are end-to-end one-way MPI latencies between two nodes on one
switch; each node link carries half of it. A fat tree adds `hop` per extra
switch level crossed (leaf -> spine -> leaf). Bandwidths are per link and
direction (full duplex).

SMPI scales latency and bandwidth by piecewise factors of the message size.
Its defaults (SimGrid 3.32, src/simgrid/sg_config.cpp) are a fit of MPI
ping-pongs over TCP on one Gigabit Ethernet cluster (SimGrid commit
6b089d4823, 2011: 24 us and 125 MB/s per link as in examples/platforms/
griffon.xml, Grid'5000 Nancy; the model is described in Degomme et al.,
"Simulating MPI applications: the SMPI approach", IEEE TPDS 28(8), 2017).
The idealised platforms set both factors to 1: the numbers below are what a
message sees. The `-tcp` platforms model MPI over TCP as the published
LS-DYNA studies ran it on Ethernet (docs/simulated-clusters.md#ethernet-over-tcp).
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Network:
    latency_us: float  # node -> switch -> node, one way, small message
    bandwidth_gbps: float  # GB/s per link and direction
    hop_us: float  # extra latency per additional switch crossed
    # smpi/lat-factor and smpi/bw-factor; None leaves SMPI's TCP GigE fit on.
    lat_factor: str = "0:1"
    bw_factor: str = "0:1"


# Published ballpark figures for MPI over each fabric (OSU latency/bandwidth).
NETWORKS = {
    "gige": Network(24.0, 0.125, 5.0),
    "10gige": Network(10.0, 1.25, 1.0),
    "ib-qdr": Network(2.0, 3.2, 0.2),
    "ib-fdr": Network(1.8, 6.0, 0.15),
    "ib-hdr": Network(1.6, 23.0, 0.1),
    # MPI over TCP. GigE: the links of the cluster SMPI's default factors were
    # fitted on (24 us, 125 MB/s each) with those factors left on: 1 B one way
    # in 103 us, 4 MiB at 115.8 MB/s (tests/smpi/pingpong_checks.py).
    "gige-tcp": Network(48.0, 0.125, 5.0, lat_factor=None, bw_factor=None),
    # 10GigE: 20 us one way and "over 4 Gb/s" measured with MPI-free TCP on a
    # host NIC without offload (Hurwitz and Feng, "Initial end-to-end
    # performance evaluation of 10-Gigabit Ethernet", Hot Interconnects 11, 2003).
    "10gige-tcp": Network(20.0, 1.25, 1.0, bw_factor="0:0.4"),
}
TOPOLOGIES = ("fattree", "switch")
# Shared memory between ranks of one node.
LOOPBACK_LAT_US, LOOPBACK_BW_GBPS = 0.4, 6.0
# Node power for SimGrid's host energy plugin: idle, one core busy, all busy (W).
WATTS_IDLE, WATTS_ONE_CORE, WATTS_ALL_CORES, WATTS_OFF = 100.0, 130.0, 320.0, 10.0


def node_name(i):
    return f"node-{i}"


def _cluster(cid, first, count, cores, speed, net, bb_bw_gbps):
    return (f'    <cluster id="{cid}" prefix="node-" suffix="" radical="{first}-{first + count - 1}" '
            f'speed="{speed}" core="{cores}" bw="{net.bandwidth_gbps}GBps" lat="{net.latency_us / 2}us" '
            f'sharing_policy="SPLITDUPLEX" bb_bw="{bb_bw_gbps}GBps" bb_lat="0us" '
            f'loopback_bw="{LOOPBACK_BW_GBPS}GBps" loopback_lat="{LOOPBACK_LAT_US}us" router_id="{cid}-router">\n'
            f'      <prop id="wattage_per_state" value="{WATTS_IDLE}:{WATTS_ONE_CORE}:{WATTS_ALL_CORES}"/>\n'
            f'      <prop id="wattage_off" value="{WATTS_OFF}"/>\n'
            f'    </cluster>\n')


def _config(net):
    """The platform's SMPI factors (none: SMPI's defaults stay)."""
    props = [(k, v) for k, v in (("smpi/lat-factor", net.lat_factor), ("smpi/bw-factor", net.bw_factor)) if v]
    if not props:
        return "  <!-- SMPI's default latency and bandwidth factors (its TCP GigE fit) apply -->\n"
    return "  <config>\n" + "".join(f'    <prop id="{k}" value="{v}"/>\n' for k, v in props) + "  </config>\n"


def platform_xml(network, nodes, cores, topology="fattree", leaf=8, speed="1Gf"):
    """The platform as XML text. `leaf`: nodes per leaf switch of the fat tree."""
    net = NETWORKS[network]
    if topology not in TOPOLOGIES:
        raise ValueError(f"topology {topology!r}: expected one of {TOPOLOGIES}")
    out = ['<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n',
           '<platform version="4.1">\n',
           f'  <!-- minicrash: {network}, {nodes} nodes x {cores} cores, {topology}: latency {net.latency_us} us, '
           f'{net.bandwidth_gbps} GB/s per link, {net.hop_us} us per extra switch hop -->\n',
           _config(net),
           '  <zone id="world" routing="Full">\n']
    if topology == "switch" or nodes <= leaf:
        # One non-blocking switch: the backbone carries every node at full rate.
        out.append(_cluster("switch0", 0, nodes, cores, speed, net, nodes * net.bandwidth_gbps))
    else:
        leaves = (nodes + leaf - 1) // leaf
        up_bw = leaf * net.bandwidth_gbps  # full bisection: one uplink as wide as the leaf's nodes
        for s in range(leaves):
            count = min(leaf, nodes - s * leaf)
            out.append(_cluster(f"leaf{s}", s * leaf, count, cores, speed, net, count * net.bandwidth_gbps))
        for s in range(leaves):
            out.append(f'    <link id="leaf{s}-up" bandwidth="{up_bw}GBps" latency="{net.hop_us / 2}us" '
                       f'sharing_policy="SPLITDUPLEX"/>\n')
        for a in range(leaves):
            for b in range(leaves):
                if a == b:
                    continue
                out.append(f'    <zoneRoute src="leaf{a}" dst="leaf{b}" gw_src="leaf{a}-router" gw_dst="leaf{b}-router" '
                           f'symmetrical="NO"><link_ctn id="leaf{a}-up" direction="UP"/>'
                           f'<link_ctn id="leaf{b}-up" direction="DOWN"/></zoneRoute>\n')
    out.append('  </zone>\n</platform>\n')
    return "".join(out)


def rank_nodes(np_, nodes, cores, placement="block"):
    """Node of each rank: `block` fills node by node (Open MPI's default,
    --map-by core), `roundrobin` deals ranks out (--map-by node)."""
    if np_ > nodes * cores:
        raise ValueError(f"{np_} ranks do not fit {nodes} nodes x {cores} cores")
    if placement == "block":
        return [r // cores for r in range(np_)]
    if placement == "roundrobin":
        return [r % nodes for r in range(np_)]
    raise ValueError(f"placement {placement!r}: expected block or roundrobin")


def hostfile(np_, nodes, cores, placement="block"):
    """SMPI hostfile: line r names the host of rank r."""
    return "".join(f"{node_name(n)}\n" for n in rank_nodes(np_, nodes, cores, placement))


def write_platform(path, network, nodes, cores, topology="fattree", leaf=8, speed="1Gf"):
    with open(path, "w") as f:
        f.write(platform_xml(network, nodes, cores, topology, leaf, speed))
