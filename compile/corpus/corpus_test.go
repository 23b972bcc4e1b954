// Package corpus_test runs the op corpus (testdata/ops) on the compiled
// targets cpu and vulkan through zmlc's whole compile path (the -O
// pipeline, the kernel lowering, the renderer, the bundle) and the
// launcher, at -O0 and -O2, with each function's constants fed as inputs
// (internal/corpustest.Cases) so that nothing is computed at compile
// time. It is a package of its own so that its runs have their own test
// time budget.
package corpus_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/llvm"
	"github.com/zmlc/zmlc/targets/spirv"
)

// needLLVM fails the test under CI=true when an LLVM 19 tool the cpu
// target runs is missing, and skips it otherwise.
func needLLVM(t *testing.T) {
	t.Helper()
	for _, tool := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tool.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
}

// needVulkan fails the test under CI=true when no Vulkan device
// (lavapipe) opens or spirv-val is missing, and skips it otherwise.
func needVulkan(t *testing.T) {
	t.Helper()
	d, err := vulkan.Open("")
	if err == nil {
		d.Close()
		err = spirv.Validate(context.Background(), nil)
		if !errors.Is(err, spirv.ErrNoValidator) {
			return
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("vulkan target (Debian packages libvulkan1, mesa-vulkan-drivers, spirv-tools): %v", err)
	}
	t.Skipf("vulkan target: %v", err)
}

// corpusBatch is how many corpus functions one bundle holds: each
// compile of a device module runs external tools (LLVM's, spirv-val), so
// functions are compiled together, as the entries of one bundle.
const corpusBatch = 48

// corpusRun runs the op corpus on one target.
type corpusRun struct {
	t    *testing.T
	opts compile.Options
	open compile.OpenOptions
	rej  *corpustest.Rejections
	ran  int
	// only, when set, picks the cases to run by name; levels, when set,
	// replaces corpustest.Levels; fail, when set, takes the failures
	// instead of the test (TestCorpusCatchesIdleTarget).
	only   func(name string) bool
	levels []int
	fail   func(key, msg string)
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
// interpreter (corpustest.LegalisedMath). A function the target rejects
// (the kernel lowering included) or the device refuses must be on the
// target's list (testdata/corpus-rejections/LIST.txt), and a listed one
// must still be rejected. It returns the number of runs that matched.
func runCorpus(t *testing.T, list string, opts compile.Options, open compile.OpenOptions) int {
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
		o.OptLevel = compile.Level(level)
		return compile.Optimize(m, o)
	}
	levels := corpustest.Levels
	if r.levels != nil {
		levels = r.levels
	}
	corpustest.Cases(r.t, levels, optimize, func(c *corpustest.Case) {
		if r.only != nil && !r.only(c.Name) {
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
		nf := *c.Module.Funcs[0]
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
		msg := err.Error()
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		r.rej.Reject(c.Key, msg)
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
// writes the bundle and opens it. A rejection at compile time must be the
// kernel lowering's or name the target or its renderer; the device's
// refusal (runtime.ErrUnsupported) is a rejection too; anything else is a
// *corpusFailure.
func (r *corpusRun) compileOpen(m *ir.Module, entry string) (*runtime.Runtime, error) {
	o := r.opts
	o.Entry = entry
	l, err := compile.LowerModule(m, o)
	if err != nil {
		msg := err.Error()
		if !strings.Contains(msg, "kernel lowering") && !strings.Contains(msg, o.Target) && !strings.Contains(msg, "spirv") {
			return nil, &corpusFailure{fmt.Errorf("rejection names neither the kernel lowering, the target nor its renderer: %w", err)}
		}
		return nil, err
	}
	bundle, err := l.Bundle(o)
	if err != nil {
		return nil, &corpusFailure{fmt.Errorf("bundle: %w", err)}
	}
	rt, err := compile.OpenWith(bundle, r.open)
	if err != nil {
		if errors.Is(err, runtime.ErrUnsupported) {
			return nil, err
		}
		return nil, &corpusFailure{fmt.Errorf("open: %w", err)}
	}
	return rt, nil
}

// run runs entry of rt on c's inputs and compares with the interpreter.
func (r *corpusRun) run(rt *runtime.Runtime, entry string, c *corpustest.Case) {
	got, err := rt.Run(context.Background(), entry, c.Inputs)
	if err != nil {
		r.errorf(c.Key, "run: %v", err)
		return
	}
	for i := range c.Want {
		if err := corpustest.Compare(got[i], c.Want[i], corpustest.LegalisedMath); err != nil {
			r.errorf(c.Key, "result %d: %v", i, err)
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
	start := time.Now()
	n := runCorpus(t, "cpu", compile.Options{Target: "cpu"}, compile.OpenOptions{Drivers: drivers.Options{Workers: 2}})
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
	for _, zc := range []struct {
		name, list string
		mode       vulkan.ZeroCopy
	}{{"zero copy", "vulkan", vulkan.ZeroCopyRequire}, {"copying", "vulkan-copying", vulkan.ZeroCopyOff}} {
		start := time.Now()
		n := runCorpus(t, zc.list, compile.Options{Target: "vulkan"}, compile.OpenOptions{Drivers: drivers.Options{Vulkan: vulkan.Options{ZeroCopy: zc.mode}}})
		t.Logf("corpus on vulkan (%s): %d function runs compile, run and match the interpreter (%s)", zc.name, n, time.Since(start).Round(time.Second))
		if n < 2*385 {
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
	r := &corpusRun{t: t, opts: compile.Options{Target: "cpu", Kernel: kernel.TargetParams{VectorWidth: 16}},
		open: compile.OpenOptions{Drivers: drivers.Options{Workers: 2}}, rej: corpustest.LoadRejections(t, "cpu"), only: wide,
		levels: []int{2}}
	r.all()
	r.rej.CheckNew(t)
	if r.ran < 50 {
		t.Errorf("only %d wide corpus function runs", r.ran)
	}
}

// idleDriver is a target that does nothing: the cpu driver with every
// kernel launch skipped.
type idleDriver struct{ runtime.Driver }

func (idleDriver) Launch(*runtime.Launch) error { return nil }

// TestCorpusCatchesIdleTarget: a target that computes nothing fails the
// corpus run. With the cpu driver's launches skipped (the outputs keep
// whatever their buffers held), the run over the wide gathers and dynamic
// slices (inputs, -O2: nothing folded) must fail every one by its
// results.
func TestCorpusCatchesIdleTarget(t *testing.T) {
	needLLVM(t)
	drv, err := drivers.New("cpu", drivers.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	r := &corpusRun{t: t, opts: compile.Options{Target: "cpu"}, open: compile.OpenOptions{Driver: idleDriver{drv}},
		rej: corpustest.LoadRejections(t, "cpu"), levels: []int{2},
		only: func(name string) bool {
			return strings.HasPrefix(name, "gather_wide.mlir:") || strings.HasPrefix(name, "dynamic_slice_wide.mlir:")
		},
		fail: func(key, msg string) { failed[key] = strings.HasPrefix(msg, "result ") }}
	r.all()
	if len(failed) < 20 || r.ran != 0 {
		t.Errorf("%d cases failed, %d passed; want at least 20 failing, none passing", len(failed), r.ran)
	}
	for k, byResult := range failed {
		if !byResult {
			t.Errorf("%s: failed, but not by its results", k)
		}
	}
}
