package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/check"
)

// uaCheckModule returns a module whose function @name applies the check op
// built by mk to constant operands, then returns nothing.
func uaCheckRun(t *testing.T, name string, mk func(b *ir.Block)) []CheckFailure {
	t.Helper()
	m := &ir.Module{}
	uaFunc(m, name, nil, func(b *ir.Block) []*ir.Value { mk(b); return nil })
	in := New(m)
	if _, err := in.Call(name, nil); err != nil {
		t.Fatal(err)
	}
	return in.Failures
}

func uaCheckOp(b *ir.Block, name string, attrs ir.Attrs, xs ...*ir.Tensor) {
	var vs []*ir.Value
	for _, x := range xs {
		vs = append(vs, uaConst(b, x))
	}
	op := ir.NewOp(name, vs, nil, attrs)
	op.Loc = ir.Location{File: "t.mlir", Line: 3, Col: 5}
	b.Append(op)
}

func TestCheckExpectEq(t *testing.T) {
	got := uaI(ir.I32, []int64{2, 2}, 1, 2, 3, 4)
	want := uaI(ir.I32, []int64{2, 2}, 1, 2, 5, 4)
	fs := uaCheckRun(t, "main_eq", func(b *ir.Block) {
		uaCheckOp(b, "check.expect_eq", nil, got, got)
		uaCheckOp(b, "check.expect_eq", nil, got, want)
		uaCheckOp(b, "check.expect_eq_const", ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: want}}}, got)
	})
	if len(fs) != 2 {
		t.Fatalf("%d failures, want 2: %v", len(fs), fs)
	}
	s := fs[0].String()
	for _, w := range []string{"t.mlir:3:5", "@main_eq", "[1, 0]", "got 3", "want 5"} {
		if !strings.Contains(s, w) {
			t.Errorf("failure %q does not mention %q", s, w)
		}
	}
}

func TestCheckFloatEquality(t *testing.T) {
	a := uaF(ir.F32, []int64{3}, math.NaN(), 1, 0)
	b := uaF(ir.F32, []int64{3}, math.Copysign(math.NaN(), -1), 1, 0)
	negz := uaF(ir.F32, []int64{3}, math.NaN(), 1, math.Copysign(0, -1))
	fs := uaCheckRun(t, "f", func(bl *ir.Block) {
		uaCheckOp(bl, "check.expect_eq", nil, a, b)    // NaN matches NaN
		uaCheckOp(bl, "check.expect_eq", nil, a, negz) // +0 vs -0 differ
	})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "[2]") {
		t.Fatalf("failures %v, want one at [2]", fs)
	}
}

func TestCheckAlmostEqAndClose(t *testing.T) {
	x := uaF(ir.F64, nil, 5.0)
	y := uaF(ir.F64, nil, 5.0001)
	z := uaF(ir.F64, nil, 5.1)
	tol := ir.Attrs{{Name: "tolerance", Value: &ir.FloatAttr{Value: 0.2, Type: ir.F64}}}
	fs := uaCheckRun(t, "almost", func(b *ir.Block) {
		uaCheckOp(b, "check.expect_almost_eq", nil, x, y)
		uaCheckOp(b, "check.expect_almost_eq", nil, x, z) // fails: default 1e-4
		uaCheckOp(b, "check.expect_almost_eq", tol, x, z)
		uaCheckOp(b, "check.expect_almost_eq_const", ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: z}}}, x) // fails
	})
	if len(fs) != 2 {
		t.Fatalf("%d failures, want 2: %v", len(fs), fs)
	}
	h := uaF(ir.F16, []int64{2}, 5, math.Inf(1))
	h2 := uaF(ir.F16, []int64{2}, 5.0078125, math.Inf(1)) // 2 ULP above 5 in f16 (spacing 2^-8)
	ulp := func(max int64) ir.Attrs {
		return ir.Attrs{{Name: "max_ulp_difference", Value: &ir.IntegerAttr{Value: max, Type: ir.UI64}}}
	}
	fs = uaCheckRun(t, "close", func(b *ir.Block) {
		uaCheckOp(b, "check.expect_close", ulp(2), h, h2)
		uaCheckOp(b, "check.expect_close", ulp(1), h, h2) // fails
	})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "ULP difference 2") {
		t.Fatalf("failures %v, want one with ULP difference 2", fs)
	}
	if d := check.ULPDistance(math.Copysign(0, -1), math.SmallestNonzeroFloat64, ir.F64); d != 1 {
		t.Errorf("ulp(-0, min subnormal) = %d, want 1", d)
	}
}

func TestCheckCustomCallForms(t *testing.T) {
	a := uaF(ir.F32, []int64{2}, 1, 2)
	b := uaF(ir.F32, []int64{2}, 1, 2.0005)
	target := func(s string) ir.Attrs {
		return ir.Attrs{{Name: "call_target_name", Value: ir.StringAttr(s)}}
	}
	fs := uaCheckRun(t, "cc", func(bl *ir.Block) {
		uaCheckOp(bl, "stablehlo.custom_call", target("check.expect_almost_eq"), a, b) // 1e-3: passes
		uaCheckOp(bl, "stablehlo.custom_call", target("check.expect_eq"), a, b)        // fails
		uaCheckOp(bl, "stablehlo.custom_call", target("check.expect_close"), a, b)     // far more than 3 ULP: fails
	})
	if len(fs) != 2 || !strings.Contains(fs[0].Message, "@check.expect_eq") {
		t.Fatalf("failures %v", fs)
	}
	op := uaOp("stablehlo.custom_call", []*ir.Tensor{a, b}, []ir.Type{ir.TensorOf(ir.I1)}, target("check.eq"))
	in := New(&ir.Module{})
	res, err := uaEval(in, op, a, a)
	if err != nil {
		t.Fatal(err)
	}
	uaWantI(t, "check.eq result", res[0].(*ir.Tensor), 1)
	res, err = uaEval(in, op, a, b)
	if err != nil {
		t.Fatal(err)
	}
	uaWantI(t, "check.eq result", res[0].(*ir.Tensor), 0)
}

func TestCheckSerializedUnsupported(t *testing.T) {
	x := uaI(ir.I32, nil, 1)
	fs := uaCheckRun(t, "ser", func(b *ir.Block) {
		uaCheckOp(b, "check.expect_serialized_eq", ir.Attrs{{Name: "probe_id", Value: ir.StringAttr("probe0")}}, x)
	})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "unsupported") {
		t.Fatalf("failures %v", fs)
	}
}
