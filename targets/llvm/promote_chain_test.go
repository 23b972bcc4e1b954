package llvm

import (
	"math"
	"math/rand"
	"regexp"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestPlanPromoteChain: accumulate stores whose value reaches the load
// through a chain of adds or through the addends of fmas are promoted
// (ReduceSteps > 1); a chain ending at another element, or passing
// through a multiply or an fma's factor, is not.
func TestPlanPromoteChain(t *testing.T) {
	for _, c := range []struct {
		name  string
		value func(ld, other, p, q *kernel.Node) *kernel.Node
		ok    bool
	}{
		{"add-add", func(ld, _, p, q *kernel.Node) *kernel.Node { return add(add(ld, p), q) }, true},
		{"add-add-right", func(ld, _, p, q *kernel.Node) *kernel.Node { return add(q, add(p, ld)) }, true},
		{"fma-fma", func(ld, _, p, q *kernel.Node) *kernel.Node { return fma(q, p, fma(p, q, ld)) }, true},
		{"add-fma", func(ld, _, p, q *kernel.Node) *kernel.Node { return add(fma(p, q, ld), q) }, true},
		{"other-element", func(_, other, p, q *kernel.Node) *kernel.Node { return add(add(other, p), q) }, false},
		{"through-mul", func(ld, _, p, q *kernel.Node) *kernel.Node { return add(mul(ld, p), q) }, false},
		{"fma-factor", func(ld, _, p, q *kernel.Node) *kernel.Node { return fma(ld, p, q) }, false},
	} {
		out := &kernel.Buffer{Name: "out", Elem: ir.F32, Shape: []int64{64}, Strides: []int64{1}, Role: kernel.ReadWrite}
		in := &kernel.Buffer{Name: "in", Elem: ir.F32, Shape: []int64{64}, Strides: []int64{1}, Role: kernel.Read}
		l := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 4, Level: kernel.Serial}
		v := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 8, Level: kernel.Vector}
		l.Body = []*kernel.Node{v}
		i8 := &kernel.Node{Kind: kernel.Add, Type: ir.Index, Args: []*kernel.Node{v, kernel.Idx(8)}}
		ld := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: out, Args: []*kernel.Node{v}}
		other := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: in, Args: []*kernel.Node{i8}}
		p := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: in, Args: []*kernel.Node{v}}
		q := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: in, Args: []*kernel.Node{i8}}
		val := c.value(ld, other, p, q)
		v.Body = append([]*kernel.Node{i8, ld, other, p, q}, flatten(val, map[*kernel.Node]bool{ld: true, other: true, p: true, q: true})...)
		v.Body = append(v.Body, &kernel.Node{Kind: kernel.Store, Buf: out, Args: []*kernel.Node{v, val}})
		if got := planPromote(l) != nil; got != c.ok {
			t.Errorf("%s: promoted %v, want %v", c.name, got, c.ok)
		}
	}
}

func add(a, b *kernel.Node) *kernel.Node {
	return &kernel.Node{Kind: kernel.Add, Type: ir.F32, Args: []*kernel.Node{a, b}}
}

func mul(a, b *kernel.Node) *kernel.Node {
	return &kernel.Node{Kind: kernel.Mul, Type: ir.F32, Args: []*kernel.Node{a, b}}
}

func fma(a, b, c *kernel.Node) *kernel.Node {
	return &kernel.Node{Kind: kernel.Fma, Type: ir.F32, Args: []*kernel.Node{a, b, c}}
}

// flatten lists the nodes of x's expression tree not in have, operands
// first.
func flatten(x *kernel.Node, have map[*kernel.Node]bool) []*kernel.Node {
	if have[x] {
		return nil
	}
	have[x] = true
	var out []*kernel.Node
	for _, a := range x.Args {
		out = append(out, flatten(a, have)...)
	}
	return append(out, x)
}

// TestCPUPromotedFMAChain: a register-blocked product (8 rows, below the
// packed GEMM's 12) lowered with fused multiply-adds and two terms per
// step renders with its accumulators promoted to vector allocas (the
// chain fma(y1, a1, fma(y0, a0, acc))) and llvm.fma vector calls; a
// convolution like the MNIST CNN's third (16 to 24 features, NCHW output;
// a 3x2 window, which the Winograd form does not take) accumulates in a
// Shared scratch tile with llvm.fma. Both agree with the interpreter
// within the fused bound: 2*K*2^-24 of the sum of |products| (the
// interpreter on |inputs|) for K products per output.
func TestCPUPromotedFMAChain(t *testing.T) {
	tgt := cpuTarget(t)
	for _, c := range []struct {
		name, src string
		terms     int
		promoted  bool
	}{
		{"dot", `func.func @main(%a: tensor<8x96xf32>, %b: tensor<96x24xf32>) -> tensor<8x24xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x96xf32>, tensor<96x24xf32>) -> tensor<8x24xf32>
  return %0 : tensor<8x24xf32>
}`, 96, true},
		{"conv", `func.func @main(%x: tensor<1x16x10x12xf32>, %w: tensor<24x16x3x2xf32>) -> tensor<1x24x8x11xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x10x12xf32>, tensor<24x16x3x2xf32>) -> tensor<1x24x8x11xf32>
  return %0 : tensor<1x24x8x11xf32>
}`, 16 * 3 * 2, false},
	} {
		t.Run(c.name, func(t *testing.T) { checkFMAChain(t, tgt, c.src, c.terms, c.promoted) })
	}
}

func checkFMAChain(t *testing.T, tgt Target, src string, terms int, promoted bool) {
	tp := cpuParams
	tp.MicroM, tp.MicroN, tp.FMA, tp.ReduceSteps = 6, 16, true, 2
	m, p, mod := renderMain(t, tgt, src, tp)
	text := mod.String()
	if !regexp.MustCompile(`@llvm.fma.v\d+f32`).MatchString(text) {
		t.Errorf("no vector fma:\n%s", text)
	}
	if promoted && !regexp.MustCompile(`alloca <\d+ x float>`).MatchString(text) {
		t.Errorf("no promoted vector accumulator:\n%s", text)
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	h := &hostRun{p: p, workers: 2}
	for _, rk := range mod.Kernels {
		k, err := lib.Kernel(rk.Symbol)
		if err != nil {
			t.Fatal(err)
		}
		h.kernels, h.grids = append(h.kernels, k), append(h.grids, rk.Grid)
	}
	rng := rand.New(rand.NewSource(5))
	var ins, abs []*ir.Tensor
	for _, in := range m.Func("main").Type.Inputs {
		x, a := ir.MustTensor(in.(*ir.TensorType)), ir.MustTensor(in.(*ir.TensorType))
		for i := range x.F {
			x.F[i] = float64(float32(rng.Float64()*4 - 2))
			a.F[i] = math.Abs(x.F[i])
		}
		ins, abs = append(ins, x), append(abs, a)
	}
	want, err := corpustest.Interpret(m, "main", ins...)
	if err != nil {
		t.Fatal(err)
	}
	bound, err := corpustest.Interpret(m, "main", abs...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.run(ins...)
	if err != nil {
		t.Fatal(err)
	}
	tol := 2 * float64(terms) * 0x1p-24
	for i, g := range got[0].F {
		if d := math.Abs(g - want[0].F[i]); !(d <= tol*bound[0].F[i]) {
			t.Fatalf("element %d: %v, the interpreter gives %v (|diff| %g > %g)", i, g, want[0].F[i], d, tol*bound[0].F[i])
		}
	}
}
