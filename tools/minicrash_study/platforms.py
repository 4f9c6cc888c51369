"""SimGrid platform files for simulated clusters: N nodes x C cores on one
switch or a two-level fat tree, for the interconnects of NETWORKS.

A topology name may carry a blocking factor and a rail count:
`fattree-b2-r2` is a fat tree whose leaf uplinks carry 1/2 of what the
leaf's nodes can send (2:1 oversubscribed) on two rails. Dual rail: each
node has two independent network ports on two identical fabrics; MPI
libraries (UCX multi-rail, Open MPI's striping over several HCAs) split a
large message over both, so it sees twice the bandwidth at the latency of
one rail, while a small one goes whole over one rail. SimGrid cannot split
one message over two routes, so a rail count R is modeled as one fabric
whose every link (node links, uplinks) has R times the
bandwidth and the same latency: exact for a message striped evenly over
rails, and the same latency for small ones. Not modeled: a small message
on one rail leaving the other free for another message at the same
instant, and host limits that keep striping from helping (a PCIe slot
too narrow for two ports: openucx/ucx issue 8851 shows two HDR ports giving
21.3 GB/s, no more than one).

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
    # NDR (IBTA, 400 Gb/s = 50 GB/s per 4x port): 46 GB/s, the line rate
    # times HDR's 23 of 25 GB/s; 1.2 us one way, assumed (a little below HDR's;
    # no published MPI figure was at hand to cite).
    "ib-ndr": Network(1.2, 46.0, 0.1),
    # 100 Gb Ethernet with RoCE v2 (RDMA over Ethernet, lossless fabric):
    # 1.7 us one way and 12.2 GB/s, as measured at MPI level (OSU 7.5.1
    # osu_latency 1 B 1.67 us, osu_bw 256 MiB 12 254 MB/s; Open MPI 5.0.8
    # over UCX, two Oracle Cloud BM.Optimized3.36 nodes on its RoCE v2
    # cluster network: oracle-japan/ocitutorials,
    # tutorials/_hpc/benchmark/run-omb-hpc.md). 0.5 us per extra hop,
    # assumed: Ethernet switches' port-to-port latency (0.3-0.6 us) is above IB's.
    "100gbe": Network(1.7, 12.2, 0.5),
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
BLOCKING = (1, 2, 4)  # fat-tree leaf uplink : node bandwidth, 1 = full bisection
MAX_RAILS = 2


class BadFabric(ValueError):
    """A topology, blocking factor or rail count the writer cannot model (exit status 2)."""


def topology_name(kind, blocking=1, rails=1):
    """'fattree', 2, 2 -> 'fattree-b2-r2' (a factor of 1 is left out)."""
    return kind + (f"-b{blocking}" if blocking != 1 else "") + (f"-r{rails}" if rails != 1 else "")


def parse_topology(name):
    """'fattree-b2-r2' -> ('fattree', 2, 2); a bad name raises BadFabric naming what is wrong."""
    kind, *extras = name.split("-")
    if kind not in TOPOLOGIES:
        raise BadFabric(f"topology {name!r}: expected one of {TOPOLOGIES}, optionally with -bN -rN")
    blocking = rails = 1
    for extra in extras:
        if extra[:1] == "b" and extra[1:].isdigit():
            blocking = int(extra[1:])
        elif extra[:1] == "r" and extra[1:].isdigit():
            rails = int(extra[1:])
        else:
            raise BadFabric(f"topology {name!r}: {extra!r} is neither -bN (blocking) nor -rN (rails)")
    check_fabric(kind, blocking, rails)
    return kind, blocking, rails


def check_fabric(kind, blocking, rails):
    if blocking not in BLOCKING:
        raise BadFabric(f"blocking factor {blocking}: expected one of {BLOCKING}")
    if blocking != 1 and kind != "fattree":
        raise BadFabric(f"blocking factor {blocking}: only a fat tree has uplinks to block (--topology fattree)")
    if not 1 <= rails <= MAX_RAILS:
        raise BadFabric(f"{rails} rails: the platform writer models 1 to {MAX_RAILS}")
# Shared memory between ranks of one node.
LOOPBACK_LAT_US, LOOPBACK_BW_GBPS = 0.4, 6.0
# Node power for SimGrid's host energy plugin: idle, one core busy, all busy (W).
WATTS_IDLE, WATTS_ONE_CORE, WATTS_ALL_CORES, WATTS_OFF = 100.0, 130.0, 320.0, 10.0


def node_name(i):
    return f"node-{i}"


def _cluster(cid, first, count, cores, speed, net, node_bw_gbps):
    """One non-blocking switch and its nodes. No backbone link: each node's
    link, full duplex, is the only limit inside the switch. (A backbone of
    count x node bandwidth is SHARED by both directions: it would halve the
    switch's capacity under two-way traffic, 7 % slower on a GigE crash
    window at 192 ranks, and tie every flow into one max-min system.)"""
    return (f'    <cluster id="{cid}" prefix="node-" suffix="" radical="{first}-{first + count - 1}" '
            f'speed="{speed}" core="{cores}" bw="{node_bw_gbps}GBps" lat="{net.latency_us / 2}us" '
            f'sharing_policy="SPLITDUPLEX" '
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
    """The platform as XML text. `leaf`: nodes per leaf switch of the fat tree;
    `topology` may carry -bN (blocking) and -rN (rails), see topology_name."""
    net = NETWORKS[network]
    kind, blocking, rails = parse_topology(topology)
    node_bw = rails * net.bandwidth_gbps  # R rails: R times the bandwidth, one rail's latency
    out = ['<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n',
           '<platform version="4.1">\n',
           f'  <!-- minicrash: {network}, {nodes} nodes x {cores} cores, {kind}, blocking {blocking}:1, '
           f'{rails} rail(s): latency {net.latency_us} us, {net.bandwidth_gbps} GB/s per link and rail, '
           f'{net.hop_us} us per extra switch hop -->\n',
           _config(net),
           '  <zone id="world" routing="Full">\n']
    if kind == "switch" or nodes <= leaf:
        # One non-blocking switch: the backbone carries every node at full rate.
        out.append(_cluster("switch0", 0, nodes, cores, speed, net, node_bw))
    else:
        leaves = (nodes + leaf - 1) // leaf
        up_bw = leaf * node_bw / blocking  # blocking 1: one uplink as wide as the leaf's nodes
        for s in range(leaves):
            count = min(leaf, nodes - s * leaf)
            out.append(_cluster(f"leaf{s}", s * leaf, count, cores, speed, net, node_bw))
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
