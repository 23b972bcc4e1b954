package gpu

import (
	"math"
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// mathKernel is out[i] = k(in0[i] (, in1[i])) over n elements of type t.
func mathKernel(k K.Kind, t ir.ElementType, n int64) *K.Kernel {
	b := K.NewBuilder("math")
	out := b.Param("out", t, []int64{n}, K.Write, 0)
	x := b.Param("x", t, []int64{n}, K.Read, 1)
	y := b.Param("y", t, []int64{n}, K.Read, 2)
	b.Loop(K.Grid, n, func(i *K.Node) {
		a := b.Load(x, i)
		var r *K.Node
		if k.Class() == K.ClassBinary {
			r = b.Bin(k, a, b.Load(y, i))
		} else {
			r = b.Un(k, a)
		}
		b.Store(out, i, r)
	})
	return b.K
}

// ulps is the distance between a and b in units in the last place of type
// t (the number of representable values between them); NaN against NaN is
// 0, NaN against a number is the maximum.
func ulps(a, b float64, t ir.ElementType) int64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		if math.IsNaN(a) && math.IsNaN(b) {
			return 0
		}
		return math.MaxInt64
	}
	key := func(x float64) int64 {
		var v int64
		if t == ir.F32 {
			v = int64(int32(math.Float32bits(float32(x))))
			if v < 0 {
				v = math.MinInt32 - v
			}
		} else {
			v = int64(math.Float64bits(x))
			if v < 0 {
				v = math.MinInt64 - v
			}
		}
		return v
	}
	d := key(a) - key(b)
	if d < 0 {
		d = -d
	}
	return d
}

// mathCase is one legalised function with its test inputs and ULP bound.
type mathCase struct {
	kind    K.Kind
	gen     func(r *rand.Rand) (x, y float64)
	bound32 int64 // max ULP in f32
	bound64 int64 // max ULP in f64
}

func uni(lo, hi float64) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) { return lo + (hi-lo)*r.Float64(), 0 }
}

// logUni draws magnitudes spread over [2^lo, 2^hi], with random sign when signed.
func logUni(lo, hi float64, signed bool) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) {
		v := math.Exp2(lo + (hi-lo)*r.Float64())
		if signed && r.Intn(2) == 0 {
			v = -v
		}
		return v, 0
	}
}

// mathCases lists the legalised functions, the domains they are measured
// on and their ULP bounds (docs/GPU.md repeats them).
var mathCases = []mathCase{
	{K.Exp, uni(-103, 88.7), 1, 2},
	{K.Expm1, uni(-30, 88), 1, 1},
	{K.Expm1, uni(-1, 1), 2, 2},
	{K.Log, logUni(-149, 127, false), 1, 1},
	{K.Log1p, uni(-0.999, 10), 2, 2},
	{K.Log1p, logUni(-60, 60, false), 2, 2},
	{K.Rsqrt, logUni(-149, 127, false), 1, 1},
	{K.Cbrt, logUni(-149, 127, true), 1, 2},
	{K.Tanh, uni(-12, 12), 2, 3},
	{K.Tanh, logUni(-40, 3, true), 2, 2},
	{K.Logistic, uni(-100, 40), 2, 3},
	{K.Sin, uni(-8192, 8192), 2, 2},
	{K.Cos, uni(-8192, 8192), 2, 2},
	{K.Tan, uni(-8192, 8192), 4, 4},
	{K.Sin, logUni(-30, 2, true), 1, 1},
	// Full range (Payne-Hanek reduction): f32 to 2^128, f64 to 2^1024
	// (in f32 the f64 draws past 2^128 are infinities: NaN).
	{K.Sin, logUni(-1, 128, true), 2, 2},
	{K.Cos, logUni(-1, 128, true), 2, 2},
	{K.Tan, logUni(-1, 128, true), 4, 4},
	{K.Sin, logUni(-1, 1024, true), 2, 2},
	{K.Cos, logUni(-1, 1024, true), 2, 2},
	{K.Tan, logUni(-1, 1024, true), 4, 4},
	{K.Erf, uni(-7, 7), 1, 1},
	{K.Erf, logUni(-40, 1, true), 1, 1},
	{K.Atan2, func(r *rand.Rand) (float64, float64) { return 200*r.Float64() - 100, 200*r.Float64() - 100 }, 1, 1},
	// pow: log|x| and y*log|x| in double precision (powCore), so the
	// error no longer grows with |y ln x|.
	{K.Pow, func(r *rand.Rand) (float64, float64) { return math.Exp2(20*r.Float64() - 10), 16*r.Float64() - 8 }, 2, 2},
	{K.Pow, func(r *rand.Rand) (float64, float64) { return math.Exp2(200*r.Float64() - 100), 8*r.Float64() - 4 }, 2, 2},
	{K.Pow, func(r *rand.Rand) (float64, float64) { return float64(r.Intn(20) + 2), float64(r.Intn(40)) }, 1, 2},
}

// special inputs every function also runs on.
var specials = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, math.Inf(1), math.Inf(-1), math.NaN(), 1e-30, -1e-30, 100, -100, 3, -3, 1e30}

// TestMathULP measures the legalised expansions against the reference
// evaluator (Go's math, rounded once to the type) on random inputs from
// each case's domain plus special values, in f32 and f64, and asserts the
// stated ULP bounds. Special inputs must match exactly in class: NaN for
// NaN, the same infinity, zero of the same sign.
func TestMathULP(t *testing.T) {
	const n = 4000
	for _, v := range []struct {
		tt     ir.ElementType
		hasF64 bool
	}{{ir.F32, true}, {ir.F32, false}, {ir.F64, true}} {
		tt := v.tt
		params := Vulkan()
		params.HasF64 = v.hasF64
		for ci, c := range mathCases {
			r := rand.New(rand.NewSource(int64(ci)))
			xs, _ := ir.NewTensor(ir.TensorOf(tt, n+int64(len(specials)*len(specials))))
			ys, _ := ir.NewTensor(ir.TensorOf(tt, xs.Type.Shape[0]))
			for i := 0; i < n; i++ {
				x, y := c.gen(r)
				xs.F[i], ys.F[i] = ir.RoundFloat(x, tt), ir.RoundFloat(y, tt)
			}
			for i, a := range specials {
				for j, b := range specials {
					xs.F[n+i*len(specials)+j], ys.F[n+i*len(specials)+j] = ir.RoundFloat(a, tt), ir.RoundFloat(b, tt)
				}
			}
			m := xs.Type.Shape[0]
			ref := mathKernel(c.kind, tt, m)
			leg := mathKernel(c.kind, tt, m)
			Legalize(leg, params)
			if err := K.Verify(leg); err != nil {
				t.Fatalf("%s %s: %v", c.kind, tt, err)
			}
			if bad := nonPrimitive(leg.Body); bad != nil {
				t.Fatalf("%s %s: keeps %s", c.kind, tt, bad.Kind)
			}
			outR, _ := ir.NewTensor(ir.TensorOf(tt, m))
			outL, _ := ir.NewTensor(ir.TensorOf(tt, m))
			if err := K.EvalKernel(ref, []*ir.Tensor{outR, xs, ys}); err != nil {
				t.Fatal(err)
			}
			if err := K.EvalKernel(leg, []*ir.Tensor{outL, xs, ys}); err != nil {
				t.Fatal(err)
			}
			bound := c.bound32
			if tt == ir.F64 {
				bound = c.bound64
			}
			worst, at := int64(0), 0
			for i := range outR.F {
				w, g := outR.F[i], outL.F[i]
				if i >= n { // specials: exact class
					if math.IsNaN(w) != math.IsNaN(g) || (math.IsInf(w, 0) || w == 0) && (g != w || math.Signbit(g) != math.Signbit(w)) {
						t.Errorf("%s %s(%v, %v) = %v, want %v", tt, c.kind, xs.F[i], ys.F[i], g, w)
					}
				}
				d := ulps(g, w, tt)
				if d > worst {
					worst, at = d, i
				}
			}
			t.Logf("%s (f64: %v) %-8s max %d ULP (at x=%v y=%v: got %v want %v)", tt, v.hasF64, c.kind, worst, xs.F[at], ys.F[at], outL.F[at], outR.F[at])
			if worst > bound {
				t.Errorf("%s %s: %d ULP exceeds the bound %d (x=%v y=%v: got %v, want %v)", tt, c.kind, worst, bound, xs.F[at], ys.F[at], outL.F[at], outR.F[at])
			}
		}
	}
}

// TestTrigNearQuadrants: sin, cos and tan of the floats nearest to
// multiples k pi/2 (k up to 2^40, and scaled up the whole exponent range),
// where the reduced argument cancels the most, within the documented
// bounds of the reference (internal/fmath's exact reduction rounded to the
// type), f32 with and without f64 and f64.
func TestTrigNearQuadrants(t *testing.T) {
	var xs []float64
	for k := 1.0; k < 1<<40; k = k*3 + 1 {
		xs = append(xs, k*math.Pi/2)
	}
	for e := 0; e < 1000; e += 7 {
		xs = append(xs, math.Ldexp(1.2345678901234567, e), math.Ldexp(math.Pi, e))
	}
	for _, v := range []struct {
		tt     ir.ElementType
		hasF64 bool
		bound  map[K.Kind]int64
	}{
		{ir.F32, true, map[K.Kind]int64{K.Sin: 1, K.Cos: 1, K.Tan: 1}},
		{ir.F32, false, map[K.Kind]int64{K.Sin: 2, K.Cos: 2, K.Tan: 4}},
		{ir.F64, true, map[K.Kind]int64{K.Sin: 2, K.Cos: 2, K.Tan: 4}},
	} {
		n := int64(len(xs))
		in, _ := ir.NewTensor(ir.TensorOf(v.tt, n))
		for i, x := range xs {
			in.F[i] = ir.RoundFloat(x, v.tt)
		}
		p := Vulkan()
		p.HasF64 = v.hasF64
		for _, k := range []K.Kind{K.Sin, K.Cos, K.Tan} {
			ref, leg := mathKernel(k, v.tt, n), mathKernel(k, v.tt, n)
			Legalize(leg, p)
			outR, _ := ir.NewTensor(ir.TensorOf(v.tt, n))
			outL, _ := ir.NewTensor(ir.TensorOf(v.tt, n))
			if err := K.EvalKernel(ref, []*ir.Tensor{outR, in, in}); err != nil {
				t.Fatal(err)
			}
			if err := K.EvalKernel(leg, []*ir.Tensor{outL, in, in}); err != nil {
				t.Fatal(err)
			}
			for i := range outR.F {
				if d := ulps(outL.F[i], outR.F[i], v.tt); d > v.bound[k] {
					t.Errorf("%s (f64: %v) %s(%v) = %v, want %v (%d ulp)", v.tt, v.hasF64, k, in.F[i], outL.F[i], outR.F[i], d)
				}
			}
		}
	}
}
