package frontend

import (
	"math"
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

// TestScanRNNNumbers runs the RNN of docs/LANGUAGE.md ("Statements and
// loops"): h_i = tanh(h_{i-1} W^T + x_i) from h_0 = 0, with W = 0.5 I.
func TestScanRNNNumbers(t *testing.T) {
	src := `model RNN {
	  param w_hh: f32[out=2, hid=2]
	  fn forward(xs: f32[b=1, t=2, hid]) -> (f32[t, b, hid], f32[b, hid]) {
	    let h = zeros(f32[b, hid])
	    let hs = scan i in 0..t {
	      h = tanh(h.dot(w_hh, contract: hid).rename(out: hid) + xs[:, i])
	      yield h
	    }
	    return hs, h } }`
	w := f32s([]int64{2, 2}, 0.5, 0, 0, 0.5)
	got := run(t, src, "forward", w, f32s([]int64{1, 2, 2}, 1, -1, 0.5, 2))
	h1a, h1b := math.Tanh(1), math.Tanh(-1)
	h2a, h2b := math.Tanh(0.5*h1a+0.5), math.Tanh(0.5*h1b+2)
	near(t, got[0], 1e-6, h1a, h1b, h2a, h2b)
	near(t, got[1], 1e-6, h2a, h2b)
}
