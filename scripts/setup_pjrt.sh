#!/usr/bin/env bash
# scripts/setup_pjrt.sh: called by scripts/setup.sh. Downloads XLA's CPU
# PJRT plugin, the test plugin of the tpu/neuron/xla-cpu targets' driver
# (runtime/pjrt, docs/RUNTIME.md section 9), into the cache
# ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/pjrt_c_api_cpu_plugin.so. Never
# committed; idempotent (nothing is downloaded when the file is there with
# its sha256).
#
# The wheel: lammps-jax-pjrt-cpu 0.11.2 from the Python package index,
# Apache-2.0 (its METADATA), XLA's CPU plugin built from the XLA of jaxlib
# 0.11.2: it exports GetPjrtApi (nm -D) and reports PJRT C API 0.115. The
# other candidate, xla-cpu-pjrt 0.0.1, states no licence, so it is not
# used. Also installs Debian's protobuf-compiler (protoc, for
# scripts/gen_xlapb.sh) and protoc-gen-go at go.mod's protobuf version.
set -euo pipefail

cd "$(dirname "$0")/.."
source scripts/apt_missing.sh
install_missing setup_pjrt.sh python3-pip protobuf-compiler

wheel_name=lammps-jax-pjrt-cpu
wheel_version=0.11.2
wheel_file=lammps_jax_pjrt_cpu-0.11.2-py3-none-manylinux_2_27_x86_64.whl
wheel_sha256=1319390d948b39f69f7dade496b7c385149d9ca6097a6b62114da113216d9ad1
member=lammps_jax_pjrt_cpu/pjrt_c_api_cpu_plugin.so

cache="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc"
plugin="$cache/pjrt_c_api_cpu_plugin.so"
stamp="$plugin.$wheel_sha256"
mkdir -p "$cache"

if [[ "$(uname -m)" != x86_64 ]]; then
	echo "setup_pjrt.sh: the pinned CPU plugin wheel is for x86_64; skipping on $(uname -m)" >&2
elif [[ -f "$plugin" && -f "$stamp" ]]; then
	:
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_27_x86_64 \
		--dest "$tmp" "$wheel_name==$wheel_version"
	echo "$wheel_sha256  $tmp/$wheel_file" | sha256sum --check --quiet
	python3 - "$tmp/$wheel_file" "$member" "$tmp/plugin.so" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
	chmod 755 "$tmp/plugin.so"
	mv "$tmp/plugin.so" "$plugin"
	rm -f "$plugin".*
	touch "$stamp"
	echo "setup_pjrt.sh: XLA's CPU PJRT plugin is at $plugin"
fi

# protoc-gen-go at the version of google.golang.org/protobuf in go.mod.
pgg_version=$(go list -m -f '{{.Version}}' google.golang.org/protobuf)
if ! "$(go env GOPATH)/bin/protoc-gen-go" --version 2>/dev/null | grep -q "$pgg_version"; then
	go install "google.golang.org/protobuf/cmd/protoc-gen-go@$pgg_version"
fi
