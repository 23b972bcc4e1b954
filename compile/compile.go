// Package compile is zmlc's compile driver: it runs the front end (.zml)
// or the StableHLO parser (.mlir), the optimisation pipeline, the kernel
// lowering and a target's renderer, and writes the bundle (docs/BUNDLE.md).
// The wasm target (the embedded default, docs/RUNTIME.md section 6) is the
// only code generator so far.
//
//	bundle, err := compile.Compile("mnist.zml", src, compile.Options{Dims: map[string]int64{"b": 64}})
//
// Run and RunFile open a bundle in process with the launcher (package
// runtime) and run one entry point.
package compile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/passes"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/wasm"
)

// Options are the settings of one compilation; the zero value compiles
// every public function for the wasm target at -O2.
type Options struct {
	// Target is the code generator: "wasm" (the default, also for "").
	Target string
	// Dims binds symbolic dimensions (`--dim b=64`).
	Dims map[string]int64
	// OptLevel is the optimisation level 0, 1 or 2; nil means 2.
	OptLevel *int
	// NoFusion skips the fusion pass that -O2 runs before the kernel
	// lowering (each op then becomes its own kernel).
	NoFusion bool
	// Entry names the one function to compile; "" compiles every public
	// function with a body.
	Entry string
	// EmbedWeights is a safetensors file whose tensors are stored in the
	// bundle for the parameters (`--embed-weights`); "" binds them at run
	// time.
	EmbedWeights string
	// Kernel overrides the kernel lowering's target parameters; zero
	// fields take the wasm target's defaults.
	Kernel kernel.TargetParams
	// Wasm tunes the wasm renderer.
	Wasm wasm.Options
}

// Level returns an optimisation level for Options.OptLevel.
func Level(n int) *int { return &n }

// Lowered is a compilation up to the renderer: the optimised module, one
// kernel Program per entry function and the rendered host program.
type Lowered struct {
	Module   *ir.Module
	Funcs    []*ir.Func
	Programs []*kernel.Program
	Wasm     *wasm.Output
}

// Parse reads a .zml (by its extension) or StableHLO (.mlir, anything
// else) source into a verified module.
func Parse(filename string, src []byte, opts Options) (*ir.Module, error) {
	if strings.HasSuffix(filename, ".zml") {
		return frontend.Compile(filename, src, frontend.Options{Dims: opts.Dims})
	}
	m, err := asm.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

// Optimize runs the default pipeline of opts' level on m, then (at -O2,
// unless NoFusion) the fusion pass.
func Optimize(m *ir.Module, opts Options) error {
	level := 2
	if opts.OptLevel != nil {
		level = *opts.OptLevel
	}
	p, err := passes.DefaultPipeline(level)
	if err != nil {
		return err
	}
	if level >= 2 && !opts.NoFusion && !slices.ContainsFunc(p, func(x passes.Pass) bool { return passArg(x) == "fusion" }) {
		f, err := passes.New("fusion")
		if err == nil {
			p = append(p, f)
		}
	}
	return passes.NewManager(p).Run(m)
}

// passArg returns a pass's pipeline argument.
func passArg(p passes.Pass) string { return p.Argument() }

// Lower parses, optimises and lowers src to kernels and renders the host
// program for opts.Target.
func Lower(filename string, src []byte, opts Options) (*Lowered, error) {
	if opts.Target != "" && opts.Target != "wasm" {
		return nil, fmt.Errorf("target %q has no code generator yet (only wasm)", opts.Target)
	}
	m, err := Parse(filename, src, opts)
	if err != nil {
		return nil, err
	}
	if err := Optimize(m, opts); err != nil {
		return nil, err
	}
	return LowerModule(m, opts)
}

// LowerModule lowers an optimised module's entry functions (opts.Entry,
// or every public function with a body) and renders them.
func LowerModule(m *ir.Module, opts Options) (*Lowered, error) {
	l := &Lowered{Module: m}
	for _, f := range m.Funcs {
		if f.Body == nil || !f.IsPublic() || opts.Entry != "" && f.Name != opts.Entry {
			continue
		}
		l.Funcs = append(l.Funcs, f)
	}
	if len(l.Funcs) == 0 {
		if opts.Entry != "" {
			return nil, fmt.Errorf("no public function %q to compile", opts.Entry)
		}
		return nil, fmt.Errorf("no public function to compile")
	}
	tp := opts.Kernel
	if tp.Name == "" {
		tp.Name = "wasm"
	}
	for _, f := range l.Funcs {
		p, err := kernel.Lower(m, f.Name, tp)
		if err != nil {
			return nil, err
		}
		l.Programs = append(l.Programs, p)
	}
	out, err := wasm.Build(l.Programs, opts.Wasm)
	if err != nil {
		return nil, err
	}
	l.Wasm = out
	return l, nil
}

// EmitKernels returns the kernel IR of src, readable (`zmlc
// --emit=kernels`): each entry's Program (buffers, schedule, kernels).
func EmitKernels(filename string, src []byte, opts Options) (string, error) {
	m, err := Parse(filename, src, opts)
	if err != nil {
		return "", err
	}
	if err := Optimize(m, opts); err != nil {
		return "", err
	}
	tp := opts.Kernel
	var sb strings.Builder
	for _, f := range m.Funcs {
		if f.Body == nil || !f.IsPublic() || opts.Entry != "" && f.Name != opts.Entry {
			continue
		}
		p, err := kernel.Lower(m, f.Name, tp)
		if err != nil {
			return "", err
		}
		sb.WriteString(p.String())
	}
	return sb.String(), nil
}

// EmitWasm returns the host program of src as WAT-like text (`zmlc
// --emit=wasm`).
func EmitWasm(filename string, src []byte, opts Options) (string, error) {
	l, err := Lower(filename, src, opts)
	if err != nil {
		return "", err
	}
	return l.Wasm.Module.WAT(), nil
}
