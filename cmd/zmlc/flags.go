package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// targets are the values of --target, in the order the help lists them.
var targets = []string{"wasm", "cpu", "cuda", "rocm", "vulkan", "metal", "tpu", "neuron", "xla-cpu"}

// emits are the values of --emit (the stages compile mode can print): the
// StableHLO after -O in two syntaxes, the kernel IR (compile.EmitKernels)
// the host program's Wasm module as text (compile.EmitWasm), and the
// device targets' kernel module (deviceEmits: llvm, ptx, hsaco, spirv), and
// the XLA targets' HLO module as text or HloModuleProto (hlo, hlo-proto).
var emits = []string{"mlir", "mlir-generic", "kernels", "wasm", "llvm", "ptx", "hsaco", "spirv", "hlo", "hlo-proto"}

// compileOptions are the flags of compile mode, `zmlc [flags] INPUT`.
type compileOptions struct {
	Target   string
	CPU      string
	CUDAArch string
	ROCmArch string
	// NeuronTarget is --neuron-target, the neuron target's neuronx-cc
	// --target (trn1, trn2, inf2).
	NeuronTarget string
	Output       string
	Emit         string
	// EmbedWeights is a safetensors file whose tensors the bundle stores
	// for its parameters (--embed-weights); "" binds them at run time.
	EmbedWeights string
	OptLevel     int
	Entry        string
	Dims         map[string]int64 // --dim name=size, symbolic dimensions bound at compile time
	DimOrder     []string         // the --dim names in command-line order
	// Inputs are --input values, accepted only to reject them with a hint
	// (they belong to zmlc run and zmlc interpret).
	Inputs []string
	// Split handles a .zml input split on `// -----` lines part by part
	// (a .mlir input always is).
	Split bool
	// VerifyDiagnostics checks the diagnostics against the input's
	// `expected-error` annotations instead of printing them (mlir-opt's
	// --verify-diagnostics).
	VerifyDiagnostics bool
	// VerifyEach verifies after every pass (--verify-each; default from
	// ZMLC_VERIFY_EACH=1, which the tests set), else before and after
	// the pipeline only.
	VerifyEach bool
	// Lang is -x: the input's language (mlir, zml) whatever its name.
	Lang    string
	Version bool
	Help    bool
	Args    []string // positional arguments
	// Warnings are printed before the work starts: flags that do not
	// apply to --target (checkTargetNames).
	Warnings []string
}

// newCompileFlags returns the flag set of compile mode, bound to o.
func newCompileFlags(o *compileOptions, dims *[]string) *pflag.FlagSet {
	fs := newFlagSet("zmlc")
	fs.StringVar(&o.Target, "target", "wasm", "generate code for `TARGET`: "+strings.Join(targets, ", "))
	fs.StringVar(&o.CPU, "cpu", "", "CPU model `NAME` for --target=cpu (llc -mcpu; native: this machine); default: x86-64-v3 on amd64, generic on arm64")
	fs.StringVar(&o.CUDAArch, "cuda-arch", "", "GPU architecture `ARCH` for --target=cuda (e.g. sm_90); default sm_80")
	fs.StringVar(&o.ROCmArch, "rocm-arch", "", "GPU architecture `ARCH` for --target=rocm (e.g. gfx90a); default gfx942")
	fs.StringVar(&o.NeuronTarget, "neuron-target", "", "the Neuron device `KIND` for --target=neuron (neuronx-cc --target: trn1, trn2 or inf2); default trn1")
	fs.StringVarP(&o.Output, "output", "o", "", "write the result to `FILE` (written atomically); default: INPUT-STEM.TARGET.zpkg, or stdout for --emit")
	fs.StringVar(&o.Emit, "emit", "", "print `STAGE` instead of writing a bundle: "+strings.Join(emits, ", "))
	fs.StringVar(&o.EmbedWeights, "embed-weights", "", "store the weights of safetensors `FILE` in the bundle (default: bound by zmlc run --weights)")
	fs.IntVarP(&o.OptLevel, "opt-level", "O", 2, "optimisation `LEVEL`: 0, 1 or 2 (-O0, -O1, -O2)")
	fs.StringVar(&o.Entry, "entry", "", "the entry point `NAME`: a bundle, --emit=kernels and --emit=wasm get only it (default: every public function)")
	fs.StringVar(&o.Entry, "function", "", "the same as --entry `NAME` (iree-run-module's name)")
	fs.StringArrayVar(dims, "dim", nil, "bind a symbolic dimension, `NAME=SIZE` (repeat: --dim b=64 --dim s=128)")
	fs.StringArrayVar(&o.Inputs, "input", nil, "input tensor `FILE.npy`: rejected, it belongs to zmlc run and zmlc interpret")
	fs.MarkHidden("input")
	fs.BoolVar(&o.Split, "split-input-file", false, "compile each part of a .zml file split on `// -----` lines on its own (.mlir always is)")
	fs.BoolVar(&o.VerifyDiagnostics, "verify-diagnostics", false, "check the errors against the input's `// expected-error` annotations (as mlir-opt)")
	fs.BoolVar(&o.VerifyEach, "verify-each", os.Getenv("ZMLC_VERIFY_EACH") == "1", "verify the module after every pass (default: before and after the pipeline; ZMLC_VERIFY_EACH=1 turns it on)")
	addLanguageFlag(fs, &o.Lang)
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	fs.BoolVarP(&o.Help, "help", "h", false, "print this help and exit")
	return fs
}

// parseCompileArgs parses the command line of compile mode. Errors are
// *usageError values.
func parseCompileArgs(args []string) (*compileOptions, error) {
	o := &compileOptions{}
	var dims []string
	fs := newCompileFlags(o, &dims)
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	o.Args = fs.Args()
	if o.Help || o.Version {
		return o, nil
	}
	if !slices.Contains(targets, o.Target) {
		return nil, &usageError{msg: fmt.Sprintf("unknown target %q; valid targets: %s", o.Target, strings.Join(targets, ", "))}
	}
	if o.Emit != "" && !slices.Contains(emits, o.Emit) {
		return nil, &usageError{msg: fmt.Sprintf("unknown --emit %q; valid stages: %s", o.Emit, strings.Join(emits, ", "))}
	}
	if err := checkEmitTarget(o.Emit, o.Target); err != nil {
		return nil, err
	}
	var err error
	if o.Warnings, err = checkTargetNames(fs, o); err != nil {
		return nil, err
	}
	if o.OptLevel < 0 || o.OptLevel > 2 {
		return nil, &usageError{msg: fmt.Sprintf("invalid optimisation level -O%d; valid levels: -O0, -O1, -O2", o.OptLevel)}
	}
	if o.Dims, o.DimOrder, err = parseDims(dims); err != nil {
		return nil, err
	}
	if err := oneArg(o.Args, "input file"); err != nil {
		return nil, err
	}
	if err := checkLanguage(o.Lang); err != nil {
		return nil, err
	}
	if len(o.Inputs) > 0 {
		return nil, &usageError{msg: "--input is for zmlc run BUNDLE (or zmlc interpret); compiling takes no inputs"}
	}
	if o.Emit != "" && o.EmbedWeights != "" {
		return nil, &usageError{msg: "--embed-weights applies to a bundle, not to --emit"}
	}
	if o.Emit == "" && o.Output == "" && o.Args[0] == "-" && !o.VerifyDiagnostics {
		return nil, &usageError{msg: "compiling stdin to a bundle needs -o FILE"}
	}
	return o, nil
}

// newFlagSet returns an empty flag set for the command name that reports
// errors only by return (no output, no usage) and lists flags in the order
// they are defined.
func newFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	return fs
}

// oneArg checks that args, the positional arguments, are exactly one
// (what names it, e.g. "input file"); otherwise it returns a *usageError.
func oneArg(args []string, what string) error {
	switch len(args) {
	case 0:
		return &usageError{msg: "no " + what}
	case 1:
		return nil
	default:
		return &usageError{msg: fmt.Sprintf("one %s expected, got %d: %s", what, len(args), strings.Join(args, " "))}
	}
}

// parseDims parses repeated `--dim name=size` values: name an identifier,
// size a positive integer, each name at most once.
func parseDims(vals []string) (map[string]int64, []string, error) {
	dims := map[string]int64{}
	var order []string
	for _, v := range vals {
		name, size, ok := strings.Cut(v, "=")
		if !ok || !isIdent(name) {
			return nil, nil, &usageError{msg: fmt.Sprintf("invalid --dim %q: want NAME=SIZE, e.g. --dim b=64", v)}
		}
		n, err := strconv.ParseInt(size, 10, 64)
		if err != nil || n <= 0 {
			return nil, nil, &usageError{msg: fmt.Sprintf("invalid --dim %q: the size must be a positive integer", v)}
		}
		if _, dup := dims[name]; dup {
			return nil, nil, &usageError{msg: fmt.Sprintf("--dim %s given twice", name)}
		}
		dims[name] = n
		order = append(order, name)
	}
	return dims, order, nil
}

// isIdent reports whether s is a dimension name: a letter or '_' followed
// by letters, digits or '_'.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
