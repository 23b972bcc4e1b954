package compile

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/kernel"
)

// kernelName matches "kernel NAME: " in errors.
var kernelName = regexp.MustCompile(`kernel \S+: (%\d+: )?`)

// corpusResult counts what happened to the corpus on one target.
type corpusResult struct {
	ran      int            // compiled, ran and matched the interpreter
	rejected map[string]int // refused at compile time, by reason
	unsup    map[string]int // refused by the device at open, by reason
}

// reason shortens an error to what it says after the kernel's name.
func reason(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "): "); i >= 0 {
		msg = msg[i+3:]
	}
	msg = kernelName.ReplaceAllString(msg, "")
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return msg
}

// runCorpus compiles every argument-free public function of the op corpus
// (testdata/ops; check.* operands as extra results) for opts.Target, runs
// it through Bundle, Open and Run, and compares each result with the
// interpreter (compareT). Functions the interpreter or kernel.Lower
// reject are not counted (their own tests cover them).
func runCorpus(t *testing.T, opts Options, open OpenOptions) corpusResult {
	res := corpusResult{rejected: map[string]int{}, unsup: map[string]int{}}
	for _, path := range corpustest.Files(t) {
		for _, m := range corpustest.Modules(t, path) {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !corpustest.ChecksToOutputs(f) || ir.Verify(m) != nil {
					continue
				}
				name := filepath.Base(path) + ":@" + f.Name
				want, err := interp.New(m).Call(f.Name, nil)
				if err != nil {
					continue // meant to fail at run time
				}
				if _, err := kernel.Lower(m, f.Name, kernelParams(opts.Target, opts)); err != nil {
					continue // the kernel lowering's own rejections
				}
				o := opts
				o.Entry = f.Name
				l, err := LowerModule(m, o)
				if err != nil {
					if !strings.Contains(err.Error(), opts.Target) && !strings.Contains(err.Error(), "spirv") {
						t.Errorf("%s: rejection names neither the target nor its renderer: %v", name, err)
					}
					res.rejected[reason(err)]++
					continue
				}
				bundle, err := l.Bundle(o)
				if err != nil {
					t.Errorf("%s: bundle: %v", name, err)
					continue
				}
				rt, err := OpenWith(bundle, open)
				if err != nil {
					if errors.Is(err, runtime.ErrUnsupported) {
						res.unsup[reason(err)]++
						continue
					}
					t.Errorf("%s: open: %v", name, err)
					continue
				}
				got, err := rt.Run(context.Background(), f.Name, nil)
				rt.Close()
				if err != nil {
					t.Errorf("%s: run: %v", name, err)
					continue
				}
				ok := true
				for i := range want {
					if d := compareT(got[i], want[i].(*ir.Tensor)); d != "" {
						t.Errorf("%s: result %d: %s", name, i, d)
						ok = false
						break
					}
				}
				if ok {
					res.ran++
				}
			}
		}
	}
	return res
}

// logCorpus logs the counts and the reasons.
func logCorpus(t *testing.T, target string, r corpusResult, took time.Duration) {
	t.Logf("corpus on %s: %d functions compile, run and match the interpreter (%s)", target, r.ran, took.Round(time.Second))
	for _, m := range []struct {
		what string
		by   map[string]int
	}{{"rejected at compile time", r.rejected}, {"refused by the device", r.unsup}} {
		var keys []string
		for k := range m.by {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%s (%d): %s", m.what, m.by[k], k)
		}
	}
}

// TestCorpusCPU runs the op corpus on the cpu target (LLVM 19 shared
// objects, threads over the linear memory).
func TestCorpusCPU(t *testing.T) {
	needLLVM(t)
	start := time.Now()
	r := runCorpus(t, Options{Target: "cpu"}, OpenOptions{Drivers: drivers.Options{Workers: 2}})
	logCorpus(t, "cpu", r, time.Since(start))
	if r.ran < 250 {
		t.Errorf("only %d corpus functions ran on the cpu target", r.ran)
	}
}

// TestCorpusVulkan runs the op corpus on the vulkan target (lavapipe in
// CI) with the default (staged) GPU lowering, twice: zero copy (buffers
// in the linear memory) and copying (opaque device handles: constants,
// copies and predicates go through zml_device.copy, as on cuda and rocm).
func TestCorpusVulkan(t *testing.T) {
	needVulkan(t)
	for _, zc := range []struct {
		name string
		mode vulkan.ZeroCopy
	}{{"zero copy", vulkan.ZeroCopyRequire}, {"copying", vulkan.ZeroCopyOff}} {
		start := time.Now()
		r := runCorpus(t, Options{Target: "vulkan"}, OpenOptions{Drivers: drivers.Options{Vulkan: vulkan.Options{ZeroCopy: zc.mode}}})
		logCorpus(t, "vulkan ("+zc.name+")", r, time.Since(start))
		if r.ran < 250 {
			t.Errorf("only %d corpus functions ran on the vulkan target (%s)", r.ran, zc.name)
		}
	}
}
