package passes

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

func TestExactConversion(t *testing.T) {
	for _, c := range []struct {
		a, b ir.ElementType
		want bool
	}{
		{ir.F16, ir.F32, true}, {ir.F16, ir.F64, true}, {ir.BF16, ir.F32, true}, {ir.F32, ir.F64, true},
		{ir.F32, ir.F16, false}, {ir.F16, ir.BF16, false}, {ir.BF16, ir.F16, false}, {ir.F64, ir.F32, false},
		{ir.F8E4M3FN, ir.F16, true}, {ir.F8E5M2, ir.F16, true}, {ir.F8E4M3FN, ir.F8E5M2, false},
		{ir.I8, ir.I32, true}, {ir.I32, ir.I8, false}, {ir.UI8, ir.I16, true}, {ir.UI8, ir.I8, false},
		{ir.I8, ir.UI32, false}, {ir.UI8, ir.UI16, true},
		{ir.I8, ir.F16, true}, {ir.I16, ir.F16, false}, {ir.I32, ir.F32, false}, {ir.I32, ir.F64, true},
		{ir.UI16, ir.F32, true}, {ir.I64, ir.F64, false},
		{ir.I1, ir.F32, true}, {ir.I1, ir.I8, true}, {ir.I8, ir.I1, false}, {ir.F32, ir.I32, false},
	} {
		if got := exactConversion(c.a, c.b); got != c.want {
			t.Errorf("exactConversion(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	// Cross-check the float claims by converting every f16 value.
	for bits := uint64(0); bits < 1<<16; bits++ {
		x := ir.FloatFromBits(bits, ir.F16)
		if math.IsNaN(x) {
			continue
		}
		if ir.RoundFloat(x, ir.F32) != x {
			t.Fatalf("f16 %v is not exact in f32", x)
		}
	}
}

// A rule that always rewrites abs into a fresh abs never converges; the
// driver must stop with an error and leave valid IR.
func TestApplyRulesStopsOnNonConvergence(t *testing.T) {
	m := parse(t, `func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.abs %a : tensor<f32>
  func.return %0 : tensor<f32>
}`)
	grow := &Rule{
		Name:  "grow",
		Op:    "stablehlo.abs",
		Match: func(*ir.Op) bool { return true },
		Rewrite: func(rw *Rewriter, op *ir.Op) {
			n := rw.Create(op, "stablehlo.abs", op.Operands, []ir.Type{op.Results[0].Type}, nil)
			rw.ReplaceOp(op, n.Result(0))
		},
	}
	_, err := ApplyRules(m.Funcs[0].Body, NewRuleSet(grow), nil, 50)
	if err == nil || !strings.Contains(err.Error(), "did not converge after 50 rewrites (last rule grow)") {
		t.Errorf("got %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("IR left invalid: %v", err)
	}
}

func TestApplyRulesStats(t *testing.T) {
	m := parse(t, `func.func @f(%a: tensor<3xi32>) -> tensor<3xi32> {
  %z = stablehlo.constant dense<0> : tensor<3xi32>
  %0 = stablehlo.add %a, %z : tensor<3xi32>
  %1 = stablehlo.add %0, %z : tensor<3xi32>
  %2 = stablehlo.negate %1 : tensor<3xi32>
  %3 = stablehlo.negate %2 : tensor<3xi32>
  func.return %3 : tensor<3xi32>
}`)
	st, err := ApplyRules(m.Funcs[0].Body, NewRuleSet(CanonicalRules()...), nil, 100)
	if err != nil {
		t.Fatal(err)
	}
	if st.Applied["int-add-zero"] != 2 || st.Applied["negate-negate"] != 1 {
		t.Errorf("applied %v", st.Applied)
	}
	ops := m.Funcs[0].Body.Blocks[0].Ops
	if len(ops) != 1 || ops[0].Operands[0] != m.Funcs[0].Args()[0] {
		t.Errorf("want only `return %%arg0`, got %d ops", len(ops))
	}
}

func TestEvalOp(t *testing.T) {
	m := parse(t, `func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.maximum %a, %b : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}`)
	op := m.Funcs[0].Body.Blocks[0].Ops[0]
	a := ir.MustTensor(ir.TensorOf(ir.F32, 2))
	b := ir.MustTensor(ir.TensorOf(ir.F32, 2))
	a.F[0], a.F[1] = math.NaN(), 1
	b.F[0], b.F[1] = 5, 2
	res, err := EvalOp(m, op, []interp.Value{a, b})
	if err != nil {
		t.Fatal(err)
	}
	r := res[0].(*ir.Tensor)
	if !math.IsNaN(r.F[0]) || r.F[1] != 2 {
		t.Errorf("maximum(NaN, 5), maximum(1, 2) = %v", r.F)
	}
	if _, err := EvalOp(m, op, []interp.Value{a}); err == nil {
		t.Error("wrong operand count accepted")
	}
	// The original op is untouched.
	if op.Operands[0] != m.Funcs[0].Args()[0] {
		t.Error("EvalOp changed the op")
	}
}

func TestOptSplitErrors(t *testing.T) {
	src := twoAdds + "// -----\nfunc.func @g( {\n// -----\n" + twoAdds
	var out bytes.Buffer
	err := Opt(&out, "in.mlir", []byte(src), OptConfig{Manager: NewManager(mustPipeline(t, "cse")), SplitInputFile: true})
	if err == nil || !strings.Contains(err.Error(), "in.mlir:8:") {
		t.Errorf("error %v should point into the second chunk", err)
	}
	if got := strings.Count(out.String(), "module {"); got != 2 || strings.Count(out.String(), "// -----\n") != 1 {
		t.Errorf("output of the good chunks:\n%s", out.String())
	}
}
