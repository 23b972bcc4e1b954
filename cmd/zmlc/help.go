package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/passes"
)

// printCompileHelp prints the help of `zmlc [flags] INPUT`.
func printCompileHelp(w io.Writer) {
	var o compileOptions
	var dims []string
	fs := newCompileFlags(&o, &dims)
	fmt.Fprintf(w, `zmlc %s: a machine-learning compiler for StableHLO programs and .zml models

Usage:
  zmlc [flags] INPUT            compile INPUT (.zml or .mlir) for --target into a
                                bundle (INPUT-STEM.TARGET.zpkg, or -o), or --emit a stage
  zmlc run [flags] BUNDLE       run a bundle: --weights W --input x.npy (see zmlc run --help)
  zmlc opt [flags] FILE         run optimisation passes on FILE (see zmlc opt --help)
  zmlc interpret [flags] FILE   run FILE.mlir on the reference interpreter
                                (see zmlc interpret --help)

Flags (long flags take one dash or two: -target=rocm, --target rocm):
%s
Stages of --emit: mlir and mlir-generic print the StableHLO after -O (the
pretty and the generic syntax); kernels prints the kernel IR (each entry's
buffers, schedule and kernels); wasm prints the host program's WebAssembly
module as WAT text (on the wasm target it holds the kernels too). The device
targets' kernel module: llvm prints its LLVM IR (--target=cpu, cuda, rocm), ptx
its PTX (cuda), hsaco its code object (rocm; binary: to -o FILE, or to stdout
when that is not a terminal or -o - asks), spirv its SPIR-V as spirv-dis prints
it (vulkan; our own disassembler, no tool needed). Another target is a usage error.

Examples:
  zmlc --dim b=64 examples/mnist/mnist.zml    compile the MNIST model for wasm: mnist.wasm.zpkg
  zmlc run mnist.wasm.zpkg --weights examples/mnist/mlp.safetensors --input images.npy
                                              run it on a u8[64, 28, 28] .npy file
  zmlc run mnist.wasm.zpkg --weights examples/mnist/mlp.safetensors --input images.npy --bench 100
                                              latency percentiles and throughput
  zmlc --dim b=1 --embed-weights examples/mnist/mlp.safetensors examples/mnist/mnist.zml -o m.zpkg
                                              a bundle that carries its weights
  zmlc --emit=mlir --dim b=1 examples/mnist/mnist.zml
                                              compile a model, print StableHLO (after -O2)
  zmlc --emit=kernels --dim b=1 examples/mnist/mnist.zml
                                              the kernel IR the code generators consume
  zmlc --target=cuda --emit=ptx --dim b=1 model.zml   the PTX of the cuda target's kernels
  zmlc --target=rocm --emit=hsaco --dim b=1 model.zml -o k.hsaco
                                              the rocm target's code object
  zmlc -O0 --emit=mlir --dim b=1 model.zml    the front end's output, unoptimised
  zmlc --emit=mlir model.mlir                 verify, optimise and print in the pretty syntax
  zmlc -emit=mlir-generic model.mlir -o g.mlir  print in MLIR's generic syntax, to g.mlir
  zmlc --verify-diagnostics bad.zml           check errors against // expected-error annotations
  zmlc -target=rocm -rocm-arch=gfx942 model.zml -o model.rocm.zpkg
  zmlc opt -canonicalize -cse model.mlir      run passes (see zmlc opt --help)
  zmlc interpret testdata/ops/add.mlir        run the functions and their check ops

-O0 prints exactly what the front end (or the .mlir input) gives; -O1 and -O2
run the optimisation pipeline first:
%s

Targets: wasm (the default) compiles and runs everywhere Go runs. A target
whose code generator does not exist yet fails with one line saying so and
writes nothing.

Exit status: 0 success, 1 compile, run or check error, 2 usage error.
`, Version, flagUsages(fs), levelPipelines())
}

// levelPipelines lists the pass pipelines of -O1 and -O2, one per line.
func levelPipelines() string {
	var lines []string
	for level := 1; level <= 2; level++ {
		text, err := passes.DefaultPipelineText(level)
		if err != nil {
			text = err.Error()
		}
		lines = append(lines, fmt.Sprintf("  -O%d: %s", level, text))
	}
	return strings.Join(lines, "\n")
}

// printRunHelp prints the help of `zmlc run`.
func printRunHelp(w io.Writer) {
	var o runOptions
	fs := newRunFlags(&o)
	fmt.Fprintf(w, `Usage:
  zmlc run [flags] BUNDLE

Opens a bundle written by zmlc (docs/BUNDLE.md) with the launcher, checking
every blob's sha256, binds the parameters by name from --weights (each
tensor's dtype and shape checked against the manifest), runs the entry
point on the --input tensors and prints each result as an MLIR dense
literal after a "// @ENTRY" line (a result of more than 1000 elements
abbreviated as NumPy prints it, unless --print-full). Inputs, --output and
--expected_output are written as iree-run-module takes them. With
--output-dir, result i is written as DIR/ENTRY_i.npy instead. With --bench N, one warm-up run is followed by N
timed runs, and the latency percentiles (p50, p90, p99, min, mean) and the
throughput (runs/s, and items/s when the first input's leading axis is a
batch dimension bound with --dim) are printed instead of the results.

Flags:
%s
Examples:
  zmlc --dim b=64 examples/mnist/mnist.zml -o mnist.zpkg
  zmlc run mnist.zpkg --weights examples/mnist/mlp.safetensors --input images.npy
  zmlc run mnist.zpkg --weights examples/mnist/mlp.safetensors --input images.npy --output-dir out/
  zmlc run mnist.zpkg --weights examples/mnist/mlp.safetensors --input images.npy --bench 100
  zmlc run add.zpkg --function add --input 4xf32=1,2,3,4 --input 4xf32=10 --expected_output 4xf32=11,12,13,14
  zmlc run model.zpkg --input @inputs.npz --output @out.npy
  zmlc run llama.zpkg --weights hf://karpathy/stories260K@main --input ids.npy
  zmlc run llama.zpkg --weights s3://models/stories260K/ --input ids.npy

--weights takes a location: a local file or folder, hf://ORG/NAME[@REV][/FILE]
(the Hugging Face Hub and its cache: HF_ENDPOINT, HF_TOKEN, HF_HOME,
HF_HUB_OFFLINE=1), s3://BUCKET/KEY (AWS credentials, AWS_ENDPOINT_URL) or
https://HOST/PATH. A folder holds model.safetensors or the shards listed in
model.safetensors.index.json. Remote files are downloaded once into a cache
(resumed after an interruption, checked against their sha256 or MD5).

Exit status: 0 success, 1 a bad bundle, weight, input or a failed run (one
line saying what), 2 usage error.
`, flagUsages(fs))
}

// printInterpretHelp prints the help of `zmlc interpret`.
func printInterpretHelp(w io.Writer) {
	var o interpretOptions
	fs := newInterpretFlags(&o)
	fmt.Fprintf(w, `Usage:
  zmlc interpret [flags] FILE.mlir|FILE.zml

Runs a StableHLO program on zmlc's reference interpreter, like
stablehlo-translate --interpret. The file is split on "// -----" lines; each
part is parsed and verified (a .zml model is compiled by the front end first,
with --dim bindings), then every public function without arguments
runs (or only --entry NAME, with one --input per argument, as
iree-run-module takes them). With --weights
LOCATION (a path, hf://, s3:// or https://, as for zmlc run), a .zml model's
parameters (the arguments marked zml.param) are bound from the checkpoint by
name and --input gives the other arguments. Results print as
MLIR dense literals after a "// @NAME" line. Failed check.* ops print the
function and the first differing element.

Flags:
%s
Examples:
  zmlc interpret testdata/ops/add.mlir
  zmlc interpret --entry main --input x.npy --input y.npy model.mlir --output-dir out/
  zmlc interpret --dim b=1 --entry forward --weights examples/mnist/mlp.safetensors --input img.npy examples/mnist/mnist.zml
  zmlc interpret --entry main --input 2x2xf32=1,2,3,4 --expected_output 2x2xf32=2,4,6,8 double.mlir
  zmlc interpret -x zml --entry f --input f32=1 - < model.zml

With --output-dir, result i of function F is written as F_i.npy (tuple
elements as F_i_j.npy); in a file split on "// -----", part k's files are
named partK_F_i.npy.

Exit status: 0 success, 1 if a check failed or any error occurred, 2 usage error.
`, flagUsages(fs))
}

// flagUsages formats the flags of fs, one per line, with two-dash names.
// pflag marks every bool flag `[=true|false]`; that is noise for --help and
// --version, so it is blanked (keeping the columns aligned).
func flagUsages(fs *pflag.FlagSet) string {
	u := fs.FlagUsages()
	u = strings.ReplaceAll(u, "[=true|false]", strings.Repeat(" ", len("[=true|false]")))
	lines := strings.Split(strings.TrimRight(u, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}
