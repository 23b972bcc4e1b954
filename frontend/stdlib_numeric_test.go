package frontend

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// Numeric tests of the built-ins on the reference interpreter against
// hand-worked values.

func TestSoftmaxNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=3]) -> f32[n] { return softmax(x) } }`
	got := run(t, src, "f", f32s([]int64{3}, 1, 2, 3))
	// e^-2, e^-1, e^0 over their sum 1.5032147.
	near(t, got[0], 1e-6, 0.09003057, 0.24472847, 0.66524096)
	src = `model M { fn f(x: f32[n=3]) -> f32[n] { return x.log_softmax(n) } }`
	got = run(t, src, "f", f32s([]int64{3}, 1, 2, 3))
	near(t, got[0], 1e-6, -2.40760596, -1.40760596, -0.40760596)
}

func TestLayerNormAndRmsNormNumbers(t *testing.T) {
	// mean 2.5, variance 1.25: (x - 2.5) / sqrt(1.25).
	src := `model M { fn f(x: f32[d=4]) -> f32[d] { return layer_norm(x, eps: 0.0) } }`
	got := run(t, src, "f", f32s([]int64{4}, 1, 2, 3, 4))
	near(t, got[0], 1e-6, -1.34164079, -0.44721360, 0.44721360, 1.34164079)
	// With weight 2 and bias 1: 2y + 1.
	src = `model M { param w: f32[d=4]  param b: f32[d=4]
	  fn f(x: f32[d]) -> f32[d] { return x.layer_norm(weight: w, bias: b, eps: 0.0) } }`
	two, one := f32s([]int64{4}, 2, 2, 2, 2), f32s([]int64{4}, 1, 1, 1, 1)
	got = run(t, src, "f", two, one, f32s([]int64{4}, 1, 2, 3, 4))
	near(t, got[0], 1e-5, -1.68328157, 0.10557281, 1.89442719, 3.68328157)
	// mean of squares 7.5: x / sqrt(7.5).
	src = `model M { fn f(x: f32[d=4]) -> f32[d] { return rms_norm(x, eps: 0.0) } }`
	got = run(t, src, "f", f32s([]int64{4}, 1, 2, 3, 4))
	near(t, got[0], 1e-6, 0.36514837, 0.73029674, 1.09544512, 1.46059349)
}

func TestGeluNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[3]) -> f32[3] { return gelu(x) }
	  fn g(x: f32[3]) -> f32[3] { return gelu(x, approximate: true) }
	  fn h(x: f32[3]) -> f32[3] { return x.gelu_tanh() } }`
	x := f32s([]int64{3}, -1, 0, 1)
	// 0.5 x (1 + erf(x / sqrt 2)): Phi(1) = 0.84134475.
	near(t, run(t, src, "f", x)[0], 1e-6, -0.15865525, 0, 0.84134475)
	// 0.5 x (1 + tanh(0.7978846 * 1.044715)) = 0.5 (1 + tanh(0.8335565)).
	near(t, run(t, src, "g", x)[0], 1e-6, -0.15880801, 0, 0.84119199)
	near(t, run(t, src, "h", x)[0], 1e-6, -0.15880801, 0, 0.84119199)
}

func TestRopeNumbers(t *testing.T) {
	// D = 4, theta = 10000: frequencies 1 and 0.01. Positions 0 and 1.
	src := `model M { fn f(x: f32[s=2, d=4]) -> f32[s, d] { return rope(x) }
	  fn g(x: f32[s=2, d=4]) -> f32[s, d] { return rope(x, interleaved: true) } }`
	x := f32s([]int64{2, 4}, 1, 2, 3, 4, 1, 2, 3, 4)
	c1, s1 := math.Cos(1), math.Sin(1)
	c2, s2 := math.Cos(0.01), math.Sin(0.01)
	// Half form: pairs (x0, x2) at angle pos*1 and (x1, x3) at pos*0.01.
	near(t, run(t, src, "f", x)[0], 1e-5,
		1, 2, 3, 4,
		1*c1-3*s1, 2*c2-4*s2, 3*c1+1*s1, 4*c2+2*s2)
	// Interleaved: pairs (x0, x1) at pos*1 and (x2, x3) at pos*0.01.
	near(t, run(t, src, "g", x)[0], 1e-5,
		1, 2, 3, 4,
		1*c1-2*s1, 2*c1+1*s1, 3*c2-4*s2, 4*c2+3*s2)
}

func TestConv2dGroupedStridedDilated(t *testing.T) {
	// x [1, 2, 5, 5] = 0..49, w [2, 1, 2, 2]: channel 0 kernel [[1, 0], [0, 1]],
	// channel 1 kernel [[0, 1], [1, 0]]; groups 2, stride 2, dilation 2:
	// taps at (r, c), (r, c+2), (r+2, c), (r+2, c+2), r, c in {0, 2}.
	src := `model M { fn f(x: f32[n=1, c=2, h=5, w=5], k: f32[o=2, 1, 2, 2]) -> f32[n, o, h=2, w=2] {
	  return conv2d(x, k, groups: 2, stride: 2, dilation: 2) } }`
	var xs []float64
	for i := 0; i < 50; i++ {
		xs = append(xs, float64(i))
	}
	k := f32s([]int64{2, 1, 2, 2}, 1, 0, 0, 1, 0, 1, 1, 0)
	got := run(t, src, "f", f32s([]int64{1, 2, 5, 5}, xs...), k)
	// channel 0: x[r][c] + x[r+2][c+2] = 2*(5r+c) + 12;
	// channel 1: x[r][c+2] + x[r+2][c] = 25*2 + 2*(5r+c) + 12.
	near(t, got[0], 1e-6,
		12, 16, 32, 36,
		62, 66, 82, 86)
}

func TestMaxPoolPadding(t *testing.T) {
	src := `model M { fn f(x: f32[1, 1, 3, 3]) -> f32[1, 1, 2, 2] { return max_pool(x, window: [2, 2], stride: 2, padding: 1) }
	  fn g(x: f32[1, 1, 3, 3]) -> f32[1, 1, 2, 2] { return avg_pool(x, window: [2, 2], stride: 2, padding: 1) } }`
	x := f32s([]int64{1, 1, 3, 3}, 1, 2, 3, 4, 5, 6, 7, 8, 9)
	// Windows rows {-1,0},{1,2} x cols {-1,0},{1,2} (padding is -inf).
	near(t, run(t, src, "f", x)[0], 0, 1, 3, 7, 9)
	// Sums 1, 5, 11, 28 over 4 (padding counts).
	near(t, run(t, src, "g", x)[0], 1e-6, 0.25, 1.25, 2.75, 7)
}

func TestArgmaxTies(t *testing.T) {
	src := `model M { fn f(x: f32[n=4]) -> i32 { return x.argmax(n) }
	  fn g(x: f32[r=2, n=3]) -> i32[r] { return x.argmax(n) }
	  fn h(x: f32[r=2, n=3]) -> i32[n] { return x.argmin(r) } }`
	got := run(t, src, "f", f32s([]int64{4}, 3, 7, 7, 1))
	if got[0].I[0] != 1 {
		t.Fatalf("argmax [3 7 7 1] = %v, want 1", got[0].I)
	}
	got = run(t, src, "g", f32s([]int64{2, 3}, 5, 5, 5, -1, 2, 2))
	if got[0].I[0] != 0 || got[0].I[1] != 1 {
		t.Fatalf("argmax rows = %v, want [0 1]", got[0].I)
	}
	got = run(t, src, "h", f32s([]int64{2, 3}, 4, 1, 0, 4, 0, 0))
	if got[0].I[0] != 0 || got[0].I[1] != 1 || got[0].I[2] != 0 {
		t.Fatalf("argmin columns = %v, want [0 1 0]", got[0].I)
	}
}

func TestMnistNumbers(t *testing.T) {
	// Identity-like weights: pixel 0 drives hidden unit 0 drives class 3.
	src := `model Mnist {
	  param fc1.weight: f32[hid=2, pix=4]
	  param fc1.bias:   f32[hid=2]
	  param fc2.weight: f32[cls=4, hid=2]
	  param fc2.bias:   f32[cls=4]
	  fn forward(images: u8[b=?, 2, 2]) -> u8[b] {
	    let x = images.flatten(pix).convert(f32) / 255.0
	    let h = relu(x.dot(fc1.weight, contract: pix) + fc1.bias)
	    let logits = h.dot(fc2.weight, contract: hid) + fc2.bias
	    return logits.argmax(cls).convert(u8)
	  } }`
	m := compileOK(t, src, map[string]int64{"b": 2})
	w1 := f32s([]int64{2, 4}, 1, 0, 0, 0, 0, 0, 0, 1)
	b1 := f32s([]int64{2}, 0, 0)
	w2 := f32s([]int64{4, 2}, 0, 0, 0, -1, 0, 0, 1, 0)
	b2 := f32s([]int64{4}, 0, 0, 0.5, 0)
	img := ir.MustTensor(ir.TensorOf(ir.UI8, 2, 2, 2))
	copy(img.I, []int64{255, 0, 0, 0, 0, 0, 0, 255})
	res, err := interp.New(m).Call("forward", []interp.Value{w1, b1, w2, b2, img})
	if err != nil {
		t.Fatal(err)
	}
	got := res[0].(*ir.Tensor)
	// Image 0: h = [1, 0], logits = [0, 0, 0.5, 1] -> class 3.
	// Image 1: h = [0, 1], logits = [0, -1, 0.5, 0] -> class 2.
	if got.I[0] != 3 || got.I[1] != 2 {
		t.Fatalf("classes = %v, want [3 2]", got.I)
	}
}
