package compile

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/kernel"
)

// kernelName matches "kernel NAME: " in errors.
var kernelName = regexp.MustCompile(`kernel \S+: (%\d+: )?`)

// reason shortens an error to what it says after the kernel's name.
func reason(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "): "); i >= 0 {
		msg = msg[i+3:]
	}
	msg = kernelName.ReplaceAllString(msg, "")
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return msg
}

// corpusBatch is how many corpus functions one bundle holds: each
// compile of a device module runs external tools (LLVM's, spirv-val),
// so functions are compiled together, as the entries of one bundle.
const corpusBatch = 48

// corpusRun runs the op corpus on one target.
type corpusRun struct {
	t    *testing.T
	opts Options
	open OpenOptions
	rej  *corpustest.Rejections
	ran  int
	// breakKernels, when set, changes the lowered kernels before they
	// are rendered, and fail, when set, takes the failures instead of
	// the test (TestCorpusCatchesBrokenKernels).
	breakKernels func(*kernel.Program)
	fail         func(key, msg string)
	// only, when set, picks the cases to run by name; levels, when set,
	// replaces corpustest.Levels.
	only   func(name string) bool
	levels []int
}

// errorf reports a failure of case key.
func (r *corpusRun) errorf(key, format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	if r.fail != nil {
		r.fail(key, msg)
		return
	}
	r.t.Errorf("%s: %s", key, msg)
}

// runCorpus compiles every argument-free public function of the op corpus
// (testdata/ops; check.* operands as extra results, constants as inputs:
// corpustest.Cases) for opts.Target at -O0 and at -O2, runs it through
// Bundle, Open and Run on its inputs, and compares each result with the
// interpreter (compareT). A function the kernel lowering or the target
// rejects, or the device refuses, must be on the target's list
// (testdata/corpus-rejections/LIST.txt), and a listed one must still be
// rejected. It returns the number of functions that ran and matched.
func runCorpus(t *testing.T, list string, opts Options, open OpenOptions) int {
	r := &corpusRun{t: t, opts: opts, open: open, rej: corpustest.LoadRejections(t, list)}
	r.all()
	r.rej.Check(t)
	return r.ran
}

// all runs every case, in batches.
func (r *corpusRun) all() {
	var batch []*corpustest.Case
	optimize := func(m *ir.Module, level int) error {
		o := r.opts
		o.OptLevel = Level(level)
		return Optimize(m, o)
	}
	levels := corpustest.Levels
	if r.levels != nil {
		levels = r.levels
	}
	corpustest.Cases(r.t, levels, optimize, func(c *corpustest.Case) {
		if r.only != nil && !r.only(c.Name) {
			return
		}
		if _, err := kernel.Lower(c.Module, c.Func.Name, kernelParams(r.opts.Target, r.opts)); err != nil {
			r.rej.Reject(c.Key, reason(err))
			return
		}
		if len(c.Module.Funcs) != 1 || len(c.Module.Globals) != 0 {
			r.one(c)
			return
		}
		batch = append(batch, c)
		if len(batch) == corpusBatch {
			r.batch(batch)
			batch = nil
		}
	})
	r.batch(batch)
}

// batch compiles cases (each a module of one function) into one bundle,
// entry i named c<i>, and runs each; if the bundle does not compile or
// open, each case runs on its own (so that a rejection names its case).
func (r *corpusRun) batch(cases []*corpustest.Case) {
	if len(cases) == 0 {
		return
	}
	m := &ir.Module{}
	for i, c := range cases {
		f := c.Module.Funcs[0]
		nf := *f
		nf.Name = fmt.Sprintf("c%d", i)
		m.Funcs = append(m.Funcs, &nf)
	}
	rt, err := r.compileOpen(m, "")
	if err != nil {
		for _, c := range cases {
			r.one(c)
		}
		return
	}
	defer rt.Close()
	for i, c := range cases {
		r.run(rt, fmt.Sprintf("c%d", i), c)
	}
}

// one compiles and runs one case alone, recording its rejection.
func (r *corpusRun) one(c *corpustest.Case) {
	rt, err := r.compileOpen(c.Module, c.Func.Name)
	if err != nil {
		var bad *corpusFailure
		if errors.As(err, &bad) {
			r.errorf(c.Key, "%v", bad.err)
			return
		}
		r.rej.Reject(c.Key, reason(err))
		return
	}
	defer rt.Close()
	r.run(rt, c.Func.Name, c)
}

// corpusFailure is a compileOpen error that is a test failure, not a
// rejection.
type corpusFailure struct{ err error }

func (e *corpusFailure) Error() string { return e.err.Error() }

// compileOpen lowers m's entry (every public function when entry is ""),
// writes the bundle and opens it. A rejection at compile time must name
// the target or its renderer; the device's refusal (runtime.ErrUnsupported)
// is a rejection too; anything else is a *corpusFailure.
func (r *corpusRun) compileOpen(m *ir.Module, entry string) (*runtime.Runtime, error) {
	o := r.opts
	o.Entry = entry
	l, err := LowerModule(m, o)
	if err != nil {
		if !strings.Contains(err.Error(), o.Target) && !strings.Contains(err.Error(), "spirv") {
			return nil, &corpusFailure{fmt.Errorf("rejection names neither the target nor its renderer: %w", err)}
		}
		return nil, err
	}
	if r.breakKernels != nil {
		for _, p := range l.Programs {
			r.breakKernels(p)
		}
		if l, err = relower(l, o); err != nil {
			return nil, &corpusFailure{err}
		}
	}
	bundle, err := l.Bundle(o)
	if err != nil {
		return nil, &corpusFailure{fmt.Errorf("bundle: %w", err)}
	}
	rt, err := OpenWith(bundle, r.open)
	if err != nil {
		if errors.Is(err, runtime.ErrUnsupported) {
			return nil, err
		}
		return nil, &corpusFailure{fmt.Errorf("open: %w", err)}
	}
	return rt, nil
}

// relower renders l's (changed) Programs again for its target.
func relower(l *Lowered, o Options) (*Lowered, error) {
	nl := &Lowered{Module: l.Module, Funcs: l.Funcs, Target: l.Target, Programs: l.Programs, Checks: l.Checks}
	if l.Target == "wasm" {
		return nil, fmt.Errorf("relower: the wasm target is tested in targets/wasm")
	}
	if err := lowerDevice(nl, l.Target, o); err != nil {
		return nil, err
	}
	return nl, nil
}

// run runs entry of rt on c's inputs and compares with the interpreter.
func (r *corpusRun) run(rt *runtime.Runtime, entry string, c *corpustest.Case) {
	got, err := rt.Run(context.Background(), entry, c.Inputs)
	if err != nil {
		r.errorf(c.Key, "run: %v", err)
		return
	}
	for i := range c.Want {
		if d := compareT(got[i], c.Want[i]); d != "" {
			r.errorf(c.Key, "result %d: %s", i, d)
			return
		}
	}
	r.rej.Pass(c.Key)
	r.ran++
}

// TestCorpusCPU runs the op corpus on the cpu target (LLVM 19 shared
// objects, threads over the linear memory) at -O0 and -O2, with the
// corpus constants as inputs.
func TestCorpusCPU(t *testing.T) {
	needLLVM(t)
	t.Parallel() // with the other corpus runs: they wait on LLVM's tools and lavapipe
	start := time.Now()
	n := runCorpus(t, "cpu", Options{Target: "cpu"}, OpenOptions{Drivers: drivers.Options{Workers: 2}})
	t.Logf("corpus on cpu: %d function runs (-O0 and -O2) compile, run and match the interpreter (%s)", n, time.Since(start).Round(time.Second))
	if n < 2*385 {
		t.Errorf("only %d corpus function runs on the cpu target", n)
	}
}

// TestCorpusVulkan runs the op corpus on the vulkan target (lavapipe in
// CI) with the default (staged) GPU lowering, at -O0 and -O2 with the
// corpus constants as inputs, twice: zero copy (buffers in the linear
// memory) and copying (opaque device handles: constants, copies and
// predicates go through zml_device.copy, as on cuda and rocm).
func TestCorpusVulkan(t *testing.T) {
	needVulkan(t)
	t.Parallel()
	for _, zc := range []struct {
		name, list string
		mode       vulkan.ZeroCopy
	}{{"zero copy", "vulkan", vulkan.ZeroCopyRequire}, {"copying", "vulkan-copying", vulkan.ZeroCopyOff}} {
		start := time.Now()
		n := runCorpus(t, zc.list, Options{Target: "vulkan"}, OpenOptions{Drivers: drivers.Options{Vulkan: vulkan.Options{ZeroCopy: zc.mode}}})
		t.Logf("corpus on vulkan (%s): %d function runs compile, run and match the interpreter (%s)", zc.name, n, time.Since(start).Round(time.Second))
		if n < 2*250 {
			t.Errorf("only %d corpus function runs on the vulkan target (%s)", n, zc.name)
		}
	}
}

// wide reports whether a corpus function is one of the wide-row cases of
// the index-driven ops (testdata/ops/*_wide.mlir).
func wide(name string) bool {
	file, _, _ := strings.Cut(name, ":")
	return strings.HasSuffix(file, "_wide.mlir")
}

// TestCorpusCPUWideVectors runs the wide-row corpus cases (gather,
// dynamic_slice, dynamic_update_slice, scatter) on the cpu target with 16
// f32 lanes (--cpu=native on AVX-512; TestCorpusCPU runs the default 8 at
// -O0 and -O2, and targets/wasm's TestCorpus wasm's 4), at -O2 with
// inputs, so that every vector width and its remainders run.
func TestCorpusCPUWideVectors(t *testing.T) {
	needLLVM(t)
	t.Parallel()
	r := &corpusRun{t: t, opts: Options{Target: "cpu", Kernel: kernel.TargetParams{VectorWidth: 16}},
		open: OpenOptions{Drivers: drivers.Options{Workers: 2}}, rej: corpustest.LoadRejections(t, "cpu"), only: wide,
		levels: []int{2}}
	r.all()
	r.rej.CheckNew(t)
	if r.ran < 50 {
		t.Errorf("only %d wide corpus function runs", r.ran)
	}
}

// TestCorpusCatchesBrokenKernels: a target that computes nothing fails
// the corpus run. The cpu target's kernels lose every store (the outputs
// keep whatever their buffers held), and the run over the wide gathers
// and dynamic slices (inputs, -O2: nothing folded) must fail every one.
func TestCorpusCatchesBrokenKernels(t *testing.T) {
	needLLVM(t)
	failed := map[string]bool{}
	r := &corpusRun{t: t, opts: Options{Target: "cpu"}, open: OpenOptions{Drivers: drivers.Options{Workers: 1}},
		rej: corpustest.LoadRejections(t, "cpu"), breakKernels: dropStores,
		fail: func(key, msg string) { failed[key] = strings.HasPrefix(msg, "result ") }}
	var cases []*corpustest.Case
	corpustest.Cases(t, []int{2}, nil, func(c *corpustest.Case) {
		if strings.HasPrefix(c.Name, "gather_wide.mlir:") || strings.HasPrefix(c.Name, "dynamic_slice_wide.mlir:") {
			cases = append(cases, c)
		}
	})
	r.batch(cases)
	for _, c := range cases {
		if !failed[c.Key] {
			t.Errorf("%s: did not fail by its results with kernels that store nothing", c.Key)
		}
	}
	if len(cases) < 20 || r.ran != 0 {
		t.Errorf("%d cases, %d passed; want at least 20, none passing", len(cases), r.ran)
	}
}

// dropStores removes every store from p's kernels.
func dropStores(p *kernel.Program) {
	var drop func(body []*kernel.Node) []*kernel.Node
	drop = func(body []*kernel.Node) []*kernel.Node {
		var kept []*kernel.Node
		for _, n := range body {
			if n.Kind == kernel.Store {
				continue
			}
			n.Body, n.Else = drop(n.Body), drop(n.Else)
			kept = append(kept, n)
		}
		return kept
	}
	for _, k := range p.Kernels {
		k.Body = drop(k.Body)
	}
}
