package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func chloOp(name string, x *ir.Tensor) *ir.Op {
	return tbOp(name, []*ir.Tensor{x}, []ir.Type{x.Type}, nil)
}

func TestChloErf(t *testing.T) {
	x := tbF(ir.F32, []int64{4}, 0, 0.5, math.Inf(-1), math.NaN())
	got := tbRun(t, chloOp("chlo.erf", x), x)[0]
	// erf(0.5) = 0.520499877813..., nearest f32 0.52049988508224487.
	tbWantF(t, "erf", got, ir.F32, []int64{4}, 0, 0.52049988508224487, -1, math.NaN())
}

func TestChloErfInv(t *testing.T) {
	x := tbF(ir.F64, []int64{5}, 0, 0.5, 1, -1, 2)
	got := tbRun(t, chloOp("chlo.erf_inv", x), x)[0]
	tbWantF(t, "erf_inv", got, ir.F64, []int64{5}, 0, 0.4769362762044699, math.Inf(1), math.Inf(-1), math.NaN())
	// Round trip through erf in f64.
	if d := math.Erf(got.F[1]) - 0.5; math.Abs(d) > 1e-15 {
		t.Fatalf("erf(erf_inv(0.5)) - 0.5 = %g", d)
	}
}

func TestChloTan(t *testing.T) {
	// tan(1) = 1.5574077...; f16 has spacing 2^-10 in [1, 2): 1595·2^-10.
	x := tbF(ir.F16, []int64{2}, 0, 1)
	tbWantF(t, "tan f16", tbRun(t, chloOp("chlo.tan", x), x)[0], ir.F16, []int64{2}, 0, 1.5576171875)
	c := ir.MustTensor(ir.TensorOf(ir.C128, 1))
	c.C[0] = 1i
	got := tbRun(t, chloOp("chlo.tan", c), c)[0]
	// tan(i) = i·tanh(1)
	if d := got.C[0] - complex(0, 0.7615941559557649); math.Abs(real(d)) > 1e-15 || math.Abs(imag(d)) > 1e-15 {
		t.Fatalf("tan(i) = %v", got.C[0])
	}
	i := tbI(ir.I32, []int64{1}, 1)
	if _, err := tbRunErr(chloOp("chlo.tan", i), i); err == nil {
		t.Fatal("tan of i32: no error")
	}
}

func topKOp(x *ir.Tensor, k int64) *ir.Op {
	shape := append(append([]int64{}, x.Type.Shape[:x.Type.Rank()-1]...), k)
	return tbOp("chlo.top_k", []*ir.Tensor{x}, []ir.Type{ir.TensorOf(x.Type.Elem, shape...), ir.TensorOf(ir.I32, shape...)}, ir.Attrs{
		{Name: "k", Value: &ir.IntegerAttr{Value: k, Type: ir.I64}},
	})
}

// NaN ranks first, ties keep the lower index, -NaN is last, +0 ranks above
// -0.
func TestChloTopKFloat(t *testing.T) {
	x := ir.MustTensor(ir.TensorOf(ir.F32, 2, 6))
	copy(x.F, []float64{
		1, 3, math.NaN(), 3, math.Copysign(0, -1), 0,
		math.Copysign(math.NaN(), -1), math.Inf(-1), 5, 0, math.Copysign(0, -1), 0,
	})
	res := tbRun(t, topKOp(x, 3), x)
	tbWantF(t, "values", res[0], ir.F32, []int64{2, 3}, math.NaN(), 3, 3, 5, 0, 0)
	tbWantI(t, "indices", res[1], ir.I32, []int64{2, 3}, 2, 1, 3, 2, 3, 5)
	if math.Signbit(res[0].F[4]) || math.Signbit(res[0].F[5]) {
		t.Fatal("-0 ranked above +0")
	}
	res = tbRun(t, topKOp(x, 6), x)
	// Row 0 in full: NaN (2), 3 (1), 3 (3), 1 (0), 0 (5), -0 (4).
	// Row 1 in full: 5, 0 (3), 0 (5), -0 (4), -inf (1), -NaN (0).
	tbWantI(t, "full order", res[1], ir.I32, []int64{2, 6}, 2, 1, 3, 0, 5, 4, 2, 3, 5, 4, 1, 0)
}

func TestChloTopKIntegers(t *testing.T) {
	u := tbI(ir.UI8, []int64{3}, 200, 5, 255)
	res := tbRun(t, topKOp(u, 2), u)
	tbWantI(t, "ui8 values", res[0], ir.UI8, []int64{2}, 255, 200)
	tbWantI(t, "ui8 indices", res[1], ir.I32, []int64{2}, 2, 0)
	s := tbI(ir.I8, []int64{4}, -100, 7, -1, 7)
	res = tbRun(t, topKOp(s, 4), s)
	tbWantI(t, "i8 values", res[0], ir.I8, []int64{4}, 7, 7, -1, -100)
	tbWantI(t, "i8 indices", res[1], ir.I32, []int64{4}, 1, 3, 2, 0)
	if _, err := tbRunErr(topKOp(s, 5), s); err == nil {
		t.Fatal("k past the last dimension: no error")
	}
}
