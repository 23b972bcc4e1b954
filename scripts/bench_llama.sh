#!/usr/bin/env bash
# Side-by-side decode speed of stories260K (../shared/data/llama2c-stories260K):
# zmlc's cpu target (examples/llama) against llama2.c's run.c built with
# `gcc -O3 -march=native` (run.c's `make runfast` without -fopenmp), both greedy
# (-t 0) from the same prompt for N positions, on the same machine in one run.
#
#   RUNC=/path/to/llama2.c/run.c scripts/bench_llama.sh [N] [TARGET...]
#
# run.c is not fetched here (this machine reaches no GitHub): clone
# karpathy/llama2.c anywhere and point RUNC at its run.c; it is copied and built
# in a temporary folder. N defaults to 256; TARGETs (default: cpu) are any of
# examples/llama's -target values. run.c reports "achieved tok/s" over the steps
# after the first; zmlc reports decode tokens/s over its decode calls. Not part
# of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:-256}
shift || true
targets=("${@:-cpu}")
data=${ZMLC_SHARED_DATA:-../shared/data}/llama2c-stories260K
: "${RUNC:?set RUNC to the path of run.c from karpathy/llama2.c}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$RUNC" "$tmp/run.c"
gcc -O3 -march=native -o "$tmp/run" "$tmp/run.c" -lm
go build -o "$tmp/llama" ./examples/llama

prompt="Once upon a time"
runc=$("$tmp/run" "$data/stories260K.bin" -z "$data/tok512.bin" -t 0 -n "$n" -i "$prompt" 2>&1 >/dev/null | sed -n 's/achieved tok\/s: //p')
printf '%-28s %12s\n' "stories260K, $n positions" "decode tok/s"
printf '%-28s %12.1f\n' "run.c (gcc -O3 -march=native)" "$runc"
for t in "${targets[@]}"; do
	line=$("$tmp/llama" -model "$data/stories260K.bin" -tokenizer "$data/tok512.bin" -target "$t" -temperature 0 -n "$n" -ctx 512 -prompt "$prompt" 2>&1 >/dev/null | tail -1)
	rate=$(sed -n 's/.*decode [0-9]* tokens at \([0-9.]*\) tokens\/s.*/\1/p' <<<"$line")
	printf '%-28s %12s\n' "zmlc $t" "$rate"
done
