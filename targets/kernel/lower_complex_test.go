package kernel

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// The complex lowering (lower_complex*.go) against the interpreter:
// random parts (checkLowering: 3 seeds, corpustest.Reassociated), special
// values, complex entry arguments and results, and control flow.

func TestLowerComplexElementwise(t *testing.T) {
	for _, e := range []string{"f32", "f64"} {
		c := "complex<" + e + ">"
		src := fmt.Sprintf(`func.func @main(%%a: tensor<4x5x%[1]s>, %%b: tensor<4x5x%[1]s>, %%c: tensor<4x5x%[1]s>, %%d: tensor<4x5x%[1]s>) -> (tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5x%[1]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[1]s>, tensor<4x5x%[1]s>, tensor<4x5xcomplex<f64>>, tensor<4x5x%[2]s>, tensor<4x5x%[1]s>, tensor<4x5x%[2]s>, tensor<5x4x%[2]s>, tensor<2x10x%[2]s>, tensor<6x5x%[2]s>, tensor<4x5x%[2]s>) {
  %%z = stablehlo.complex %%a, %%b : tensor<4x5x%[2]s>
  %%w = stablehlo.complex %%c, %%d : tensor<4x5x%[2]s>
  %%mul = stablehlo.multiply %%z, %%w : tensor<4x5x%[2]s>
  %%div = stablehlo.divide %%z, %%w : tensor<4x5x%[2]s>
  %%max = stablehlo.maximum %%z, %%w : tensor<4x5x%[2]s>
  %%min = stablehlo.minimum %%z, %%w : tensor<4x5x%[2]s>
  %%lt = stablehlo.compare LT, %%z, %%w, FLOAT : (tensor<4x5x%[2]s>, tensor<4x5x%[2]s>) -> tensor<4x5xi1>
  %%ge = stablehlo.compare GE, %%z, %%max, FLOAT : (tensor<4x5x%[2]s>, tensor<4x5x%[2]s>) -> tensor<4x5xi1>
  %%ne = stablehlo.compare NE, %%z, %%min, FLOAT : (tensor<4x5x%[2]s>, tensor<4x5x%[2]s>) -> tensor<4x5xi1>
  %%abs = stablehlo.abs %%z : (tensor<4x5x%[2]s>) -> tensor<4x5x%[1]s>
  %%exp = stablehlo.exponential %%z : tensor<4x5x%[2]s>
  %%sqrt = stablehlo.sqrt %%z : tensor<4x5x%[2]s>
  %%sign = stablehlo.sign %%w : tensor<4x5x%[2]s>
  %%re = stablehlo.real %%mul : (tensor<4x5x%[2]s>) -> tensor<4x5x%[1]s>
  %%im = stablehlo.imag %%div : (tensor<4x5x%[2]s>) -> tensor<4x5x%[1]s>
  %%wide = stablehlo.convert %%z : (tensor<4x5x%[2]s>) -> tensor<4x5xcomplex<f64>>
  %%fromreal = stablehlo.convert %%a : (tensor<4x5x%[1]s>) -> tensor<4x5x%[2]s>
  %%toreal = stablehlo.convert %%w : (tensor<4x5x%[2]s>) -> tensor<4x5x%[1]s>
  %%sum = stablehlo.add %%z, %%w : tensor<4x5x%[2]s>
  %%neg = stablehlo.negate %%sum : tensor<4x5x%[2]s>
  %%sel = stablehlo.select %%lt, %%neg, %%z : tensor<4x5xi1>, tensor<4x5x%[2]s>
  %%tr = stablehlo.transpose %%sel, dims = [1, 0] : (tensor<4x5x%[2]s>) -> tensor<5x4x%[2]s>
  %%rs = stablehlo.reshape %%div : (tensor<4x5x%[2]s>) -> tensor<2x10x%[2]s>
  %%k = stablehlo.constant dense<(1.5, -0.5)> : tensor<%[2]s>
  %%pad = stablehlo.pad %%exp, %%k, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<4x5x%[2]s>, tensor<%[2]s>) -> tensor<6x5x%[2]s>
  %%lit = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 0.5), (0.0, -1.0), (2.5, 2.5), (-1.0, -1.0)]> : tensor<5x%[2]s>
  %%bl = stablehlo.broadcast_in_dim %%lit, dims = [1] : (tensor<5x%[2]s>) -> tensor<4x5x%[2]s>
  %%sub = stablehlo.subtract %%bl, %%sqrt : tensor<4x5x%[2]s>
  return %%mul, %%div, %%max, %%min, %%lt, %%ge, %%ne, %%abs, %%exp, %%sqrt, %%sign, %%re, %%im, %%wide, %%fromreal, %%toreal, %%neg, %%tr, %%rs, %%pad, %%sub : tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5x%[1]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[2]s>, tensor<4x5x%[1]s>, tensor<4x5x%[1]s>, tensor<4x5xcomplex<f64>>, tensor<4x5x%[2]s>, tensor<4x5x%[1]s>, tensor<4x5x%[2]s>, tensor<5x4x%[2]s>, tensor<2x10x%[2]s>, tensor<6x5x%[2]s>, tensor<4x5x%[2]s>
}`, e, c)
		t.Run(e, func(t *testing.T) { checkLowering(t, src) })
	}
}

// TestLowerComplexSpecialValues covers the exact cases of sqrt, sign,
// divide, abs and exp: zero and negative real axis, zero real part,
// infinities, NaN, division by zero, huge and tiny magnitudes.
func TestLowerComplexSpecialValues(t *testing.T) {
	// corpustest.Compare scales its tolerance by the tensor's largest
	// magnitude: ordinary values and huge/tiny ones are separate tensors.
	for _, c := range []struct{ z, w string }{
		{"(0.0, 0.0), (-4.0, 0.0), (4.0, -0.0), (0.0, 3.0), (0.0, -3.0), (-0.0, 0.0), (1.0, 0x7F800000), (0x7FC00000, 1.0), (-5.0, 0.0), (0x7F800000, 0.0), (-9.0, -0.0), (-1.0, 2.0)",
			"(0.0, 0.0), (2.0, 0.0), (0.0, 0.5), (-1.0, 1.0), (0.0, 0.0), (3.0, -4.0), (1.0, 1.0), (2.0, 2.0), (0.0, -2.0), (1.0, 0.0), (0.0, 0.0), (0.25, -4.0)"},
		{"(1.0e30, 3.0e30), (-2.0e35, 1.0e34), (3.0e37, -3.0e37), (1.0e30, 0.0), (-1.0e36, 0.0), (0.0, 1.0e38), (2.0e36, 2.0e30), (-3.0e31, -3.0e31), (1.0e33, 0.0), (0.0, -1.0e35), (5.0e37, 1.0), (-7.0e32, 2.0e32)",
			"(1.0e30, 1.0e30), (1.0e-30, 0.0), (2.0, 3.0), (0.0, 4.0e30), (1.0e36, 1.0e36), (3.0e-20, -4.0e-20), (0.5, 0.5), (1.0e30, -1.0e31), (0.0, 0.0), (7.0, 0.0), (1.0, 1.0e-30), (2.0e32, -3.0e32)"},
		{"(1.0e-30, -2.0e-30), (-3.0e-36, 1.0e-37), (2.0e-38, 0.0), (0.0, -5.0e-39), (1.0e-40, 1.0e-40), (-4.0e-33, 0.0), (7.0e-31, 7.0e-31), (0.0, 1.0e-35), (-1.0e-37, -2.0e-37), (3.0e-34, 1.0e-34), (1.0e-45, 0.0), (-2.0e-32, 5.0e-32)",
			"(1.0e-30, 0.0), (2.0e-30, 1.0e-30), (0.0, 1.0e-36), (3.0, 4.0), (1.0e-38, -1.0e-38), (0.0, 0.0), (-2.0e-31, 1.0e-31), (5.0e-36, 0.0), (1.0, 1.0), (0.0, -3.0e-34), (1.0e-40, 0.0), (4.0e-32, 4.0e-32)"},
	} {
		src := fmt.Sprintf(`func.func @main() -> (tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xf32>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>) {
  %%z = stablehlo.constant dense<[%s]> : tensor<12xcomplex<f32>>
  %%w = stablehlo.constant dense<[%s]> : tensor<12xcomplex<f32>>
  %%s = stablehlo.sqrt %%z : tensor<12xcomplex<f32>>
  %%g = stablehlo.sign %%z : tensor<12xcomplex<f32>>
  %%d = stablehlo.divide %%z, %%w : tensor<12xcomplex<f32>>
  %%a = stablehlo.abs %%z : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
  %%e = stablehlo.exponential %%w : tensor<12xcomplex<f32>>
  %%ez = stablehlo.exponential %%z : tensor<12xcomplex<f32>>
  return %%s, %%g, %%d, %%a, %%e, %%ez : tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xf32>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>
}`, c.z, c.w)
		m := parse(t, src)
		if lerr, mismatch := runBoth(t, m, "main", nil); lerr != nil || mismatch != "" {
			t.Errorf("%s: lower: %v; mismatch: %s", c.z, lerr, mismatch)
		}
	}
}

// TestLowerComplexComposed covers the functions the interpreter composes
// from exp, log, sqrt and division (log, log_plus_one,
// exponential_minus_one, rsqrt, logistic) and sine and cosine (large and
// small imaginary parts).
func TestLowerComplexComposed(t *testing.T) {
	for _, e := range []string{"f32", "f64"} {
		src := fmt.Sprintf(`func.func @main(%%a: tensor<3x7x%[1]s>, %%b: tensor<3x7x%[1]s>) -> (tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>) {
  %%z = stablehlo.complex %%a, %%b : tensor<3x7xcomplex<%[1]s>>
  %%l = stablehlo.log %%z : tensor<3x7xcomplex<%[1]s>>
  %%lp = stablehlo.log_plus_one %%z : tensor<3x7xcomplex<%[1]s>>
  %%em = stablehlo.exponential_minus_one %%z : tensor<3x7xcomplex<%[1]s>>
  %%rs = stablehlo.rsqrt %%z : tensor<3x7xcomplex<%[1]s>>
  %%lg = stablehlo.logistic %%z : tensor<3x7xcomplex<%[1]s>>
  %%k = stablehlo.constant dense<(3.0, 4.0)> : tensor<3x7xcomplex<%[1]s>>
  %%zk = stablehlo.multiply %%z, %%k : tensor<3x7xcomplex<%[1]s>>
  %%sn = stablehlo.sine %%zk : tensor<3x7xcomplex<%[1]s>>
  %%cs = stablehlo.cosine %%zk : tensor<3x7xcomplex<%[1]s>>
  %%small = stablehlo.constant dense<(1.0, 1.0e-3)> : tensor<3x7xcomplex<%[1]s>>
  %%zs = stablehlo.multiply %%z, %%small : tensor<3x7xcomplex<%[1]s>>
  %%sn2 = stablehlo.sine %%zs : tensor<3x7xcomplex<%[1]s>>
  return %%l, %%lp, %%em, %%rs, %%lg, %%sn, %%cs, %%sn2 : tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>, tensor<3x7xcomplex<%[1]s>>
}`, e)
		t.Run(e, func(t *testing.T) { checkLowering(t, src) })
	}
}

// TestLowerComplexReduce: complex sums and products over one and two
// dimensions, unfused and inside a zml.fusion region.
func TestLowerComplexReduce(t *testing.T) {
	body := `
  %z = stablehlo.complex %a, %b : tensor<3x4x5xcomplex<f64>>
  %c = stablehlo.constant dense<(0.5, -1.0)> : tensor<complex<f64>>
  %s = stablehlo.reduce(%z init: %c) applies stablehlo.add across dimensions = [1] : (tensor<3x4x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<3x5xcomplex<f64>>
  %one = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f64>>
  %p = stablehlo.reduce(%z init: %one) applies stablehlo.multiply across dimensions = [0, 2] : (tensor<3x4x5xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4xcomplex<f64>>`
	head := `func.func @main(%a: tensor<3x4x5xf64>, %b: tensor<3x4x5xf64>) -> (tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>) {`
	plain := head + body + `
  return %s, %p : tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>
}`
	checkLowering(t, plain)
	fused := `func.func @main(%x: tensor<3x4x5xf64>, %y: tensor<3x4x5xf64>) -> (tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0:2 = "zml.fusion"(%x, %y) ({
  ^bb0(%a: tensor<3x4x5xf64>, %b: tensor<3x4x5xf64>):` + body + `
    stablehlo.return %s, %p : tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>
  }) : (tensor<3x4x5xf64>, tensor<3x4x5xf64>) -> (tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>)
  return %0#0, %0#1 : tensor<3x5xcomplex<f64>>, tensor<4xcomplex<f64>>
}`
	checkLoweringRef(t, fused, plain)
}

func TestLowerComplexDot(t *testing.T) {
	src := `func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>, %c: tensor<2x4x5xf32>, %d: tensor<2x4x5xf32>) -> tensor<2x3x5xcomplex<f32>> {
  %x = stablehlo.complex %a, %b : tensor<2x3x4xcomplex<f32>>
  %y = stablehlo.complex %c, %d : tensor<2x4x5xcomplex<f32>>
  %r = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xcomplex<f32>>, tensor<2x4x5xcomplex<f32>>) -> tensor<2x3x5xcomplex<f32>>
  return %r : tensor<2x3x5xcomplex<f32>>
}`
	checkLowering(t, src)
}

// TestLowerComplexArgsAndWhile passes complex entry arguments, carries a
// complex value through a while loop (Copy steps of complex buffers) and
// returns complex results, one of them an argument itself.
func TestLowerComplexArgsAndWhile(t *testing.T) {
	src := `func.func @main(%z: tensor<3x2xcomplex<f64>>, %w: tensor<3x2xcomplex<f64>>) -> (tensor<3x2xcomplex<f64>>, tensor<3x2xcomplex<f64>>, tensor<3x2xcomplex<f32>>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %i, %acc = stablehlo.while(%i0 = %zero, %a0 = %z) : tensor<i32>, tensor<3x2xcomplex<f64>>
  cond {
    %c = stablehlo.compare LT, %i0, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    %m = stablehlo.multiply %a0, %w : tensor<3x2xcomplex<f64>>
    stablehlo.return %i1, %m : tensor<i32>, tensor<3x2xcomplex<f64>>
  }
  %n = stablehlo.convert %acc : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xcomplex<f32>>
  return %acc, %w, %n : tensor<3x2xcomplex<f64>>, tensor<3x2xcomplex<f64>>, tensor<3x2xcomplex<f32>>
}`
	m := parse(t, src)
	r := rand.New(rand.NewSource(7))
	var in []*ir.Tensor
	for i := 0; i < 2; i++ {
		x := ir.MustTensor(ir.TensorOf(ir.C128, 3, 2))
		for j := range x.C {
			x.C[j] = complex(r.Float64()*2-1, r.Float64()*2-1)
		}
		in = append(in, x)
	}
	if lerr, mismatch := runBoth(t, m, "main", in); lerr != nil || mismatch != "" {
		t.Fatalf("lower: %v; mismatch: %s", lerr, mismatch)
	}
}

// TestLowerComplexUnsupported: a complex op without a lowering is a
// positioned error naming it, not a wrong result.
func TestLowerComplexUnsupported(t *testing.T) {
	src := `func.func @main(%z: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %r = stablehlo.tanh %z : tensor<3xcomplex<f32>>
  return %r : tensor<3xcomplex<f32>>
}`
	_, err := Lower(parse(t, src), "main", TargetParams{})
	if err == nil || !containsAll(err.Error(), "test.mlir:2:", "stablehlo.tanh", "complex") {
		t.Errorf("got %v, want a positioned error naming stablehlo.tanh and complex", err)
	}
	sorted := `func.func @main(%z: tensor<3xcomplex<f32>>, %k: tensor<3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>) {
  %r:2 = "stablehlo.sort"(%z, %k) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = stablehlo.compare LT, %c, %d, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xcomplex<f32>>, tensor<3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xcomplex<f32>>, tensor<3xf32>
}`
	_, err = Lower(parse(t, sorted), "main", TargetParams{})
	if err == nil || !containsAll(err.Error(), "test.mlir:2:", "stablehlo.sort", "complex") {
		t.Errorf("got %v, want a positioned error naming stablehlo.sort and complex", err)
	}
	fused := `func.func @main(%z: tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>> {
  %0 = "zml.fusion"(%z) ({
  ^bb0(%a: tensor<4x3xcomplex<f32>>):
    %c = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
    %r = "stablehlo.reduce_window"(%a, %c) ({
    ^bb0(%p: tensor<complex<f32>>, %q: tensor<complex<f32>>):
      %s = stablehlo.add %p, %q : tensor<complex<f32>>
      stablehlo.return %s : tensor<complex<f32>>
    }) {window_dimensions = array<i64: 1, 1>} : (tensor<4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x3xcomplex<f32>>
    stablehlo.return %r : tensor<4x3xcomplex<f32>>
  }) : (tensor<4x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
  return %0 : tensor<4x3xcomplex<f32>>
}`
	_, err = Lower(parse(t, fused), "main", TargetParams{})
	if err == nil || !containsAll(err.Error(), "test.mlir:5:", "stablehlo.reduce_window", "complex") {
		t.Errorf("got %v, want a positioned error naming the fused stablehlo.reduce_window and complex", err)
	}
	maxed := `func.func @main(%z: tensor<4x3xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %c = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = stablehlo.reduce(%z init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}`
	_, err = Lower(parse(t, maxed), "main", TargetParams{})
	if err == nil || !containsAll(err.Error(), "test.mlir:3:", "stablehlo.reduce", "complex") {
		t.Errorf("got %v, want a positioned error naming stablehlo.reduce and complex", err)
	}
}
