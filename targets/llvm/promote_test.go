package llvm

import (
	"math/rand"
	"regexp"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestCPUPromotedAccumulators: a batch-1 product (the tiled dot, which
// accumulates into its output in a vector loop inside the contraction
// loops) renders with its accumulators in a vector alloca and agrees with
// the interpreter (the same additions in the same order: within
// Reassociated).
func TestCPUPromotedAccumulators(t *testing.T) {
	tgt := cpuTarget(t)
	src := `func.func @main(%a: tensor<1x300xf32>, %b: tensor<300x40xf32>) -> tensor<1x40xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x300xf32>, tensor<300x40xf32>) -> tensor<1x40xf32>
  return %0 : tensor<1x40xf32>
}`
	m, p, mod := renderMain(t, tgt, src, cpuParams)
	if !regexp.MustCompile(`alloca <\d+ x float>`).MatchString(mod.String()) {
		t.Errorf("no promoted vector accumulator:\n%s", mod)
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	k, err := lib.Kernel(mod.Kernels[0].Symbol)
	if err != nil {
		t.Fatal(err)
	}
	h := &hostRun{p: p, workers: 2, kernels: []*cpu.Kernel{k}, grids: []int64{mod.Kernels[0].Grid}}
	rng := rand.New(rand.NewSource(3))
	var ins []*ir.Tensor
	for _, in := range m.Func("main").Type.Inputs {
		ins = append(ins, randomTensor(rng, in.(*ir.TensorType)))
	}
	want, err := corpustest.Interpret(m, "main", ins...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.run(ins...)
	if err != nil {
		t.Fatal(err)
	}
	if err := corpustest.Compare(got[0], want[0], corpustest.Reassociated); err != nil {
		t.Error(err)
	}
}

// TestPlanPromoteOverlap: two accumulate stores whose elements overlap
// (out[j] and out[j+1] over the lanes of one vector loop) are not
// promoted; disjoint ones (out[2j], out[2j+1]) are.
func TestPlanPromoteOverlap(t *testing.T) {
	for _, c := range []struct {
		stride, off int64
		ok          bool
	}{{1, 1, false}, {2, 1, true}, {2, 2, false}} {
		out := &kernel.Buffer{Name: "out", Elem: ir.F32, Shape: []int64{64}, Strides: []int64{1}, Role: kernel.ReadWrite}
		l := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 4, Level: kernel.Serial}
		v := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 8, Level: kernel.Vector}
		l.Body = []*kernel.Node{v}
		b := kernel.NewBuilder("k")
		b.K.Params = []*kernel.Buffer{out}
		for _, off := range []int64{0, c.off} {
			i := &kernel.Node{Kind: kernel.Add, Type: ir.Index, Args: []*kernel.Node{
				{Kind: kernel.Mul, Type: ir.Index, Args: []*kernel.Node{v, kernel.Idx(c.stride)}}, kernel.Idx(off)}}
			ld := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: out, Args: []*kernel.Node{i}}
			s := &kernel.Node{Kind: kernel.Add, Type: ir.F32, Args: []*kernel.Node{ld, kernel.ConstOf(ir.F32, 1.0)}}
			v.Body = append(v.Body, i.Args[0], i, ld, s, &kernel.Node{Kind: kernel.Store, Buf: out, Args: []*kernel.Node{i, s}})
		}
		if got := planPromote(l) != nil; got != c.ok {
			t.Errorf("stride %d, offset %d: promoted %v, want %v", c.stride, c.off, got, c.ok)
		}
	}
}
