package passes

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// chloPair returns two modules with @f applying chlo op name to nargs
// tensors of n elements of type e: the op itself (the interpreter's
// reference) and its legalisation.
func chloPair(t *testing.T, name string, e ir.ElementType, n int64, nargs int) (ref, legal *ir.Module) {
	t.Helper()
	build := func() *ir.Module {
		tt := ir.TensorOf(e, n)
		ins := make([]ir.Type, nargs)
		for i := range ins {
			ins[i] = tt
		}
		f := ir.NewFunc("f", ins, []ir.Type{tt})
		b := &ir.Builder{Block: f.Body.Entry()}
		op, err := b.Op(name, f.Args(), nil, tt)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Return(op.Results...); err != nil {
			t.Fatal(err)
		}
		return &ir.Module{Funcs: []*ir.Func{f}}
	}
	ref, legal = build(), build()
	if err := NewManager(mustPipeline(t, "chlo-legalize-to-stablehlo")).Run(legal); err != nil {
		t.Fatal(err)
	}
	legal.Walk(func(o *ir.Op) bool {
		if o.Dialect() == "chlo" {
			t.Fatalf("%s left after legalising %s", o.Name, name)
		}
		return true
	})
	return ref, legal
}

// chloErr runs ref and legal on the inputs and returns the largest ULP
// distance between their results, and the inputs where it happens. With
// floor > 0 an error is counted in ULPs of max(|want|, floor) instead (an
// absolute error near the function's zeros, where a relative one is
// meaningless).
func chloErr(t *testing.T, ref, legal *ir.Module, e ir.ElementType, in []*ir.Tensor, floor float64) (int64, []float64) {
	t.Helper()
	args := make([]interp.Value, len(in))
	for i, x := range in {
		args[i] = x
	}
	w, err := interp.New(ref).Call("f", args)
	if err != nil {
		t.Fatal(err)
	}
	g, err := interp.New(legal).Call("f", args)
	if err != nil {
		t.Fatal(err)
	}
	want, got := w[0].(*ir.Tensor), g[0].(*ir.Tensor)
	worst, at := int64(0), []float64(nil)
	for i := range want.F {
		d := ulpDist(got.F[i], want.F[i], e)
		if m := math.Abs(want.F[i]); floor > 0 && m < floor && !math.IsNaN(got.F[i]) {
			d = int64(math.Ceil(math.Abs(got.F[i]-want.F[i]) / ulpAt(floor, e)))
		}
		if d > worst {
			worst = d
			at = at[:0]
			for _, x := range in {
				at = append(at, x.F[i])
			}
		}
	}
	return worst, at
}

// ulpAt returns the ULP of type e at positive v.
func ulpAt(v float64, e ir.ElementType) float64 {
	return ir.FloatFromBits(ir.FloatBits(v, e)+1, e) - ir.RoundFloat(v, e)
}

// sweep returns n evenly spaced points of [lo, hi] in type e.
func sweep(e ir.ElementType, lo, hi float64, n int) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, int64(n)))
	for i := 0; i < n; i++ {
		x.Set(i, ir.RoundFloat(lo+(hi-lo)*float64(i)/float64(n-1), e))
	}
	return x
}

// chloAccuracy are the documented bounds (ULP against the interpreter)
// of the legalised special and trigonometric functions on the ranges of
// the docs' table (docs/IR.md), measured on sweeps of 100 001 points.
var chloAccuracy = []struct {
	op     string
	e      ir.ElementType
	lo, hi float64
	bound  int64
	floor  float64
}{
	{"chlo.erfc", ir.F32, -4, 10.1, 10, 0},
	{"chlo.erfc", ir.F64, -6, 27, 10, 0},
	{"chlo.lgamma", ir.F32, 0.01, 30, 21, 1},
	{"chlo.lgamma", ir.F32, -9.9, -0.1, 36, 1},
	{"chlo.lgamma", ir.F64, 0.01, 30, 27, 1},
	{"chlo.lgamma", ir.F64, -9.9, -0.1, 32, 1},
	{"chlo.digamma", ir.F32, 0.01, 30, 9, 1},
	{"chlo.digamma", ir.F32, -9.9, -0.1, 10, 1},
	{"chlo.digamma", ir.F64, 0.01, 30, 16, 1},
	{"chlo.digamma", ir.F64, -9.9, -0.1, 16, 1},
	{"chlo.bessel_i1e", ir.F32, -50, 50, 12, 0},
	{"chlo.bessel_i1e", ir.F64, -50, 50, 13, 0},
	{"chlo.asin", ir.F32, -1, 1, 2, 0},
	{"chlo.asin", ir.F64, -1, 1, 3, 0},
	{"chlo.acos", ir.F32, -1, 1, 1, 0},
	{"chlo.acos", ir.F64, -1, 1, 2, 0},
	{"chlo.atan", ir.F32, -20, 20, 0, 0},
	{"chlo.atan", ir.F64, -20, 20, 0, 0},
	{"chlo.sinh", ir.F32, -89.4, 89.4, 2, 0},
	// Go's math.Exp, the interpreter's exponential, overflows past
	// 709.08 on amd64 (e^709.78 is finite): f64 stops at 709.
	{"chlo.sinh", ir.F64, -709, 709, 3, 0},
	{"chlo.cosh", ir.F32, -89.4, 89.4, 2, 0},
	{"chlo.cosh", ir.F64, -709, 709, 3, 0},
	{"chlo.asinh", ir.F32, -100, 100, 2, 0},
	{"chlo.asinh", ir.F64, -100, 100, 2, 0},
	{"chlo.acosh", ir.F32, 1, 100, 2, 0},
	{"chlo.acosh", ir.F64, 1, 100, 2, 0},
	{"chlo.atanh", ir.F32, -1, 1, 1, 0},
	{"chlo.atanh", ir.F64, -1, 1, 2, 0},
}

// TestChloSpecialAccuracy checks the legalised unary ops against the
// interpreter within chloAccuracy's bounds.
func TestChloSpecialAccuracy(t *testing.T) {
	const n = 100001
	for _, c := range chloAccuracy {
		ref, legal := chloPair(t, c.op, c.e, n, 1)
		worst, at := chloErr(t, ref, legal, c.e, []*ir.Tensor{sweep(c.e, c.lo, c.hi, n)}, c.floor)
		t.Logf("%s %s on [%g, %g] (floor %g): max %d ULP (at %v)", c.op, c.e, c.lo, c.hi, c.floor, worst, at)
		if worst > c.bound {
			t.Errorf("%s %s on [%g, %g]: %d ULP at %v, documented bound %d", c.op, c.e, c.lo, c.hi, worst, at, c.bound)
		}
	}
}

// TestChloBinaryAccuracy checks zeta and polygamma on a grid against the
// interpreter.
func TestChloBinaryAccuracy(t *testing.T) {
	cases := []struct {
		op       string
		e        ir.ElementType
		a        []float64
		blo, bhi float64
		bound    int64
	}{
		{"chlo.zeta", ir.F32, []float64{1.5, 2, 3, 4.5, 7, 12}, 0.05, 40, 9},
		{"chlo.zeta", ir.F64, []float64{1.5, 2, 3, 4.5, 7, 12}, 0.05, 40, 4},
		{"chlo.polygamma", ir.F32, []float64{1, 2, 3, 4}, 0.05, 40, 21},
		{"chlo.polygamma", ir.F64, []float64{1, 2, 3, 4}, 0.05, 40, 14},
	}
	const per = 2001
	for _, c := range cases {
		n := int64(len(c.a) * per)
		ref, legal := chloPair(t, c.op, c.e, n, 2)
		a := ir.MustTensor(ir.TensorOf(c.e, n))
		b := ir.MustTensor(ir.TensorOf(c.e, n))
		for i, av := range c.a {
			xs := sweep(c.e, c.blo, c.bhi, per)
			for j := 0; j < per; j++ {
				a.Set(i*per+j, av)
				b.Set(i*per+j, xs.F[j])
			}
		}
		worst, at := chloErr(t, ref, legal, c.e, []*ir.Tensor{a, b}, 0)
		t.Logf("%s %s (first operand in %v, second on [%g, %g]): max %d ULP (at %v)", c.op, c.e, c.a, c.blo, c.bhi, worst, at)
		if worst > c.bound {
			t.Errorf("%s %s: %d ULP at %v, documented bound %d", c.op, c.e, worst, at, c.bound)
		}
	}
}

// TestChloSpecialEdges checks poles, domains, infinities, NaN and signed
// zeros of every legalised op bit for bit against the interpreter, in
// f32, f64, f16 and bf16, and next_after exactly on every case.
func TestChloSpecialEdges(t *testing.T) {
	inf, nan, nz := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	unary := []float64{nan, inf, -inf, 0, nz, 1, -1, -2, -3, 2, 1.5, -0.5, 0.5, 1e-30, -1e-30}
	exact := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v == 0 }
	for _, op := range []string{"chlo.erfc", "chlo.lgamma", "chlo.digamma", "chlo.bessel_i1e", "chlo.asin", "chlo.acos",
		"chlo.atan", "chlo.sinh", "chlo.cosh", "chlo.asinh", "chlo.acosh", "chlo.atanh"} {
		for _, e := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			ref, legal := chloPair(t, op, e, int64(len(unary)), 1)
			x := ir.MustTensor(ir.TensorOf(e, int64(len(unary))))
			for i, v := range unary {
				x.Set(i, v)
			}
			checkEdges(t, op, e, ref, legal, []*ir.Tensor{x}, exact)
		}
	}
	pairs := [][2]float64{{nan, 1}, {1, nan}, {1, 1}, {0.5, 1}, {2, 0}, {3, 0}, {2, -1}, {2, -2.5}, {2.5, -2.5},
		{2, inf}, {-1, 2}, {0, 2}, {1.5, 2}, {3, 2}, {4, 0.5}}
	for _, op := range []string{"chlo.zeta", "chlo.polygamma", "chlo.next_after"} {
		for _, e := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			ref, legal := chloPair(t, op, e, int64(len(pairs)), 2)
			a := ir.MustTensor(ir.TensorOf(e, int64(len(pairs))))
			b := ir.MustTensor(ir.TensorOf(e, int64(len(pairs))))
			for i, p := range pairs {
				a.Set(i, p[0])
				b.Set(i, p[1])
			}
			ex := exact
			if op == "chlo.next_after" {
				ex = func(float64) bool { return true }
			}
			checkEdges(t, op, e, ref, legal, []*ir.Tensor{a, b}, ex)
		}
	}
}

// checkEdges compares legal with ref on in: bit for bit where exact(want),
// within 1e-2 (relative) elsewhere.
func checkEdges(t *testing.T, op string, e ir.ElementType, ref, legal *ir.Module, in []*ir.Tensor, exact func(float64) bool) {
	t.Helper()
	args := make([]interp.Value, len(in))
	for i, x := range in {
		args[i] = x
	}
	w, err := interp.New(ref).Call("f", args)
	if err != nil {
		t.Fatal(err)
	}
	g, err := interp.New(legal).Call("f", args)
	if err != nil {
		t.Fatal(err)
	}
	want, got := w[0].(*ir.Tensor), g[0].(*ir.Tensor)
	for i, wv := range want.F {
		gv := got.F[i]
		var xs []float64
		for _, x := range in {
			xs = append(xs, x.F[i])
		}
		switch {
		case exact(wv):
			if math.IsNaN(wv) != math.IsNaN(gv) || !math.IsNaN(wv) && math.Float64bits(gv) != math.Float64bits(wv) {
				t.Errorf("%s %s%v = %g, want %g", op, e, xs, gv, wv)
			}
		case !(math.Abs(gv-wv) <= 1e-2*math.Abs(wv)):
			t.Errorf("%s %s%v = %g, want about %g", op, e, xs, gv, wv)
		}
	}
}

// TestNextAfterExhaustiveF16 steps every f16 value towards +inf, -inf and
// 0 with the legalised next_after and compares with the interpreter.
func TestNextAfterExhaustiveF16(t *testing.T) {
	const n = 1 << 16
	ref, legal := chloPair(t, "chlo.next_after", ir.F16, 3*n, 2)
	a := ir.MustTensor(ir.TensorOf(ir.F16, 3*n))
	b := ir.MustTensor(ir.TensorOf(ir.F16, 3*n))
	for i := 0; i < n; i++ {
		v := ir.FloatFromBits(uint64(i), ir.F16)
		for j, to := range []float64{math.Inf(1), math.Inf(-1), 0} {
			a.Set(3*i+j, v)
			b.Set(3*i+j, to)
		}
	}
	checkEdges(t, "chlo.next_after", ir.F16, ref, legal, []*ir.Tensor{a, b}, func(float64) bool { return true })
}

// complexErr returns the normwise error of g against w in ULPs of type
// e (the part type): max(|Δre|, |Δim|) / ulp(max(|w.re|, |w.im|)); 0 when
// both parts agree (NaN with NaN), MaxInt64 when only one is NaN or
// infinite.
func complexErr(g, w complex128, e ir.ElementType) int64 {
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	if same(real(g), real(w)) && same(imag(g), imag(w)) {
		return 0
	}
	for _, v := range []float64{real(g), imag(g), real(w), imag(w)} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return math.MaxInt64
		}
	}
	m := math.Max(math.Abs(real(w)), math.Abs(imag(w)))
	d := math.Max(math.Abs(real(g)-real(w)), math.Abs(imag(g)-imag(w)))
	u := ir.FloatFromBits(1, e)
	if m > 0 {
		u = ulpAt(m, e)
	}
	return int64(math.Ceil(d/u - 1e-9))
}

// TestChloComplexAccuracy measures the complex legalisations against the
// interpreter on a 201×201 grid of [-4, 4]² plus the axes' signed zeros,
// normwise (complexErr), and checks the bounds of docs/IR.md.
func TestChloComplexAccuracy(t *testing.T) {
	const side = 201
	var pts []complex128
	nz := math.Copysign(0, -1)
	for i := 0; i < side; i++ {
		for j := 0; j < side; j++ {
			pts = append(pts, complex(-4+8*float64(i)/(side-1), -4+8*float64(j)/(side-1)))
		}
		v := -4 + 8*float64(i)/(side-1)
		pts = append(pts, complex(v, 0), complex(v, nz), complex(0, v), complex(nz, v))
	}
	// complex<f64> is 0: the interpreter computes the same formulas in
	// float64 (its accuracy is checked on testdata/ops/chlo_complex.mlir).
	bounds := map[string][2]int64{
		"chlo.asin": {3, 2}, "chlo.acos": {3, 2}, "chlo.atan": {4, 0}, "chlo.sinh": {2, 2},
		"chlo.cosh": {2, 2}, "chlo.asinh": {3, 2}, "chlo.acosh": {3, 2}, "chlo.atanh": {4, 0},
	}
	for op, b := range bounds {
		for k, e := range []ir.ElementType{ir.C64, ir.C128} {
			ref, legal := chloPair(t, op, e, int64(len(pts)), 1)
			x := ir.MustTensor(ir.TensorOf(e, int64(len(pts))))
			for i, p := range pts {
				x.Set(i, p)
			}
			w, err := interp.New(ref).Call("f", []interp.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			g, err := interp.New(legal).Call("f", []interp.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			want, got := w[0].(*ir.Tensor), g[0].(*ir.Tensor)
			worst, at := int64(0), complex128(0)
			for i := range want.C {
				if d := complexErr(got.C[i], want.C[i], e.ComplexPart()); d > worst {
					worst, at = d, x.C[i]
				}
			}
			t.Logf("%s %s: max %d ULP (normwise) at %v", op, e, worst, at)
			if worst > b[k] {
				t.Errorf("%s %s: %d ULP at %v (got %v, want %v), bound %d", op, e, worst, at, got.C, want.C, b[k])
			}
		}
	}
}
