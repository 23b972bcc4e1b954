#!/usr/bin/env bash
# scripts/ulp.sh: the full ULP sweep (docs/IR.md, "Accuracy"). Generates the
# full reference tables once into the cache (every f16/bf16 bit pattern,
# SAMPLES f32/f64 inputs spread over every exponent plus the special values;
# mpmath, scripts/ulp_ref.py: an hour or more on a few cores for 10^6), then
# runs every transcendental function on the interpreter, wasm, cpu and
# vulkan over them (compile/accuracy's TestULP) and prints the table of max ULP per
# function, type and target. It fails where a function exceeds its bound.
#
# Usage: scripts/ulp.sh [SAMPLES]     (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${1:-1000000}"
dir="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/ulp/full-v1-$samples"
if [[ ! -f "$dir/f64.bin" ]]; then
	python3 scripts/ulp_ref.py --out "$dir" --samples "$samples" --exhaustive16
fi
ZMLC_ULP_TABLES="$dir" go test ./compile/accuracy -run '^TestULP$' -v -timeout 0 -count 1 |
	grep -E '(ulp > |max ULP against|^ +\||^--- |^FAIL|^ok)'
