package frontend

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// compileOK compiles src (file "t.zml") and fails the test on error.
func compileOK(t *testing.T, src string, dims map[string]int64) *ir.Module {
	t.Helper()
	m, err := Compile("t.zml", []byte(src), Options{Dims: dims})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return m
}

// f32s returns an f32 tensor of the given shape.
func f32s(shape []int64, v ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.F32, shape...))
	for i, f := range v {
		x.Set(i, f)
	}
	return x
}

// run compiles src and calls fn on args, returning the results as tensors.
func run(t *testing.T, src, fn string, args ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	m := compileOK(t, src, nil)
	vals := make([]interp.Value, len(args))
	for i, a := range args {
		vals[i] = a
	}
	res, err := interp.New(m).Call(fn, vals)
	if err != nil {
		t.Fatalf("interpret: %v", err)
	}
	out := make([]*ir.Tensor, len(res))
	for i, r := range res {
		out[i] = r.(*ir.Tensor)
	}
	return out
}

// near checks that got's elements are within tol of want.
func near(t *testing.T, got *ir.Tensor, tol float64, want ...float64) {
	t.Helper()
	if len(got.F) != len(want) {
		t.Fatalf("got %d elements %v, want %d %v", len(got.F), got.F, len(want), want)
	}
	for i := range want {
		if math.Abs(got.F[i]-want[i]) > tol || math.IsNaN(got.F[i]) != math.IsNaN(want[i]) {
			t.Fatalf("element %d: got %v, want %v (all: %v)", i, got.F[i], want[i], got.F)
		}
	}
}
