#!/usr/bin/env bash
# Runs a command with this machine's Open MPI out of sight, to show that
# the lent-node kit (scripts/stage-node.sh) carries all it needs: in a
# mount namespace of its own (unshare, as root), Open MPI's, PMIx's and
# hwloc's directories and libraries and mpirun/orted are covered by empty
# ones; the machine's own mounts are never touched.
#   tools/hide_system_mpi.sh bench/node_check.sh
set -euo pipefail
if [ "${1:-}" != --in-namespace ]; then
  [ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS]" >&2; exit 2; }
  exec unshare --mount --propagation private -- "$0" --in-namespace "$@"
fi
shift
multiarch=$(gcc -print-multiarch)
lib=/usr/lib/$multiarch
empty=$(mktemp -d)
for d in "$lib/pmix2" "$lib/openmpi" "$lib/hwloc" /etc/openmpi /usr/share/openmpi /usr/share/pmix /usr/share/hwloc; do
  if [ -d "$d" ]; then mount --bind "$empty" "$d"; fi
done
for f in "$lib"/lib{mpi,mpi_cxx,open-pal,open-rte,pmix,hwloc,event_core-2.1,event_pthreads-2.1,event-2.1}.so*; do
  if [ -f "$f" ]; then mount --bind /dev/null "$f"; fi
done
for f in /usr/bin/orted /usr/bin/orterun /usr/bin/mpirun.openmpi; do
  if [ -e "$f" ]; then mount --bind /dev/null "$(readlink -f "$f")"; fi
done
exec "$@"
