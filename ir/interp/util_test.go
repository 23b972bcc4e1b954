package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// Test helpers of part A (prefix ua).

// uaF builds a float tensor (values rounded to e).
func uaF(e ir.ElementType, shape []int64, vals ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	for i, v := range vals {
		x.Set(i, v)
	}
	return x
}

// uaI builds an integer or i1 tensor (values wrapped to e).
func uaI(e ir.ElementType, shape []int64, vals ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	for i, v := range vals {
		x.Set(i, v)
	}
	return x
}

// uaOp builds op name over block arguments typed like args.
func uaOp(name string, args []*ir.Tensor, results []ir.Type, attrs ir.Attrs) *ir.Op {
	b := &ir.Block{}
	vals := make([]*ir.Value, len(args))
	for i, a := range args {
		vals[i] = b.AddArg(a.Type)
	}
	return ir.NewOp(name, vals, results, attrs)
}

// uaEval runs op's evaluator on args.
func uaEval(in *Interpreter, op *ir.Op, args ...*ir.Tensor) ([]Value, error) {
	f := evals[op.Name]
	if f == nil {
		return nil, errorAt(op, "not registered")
	}
	vs := make([]Value, len(args))
	for i, a := range args {
		vs[i] = a
	}
	return f(in, op, vs)
}

// uaRun runs a one-result op and fails the test on error.
func uaRun(t *testing.T, name string, res ir.Type, attrs ir.Attrs, args ...*ir.Tensor) *ir.Tensor {
	t.Helper()
	op := uaOp(name, args, []ir.Type{res}, attrs)
	out, err := uaEval(New(&ir.Module{}), op, args...)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(out) != 1 {
		t.Fatalf("%s: %d results", name, len(out))
	}
	r, ok := out[0].(*ir.Tensor)
	if !ok {
		t.Fatalf("%s: result %T", name, out[0])
	}
	if !ir.TypesEqual(r.Type, res) {
		t.Fatalf("%s: result type %s, want %s", name, r.Type, res)
	}
	return r
}

// uaRunErr runs a one-result op and returns its error.
func uaRunErr(name string, res ir.Type, attrs ir.Attrs, args ...*ir.Tensor) error {
	op := uaOp(name, args, []ir.Type{res}, attrs)
	_, err := uaEval(New(&ir.Module{}), op, args...)
	return err
}

// uaWantF checks float elements bit for bit (any NaN matches NaN).
func uaWantF(t *testing.T, what string, x *ir.Tensor, want ...float64) {
	t.Helper()
	if len(x.F) != len(want) {
		t.Fatalf("%s: %d float elements, want %d", what, len(x.F), len(want))
	}
	for i, w := range want {
		g := x.F[i]
		if math.IsNaN(w) && math.IsNaN(g) {
			continue
		}
		if math.Float64bits(g) != math.Float64bits(w) {
			t.Errorf("%s: element %d = %v, want %v", what, i, g, w)
		}
	}
}

// uaWantI checks integer elements.
func uaWantI(t *testing.T, what string, x *ir.Tensor, want ...int64) {
	t.Helper()
	if len(x.I) != len(want) {
		t.Fatalf("%s: %d int elements, want %d", what, len(x.I), len(want))
	}
	for i, w := range want {
		if x.I[i] != w {
			t.Errorf("%s: element %d = %d, want %d", what, i, x.I[i], w)
		}
	}
}

func uaEnum(kind, v string) *ir.EnumAttr {
	return &ir.EnumAttr{Dialect: "stablehlo", Kind: kind, Value: v}
}

func TestIndexHelpers(t *testing.T) {
	shape := []int64{2, 3, 4}
	st := ir.Strides(shape)
	idx := make([]int64, 3)
	n := 0
	for ok := true; ok; ok = nextIndex(idx, shape) {
		if got := linearIndex(idx, st); got != int64(n) {
			t.Fatalf("linearIndex(%v) = %d, want %d", idx, got, n)
		}
		m := multiIndex(int64(n), shape, make([]int64, 3))
		if !sameShape(m, idx) {
			t.Fatalf("multiIndex(%d) = %v, want %v", n, m, idx)
		}
		n++
	}
	if n != 24 {
		t.Fatalf("visited %d indices, want 24", n)
	}
	count := 0
	forEachIndex([]int64{3, 0, 2}, func([]int64, int) { count++ })
	if count != 0 {
		t.Errorf("forEachIndex over an empty shape called %d times", count)
	}
	forEachIndex(nil, func(i []int64, lin int) { count++ })
	if count != 1 {
		t.Errorf("forEachIndex over rank 0 called %d times, want 1", count)
	}
}

func TestTensorArgErrors(t *testing.T) {
	op := ir.NewOp("stablehlo.add", nil, nil, nil)
	if _, err := tensorArg(op, []Value{Token{}}, 0); err == nil {
		t.Error("token accepted as tensor")
	}
	if _, err := tensorArgs(op, []Value{ir.Scalar(ir.F32, 1.0)}, 2); err == nil {
		t.Error("wrong operand count accepted")
	}
	if err := uaRunErr("stablehlo.add", ir.TensorOf(ir.F32, 2), nil, uaF(ir.F32, []int64{2}, 1, 2), uaF(ir.F32, []int64{3}, 1, 2, 3)); err == nil {
		t.Error("add of different shapes accepted (no implicit broadcast)")
	}
}
