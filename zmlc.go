// Package zmlc is the Go API of zmlc: compile a model (.zml or StableHLO
// .mlir) into a bundle, open a bundle with the launcher, bind its weights,
// and run its entry points on tensors or on buffers the caller owns.
//
//	bundle, err := zmlc.Compile("mnist.zml", src, zmlc.CompileOptions{Dims: map[string]int64{"b": 1}})
//	m, err := zmlc.Open(bundle, zmlc.OpenOptions{Weights: "mlp.safetensors"})
//	defer m.Close()
//	out, err := m.Run(ctx, "forward", images) // images: *zmlc.Tensor u8[1, 28, 28]
//
// It is a thin layer over the packages that do the work: compile (front
// end, optimiser, code generators), emit (the bundle format, docs/BUNDLE.md)
// and runtime (the launcher, docs/RUNTIME.md) with the target drivers of
// runtime/drivers. A program that only runs bundles can import runtime and
// runtime/drivers alone: they never import the compiler.
//
// What `zmlc FILE` does is Compile, what `zmlc run` does is Open and
// Model.Run (docs/CLI.md); docs/API.md describes this package.
package zmlc

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/pjrt"
)

// Tensor is a dense tensor: its type (element type and static shape) and
// its elements in row-major order, integers in I, floats in F, complex
// numbers in C (ir.Tensor). Build one with NewTensor.
type Tensor = ir.Tensor

// NewTensor returns a zero tensor of element type dtype (MLIR's spelling:
// "f32", "bf16", "i64", "ui8", "i1", ...) and shape ([] for a scalar). It
// returns an error for an unknown dtype or a negative dimension.
func NewTensor(dtype string, shape ...int64) (*Tensor, error) {
	e, ok := ir.ParseElementType(dtype)
	if !ok || e == ir.Index {
		return nil, fmt.Errorf("unknown dtype %q", dtype)
	}
	return ir.NewTensor(ir.TensorOf(e, shape...))
}

// CompileOptions are the settings of Compile; the zero value compiles
// every public function for the wasm target at -O2.
type CompileOptions struct {
	// Target is the code generator: "wasm" (the default for ""), "cpu",
	// "vulkan", "cuda" or "rocm".
	Target string
	// CPU is the cpu target's processor (llc -mcpu; "" is x86-64-v3 on
	// amd64, generic on arm64; "native" is this machine). Arch is the
	// cuda (sm_80 by default) or rocm (gfx942) architecture. Unknown names
	// are errors listing the valid ones.
	CPU, Arch string
	// Dims binds the symbolic dimensions of a .zml program (`b=?`).
	Dims map[string]int64
	// OptLevel is the optimisation level, 0 to 2; nil means 2 (use Level).
	OptLevel *int
	// Entry compiles only the function of that name; "" compiles every
	// public function.
	Entry string
	// EmbedWeights is a safetensors file whose tensors the bundle stores
	// for the parameters; "" leaves them to OpenOptions.Weights.
	EmbedWeights string
	// VerifyEach verifies the module after every optimisation pass (the
	// input and the output are always verified).
	VerifyEach bool
}

// Level returns n as a CompileOptions.OptLevel.
func Level(n int) *int { return &n }

// Compile compiles src, the text of a .zml model (when filename ends in
// .zml) or of a StableHLO module, into the bytes of a bundle
// (docs/BUNDLE.md) that Open runs and that can be written to a .zpkg file.
// Errors in the source are *ir.Diagnostic values (`file:line:col: error:
// ...`, then the source line and a caret); a target without a code generator, a missing LLVM tool, an
// unknown processor name or a program too large for the target's memory
// are errors naming the cause.
func Compile(filename string, src []byte, o CompileOptions) ([]byte, error) {
	b, err := compile.Compile(filename, src, compileOptions(o))
	if err != nil {
		return nil, ir.WithSource(err, filename, src)
	}
	return b, nil
}

// CompileFile reads and compiles the file at path (see Compile).
func CompileFile(path string, o CompileOptions) ([]byte, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Compile(path, src, o)
}

// compileOptions maps o to package compile's options.
func compileOptions(o CompileOptions) compile.Options {
	return compile.Options{
		Target:       o.Target,
		CPU:          o.CPU,
		Arch:         o.Arch,
		Dims:         o.Dims,
		OptLevel:     o.OptLevel,
		Entry:        o.Entry,
		EmbedWeights: o.EmbedWeights,
		VerifyEach:   o.VerifyEach,
	}
}

// OpenOptions are the settings of Open.
type OpenOptions struct {
	// Weights is the safetensors file the bundle's parameters are bound
	// from, by name, each checked against the dtype and shape the bundle
	// wants. It must be "" for a bundle that embeds its weights or has no
	// parameters (an error otherwise: the file would go unused).
	Weights string
	// Workers is the number of threads the wasm and cpu targets spread a
	// kernel over; 0 is one per CPU.
	Workers int
	// Device picks the GPU: a device number (cuda, rocm) or part of its
	// name (vulkan); "" is the first (vulkan: the best).
	Device string
	// PJRT chooses the PJRT plugin and the program form (StableHLO or
	// HloModuleProto) of tpu, neuron and xla-cpu bundles (runtime/pjrt).
	PJRT pjrt.Options
}

// Model is an opened bundle, ready to run: the launcher (package runtime)
// with the driver of the bundle's target, its weights bound. A Model runs
// one call at a time; Close releases it.
type Model struct {
	rt *runtime.Runtime
}

// Open opens the bundle bytes (from Compile, or a .zpkg file's contents)
// with the driver of its target and binds its weights. The bundle is
// checked first (every blob's sha256, the manifest); a driver whose device
// library is missing fails naming the library.
func Open(bundle []byte, o OpenOptions) (*Model, error) {
	b, err := emit.Parse(bundle)
	if err != nil {
		return nil, err
	}
	return openBundle(b, o)
}

// OpenFile opens the bundle file at path (see Open); the file is mapped,
// not read, so large embedded weights cost no copy.
func OpenFile(path string, o OpenOptions) (*Model, error) {
	b, err := emit.Open(path)
	if err != nil {
		return nil, err
	}
	return openBundle(b, o)
}

// openBundle checks o against the bundle and opens it with its driver.
func openBundle(b *emit.Bundle, o OpenOptions) (*Model, error) {
	if err := checkWeights(b.Manifest, o.Weights); err != nil {
		b.Close()
		return nil, err
	}
	drv, err := drivers.New(b.Manifest.Target.Name, drivers.Options{Workers: o.Workers, Device: o.Device, PJRT: o.PJRT})
	if err != nil {
		b.Close()
		return nil, err
	}
	rt, err := runtime.OpenBundle(b, runtime.Options{Weights: o.Weights, Driver: drv, Workers: o.Workers})
	if err != nil {
		return nil, err
	}
	return &Model{rt: rt}, nil
}

// checkWeights refuses a weights file for a bundle that binds nothing
// from one.
func checkWeights(man *emit.Manifest, weights string) error {
	if weights == "" {
		return nil
	}
	for _, p := range man.Parameters {
		if p.Blob == "" {
			return nil
		}
	}
	if len(man.Parameters) == 0 {
		return fmt.Errorf("weights %s: the bundle has no parameters to bind", weights)
	}
	return fmt.Errorf("weights %s: the bundle embeds its weights (compiled with --embed-weights); open it without a weights file", weights)
}

// Entry describes an entry point: its name and the dtype, shape and name
// of each input and output (emit.Entry).
type Entry = emit.Entry

// Entries returns the bundle's entry points, in the order of the source.
func (m *Model) Entries() []Entry { return m.rt.Manifest().Entries }

// entry resolves name ("" is the only entry point).
func (m *Model) entry(name string) (string, error) {
	es := m.Entries()
	if name != "" {
		return name, nil
	}
	if len(es) == 1 {
		return es[0].Name, nil
	}
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name
	}
	return "", fmt.Errorf("the bundle has %d entry points (%s): name one", len(es), strings.Join(names, ", "))
}

// Run runs entry ("" for the bundle's only one) on inputs, one per
// argument in order with the dtype and shape the entry wants, and returns
// its results as new tensors. A wrong count, dtype or shape is an error
// naming the input; a cancelled ctx stops the run at the next device
// call.
func (m *Model) Run(ctx context.Context, entry string, inputs ...*Tensor) ([]*Tensor, error) {
	name, err := m.entry(entry)
	if err != nil {
		return nil, err
	}
	return m.rt.Run(ctx, name, inputs)
}

// RunBytes runs entry on buffers the caller owns, with no allocation per
// call once the entry has run: inputs[i] holds input i and outputs[i]
// receives output i, each as dense row-major little-endian bytes of its
// dtype (InputSizes and OutputSizes give the lengths, which must match).
// The buffers are not kept after the call (runtime.Runtime.RunBytes).
func (m *Model) RunBytes(ctx context.Context, entry string, inputs, outputs [][]byte) error {
	name, err := m.entry(entry)
	if err != nil {
		return err
	}
	return m.rt.RunBytes(ctx, name, inputs, outputs)
}

// InputSizes returns the byte length of each input of entry ("" for the
// only one), as RunBytes wants them.
func (m *Model) InputSizes(entry string) ([]int, error) {
	name, err := m.entry(entry)
	if err != nil {
		return nil, err
	}
	return m.rt.InputSizes(name)
}

// OutputSizes returns the byte length of each output of entry ("" for the
// only one), as RunBytes fills them.
func (m *Model) OutputSizes(entry string) ([]int, error) {
	name, err := m.entry(entry)
	if err != nil {
		return nil, err
	}
	return m.rt.OutputSizes(name)
}

// Runtime returns the launcher under m, for what this package does not
// wrap (its linear memory, the manifest).
func (m *Model) Runtime() *runtime.Runtime { return m.rt }

// Close releases the model: the driver, the device memory and the bundle.
func (m *Model) Close() error { return m.rt.Close() }
