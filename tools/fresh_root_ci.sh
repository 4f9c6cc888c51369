#!/usr/bin/env bash
# Runs CI (.ci/run) on a fresh Debian 12 root, so the set-up's installs are
# timed and tested from nothing, as on a new CI machine: debootstrap
# (minbase) into DIR, the packages such a machine comes with (gcc, g++, make,
# cmake, ninja, GoogleTest, python3, git), then a clone of this checkout's
# HEAD with ../shared beside it, run as root with no stdin. The root reaches
# the network as this machine does (its resolver, hosts, CA certificates and
# pip settings are copied in); mounts happen in a mount namespace of its own
# (unshare), never on this machine's. As root, with debootstrap installed.
#   tools/fresh_root_ci.sh DIR        # log: DIR/ci.log; exit status: CI's
set -euo pipefail
if [ "${1:-}" != --in-namespace ]; then
  [ $# = 1 ] || { echo "usage: $0 DIR (a new folder for the Debian root)" >&2; exit 2; }
  [ ! -e "$1" ] || { echo "$0: $1 exists: give a new folder" >&2; exit 2; }
  [ "$(id -u)" = 0 ] || { echo "$0: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
  command -v debootstrap >/dev/null || { echo "$0: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
  exec unshare --mount --propagation private -- "$0" --in-namespace "$(realpath -m "$1")"
fi
dir=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
root=$dir/root
log() { printf '[fresh-root] %s\n' "$*"; }
mkdir -p "$dir"
start=$SECONDS
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" http://deb.debian.org/debian >"$dir/debootstrap.log" 2>&1 ||
  { cat "$dir/debootstrap.log"; exit 1; }
log "debootstrap: $((SECONDS - start)) s"
# The same archives as this machine, in the same deb822 file setup.sh reads.
rm -f "$root/etc/apt/sources.list"
cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
# Without the machine's name in its hosts file every MPI start waits 5 s
# for the resolver.
cp /etc/resolv.conf /etc/hosts "$root/etc/"
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/"
cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/bash -c "$1"
}
start=$SECONDS
in_root 'update-ca-certificates >/dev/null 2>&1; apt-get update -qq &&
  apt-get install -y -qq --no-install-recommends gcc g++ make cmake ninja-build libgtest-dev googletest python3 git procps' \
  >"$dir/baseline.log" 2>&1 || { cat "$dir/baseline.log"; exit 1; }
# A new machine's package lists may be missing or stale: the set-up must cope.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
log "a new machine's packages: $((SECONDS - start)) s"
mkdir -p "$root/ci"
git clone -q "$repo" "$root/ci/main"
cp -r "$repo/../shared" "$root/ci/shared"
log "CI of $(git -C "$repo" rev-parse --short HEAD) in $root/ci/main, log $dir/ci.log"
status=0
in_root 'cd /ci/main && CI=true bash .ci/run </dev/null' >"$dir/ci.log" 2>&1 || status=$?
grep -a '^\[test\] all stages\|^\[test\] .* passed in' "$dir/ci.log" | tail -1
log "CI exit status $status"
exit "$status"
