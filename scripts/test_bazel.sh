#!/usr/bin/env bash
# scripts/test_bazel.sh: the Bazel checks of .ci/run (README.md, "Bazel").
# Expects scripts/setup.sh to have run. In order:
#   1. the BUILD.bazel files and deps.bzl are current: regenerating them
#      with gazelle (from the Go sources and go.mod) changes nothing;
#   2. `bazel build //cmd/zmlc`, whose binary must write the same bytes
#      (output file, stdout, stderr, exit status) as `go run ./cmd/zmlc`
#      for the same compiles;
#   3. `bazel test //...`;
#   4. `bazel run //examples/mnist` prints the same accuracy line as
#      `go run ./examples/mnist` (skipped, with a note, until the example
#      exists).
# Bazel uses 2 jobs (.bazelrc). Extra arguments go to `bazel test`.
set -euo pipefail

cd "$(dirname "$0")/.."
if ! command -v go >/dev/null; then
	export PATH="/usr/local/go/bin:$PATH"
fi
export CI="${CI:-}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

step() { echo "test_bazel.sh: $*" >&2; }

# 1. Gazelle is current. -mode=diff prints what gazelle would change.
step "checking that the BUILD.bazel files are current (gazelle)"
code=0
bazel run //:gazelle -- -mode=diff >"$tmp/gazelle.diff" 2>"$tmp/gazelle.err" || code=$?
if [[ $code -ne 0 && ! -s "$tmp/gazelle.diff" ]]; then
	cat "$tmp/gazelle.err" >&2
	echo "test_bazel.sh: gazelle failed (exit $code)" >&2
	exit 1
fi
if [[ -s "$tmp/gazelle.diff" ]]; then
	cat "$tmp/gazelle.diff" >&2
	echo "test_bazel.sh: BUILD.bazel files are stale; run: bazel run //:gazelle" >&2
	exit 1
fi
step "checking that deps.bzl is current (gazelle update-repos from go.mod)"
cp deps.bzl "$tmp/deps.bzl"
if ! bazel run //:gazelle-update-repos >"$tmp/update-repos.log" 2>&1; then
	cp "$tmp/deps.bzl" deps.bzl
	cat "$tmp/update-repos.log" >&2
	exit 1
fi
if ! cmp -s deps.bzl "$tmp/deps.bzl"; then
	diff -u "$tmp/deps.bzl" deps.bzl >&2 || true
	cp "$tmp/deps.bzl" deps.bzl
	echo "test_bazel.sh: deps.bzl is stale; run: bazel run //:gazelle-update-repos" >&2
	exit 1
fi

# 2. The Bazel-built compiler writes what `go run` writes.
step "bazel build //cmd/zmlc"
bazel build //cmd/zmlc
bzl="$(bazel info bazel-bin 2>/dev/null)/cmd/zmlc/zmlc_/zmlc"
go build -o "$tmp/zmlc-go" ./cmd/zmlc
compare() {
	local name="$1"
	shift
	local side out
	for side in bazel go; do
		local bin="$bzl"
		[[ "$side" == go ]] && bin="$tmp/zmlc-go"
		out="$tmp/$name.$side"
		mkdir -p "$out"
		local code=0
		(cd "$out" && "$bin" "$@" -o out.bin >stdout 2>stderr) || code=$?
		echo "$code" >"$out/status"
	done
	if ! diff -r "$tmp/$name.bazel" "$tmp/$name.go" >&2; then
		echo "test_bazel.sh: bazel's zmlc and go run's differ on: zmlc $* -o out.bin" >&2
		exit 1
	fi
	local size=0
	[[ -f "$tmp/$name.go/out.bin" ]] && size="$(wc -c <"$tmp/$name.go/out.bin")"
	step "same bytes from bazel's and go's zmlc $* (exit $(cat "$tmp/$name.go/status"), $size output bytes)"
}
root="$(pwd)"
compare emit-mlir --emit=mlir "$root/cmd/zmlc/testdata/emit.mlir"
compare emit-generic --emit=mlir-generic "$root/cmd/zmlc/testdata/emit.mlir"
if [[ -f examples/mnist/mnist.zml ]]; then
	compare mnist-mlir --emit=mlir --dim b=100 "$root/examples/mnist/mnist.zml"
	compare mnist-wasm --target=wasm --dim b=100 "$root/examples/mnist/mnist.zml"
	# The LLVM targets go through llc-19 and ld.lld-19: the bundle must
	# still be the same bytes whichever way zmlc was built.
	compare mnist-rocm --target=rocm --dim b=100 "$root/examples/mnist/mnist.zml"
	compare mnist-cpu --target=cpu --dim b=100 "$root/examples/mnist/mnist.zml"
fi

# 3. All tests.
step "bazel test //..."
bazel test "$@" //...

# 4. The MNIST example.
if [[ -f examples/mnist/BUILD.bazel ]]; then
	step "bazel run //examples/mnist versus go run ./examples/mnist"
	bazel run //examples/mnist >"$tmp/mnist.bazel" 2>"$tmp/mnist.bazel.err" || {
		cat "$tmp/mnist.bazel.err" "$tmp/mnist.bazel" >&2
		exit 1
	}
	go run ./examples/mnist >"$tmp/mnist.go"
	a="$(grep -i 'correct' "$tmp/mnist.bazel" | sed 's/, [0-9.]* images\/s.*//' || true)"
	b="$(grep -i 'correct' "$tmp/mnist.go" | sed 's/, [0-9.]* images\/s.*//' || true)"
	if [[ -z "$a" || "$a" != "$b" ]]; then
		echo "test_bazel.sh: accuracy differs: bazel run: '$a', go run: '$b'" >&2
		exit 1
	fi
	step "bazel run //examples/mnist: $a"
else
	step "no examples/mnist yet: bazel run //examples/mnist is pending the MNIST example"
fi
echo "test_bazel.sh: ok" >&2
