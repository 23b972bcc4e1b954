package passes

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// ulpKey maps a float of element type e (f32 or f64) to an integer whose
// difference between two values is their distance in ULPs.
func ulpKey(v float64, e ir.ElementType) int64 {
	var b int64
	if e == ir.F32 {
		b = int64(int32(math.Float32bits(float32(v))))
		if b < 0 {
			b = math.MinInt32 - b
		}
		return b
	}
	b = int64(math.Float64bits(v))
	if b < 0 {
		b = math.MinInt64 - b
	}
	return b
}

// ulpDist returns the distance in ULPs of a and b of type e (0 for two
// NaNs, MaxInt64 for one NaN).
func ulpDist(a, b float64, e ir.ElementType) int64 {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a) || math.IsNaN(b):
		return math.MaxInt64
	}
	d := ulpKey(a, e) - ulpKey(b, e)
	if d < 0 {
		d = -d
	}
	return d
}

// legalizedUnary returns a module with @f applying chlo op name to a
// tensor<n x e>, legalised by chlo-legalize-to-stablehlo.
func legalizedUnary(t *testing.T, name string, e ir.ElementType, n int64) *ir.Module {
	t.Helper()
	tt := ir.TensorOf(e, n)
	f := ir.NewFunc("f", []ir.Type{tt}, []ir.Type{tt})
	b := &ir.Builder{Block: f.Body.Entry()}
	op, err := b.Op(name, f.Args(), nil, tt)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Return(op.Results...); err != nil {
		t.Fatal(err)
	}
	m := &ir.Module{Funcs: []*ir.Func{f}}
	if err := NewManager(mustPipeline(t, "chlo-legalize-to-stablehlo")).Run(m); err != nil {
		t.Fatal(err)
	}
	m.Walk(func(o *ir.Op) bool {
		if o.Dialect() == "chlo" {
			t.Fatalf("%s left after legalisation", o.Name)
		}
		return true
	})
	return m
}

// maxULP runs m's @f on a sweep of n points over [lo, hi] and returns the
// largest ULP distance to ref rounded to e, and where it happens.
func maxULP(t *testing.T, m *ir.Module, e ir.ElementType, lo, hi float64, n int, ref func(float64) float64) (int64, float64) {
	t.Helper()
	x := ir.MustTensor(ir.TensorOf(e, int64(n)))
	for i := 0; i < n; i++ {
		x.Set(i, lo+(hi-lo)*float64(i)/float64(n-1))
	}
	res, err := interp.New(m).Call("f", []interp.Value{x})
	if err != nil {
		t.Fatal(err)
	}
	got := res[0].(*ir.Tensor)
	worst, at := int64(0), 0.0
	for i, xv := range x.F {
		want := ref(xv)
		if e == ir.F32 {
			want = float64(float32(want))
		}
		if d := ulpDist(got.F[i], want, e); d > worst {
			worst, at = d, xv
		}
	}
	return worst, at
}

// TestChloAccuracy measures the legalised erf, erf_inv and tan against
// Go's math package over sweeps and checks the bounds stated in the
// pass's documentation.
func TestChloAccuracy(t *testing.T) {
	const n = 200001
	cases := []struct {
		op     string
		e      ir.ElementType
		lo, hi float64
		ref    func(float64) float64
		bound  int64
	}{
		{"chlo.erf", ir.F32, -5, 5, math.Erf, 3},
		{"chlo.erf", ir.F32, -1, 1, math.Erf, 3},
		{"chlo.erf", ir.F32, -12, 12, math.Erf, 3},
		{"chlo.erf", ir.F64, -7, 7, math.Erf, 4},
		{"chlo.erf_inv", ir.F32, -0.9, 0.9, math.Erfinv, 8},
		{"chlo.erf_inv", ir.F32, -0.999, 0.999, math.Erfinv, 12},
		{"chlo.erf_inv", ir.F64, -0.9, 0.9, math.Erfinv, 8},
		{"chlo.erf_inv", ir.F64, -0.999, 0.999, math.Erfinv, 16},
		{"chlo.tan", ir.F32, -1.5, 1.5, math.Tan, 1},
		{"chlo.tan", ir.F64, -1.5, 1.5, math.Tan, 4},
	}
	for _, c := range cases {
		m := legalizedUnary(t, c.op, c.e, n)
		worst, at := maxULP(t, m, c.e, c.lo, c.hi, n, c.ref)
		t.Logf("%s %s on [%g, %g]: max %d ULP (at %g)", c.op, c.e, c.lo, c.hi, worst, at)
		if worst > c.bound {
			t.Errorf("%s %s: %d ULP at %g, documented bound %d", c.op, c.e, worst, at, c.bound)
		}
	}
}

// TestChloSpecialValues checks NaN, infinities, ±1 and signed zeros of the
// legalised ops against the interpreter's chlo evaluators, bit for bit
// where the reference is exact (NaN, ±inf, ±0, ±1).
func TestChloSpecialValues(t *testing.T) {
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 2, -2, 30, -30}
	for _, op := range []string{"chlo.erf", "chlo.erf_inv", "chlo.tan"} {
		for _, e := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			m := legalizedUnary(t, op, e, int64(len(specials)))
			x := ir.MustTensor(ir.TensorOf(e, int64(len(specials))))
			for i, v := range specials {
				x.Set(i, v)
			}
			res, err := interp.New(m).Call("f", []interp.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			got := res[0].(*ir.Tensor)
			tt := ir.TensorOf(e, int64(len(specials)))
			rf := ir.NewFunc("f", []ir.Type{tt}, []ir.Type{tt})
			b := &ir.Builder{Block: rf.Body.Entry()}
			o, _ := b.Op(op, rf.Args(), nil, tt)
			b.Return(o.Results...)
			wantRes, err := interp.New(&ir.Module{Funcs: []*ir.Func{rf}}).Call("f", []interp.Value{x})
			if err != nil {
				t.Fatal(err)
			}
			want := wantRes[0].(*ir.Tensor)
			for i, w := range want.F {
				exact := math.IsNaN(w) || math.IsInf(w, 0) || w == 0 || math.Abs(w) == 1
				g := got.F[i]
				switch {
				case exact && (math.IsNaN(w) != math.IsNaN(g) || (!math.IsNaN(w) && math.Float64bits(g) != math.Float64bits(w))):
					t.Errorf("%s %s(%g) = %g, want %g", op, e, specials[i], g, w)
				case !exact && math.Abs(g-w) > 1e-2*math.Abs(w):
					t.Errorf("%s %s(%g) = %g, want about %g", op, e, specials[i], g, w)
				}
			}
		}
	}
}

// TestTopKLegalized compares the legalised top_k with the interpreter's
// chlo.top_k on rows with ties, NaNs, signed zeros and unsigned values.
func TestTopKLegalized(t *testing.T) {
	type tc struct {
		e    ir.ElementType
		rows [][]float64
		k    int64
	}
	nan := math.NaN()
	cases := []tc{
		{ir.F32, [][]float64{{1, 3, 3, nan, -nan, math.Inf(-1), 0, math.Copysign(0, -1)}, {5, 5, 5, 5, 1, 2, 3, 4}}, 5},
		{ir.I32, [][]float64{{4, -1, 7, 7, 0, -9}}, 3},
		{ir.UI8, [][]float64{{200, 7, 255, 0}}, 4},
		{ir.F64, [][]float64{{2, 1}}, 0},
	}
	for _, c := range cases {
		rows, cols := int64(len(c.rows)), int64(len(c.rows[0]))
		xt := ir.TensorOf(c.e, rows, cols)
		vt, it := ir.TensorOf(c.e, rows, c.k), ir.TensorOf(ir.I32, rows, c.k)
		build := func() *ir.Module {
			f := ir.NewFunc("f", []ir.Type{xt}, []ir.Type{vt, it})
			b := &ir.Builder{Block: f.Body.Entry()}
			o, err := b.Op("chlo.top_k", f.Args(), ir.Attrs{{Name: "k", Value: &ir.IntegerAttr{Value: c.k, Type: ir.I64}}}, vt, it)
			if err != nil {
				t.Fatal(err)
			}
			b.Return(o.Results...)
			return &ir.Module{Funcs: []*ir.Func{f}}
		}
		x := ir.MustTensor(xt)
		for r, row := range c.rows {
			for j, v := range row {
				if c.e.IsFloat() {
					x.Set(r*int(cols)+j, v)
				} else {
					x.Set(r*int(cols)+j, int64(v))
				}
			}
		}
		ref := build()
		want, err := interp.New(ref).Call("f", []interp.Value{x})
		if err != nil {
			t.Fatal(err)
		}
		m := build()
		if err := NewManager(mustPipeline(t, "chlo-legalize-to-stablehlo")).Run(m); err != nil {
			t.Fatal(err)
		}
		sorts := 0
		m.Walk(func(o *ir.Op) bool {
			if o.Name == "chlo.top_k" {
				t.Fatal("top_k left")
			}
			if o.Name == "stablehlo.sort" {
				sorts++
			}
			return true
		})
		if sorts != 1 {
			t.Errorf("%s: %d sorts, want 1", c.e, sorts)
		}
		got, err := interp.New(m).Call("f", []interp.Value{x})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			w, g := canonicalNaN(want[i].(*ir.Tensor)), canonicalNaN(got[i].(*ir.Tensor))
			if !w.Equal(g) || w.String() != g.String() {
				t.Errorf("%s top_k result %d: got %s, want %s", c.e, i, g, w)
			}
		}
	}
}
