package wasm_test

import (
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/kernel"
)

// miscSources exercise the kernel lowerings added for the whole op corpus
// (targets/kernel lower_misc*.go, lower_rng.go, lower_topk.go,
// lower_select_scatter.go, lower_collective.go, lower_complex*.go) beyond
// the corpus's cases: more element types, shapes and complex arguments.
var miscSources = map[string]string{
	"rng": `func.func @main(%s: tensor<3xui64>, %t: tensor<2xui64>) -> (tensor<3xui64>, tensor<5x6xui8>, tensor<2xui64>, tensor<7x3xbf16>, tensor<3xui64>, tensor<9xf64>, tensor<2xui64>, tensor<3x3xi16>) {
  %n1, %o1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5x6xui8>)
  %n2, %o2 = stablehlo.rng_bit_generator %t, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7x3xbf16>)
  %n3, %o3 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<3xui64>) -> (tensor<3xui64>, tensor<9xf64>)
  %n4, %o4 = stablehlo.rng_bit_generator %t, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xi16>)
  return %n1, %o1, %n2, %o2, %n3, %o3, %n4, %o4 : tensor<3xui64>, tensor<5x6xui8>, tensor<2xui64>, tensor<7x3xbf16>, tensor<3xui64>, tensor<9xf64>, tensor<2xui64>, tensor<3x3xi16>
}`,
	"top_k": `func.func @main(%x: tensor<3x33xf32>, %y: tensor<40xi8>) -> (tensor<3x7xf32>, tensor<3x7xi32>, tensor<40xi8>, tensor<40xi32>) {
  %v, %i = chlo.top_k(%x, k = 7) : tensor<3x33xf32> -> (tensor<3x7xf32>, tensor<3x7xi32>)
  %w, %j = chlo.top_k(%y, k = 40) : tensor<40xi8> -> (tensor<40xi8>, tensor<40xi32>)
  return %v, %i, %w, %j : tensor<3x7xf32>, tensor<3x7xi32>, tensor<40xi8>, tensor<40xi32>
}`,
	"erf_inv_reduce_precision": `func.func @main(%x: tensor<50xf32>, %y: tensor<50xf64>, %h: tensor<50xf16>, %b: tensor<50xbf16>) -> (tensor<50xf32>, tensor<50xf64>, tensor<50xf16>, tensor<50xbf16>, tensor<50xf32>, tensor<50xf64>, tensor<50xf16>) {
  %e1 = chlo.erf_inv %x : tensor<50xf32> -> tensor<50xf32>
  %e2 = chlo.erf_inv %y : tensor<50xf64> -> tensor<50xf64>
  %e3 = chlo.erf_inv %h : tensor<50xf16> -> tensor<50xf16>
  %r1 = stablehlo.reduce_precision %b, format = e4m2 : tensor<50xbf16>
  %r2 = stablehlo.reduce_precision %x, format = e5m10 : tensor<50xf32>
  %r3 = stablehlo.reduce_precision %y, format = e8m7 : tensor<50xf64>
  %r4 = stablehlo.reduce_precision %h, format = e2m3 : tensor<50xf16>
  return %e1, %e2, %e3, %r1, %r2, %r3, %r4 : tensor<50xf32>, tensor<50xf64>, tensor<50xf16>, tensor<50xbf16>, tensor<50xf32>, tensor<50xf64>, tensor<50xf16>
}`,
	"bitcast_widths": `func.func @main(%x: tensor<6xf32>, %y: tensor<3x8xui8>, %z: tensor<4xi64>) -> (tensor<6x2xbf16>, tensor<3xf64>, tensor<4x4xui16>) {
  %a = stablehlo.bitcast_convert %x : (tensor<6xf32>) -> tensor<6x2xbf16>
  %b = stablehlo.bitcast_convert %y : (tensor<3x8xui8>) -> tensor<3xf64>
  %c = stablehlo.bitcast_convert %z : (tensor<4xi64>) -> tensor<4x4xui16>
  return %a, %b, %c : tensor<6x2xbf16>, tensor<3xf64>, tensor<4x4xui16>
}`,
	"select_and_scatter": `func.func @main(%x: tensor<6x9xf32>, %s: tensor<3x4xf32>) -> tensor<6x9xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<6x9xf32>, tensor<3x4xf32>, tensor<f32>) -> tensor<6x9xf32>
  return %r : tensor<6x9xf32>
}`,
	"complex": `func.func @main(%z: tensor<4x6xcomplex<f32>>, %w: tensor<4x6xcomplex<f32>>, %u: tensor<6x3xcomplex<f64>>) -> (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xf32>, tensor<4x6xi1>, tensor<4xcomplex<f32>>, tensor<4x3xcomplex<f64>>, tensor<4x6xcomplex<f32>>) {
  %m = stablehlo.multiply %z, %w : tensor<4x6xcomplex<f32>>
  %d = stablehlo.divide %z, %w : tensor<4x6xcomplex<f32>>
  %l = stablehlo.sqrt %m : tensor<4x6xcomplex<f32>>
  %a = stablehlo.abs %d : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
  %lt = stablehlo.compare LT, %z, %w, FLOAT : (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>) -> tensor<4x6xi1>
  %c = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = stablehlo.reduce(%m init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %zw = stablehlo.convert %z : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f64>>
  %dot = stablehlo.dot_general %zw, %u, contracting_dims = [1] x [0] : (tensor<4x6xcomplex<f64>>, tensor<6x3xcomplex<f64>>) -> tensor<4x3xcomplex<f64>>
  %g = stablehlo.sign %w : tensor<4x6xcomplex<f32>>
  return %m, %d, %l, %a, %lt, %r, %dot, %g : tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xf32>, tensor<4x6xi1>, tensor<4xcomplex<f32>>, tensor<4x3xcomplex<f64>>, tensor<4x6xcomplex<f32>>
}`,
}

// miscMathSources use the wasm target's approximations of exp, log, sin,
// cos and atan2 several times per result: compared with the interpreter
// only (each approximation is within ulpBound of kernel.Eval, their
// compositions are not).
var miscMathSources = map[string]string{
	"complex_math": `func.func @main(%z: tensor<4x6xcomplex<f32>>, %w: tensor<5xcomplex<f64>>) -> (tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<4x6xcomplex<f32>>, tensor<5xcomplex<f64>>) {
  %e = stablehlo.exponential %z : tensor<4x6xcomplex<f32>>
  %l = stablehlo.log %z : tensor<4x6xcomplex<f32>>
  %g = stablehlo.logistic %z : tensor<4x6xcomplex<f32>>
  %e2 = stablehlo.exponential_minus_one %w : tensor<5xcomplex<f64>>
  %l2 = stablehlo.log_plus_one %w : tensor<5xcomplex<f64>>
  %s = stablehlo.sine %z : tensor<4x6xcomplex<f32>>
  %c = stablehlo.cosine %w : tensor<5xcomplex<f64>>
  return %e, %l, %g, %e2, %l2, %s, %c : tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<4x6xcomplex<f32>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<4x6xcomplex<f32>>, tensor<5xcomplex<f64>>
}`,
}

// miscInput returns deterministic random contents for t: floats and
// complex parts in [-1.2, 1.2) (erf_inv's domain and a little beyond),
// integers over their whole range.
func miscInput(t *ir.TensorType, r *rand.Rand) *ir.Tensor {
	x := ir.MustTensor(t)
	e := t.Elem
	for i := 0; i < x.Len(); i++ {
		switch {
		case e.IsComplex():
			x.Set(i, complex(r.Float64()*2.4-1.2, r.Float64()*2.4-1.2))
		case e.IsFloat():
			x.Set(i, r.Float64()*2.4-1.2)
		default:
			x.Set(i, int64(r.Uint64()))
		}
	}
	return x
}

// TestMiscLowerings runs miscSources and miscMathSources on the wasm
// target on random inputs and compares with the interpreter
// (corpustest.LegalisedMath) and, for miscSources, with the kernel IR's
// evaluator (compare: integers exactly, floats and complex parts within
// ulpBound).
func TestMiscLowerings(t *testing.T) {
	all := map[string]string{}
	for name, src := range miscSources {
		all[name] = src
	}
	for name, src := range miscMathSources {
		all[name] = src
	}
	for name, src := range all {
		t.Run(name, func(t *testing.T) {
			m, err := asm.Parse(name+".mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewSource(5))
			var in []*ir.Tensor
			for _, a := range m.Func("main").Args() {
				in = append(in, miscInput(a.Tensor(), r))
			}
			want, err := corpustest.Interpret(m, "main", in...)
			if err != nil {
				t.Fatal(err)
			}
			p, err := kernel.Lower(m, "main", kernel.TargetParams{})
			if err != nil {
				t.Fatal(err)
			}
			ref, err := kernel.Eval(p, in)
			if err != nil {
				t.Fatal(err)
			}
			got := runCompiled(t, m, 2, in)
			for i := range want {
				if _, approx := miscMathSources[name]; approx {
					// Compared with the interpreter only.
				} else if d := compare(got[i], ref[i]); d != "" {
					t.Errorf("result %d vs kernel.Eval: %s", i, d)
				}
				if err := corpustest.Compare(got[i], want[i], corpustest.LegalisedMath); err != nil {
					t.Errorf("result %d vs the interpreter: %v", i, err)
				}
			}
		})
	}
}
