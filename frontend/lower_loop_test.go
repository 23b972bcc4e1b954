package frontend

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// Loops with bounds from dimensions and runtime scalars, and scan, on the
// reference interpreter against hand-worked values.

func TestLoopBoundsNumbers(t *testing.T) {
	src := `model M {
	  fn dims(x: f32[t=4]) -> f32 {
	    let s = zeros(f32)
	    for i in 0..t { s = s + x[i] }
	    return s }
	  fn runtime(x: f32[t=4], n: i32) -> f32 {
	    let s = zeros(f32)
	    for i in 1..n { s = s + x[i] }
	    return s } }`
	x := f32s([]int64{4}, 1, 2, 3, 4)
	near(t, run(t, src, "dims", x)[0], 0, 10)
	// 1..3 adds x[1] + x[2]; 1..1 adds nothing.
	near(t, run(t, src, "runtime", x, ir.Scalar(ir.I32, int64(3)))[0], 0, 5)
	near(t, run(t, src, "runtime", x, ir.Scalar(ir.I32, int64(1)))[0], 0, 0)
}

func TestScanNumbers(t *testing.T) {
	// A running sum h_t = 0.5 h_{t-1} + x_t over t, state from zeros: with
	// x = [[1, 2, 3], [10, 20, 30]] (b=2, t=3) the states are
	// b0: 1, 2.5, 4.25; b1: 10, 25, 42.5.
	src := `model M {
	  fn f(xs: f32[b=2, t=3]) -> (f32[t, b], f32[b]) {
	    let h = zeros(f32[b])
	    let ys = scan i in 0..t {
	      h = h * 0.5 + xs[:, i]
	      yield h
	    }
	    return ys, h }
	  fn g(xs: f32[t=3]) -> (f32[2], i64[2]) {
	    let acc = zeros(f32)
	    let ys, is = scan i in 1..3 {
	      acc = acc + xs[i]
	      yield acc, i
	    }
	    return ys, is } }`
	got := run(t, src, "f", f32s([]int64{2, 3}, 1, 2, 3, 10, 20, 30))
	near(t, got[0], 0, 1, 10, 2.5, 25, 4.25, 42.5)
	near(t, got[1], 0, 4.25, 42.5)
	got = run(t, src, "g", f32s([]int64{3}, 1, 2, 3))
	near(t, got[0], 0, 2, 5)
	exact(t, got[1], 1, 2)
}
