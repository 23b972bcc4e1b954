package check

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func f32s(v ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.F32, int64(len(v))))
	copy(x.F, v)
	return x
}

// TestRun spot-checks the comparisons (the package comment's rules).
func TestRun(t *testing.T) {
	nan, negZero := math.NaN(), math.Copysign(0, -1)
	for _, c := range []struct {
		c        Compare
		got, exp []float64
		p        Params
		want     string // "" or a substring of the mismatch
	}{
		{Eq, []float64{1, nan}, []float64{1, nan}, Params{}, ""},
		{Eq, []float64{negZero}, []float64{0}, Params{}, "element [0] differs: got -0.000000e+00, want 0.000000e+00"},
		{AlmostEq, []float64{1.00005}, []float64{1}, Params{Tolerance: 1e-4}, ""},
		{AlmostEq, []float64{1.0002}, []float64{1}, Params{Tolerance: 1e-4}, "(tolerance 0.0001)"},
		{AlmostEq, []float64{math.Inf(1)}, []float64{math.MaxFloat32}, Params{Tolerance: 1e30}, "differs"},
		{Close, []float64{float64(math.Nextafter32(1, 2))}, []float64{1}, Params{MaxULP: 1}, ""},
		{Close, []float64{1}, []float64{1}, Params{MinULP: 1, MaxULP: 2}, "ULP difference 0, allowed [1, 2]"},
	} {
		got := Run(c.c, f32s(c.got...), f32s(c.exp...), c.p)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("Run(%s, %v, %v) = %q, want %q", c.c, c.got, c.exp, got, c.want)
		}
	}
	if got := Run(Eq, f32s(1, 2), f32s(1), Params{}); !strings.HasPrefix(got, "type mismatch") {
		t.Errorf("shapes differ: %q", got)
	}
}

// TestFromOp reads both forms with their defaults and overrides.
func TestFromOp(t *testing.T) {
	a := &ir.Value{Type: ir.TensorOf(ir.F32, 2)}
	op := ir.NewOp("stablehlo.custom_call", []*ir.Value{a, a}, nil, ir.Attrs{{Name: "call_target_name", Value: ir.StringAttr("check.expect_almost_eq")}})
	s, err := FromOp(op)
	if err != nil || s.Compare != AlmostEq || s.Params.Tolerance != 1e-3 || s.Operands() != 2 {
		t.Fatalf("custom_call @check.expect_almost_eq: %+v, %v", s, err)
	}
	if m := s.Message("x"); m != "stablehlo.custom_call: @check.expect_almost_eq: x" {
		t.Errorf("Message = %q", m)
	}
	op.SetAttr("call_target_name", ir.StringAttr("check.expect_close"))
	op.SetAttr("max_ulp_difference", &ir.IntegerAttr{Value: 7, Type: ir.I64})
	if s, err := FromOp(op); err != nil || s.Compare != Close || s.Params.MaxULP != 7 {
		t.Errorf("custom_call @check.expect_close with max_ulp_difference 7: %+v, %v", s, err)
	}
	op.SetAttr("call_target_name", ir.StringAttr("check.nope"))
	if _, err := FromOp(op); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unknown target: %v", err)
	}
	c := ir.NewOp("check.expect_eq_const", []*ir.Value{a}, nil, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: f32s(1, 2)}}})
	s, err = FromOp(c)
	if err != nil || s.Compare != Eq || s.Const == nil || s.Operands() != 1 || s.Message("x") != "check.expect_eq_const: x" {
		t.Errorf("check.expect_eq_const: %+v, %v", s, err)
	}
	if _, err := FromOp(ir.NewOp("check.expect_eq_const", []*ir.Value{a}, nil, nil)); err == nil {
		t.Error("expect_eq_const without value accepted")
	}
}
