package frontend

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// More numeric tests of built-ins on the reference interpreter against
// hand-worked values: elementwise ops by name, silu, reductions, matmul,
// conv1d, batch_norm, shape built-ins, rope with positions, split.

// i32s returns an i32 tensor of the given shape.
func i32s(shape []int64, v ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.I32, shape...))
	copy(x.I, v)
	return x
}

func TestElementwiseByNameNumbers(t *testing.T) {
	src := `model M {
	  fn f(x: f32[n=4]) -> (f32[n], f32[n], f32[n], f32[n], f32[n], f32[n]) {
	    return tanh(x), x.abs(), sigmoid(x), exp(x), floor(x), x.sign()
	  }
	  fn g(x: f32[n=3], y: f32[n=3]) -> (f32[n], f32[n], f32[n], f32[n], f32[n]) {
	    return sqrt(x), log(x), atan2(y, x), maximum(x, y), minimum(x, y)
	  } }`
	got := run(t, src, "f", f32s([]int64{4}, -1.5, 0, 0.5, 2))
	near(t, got[0], 1e-6, -0.90514825, 0, 0.46211716, 0.96402758)
	near(t, got[1], 0, 1.5, 0, 0.5, 2)
	near(t, got[2], 1e-6, 0.18242552, 0.5, 0.62245933, 0.88079708)
	near(t, got[3], 1e-5, 0.22313016, 1, 1.64872127, 7.3890561)
	near(t, got[4], 0, -2, 0, 0, 2)
	near(t, got[5], 0, -1, 0, 1, 1)
	got = run(t, src, "g", f32s([]int64{3}, 4, 1, 2), f32s([]int64{3}, 4, -1, 0))
	near(t, got[0], 1e-6, 2, 1, 1.41421356)
	near(t, got[1], 1e-6, 1.38629436, 0, 0.69314718)
	// atan2(4, 4) = pi/4, atan2(-1, 1) = -pi/4, atan2(0, 2) = 0.
	near(t, got[2], 1e-6, math.Pi/4, -math.Pi/4, 0)
	near(t, got[3], 0, 4, 1, 2)
	near(t, got[4], 0, 4, -1, 0)
}

func TestSiluNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=4]) -> f32[n] { return silu(x) } }`
	// x * sigmoid(x): sigmoid(1) = 0.73105858, sigmoid(2) = 0.88079708.
	near(t, run(t, src, "f", f32s([]int64{4}, -1, 0, 1, 2))[0], 1e-6, -0.26894142, 0, 0.73105858, 1.76159416)
}

func TestReductionNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[s=2, d=3]) -> (f32[s], f32[d], f32[s], f32[d], f32) {
	  return x.sum(d), x.mean(s), x.max(d), x.min(s), x.sum() } }`
	// [[1, 5, 3], [4, -2, 6]]
	got := run(t, src, "f", f32s([]int64{2, 3}, 1, 5, 3, 4, -2, 6))
	near(t, got[0], 0, 9, 8)
	near(t, got[1], 1e-6, 2.5, 1.5, 4.5)
	near(t, got[2], 0, 5, 6)
	near(t, got[3], 0, 1, -2, 3)
	near(t, got[4], 0, 17)
}

func TestMatmulNumbers(t *testing.T) {
	src := `model M { fn f(a: f32[2, 3], b: f32[3, 2]) -> f32[2, 2] { return matmul(a, b) }
	  fn g(a: f32[2, 1, 2], b: f32[2, 2, 1]) -> f32[2, 1, 1] { return matmul(a, b) } }`
	// [[1 2 3] [4 5 6]] x [[7 8] [9 10] [11 12]] = [[58 64] [139 154]].
	got := run(t, src, "f", f32s([]int64{2, 3}, 1, 2, 3, 4, 5, 6), f32s([]int64{3, 2}, 7, 8, 9, 10, 11, 12))
	near(t, got[0], 0, 58, 64, 139, 154)
	// Batched: [1 2].[3 4] = 11 and [5 6].[7 8] = 83.
	got = run(t, src, "g", f32s([]int64{2, 1, 2}, 1, 2, 5, 6), f32s([]int64{2, 2, 1}, 3, 4, 7, 8))
	near(t, got[0], 0, 11, 83)
}

func TestConv1dNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=1, c=1, l=5], k: f32[o=1, 1, 2]) -> f32[n, o, l=4] { return conv1d(x, k) }
	  fn g(x: f32[n=1, c=1, l=5], k: f32[o=1, 1, 2]) -> f32[n, o, l=3] { return conv1d(x, k, stride: 2, padding: 1) }
	  fn h(x: f32[n=1, c=1, l=5], k: f32[o=1, 1, 2], b: f32[o=1]) -> f32[n, o, l=3] { return conv1d(x, k, b, dilation: 2) } }`
	x := f32s([]int64{1, 1, 5}, 1, 2, 3, 4, 5)
	k := f32s([]int64{1, 1, 2}, 2, 1)
	// y[i] = 2 x[i] + x[i+1].
	near(t, run(t, src, "f", x, k)[0], 0, 4, 7, 10, 13)
	// Padded [0 1 2 3 4 5 0], windows at 0, 2, 4: 0*2+1, 2*2+3, 4*2+5.
	near(t, run(t, src, "g", x, k)[0], 0, 1, 7, 13)
	// Dilation 2: y[i] = 2 x[i] + x[i+2] + 10.
	near(t, run(t, src, "h", x, k, f32s([]int64{1}, 10))[0], 0, 15, 18, 21)
}

func TestBatchNormNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=1, c=2, l=2], s: f32[c=2], o: f32[c], m: f32[c], v: f32[c]) -> f32[n, c, l] {
	  return batch_norm(x, s, o, m, v, eps: 0.0) } }`
	// Channel 0: (x - 1) / 2 * 1 + 0; channel 1: (x - 2) / 1 * 2 + 1.
	got := run(t, src, "f", f32s([]int64{1, 2, 2}, 3, 5, 2, 4),
		f32s([]int64{2}, 1, 2), f32s([]int64{2}, 0, 1), f32s([]int64{2}, 1, 2), f32s([]int64{2}, 4, 1))
	near(t, got[0], 1e-6, 1, 2, 1, 5)
}

func TestShapeBuiltinNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[a=2, b=3]) -> (f32[f=6], f32[p=3, q=2], f32[u=2, v=3], f32[b, a]) {
	  return x.flatten(f, dims: [a, b]), x.reshape(p: 3, q: 2), x.rename(a: u, b: v), x.transpose(b, a) }
	  fn g(x: f32[n=2, h=2, w=2]) -> f32[n, hw=4] { return x.flatten(hw) } }`
	x := f32s([]int64{2, 3}, 0, 1, 2, 3, 4, 5)
	got := run(t, src, "f", x)
	near(t, got[0], 0, 0, 1, 2, 3, 4, 5)
	near(t, got[1], 0, 0, 1, 2, 3, 4, 5)
	near(t, got[2], 0, 0, 1, 2, 3, 4, 5)
	near(t, got[3], 0, 0, 3, 1, 4, 2, 5)
	if s := got[1].Type.Shape; len(s) != 2 || s[0] != 3 || s[1] != 2 {
		t.Errorf("reshape shape %v, want [3 2]", s)
	}
	got = run(t, src, "g", f32s([]int64{2, 2, 2}, 0, 1, 2, 3, 4, 5, 6, 7))
	near(t, got[0], 0, 0, 1, 2, 3, 4, 5, 6, 7)
}

func TestRopePositionsNumbers(t *testing.T) {
	// D = 2: one pair (x0, x1) at angle pos * 1. With x = [1, 0] the
	// result is [cos pos, sin pos].
	src := `model M { fn f(x: f32[s=2, d=2]) -> f32[s, d] { return rope(x, offset: 3) }
	  fn g(x: f32[s=2, d=2], p: i32[s=2]) -> f32[s, d] { return rope(x, pos: p) } }`
	x := f32s([]int64{2, 2}, 1, 0, 1, 0)
	near(t, run(t, src, "f", x)[0], 1e-6, math.Cos(3), math.Sin(3), math.Cos(4), math.Sin(4))
	near(t, run(t, src, "g", x, i32s([]int64{2}, 5, 0))[0], 1e-6, math.Cos(5), math.Sin(5), 1, 0)
}

func TestSplitNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[d=6]) -> (f32[d=2], f32[d=2], f32[d=2]) {
	    let p, q, r = x.split(d, 3)
	    return p, q, r }
	  fn g(x: f32[a=2, d=3]) -> (f32[a, d=1], f32[a, d=2]) {
	    let p, q = x.split(d, sizes: [1, 2])
	    return p, q } }`
	got := run(t, src, "f", f32s([]int64{6}, 0, 1, 2, 3, 4, 5))
	near(t, got[0], 0, 0, 1)
	near(t, got[1], 0, 2, 3)
	near(t, got[2], 0, 4, 5)
	got = run(t, src, "g", f32s([]int64{2, 3}, 0, 1, 2, 3, 4, 5))
	near(t, got[0], 0, 0, 3)
	near(t, got[1], 0, 1, 2, 4, 5)
}
