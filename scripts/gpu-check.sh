#!/usr/bin/env bash
# gpu-check.sh: the GPU check, run on a machine with an NVIDIA GPU and CUDA
# but no Go and no LLVM, from the folder scripts/gpu-bundle.sh builds (it
# copies this script there). It assembles every PTX with ptxas (when ptxas
# is on PATH or in /usr/local/cuda/bin), runs runtime/cuda's TestDevice and
# compile's TestCUDARun (the op corpus against the interpreter, the MNIST
# models on the full test set), and prints a pass/fail table with MNIST
# accuracy and images/s. It exits non-zero when any step fails.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
status=0
rows=()

arch=${CUDA_ARCH:-sm_80}
ptxas=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null || true)
if [ -n "$ptxas" ]; then
  ok=0 bad=0
  for f in corpus/*.ptx ptx/*.ptx; do
    if "$ptxas" -arch="$arch" -o /dev/null "$f" 2>ptxas.err; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1)); status=1
      echo "ptxas $f:"; cat ptxas.err
    fi
  done
  rm -f ptxas.err
  rows+=("$(printf '%-24s %6d %6d %s' "ptxas ($arch)" "$ok" "$bad" "$("$ptxas" --version | tail -1)")")
else
  rows+=("$(printf '%-24s %6s %6s %s' "ptxas" "-" "-" "not found: skipped")")
fi

nvidia-smi -L 2>/dev/null || true

echo "== runtime/cuda TestDevice"
if bin/cuda.test -test.v -test.run '^(TestDevice|TestMissingLibrary)$' >cuda.log 2>&1; then r="1 0"; else r="0 1"; status=1; fi
cat cuda.log
grep -q -- '--- SKIP: TestDevice' cuda.log && { r="0 1"; status=1; }
rows+=("$(printf '%-24s %6s %6s %s' "runtime/cuda TestDevice" ${r} "$(grep -m1 -- '--- .*TestDevice' cuda.log | sed 's/^ *--- //')")")

echo "== compile TestCUDARun"
ZMLC_CUDA_BUNDLES="$here" ZMLC_MNIST_DATA="$here/mnist" \
  bin/compile.test -test.v -test.run '^TestCUDARun$' -test.timeout 20m >compile.log 2>&1 || status=1
grep -v '^  *cuda target check' compile.log | grep -E -- '--- |FAIL|ok|panic|cudarun_test' | head -60
grep -q -- '--- SKIP: TestCUDARun' compile.log && status=1

echo
echo "GPU check:"
for r in "${rows[@]}"; do echo "  $r"; done
sed -n '/^cuda target check:/,/^[^ ]/p' compile.log | grep '^  '
[ "$status" = 0 ] && echo "GPU check: PASS" || echo "GPU check: FAIL"
exit "$status"
