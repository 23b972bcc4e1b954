// Package compile is zmlc's compile driver: it runs the front end (.zml)
// or the StableHLO parser (.mlir), the optimisation pipeline, the kernel
// lowering and a target's renderer, and writes the bundle (docs/BUNDLE.md).
// Targets: wasm (the embedded default, docs/RUNTIME.md section 6: kernels
// are functions of the host program), cpu (kernels in a shared object built
// by LLVM 19, run in place on the linear memory), vulkan (one SPIR-V
// module), cuda (PTX) and rocm (an HSACO code object); the device targets'
// host programs launch the kernels of that module (targets/wasm's
// Options.Device).
//
//	bundle, err := compile.Compile("mnist.zml", src, compile.Options{Dims: map[string]int64{"b": 64}})
//
// Open and Run open a bundle in process with the launcher (package
// runtime), with the driver of the bundle's target (runtime/drivers), and
// run one entry point.
package compile

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/passes"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/wasm"
)

// Options are the settings of one compilation; the zero value compiles
// every public function for the wasm target at -O2.
type Options struct {
	// Target is the code generator: "wasm" (the default, also for ""),
	// "cpu", "vulkan", "cuda" or "rocm" (Targets).
	Target string
	// CPU is llc's -mcpu for the cpu target (`--cpu`): "" is the
	// documented baseline (x86-64-v3 on amd64, generic on arm64),
	// "native" the compiling machine.
	CPU string
	// Arch is the GPU architecture of the cuda (`--cuda-arch`, e.g. sm_90;
	// "" is sm_80) or rocm (`--rocm-arch`, e.g. gfx90a; "" is gfx942)
	// target.
	Arch string
	// GPU overrides the GPU lowering's parameters of the vulkan, cuda and
	// rocm targets: zero fields take the target's preset (gpu.Vulkan,
	// gpu.CUDA, gpu.ROCm); Unstaged turns shared-memory staging off (10x
	// faster on lavapipe, a CPU device); HasF64 is honoured on vulkan only
	// (cuda and rocm devices always have f64).
	GPU gpu.Params
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
	// fields take the target's defaults (wasm: kernel.DefaultTarget; cpu:
	// 8 f32 lanes, a core per CPU; GPU targets: GPU loops).
	Kernel kernel.TargetParams
	// Wasm tunes the wasm renderer.
	Wasm wasm.Options
	// VerifyEach runs ir.Verify after every pass of the pipeline
	// (`--verify-each`), naming the pass that broke the module. Without
	// it the module is verified before the pipeline (Parse) and after it
	// only: at 100k ops verifying after every pass doubles the time of
	// the optimiser. Test binaries (testing.Testing) always verify after
	// every pass.
	VerifyEach bool
	// Language is the source's language, "zml" or "mlir" (`-x`); "" takes
	// it from the file name (.zml, anything else is StableHLO).
	Language string
	// NeuronTarget is the neuron target's `neuronx-cc --target`
	// (`--neuron-target`: trn1, trn2 or inf2; "" is trn1).
	NeuronTarget string
}

// Level returns an optimisation level for Options.OptLevel.
func Level(n int) *int { return &n }

// Lowered is a compilation up to the renderer: the optimised module, one
// kernel Program per entry function, the rendered host program and, on
// device targets, the kernel module.
type Lowered struct {
	Module *ir.Module
	Funcs  []*ir.Func
	// Target is the code generator ("wasm", "cpu", "vulkan", "cuda",
	// "rocm").
	Target string
	// Programs are kernel.Lower's, one per entry function.
	Programs []*kernel.Program
	// DevicePrograms are the Programs the device module was rendered
	// from: the same as Programs on the cpu, targets/gpu's GPU form on
	// vulkan, cuda and rocm; nil on wasm.
	DevicePrograms []*kernel.Program
	Wasm           *wasm.Output
	// Device is the kernel module of a device target (nil on wasm and
	// the XLA targets).
	Device *DeviceModule
	// XLA is the executables of the tpu, neuron and xla-cpu targets.
	XLA *XLAModules
	// Checks are each entry function's checks, turned into its last
	// 2*len(Checks[i]) results (checks.go); nil for a function without.
	Checks [][]emit.Check
	// source is the module's text before the checks were turned into
	// results ("" when there were none): the bundle's program.mlir.
	source string
}

// Parse reads a .zml (by opts.Language, else by its extension) or
// StableHLO (.mlir, anything else) source into a verified module.
func Parse(filename string, src []byte, opts Options) (*ir.Module, error) {
	if opts.Language == "zml" || opts.Language == "" && strings.HasSuffix(filename, ".zml") {
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
// unless NoFusion or the target is an XLA target, whose compiler fuses)
// the fusion pass, and verifies the result (after every pass with
// opts.VerifyEach).
func Optimize(m *ir.Module, opts Options) error {
	level := 2
	if opts.OptLevel != nil {
		level = *opts.OptLevel
	}
	p, err := passes.DefaultPipeline(level)
	if err != nil {
		return err
	}
	_, xla := xlaTargets[opts.Target]
	if xla {
		// XLA fuses and plans buffers itself; the program it gets stays
		// StableHLO.
		p = slices.DeleteFunc(p, func(x passes.Pass) bool { return x.Argument() == "fusion" || x.Argument() == "buffer-assignment" })
	}
	if level >= 2 && !opts.NoFusion && !xla && !slices.ContainsFunc(p, func(x passes.Pass) bool { return x.Argument() == "fusion" }) {
		f, err := passes.New("fusion")
		if err == nil {
			p = append(p, f)
		}
	}
	pm := passes.NewManager(p)
	pm.VerifyEach = opts.VerifyEach || testing.Testing()
	if err := pm.Run(m); err != nil {
		return err
	}
	if !pm.VerifyEach && len(p) > 0 {
		if err := ir.Verify(m); err != nil {
			return fmt.Errorf("verification failed after the -O%d pipeline (%s; rerun with --verify-each to find the pass): %w", level, p, err)
		}
	}
	return nil
}

// Lower parses, optimises and lowers src to kernels and renders the host
// program for opts.Target.
func Lower(filename string, src []byte, opts Options) (*Lowered, error) {
	if !slices.Contains(Targets, targetName(opts)) {
		return nil, fmt.Errorf("target %q has no code generator (targets: %s)", opts.Target, strings.Join(Targets, ", "))
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

// targetName returns opts.Target, "wasm" for "".
func targetName(opts Options) string {
	if opts.Target == "" {
		return "wasm"
	}
	return opts.Target
}

// LowerModule lowers an optimised module's entry functions (opts.Entry,
// or every public function with a body) and renders them for opts.Target:
// the host program and, on device targets, the kernel module (which runs
// LLVM 19's tools for cpu, cuda and rocm). The entry functions' top-level
// checks become extra results (checks.go): m is changed.
func LowerModule(m *ir.Module, opts Options) (*Lowered, error) {
	target := targetName(opts)
	if !slices.Contains(Targets, target) {
		return nil, fmt.Errorf("target %q has no code generator (targets: %s)", opts.Target, strings.Join(Targets, ", "))
	}
	l := &Lowered{Module: m, Target: target}
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
	// -O0's pipeline is empty: legalise the chlo ops the kernel lowering
	// lacks (lgamma, zeta, asin, ...) here, as -O1 and -O2 do.
	if err := passes.LegalizeChloExcept(m, passes.NativeChlo); err != nil {
		return nil, err
	}
	for _, f := range l.Funcs {
		if hasChecks(f) && l.source == "" {
			l.source = asm.Print(m, asm.Options{})
		}
		cs, err := outputChecks(f)
		if err != nil {
			return nil, err
		}
		l.Checks = append(l.Checks, cs)
	}
	if t, ok := xlaTargets[target]; ok {
		if err := lowerXLA(l, t, opts); err != nil {
			return nil, err
		}
		return l, nil
	}
	tp := kernelParams(target, opts)
	for _, f := range l.Funcs {
		p, err := kernel.Lower(m, f.Name, tp)
		if err != nil {
			return nil, err
		}
		l.Programs = append(l.Programs, p)
	}
	if err := checkMemory(target, l.Programs); err != nil {
		return nil, err
	}
	if target != "wasm" {
		if err := lowerDevice(l, target, opts); err != nil {
			return nil, err
		}
		return l, nil
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
	tp := kernelParams(targetName(opts), opts)
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
