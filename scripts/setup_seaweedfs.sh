#!/usr/bin/env bash
# scripts/setup_seaweedfs.sh: build the SeaweedFS server (an S3-compatible
# object store, Apache-2.0) that weights/source's S3 tests start on loopback.
# Run by scripts/setup.sh; idempotent: nothing happens when the binary is
# there.
#
# The release is pinned by its Go module version and the module's go.sum
# hash (checked against what the Go module proxy serves). Its go.mod has a
# replace directive, so `go install pkg@version` refuses it: the module is
# downloaded into the module cache and built there as the main module. The
# binary goes to ${XDG_CACHE_HOME:-~/.cache}/zmlc/seaweedfs/VERSION/weed,
# outside the repository. Measured on the 2-core development machine (its
# ~490 modules, with the module cache warm): 13 min 13 s of user CPU and
# 2 min of system CPU, 93 min of wall time while eight engineers shared the
# machine (load average ~30); alone it should take about 8 to 10 minutes.
# 0 s afterwards.
set -euo pipefail

version=v0.0.0-20261109003541-7506e5f91cd6 # keep in step with internal/weightstest.SeaweedFSVersion
sum='h1:LOYZFToHq9F7pSR6lkPGfkM8RmHlVFrzndKdhmNZjrU='

out="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/seaweedfs/$version"
if [[ -x "$out/weed" ]]; then
	exit 0
fi
if ! command -v go >/dev/null; then
	export PATH="/usr/local/go/bin:$PATH"
fi
echo "setup_seaweedfs.sh: building SeaweedFS $version into $out (takes a while, once)" >&2
json="$(cd "${TMPDIR:-/tmp}" && GOFLAGS=-mod=mod go mod download -json "github.com/seaweedfs/seaweedfs@$version")"
got="$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")"
dir="$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")"
if [[ "$got" != "$sum" ]]; then
	echo "setup_seaweedfs.sh: github.com/seaweedfs/seaweedfs@$version has hash $got, want $sum" >&2
	exit 1
fi
mkdir -p "$out"
(cd "$dir" && GOFLAGS=-buildvcs=false go build -trimpath -ldflags='-s -w' -o "$out/weed.tmp" ./weed)
mv "$out/weed.tmp" "$out/weed"
