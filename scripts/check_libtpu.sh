#!/usr/bin/env bash
# scripts/check_libtpu.sh: the PJRT driver on libtpu, on a machine without
# a TPU. Not part of CI: the libtpu wheel (pinned, sha256-checked, into the
# cache ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc, never committed) is 137 MB and
# its licence is Google Cloud's terms of service.
#
# It runs scripts/pjrtprobe (runtime/pjrt's Version and Probe) under strace with libtpu's
# metadata-server lookup off (TPU_SKIP_MDS_QUERY=1) and the topology given
# (TPU_ACCELERATOR_TYPE, TPU_WORKER_HOSTNAMES=localhost): the driver loads
# libtpu.so, reads its PJRT C API version and reports the missing TPU as
# one line; then it checks that the process opened no IPv4/IPv6 connection
# and sent no datagram to any address but loopback. Exit status 1 if
# anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc"
wheel=libtpu-0.0.52-cp311-cp311-manylinux_2_31_x86_64.whl
wheel_sha256=f5e2e596eaea9357fbb5a6755a7a9007c6ab75bfde4a55191b03eff402971140
lib="$cache/libtpu-0.0.52.so"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ ! -f "$lib" ]]; then
	python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$tmp" libtpu==0.0.52
	echo "$wheel_sha256  $tmp/$wheel" | sha256sum --check --quiet
	python3 - "$tmp/$wheel" "$tmp/libtpu.so" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open("libtpu/libtpu.so") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
	mv "$tmp/libtpu.so" "$lib"
fi
command -v strace >/dev/null || { echo "check_libtpu.sh: needs strace (Debian package strace)" >&2; exit 1; }

go build -o "$tmp/pjrtprobe" ./scripts/pjrtprobe
rc=0
env TPU_SKIP_MDS_QUERY=1 TPU_ACCELERATOR_TYPE=v5litepod-1 TPU_WORKER_HOSTNAMES=localhost \
	strace -f -qq -e trace=connect,sendto,sendmsg -o "$tmp/trace" \
	"$tmp/pjrtprobe" "$lib" >"$tmp/out" 2>"$tmp/err" || rc=$?
cat "$tmp/out"
# Loaded (api line), the client refused with one line about the TPU
# (exit 3); libtpu's own log lines go to stderr.
if [[ $rc -ne 3 ]] || ! grep -q '^api: PJRT C API 0\.' "$tmp/out" || [[ $(grep -c '^client: .*TPU' "$tmp/out") -ne 1 ]]; then
	echo "check_libtpu.sh: pjrtprobe exited $rc, want 3 with the API version and one client line about the TPU" >&2
	cat "$tmp/err" >&2
	exit 1
fi
# Any AF_INET/AF_INET6 connect or send whose address is not loopback.
offhost=$(grep -E 'AF_INET6?' "$tmp/trace" | grep -vE '127\.0\.0\.1|::1|inet_addr\("0\.0\.0\.0"\)' || true)
if [[ -n "$offhost" ]]; then
	echo "check_libtpu.sh: traffic off this machine:" >&2
	echo "$offhost" >&2
	exit 1
fi
echo "check_libtpu.sh: libtpu loaded, no TPU reported in one line, no traffic off this machine ($(grep -c . "$tmp/trace" || true) network calls traced, all loopback or none)"
