package llvm

import (
	"fmt"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// cpuParams are the kernel lowering's parameters for the cpu target in
// the tests: 8 f32 lanes (AVX2), 2 cores.
var cpuParams = kernel.TargetParams{Name: "cpu", VectorWidth: 8, Cores: 2, TileM: 16, TileN: 64, TileK: 64}

type corpusCase struct {
	name  string
	prog  *kernel.Program
	want  []*ir.Tensor
	first int // index of its first kernel in the module
}

// TestCPUCorpus compiles every op-corpus function the kernel lowering
// accepts into one shared object (one opt/llc/ld.lld run), loads it with
// runtime/cpu, runs each program's schedule with its kernels spread over 2
// threads, and compares the results with the interpreter (floats within
// corpustest.LegalisedMath of the tensor's scale).
func TestCPUCorpus(t *testing.T) {
	tgt := cpuTarget(t)
	mod := NewModule(tgt)
	var cases []*corpusCase
	rejected, unsupported := 0, 0
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		want, err := corpustest.Interpret(m, f.Name)
		if err != nil {
			return
		}
		p, err := kernel.Lower(m, f.Name, cpuParams)
		if err != nil {
			rejected++
			return
		}
		c := &corpusCase{name: name, prog: p, want: want, first: len(mod.Kernels)}
		for _, k := range p.Kernels {
			if _, err := mod.Add(k, fmt.Sprintf("c%d_%s", len(cases), k.Name)); err != nil {
				// No element type is rejected (f8: narrow_f8.go).
				t.Errorf("%s: %v", name, err)
				unsupported++
				mod.Kernels = mod.Kernels[:c.first]
				return
			}
		}
		cases = append(cases, c)
	})
	if len(cases) < 335 || rejected != 0 {
		t.Errorf("%d corpus functions rendered, %d rejected by the kernel lowering; want at least 335 and none rejected", len(cases), rejected)
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	pass := 0
	for _, c := range cases {
		h := &hostRun{p: c.prog, workers: 2}
		for i := range c.prog.Kernels {
			rk := mod.Kernels[c.first+i]
			k, err := lib.Kernel(rk.Symbol)
			if err != nil {
				t.Fatal(err)
			}
			h.kernels = append(h.kernels, k)
			h.grids = append(h.grids, rk.Grid)
		}
		got, err := h.run()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		ok := true
		for i, w := range c.want {
			if err := corpustest.Compare(got[i], w, corpustest.LegalisedMath); err != nil {
				t.Errorf("%s: result %d: %v", c.name, i, err)
				ok = false
				break
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("cpu target: %d of %d rendered corpus functions agree with the interpreter (%d kernels; %d functions rejected by the kernel lowering, %d by the target)", pass, len(cases), len(mod.Kernels), rejected, unsupported)
}
