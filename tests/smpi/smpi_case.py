"""The SMPI tests' common case: a generated tube on a simulated 2-node x
2-core cluster, and the smpirun command that runs 4 ranks on it."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from minicrash_study import launch, platforms, rows  # noqa: E402


def tube_on_two_nodes(generator, smpi_binary, workdir, network, tube_args=(), cfg=(), np=4, placement="block"):
    """(deck path, smpirun command up to the program): `cfg` are more
    --cfg=... settings; SimGrid's host speed is 1 Gflop/s. np ranks, placed
    node by node (block) or one per node in turn (roundrobin)."""
    os.makedirs(workdir, exist_ok=True)
    deck = os.path.join(workdir, "tube.k")
    subprocess.run([generator, "tube", *tube_args, "-o", deck], check=True, stdout=subprocess.DEVNULL)
    platform = os.path.join(workdir, f"{network}_2x2.xml")
    platforms.write_platform(platform, network, 2, 2)
    hosts = os.path.join(workdir, f"hosts_np{np}_{placement}")
    with open(hosts, "w") as f:
        f.write(platforms.hostfile(np, 2, 2, placement))
    libs = launch.shared_kokkos_libs(smpi_binary)
    return deck, (["smpirun", "-platform", platform, "-hostfile", hosts, "-np", str(np), "--cfg=smpi/host-speed:1Gf",
                   *cfg] + ([f"--cfg=smpi/privatize-libs:{';'.join(libs)}"] if libs else []))


def run(cmd, odir):
    """Runs cmd with odir=; exits naming the command if it fails."""
    done = subprocess.run(cmd + [f"odir={odir}"], capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, **launch.RUN_ENV))
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")


def run_report(cmd, odir):
    """run(), then the run's report."""
    run(cmd, odir)
    return rows.read_report(odir)
