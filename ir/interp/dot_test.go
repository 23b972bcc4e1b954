package interp

import (
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func dotGeneralOp(lhs, rhs *ir.Tensor, res *ir.TensorType, lb, rb, lc, rc []int64) *ir.Op {
	return tbOp("stablehlo.dot_general", []*ir.Tensor{lhs, rhs}, []ir.Type{res}, ir.Attrs{
		{Name: "dot_dimension_numbers", Value: &ir.DotDimensionNumbersAttr{
			LhsBatchingDimensions: lb, RhsBatchingDimensions: rb,
			LhsContractingDimensions: lc, RhsContractingDimensions: rc,
		}},
	})
}

// The issue's case: batching dims [0, 1] x [0, 2], contracting [2] x [3].
func TestDotGeneralIssueCase(t *testing.T) {
	lhs := tbF(ir.F32, []int64{1, 2, 3}, 1, 2, 3, 4, 5, 6)
	rhs := tbIota(ir.F32, 1, 4, 2, 3) // rhs[0][j][i][k] = 6j + 3i + k
	op := dotGeneralOp(lhs, rhs, ir.TensorOf(ir.F32, 1, 2, 4), []int64{0, 1}, []int64{0, 2}, []int64{2}, []int64{3})
	got := tbRun(t, op, lhs, rhs)[0]
	// result[0][i][j] = Σ_k lhs[0][i][k] · rhs[0][j][i][k]
	// i = 0: Σ_k (k+1)(6j+k)   = 36j + 8  -> 8, 44, 80, 116
	// i = 1: Σ_k (k+4)(6j+3+k) = 90j + 62 -> 62, 152, 242, 332
	tbWantF(t, "dot_general", got, ir.F32, []int64{1, 2, 4}, 8, 44, 80, 116, 62, 152, 242, 332)
}

func TestDotGeneralTransposedOperands(t *testing.T) {
	// lhs is stored [K=3, M=2], rhs [N=2, K=3]: result = lhsᵀ · rhsᵀ.
	lhs := tbF(ir.F64, []int64{3, 2}, 1, 4, 2, 5, 3, 6) // lhsᵀ = [[1 2 3] [4 5 6]]
	rhs := tbF(ir.F64, []int64{2, 3}, 7, 9, 11, 8, 10, 12)
	op := dotGeneralOp(lhs, rhs, ir.TensorOf(ir.F64, 2, 2), nil, nil, []int64{0}, []int64{1})
	got := tbRun(t, op, lhs, rhs)[0]
	// [1 2 3]·[7 9 11] = 58, ·[8 10 12] = 64; [4 5 6]·[7 9 11] = 139, ·[8 10 12] = 154
	tbWantF(t, "dot_general", got, ir.F64, []int64{2, 2}, 58, 64, 139, 154)
}

func TestDotGeneralIntegers(t *testing.T) {
	a := tbI(ir.I8, []int64{2}, 100, 1)
	b := tbI(ir.I8, []int64{2}, 2, 3)
	// i8 result wraps: 100*2 + 1*3 = 203 -> 203 - 256 = -53.
	got := tbRun(t, dotGeneralOp(a, b, ir.TensorOf(ir.I8), nil, nil, []int64{0}, []int64{0}), a, b)[0]
	tbWantI(t, "i8", got, ir.I8, nil, -53)
	// An i32 result (preferred element type) does not wrap.
	got = tbRun(t, dotGeneralOp(a, b, ir.TensorOf(ir.I32), nil, nil, []int64{0}, []int64{0}), a, b)[0]
	tbWantI(t, "i8->i32", got, ir.I32, nil, 203)
	// ui8 255 * 255 = 65025 wraps to 65025 mod 256 = 1.
	u := tbI(ir.UI8, []int64{1}, 255)
	got = tbRun(t, dotGeneralOp(u, u, ir.TensorOf(ir.UI8), nil, nil, []int64{0}, []int64{0}), u, u)[0]
	tbWantI(t, "ui8", got, ir.UI8, nil, 1)
	// i1: OR of ANDs. Row 0 [1 0] · columns; row 1 [0 0].
	p := tbI(ir.I1, []int64{2, 2}, 1, 0, 0, 0)
	q := tbI(ir.I1, []int64{2, 2}, 1, 1, 1, 0) // rows of the rhs (K x N)
	got = tbRun(t, dotGeneralOp(p, q, ir.TensorOf(ir.I1, 2, 2), nil, nil, []int64{1}, []int64{0}), p, q)[0]
	tbWantI(t, "i1", got, ir.I1, []int64{2, 2}, 1, 1, 0, 0)
	// Two true products must not cancel (1+1 is 0 mod 2 but OR is 1).
	r := tbI(ir.I1, []int64{2}, 1, 1)
	got = tbRun(t, dotGeneralOp(r, r, ir.TensorOf(ir.I1), nil, nil, []int64{0}, []int64{0}), r, r)[0]
	tbWantI(t, "i1 or", got, ir.I1, nil, 1)
}

func TestDotGeneralMixedAndComplex(t *testing.T) {
	// bf16 x bf16 -> f32: 1/3 in bf16 is 0.333984375; accumulated exactly.
	a := tbF(ir.BF16, []int64{2}, 1.0/3, 1.0/3)
	got := tbRun(t, dotGeneralOp(a, a, ir.TensorOf(ir.F32), nil, nil, []int64{0}, []int64{0}), a, a)[0]
	x := ir.RoundFloat(1.0/3, ir.BF16)
	tbWantF(t, "bf16->f32", got, ir.F32, nil, ir.RoundFloat(2*x*x, ir.F32))
	// f16 result rounds once: 2048 + 1 + 1 = 2050 in f16 (spacing 2 above 2048).
	h := tbF(ir.F16, []int64{3}, 2048, 1, 1)
	one := tbF(ir.F16, []int64{3}, 1, 1, 1)
	got = tbRun(t, dotGeneralOp(h, one, ir.TensorOf(ir.F16), nil, nil, []int64{0}, []int64{0}), h, one)[0]
	tbWantF(t, "f16", got, ir.F16, nil, 2050)
	// complex: (1+2i)(3-i) + (i)(i) = 3 - i + 6i + 2 - 1 = 4 + 5i
	c := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	c.C[0], c.C[1] = 1+2i, 1i
	d := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	d.C[0], d.C[1] = 3-1i, 1i
	got = tbRun(t, dotGeneralOp(c, d, ir.TensorOf(ir.C64), nil, nil, []int64{0}, []int64{0}), c, d)[0]
	if got.C[0] != 4+5i {
		t.Fatalf("complex dot = %v, want (4+5i)", got.C[0])
	}
}

func TestDotLegacy(t *testing.T) {
	m := tbF(ir.F32, []int64{2, 3}, 1, 2, 3, 4, 5, 6)
	v := tbF(ir.F32, []int64{3}, 1, 0, -1)
	op := tbOp("stablehlo.dot", []*ir.Tensor{m, v}, []ir.Type{ir.TensorOf(ir.F32, 2)}, nil)
	tbWantF(t, "matrix·vector", tbRun(t, op, m, v)[0], ir.F32, []int64{2}, -2, -2)
	op = tbOp("stablehlo.dot", []*ir.Tensor{v, v}, []ir.Type{ir.TensorOf(ir.F32)}, nil)
	tbWantF(t, "vector·vector", tbRun(t, op, v, v)[0], ir.F32, nil, 2)
}

func TestDotGeneralErrors(t *testing.T) {
	a := tbIota(ir.F32, 2, 3)
	b := tbIota(ir.F32, 4, 2)
	// Contracting sizes differ (3 vs 4).
	if _, err := tbRunErr(dotGeneralOp(a, b, ir.TensorOf(ir.F32, 2, 2), nil, nil, []int64{1}, []int64{0}), a, b); err == nil {
		t.Fatal("mismatched contracting sizes: no error")
	}
	// Out-of-range dimension.
	if _, err := tbRunErr(dotGeneralOp(a, b, ir.TensorOf(ir.F32, 2, 2), nil, nil, []int64{5}, []int64{0}), a, b); err == nil {
		t.Fatal("out-of-range dimension: no error")
	}
	// Wrong result shape.
	c := tbIota(ir.F32, 3, 2)
	if _, err := tbRunErr(dotGeneralOp(a, c, ir.TensorOf(ir.F32, 3, 3), nil, nil, []int64{1}, []int64{0}), a, c); err == nil {
		t.Fatal("wrong result shape: no error")
	}
	// Missing dimension numbers.
	op := tbOp("stablehlo.dot_general", []*ir.Tensor{a, c}, []ir.Type{ir.TensorOf(ir.F32, 2, 2)}, nil)
	if _, err := tbRunErr(op, a, c); err == nil {
		t.Fatal("missing dot_dimension_numbers: no error")
	}
}

// naiveDotGeneral follows the spec's formula index by index (float64 sums).
func naiveDotGeneral(lhs, rhs *ir.Tensor, lb, rb, lc, rc []int64, res *ir.TensorType) *ir.Tensor {
	out := ir.MustTensor(res)
	lf, _ := dotFreeDims(nil, "", lhs.Type.Rank(), lb, lc)
	rf, _ := dotFreeDims(nil, "", rhs.Type.Rank(), rb, rc)
	cshape := make([]int64, len(lc))
	for i, d := range lc {
		cshape[i] = lhs.Type.Shape[d]
	}
	ls, rs := ir.Strides(lhs.Type.Shape), ir.Strides(rhs.Type.Shape)
	li := make([]int64, lhs.Type.Rank())
	ri := make([]int64, rhs.Type.Rank())
	forEachIndex(res.Shape, func(idx []int64, lin int) {
		p := 0
		for i := range lb {
			li[lb[i]], ri[rb[i]] = idx[p], idx[p]
			p++
		}
		for _, d := range lf {
			li[d] = idx[p]
			p++
		}
		for _, d := range rf {
			ri[d] = idx[p]
			p++
		}
		sum := 0.0
		ci := make([]int64, len(cshape))
		for ok := numElements(cshape) > 0; ok; ok = nextIndex(ci, cshape) {
			for i := range lc {
				li[lc[i]], ri[rc[i]] = ci[i], ci[i]
			}
			sum += lhs.F[linearIndex(li, ls)] * rhs.F[linearIndex(ri, rs)]
		}
		out.F[lin] = ir.RoundFloat(sum, res.Elem)
	})
	return out
}

// Random shapes and dimension placements, including sizes past the kernel's
// block edges, against the spec formula.
func TestDotGeneralAgainstFormula(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cases := []struct {
		ls, rs         []int64
		lb, rb, lc, rc []int64
	}{
		{[]int64{5, 300}, []int64{300, 70}, nil, nil, []int64{1}, []int64{0}},
		{[]int64{3, 4, 5}, []int64{5, 3, 2}, []int64{0}, []int64{1}, []int64{2}, []int64{0}},
		{[]int64{2, 3, 4, 5}, []int64{5, 2, 4, 7}, []int64{0, 2}, []int64{1, 2}, []int64{3}, []int64{0}},
		{[]int64{4, 6, 3}, []int64{3, 6, 9}, nil, nil, []int64{1, 2}, []int64{1, 0}},
		{[]int64{7, 1, 2}, []int64{2, 7}, []int64{0}, []int64{1}, nil, nil},
		{[]int64{3, 0}, []int64{0, 4}, nil, nil, []int64{1}, []int64{0}},
	}
	for ci, c := range cases {
		lhs := ir.MustTensor(ir.TensorOf(ir.F32, c.ls...))
		rhs := ir.MustTensor(ir.TensorOf(ir.F32, c.rs...))
		for i := range lhs.F {
			lhs.Set(i, rng.NormFloat64())
		}
		for i := range rhs.F {
			rhs.Set(i, rng.NormFloat64())
		}
		lf, _ := dotFreeDims(nil, "", len(c.ls), c.lb, c.lc)
		rf, _ := dotFreeDims(nil, "", len(c.rs), c.rb, c.rc)
		var shape []int64
		for _, d := range c.lb {
			shape = append(shape, c.ls[d])
		}
		for _, d := range lf {
			shape = append(shape, c.ls[d])
		}
		for _, d := range rf {
			shape = append(shape, c.rs[d])
		}
		rt := ir.TensorOf(ir.F32, shape...)
		got := tbRun(t, dotGeneralOp(lhs, rhs, rt, c.lb, c.rb, c.lc, c.rc), lhs, rhs)[0]
		want := naiveDotGeneral(lhs, rhs, c.lb, c.rb, c.lc, c.rc, rt)
		for i := range want.F {
			d := got.F[i] - want.F[i]
			if d > 1e-5 || d < -1e-5 {
				t.Fatalf("case %d: element %d is %v, formula gives %v", ci, i, got.F[i], want.F[i])
			}
		}
	}
}
