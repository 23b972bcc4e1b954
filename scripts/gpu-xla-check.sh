#!/usr/bin/env bash
# gpu-xla-check.sh: the XLA targets' check on an NVIDIA GPU machine whose
# image has XLA's CUDA PJRT plugin (the jax-cuda13-pjrt package) but no Go,
# run from the folder scripts/gpu-bundle.sh builds (it copies this script
# there), beside gpu-check.sh. It runs compile/xlatest's TestCorpusXLA (the op
# corpus through the plugin, StableHLO and HloModuleProto forms, constants
# fed as inputs, against the interpreter) and TestMNISTXLA (both MNIST
# models against the interpreter and the wasm target) with
# ZMLC_PJRT_PLUGIN naming the CUDA plugin (found in the Python packages:
# jax_plugins/xla_cuda13/xla_cuda_plugin.so; an already set
# ZMLC_PJRT_PLUGIN wins), and prints a pass table. A few minutes; exit
# status 1 when anything fails. Nothing in CI depends on it.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

plugin=${ZMLC_PJRT_PLUGIN:-}
if [ -z "$plugin" ]; then
  plugin=$(python3 - <<'PY' 2>/dev/null
import glob, os, site, sys
dirs = site.getsitepackages() + [site.getusersitepackages()] + sys.path
for d in dirs:
    for p in glob.glob(os.path.join(d, "jax_plugins", "xla_cuda*", "xla_cuda_plugin.so")):
        print(p); sys.exit(0)
PY
  )
fi
if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
  echo "gpu-xla-check.sh: XLA's CUDA PJRT plugin not found (pip install jax-cuda13-pjrt, or set ZMLC_PJRT_PLUGIN)" >&2
  exit 1
fi
echo "plugin: $plugin"
nvidia-smi -L 2>/dev/null || true

# The layout the tests expect: testdata/ops above the working folder,
# ../../examples/mnist/*.zml and mlp.safetensors, ../../../shared/data's CNN
# weights.
w="$here/xla-work"
rm -rf "$w"
mkdir -p "$w/repo/compile/xlatest" "$w/repo/testdata" "$w/repo/examples/mnist" "$w/shared/data/mnist-burn"
ln -s "$here/ops" "$w/repo/testdata/ops"
cp "$here"/zml/*.zml "$here/mlp.safetensors" "$w/repo/examples/mnist/"
cp "$here/cnn.safetensors" "$w/shared/data/mnist-burn/mnist.safetensors"

status=0
(cd "$w/repo/compile/xlatest" && CI=true ZMLC_PJRT_PLUGIN="$plugin" ZMLC_MNIST_DATA="$here/mnist" \
  "$here/bin/xlatest.test" -test.v -test.run '^(TestCorpusXLA|TestMNISTXLA)$' -test.timeout 20m) >xla.log 2>&1 || status=1
grep -E -- '^(--- |=== RUN|FAIL|ok|panic)|xla_corpus_test|xla_mnist_test' xla.log | grep -v 'known XLA deviation' | head -80

echo
echo "GPU XLA check (plugin $(basename "$plugin")):"
grep -E 'corpus on xla-cpu|labels differ' xla.log | sed 's/^ *[a-z_]*_test.go:[0-9]*: /  /'
for t in TestCorpusXLA TestMNISTXLA; do
  r=$(grep -m1 -E -- "^--- (PASS|FAIL|SKIP): $t" xla.log | awk '{print $2}')
  printf '  %-16s %s\n' "$t" "${r:-did not finish}"
  [ "$r" = "PASS:" ] || status=1
done
[ "$status" = 0 ] && echo "GPU XLA check: PASS" || echo "GPU XLA check: FAIL"
exit "$status"
