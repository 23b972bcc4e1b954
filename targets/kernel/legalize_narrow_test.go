package kernel

import (
	"math"
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

var narrowAll = NarrowOptions{Floats: append([]ir.ElementType{ir.F16, ir.BF16}, f8All...), SubByte: true, BitCount32: true}

// f8All are the 8-bit float types.
var f8All = []ir.ElementType{ir.F8E4M3FN, ir.F8E5M2, ir.F8E3M4, ir.F8E4M3, ir.F8E4M3FNUZ, ir.F8E4M3B11FNUZ, ir.F8E5M2FNUZ, ir.F8E8M0FNU}

// narrowValues are test inputs of type t: every value of 8- and 16-bit
// types, else edge cases, ties of the narrow formats and random values.
func narrowValues(t ir.ElementType, rng *rand.Rand) *ir.Tensor {
	var fs []float64
	var is []int64
	switch {
	case t.IsFloat() && t.Bits() <= 16:
		for u := uint64(0); u < 1<<t.Bits(); u++ {
			fs = append(fs, ir.FloatFromBits(u, t))
		}
	case t.IsFloat():
		fs = []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 464, 465, 448, 480, 65520, 65504, 61440, 57344, 1e-40, -1e-45, 3.4e38, 1e300, -1e300}
		// Ties and near-ties of every narrow format, scaled.
		for _, e := range append([]ir.ElementType{ir.BF16, ir.F16}, f8All...) {
			for u := uint64(0); u+1 < 1<<e.Bits(); u++ {
				a, b := ir.FloatFromBits(u, e), ir.FloatFromBits(u+1, e)
				if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || rng.Intn(8) != 0 {
					continue
				}
				m := (a + b) / 2
				fs = append(fs, m, m*(1+0x1p-40), m*(1-0x1p-40), -m, -m*(1+0x1p-30))
			}
		}
		for range 4000 {
			if t == ir.F32 {
				fs = append(fs, float64(math.Float32frombits(rng.Uint32())))
			} else {
				fs = append(fs, math.Float64frombits(rng.Uint64()))
			}
		}
		if t == ir.F32 {
			for i, f := range fs {
				fs[i] = float64(float32(f))
			}
		}
	case t.Bits() <= 16:
		lo, hi := t.IntRange()
		for v := lo; v <= hi; v++ {
			is = append(is, v)
		}
	default:
		is = []int64{0, 1, -1, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}
		for k := 0; k < 63; k++ {
			for _, m := range []int64{1, 0x101, 0x102, 0x103, 0x1000001, 0x1000003, 0x801, 0x11, 0x9} {
				if v := m << k; v>>k == m {
					is = append(is, v, v+1, v-1, -v)
				}
			}
		}
		for range 4000 {
			is = append(is, int64(rng.Uint64()), int64(rng.Uint32()))
		}
		for i, v := range is {
			is[i] = t.WrapInt(v)
		}
	}
	n := max(len(fs), len(is))
	x := ir.MustTensor(ir.TensorOf(t, int64(n)))
	copy(x.F, fs)
	copy(x.I, is)
	return x
}

// sameValue compares results: integers exactly, floats by value with the
// sign of zero, NaN matching NaN.
func sameValue(x, y *ir.Tensor, i int) bool {
	if x.I != nil {
		return x.I[i] == y.I[i]
	}
	a, b := x.F[i], y.F[i]
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

// checkNarrow evaluates k and LegalizeNarrow(k) on ins (one per read
// parameter; the last parameter is the output) and compares the outputs.
// It also checks the legalised kernel verifies and holds the narrow types
// only in loads, stores and the bitcasts next to them.
func checkNarrow(t *testing.T, k *Kernel, ins ...*ir.Tensor) {
	t.Helper()
	wide := narrowAll
	wide.Ints32 = true
	for _, o := range []NarrowOptions{narrowAll, wide} {
		checkNarrowWith(t, o, k, ins...)
	}
}

func checkNarrowWith(t *testing.T, o NarrowOptions, k *Kernel, ins ...*ir.Tensor) {
	t.Helper()
	lk, err := LegalizeNarrow(k, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(lk); err != nil {
		t.Fatalf("legalised kernel does not verify: %v\n%s", err, lk.String())
	}
	narrowType := func(e ir.ElementType) bool {
		if o.Ints32 {
			return e != ir.I1 && e != ir.Index && e.Bits() < 32
		}
		return e.IsFloat() && e.Bits() <= 16 || e.IsInteger() && e.Bits() < 8
	}
	var walk func([]*Node)
	walk = func(body []*Node) {
		for _, n := range body {
			switch {
			case n.Kind == Load || n.Kind == Store || n.Kind == Bitcast || n.Kind == Convert:
			case narrowType(n.Type):
				t.Fatalf("%%%d (%s) still has type %s", n.ID, n.Kind, n.Type)
			}
			for _, a := range n.Args {
				if narrowType(a.Type) && n.Kind != Store && n.Kind != Bitcast && n.Kind != Convert {
					t.Fatalf("%%%d (%s) still takes a %s operand", n.ID, n.Kind, a.Type)
				}
			}
			walk(n.Body)
			walk(n.Else)
		}
	}
	walk(lk.Body)
	out := k.Params[len(k.Params)-1]
	run := func(k *Kernel) *ir.Tensor {
		args := append([]*ir.Tensor{}, ins...)
		o := ir.MustTensor(ir.TensorOf(out.Elem, out.Shape...))
		if err := EvalKernel(k, append(args, o)); err != nil {
			t.Fatal(err)
		}
		return o
	}
	want, got := run(k), run(lk)
	bad := 0
	for i := 0; i < want.Len(); i++ {
		if !sameValue(got, want, i) {
			if bad++; bad <= 5 {
				var in []any
				for _, x := range ins {
					if x.F != nil {
						in = append(in, x.F[i])
					} else {
						in = append(in, x.I[i])
					}
				}
				t.Errorf("%s (Ints32 %v): element %d, input %v: got %v, want %v", k.Name, o.Ints32, i, in, elemOf(got, i), elemOf(want, i))
			}
		}
	}
	if bad > 5 {
		t.Errorf("%s (Ints32 %v): %d of %d elements differ", k.Name, o.Ints32, bad, want.Len())
	}
}

// mapKernel builds out[i] = fn(in0[i], in1[i], ...) over n elements.
func mapKernel(name string, ins []ir.ElementType, out ir.ElementType, n int64, fn func(b *Builder, xs []*Node) *Node) *Kernel {
	b := NewBuilder(name)
	var ps []*Buffer
	for i, t := range ins {
		ps = append(ps, b.Param("in", t, []int64{n}, Read, i))
	}
	o := b.Param("out", out, []int64{n}, Write, len(ins))
	b.Loop(Grid, n, func(i *Node) {
		var xs []*Node
		for _, p := range ps {
			xs = append(xs, b.Load(p, i))
		}
		b.Store(o, i, fn(b, xs))
	})
	return b.K
}

// TestLegalizeNarrowConvert converts between every narrow type and the
// types it meets (floats, integers of every width, i1) and compares with
// the kernel IR's reference semantics (Eval, which follows ir/interp).
func TestLegalizeNarrowConvert(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	narrow := append(append([]ir.ElementType{ir.F16, ir.BF16}, f8All...), ir.I2, ir.I4, ir.UI2, ir.UI4)
	others := []ir.ElementType{ir.F32, ir.F64, ir.I1, ir.I8, ir.UI16, ir.I32, ir.UI32, ir.I64, ir.UI64, ir.Index}
	for _, a := range append(append([]ir.ElementType{}, narrow...), others...) {
		in := narrowValues(a, rng)
		for _, b := range append(append([]ir.ElementType{}, narrow...), others...) {
			if a == b || !narrowTypeOf(a) && !narrowTypeOf(b) && a.Bits() > 16 && b.Bits() > 16 {
				continue
			}
			k := mapKernel("convert_"+a.String()+"_"+b.String(), []ir.ElementType{a}, b, int64(in.Len()), func(bd *Builder, xs []*Node) *Node {
				return bd.Convert(xs[0], b)
			})
			checkNarrow(t, k, in)
		}
	}
}

func narrowTypeOf(e ir.ElementType) bool {
	return e.IsFloat() && e.Bits() <= 16 && e.Bits() >= 8 || e.IsInteger() && e.Bits() < 8
}

// TestLegalizeNarrowOps runs operations on narrow types over all pairs of
// 8-bit and sub-byte values (float ops whose f32 result is exact, so one
// rounding), and popcnt/clz on every integer width.
func TestLegalizeNarrowOps(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	pairs := func(e ir.ElementType) (*ir.Tensor, *ir.Tensor) {
		v := narrowValues(e, rng)
		if v.Len() > 256 {
			// 16-bit types: every 257th value, extremes included.
			w := ir.MustTensor(ir.TensorOf(e, 256))
			for i := range 256 {
				if v.F != nil {
					w.F[i] = v.F[i*257%v.Len()]
				} else {
					w.I[i] = v.I[i*257%v.Len()]
				}
			}
			v = w
		}
		n := int64(v.Len())
		x, y := ir.MustTensor(ir.TensorOf(e, n*n)), ir.MustTensor(ir.TensorOf(e, n*n))
		for i := int64(0); i < n*n; i++ {
			if v.F != nil {
				x.F[i], y.F[i] = v.F[i/n], v.F[i%n]
			} else {
				x.I[i], y.I[i] = v.I[i/n], v.I[i%n]
			}
		}
		return x, y
	}
	bin := func(k Kind) func(b *Builder, xs []*Node) *Node {
		return func(b *Builder, xs []*Node) *Node { return b.Bin(k, xs[0], xs[1]) }
	}
	for _, e := range f8All {
		x, y := pairs(e)
		for _, k := range []Kind{Mul, Max, Min} {
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e, e}, e, int64(x.Len()), bin(k)), x, y)
		}
		for _, k := range []Kind{LT, EQ, NE, GE} {
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e, e}, ir.I1, int64(x.Len()), bin(k)), x, y)
		}
		v := narrowValues(e, rng)
		checkNarrow(t, mapKernel(e.String()+"_bitcast", []ir.ElementType{e}, ir.I8, int64(v.Len()), func(b *Builder, xs []*Node) *Node {
			return b.Bitcast(xs[0], ir.I8)
		}), v)
		iv := narrowValues(ir.I8, rng)
		checkNarrow(t, mapKernel("i8_bitcast_"+e.String(), []ir.ElementType{ir.I8}, e, int64(iv.Len()), func(b *Builder, xs []*Node) *Node {
			return b.Bitcast(xs[0], e)
		}), iv)
		checkNarrow(t, mapKernel(e.String()+"_select", []ir.ElementType{e, e}, e, int64(x.Len()), func(b *Builder, xs []*Node) *Node {
			return b.Select(b.Bin(LT, xs[0], xs[1]), xs[1], ConstOf(e, 0.5))
		}), x, y)
	}
	for _, e := range []ir.ElementType{ir.BF16, ir.F16} {
		v := narrowValues(e, rng)
		for _, k := range []Kind{Neg, Abs, Floor} {
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e}, e, int64(v.Len()), func(b *Builder, xs []*Node) *Node {
				return b.Un(k, xs[0])
			}), v)
		}
		for _, to := range []ir.ElementType{ir.I16, ir.UI16, ir.F16, ir.BF16} {
			if to == e {
				continue
			}
			checkNarrow(t, mapKernel(e.String()+"_bitcast_"+to.String(), []ir.ElementType{e}, to, int64(v.Len()), func(b *Builder, xs []*Node) *Node {
				return b.Bitcast(xs[0], to)
			}), v)
		}
		for _, from := range []ir.ElementType{ir.I16, ir.UI16} {
			in := narrowValues(from, rng)
			checkNarrow(t, mapKernel(from.String()+"_bitcast_"+e.String(), []ir.ElementType{from}, e, int64(in.Len()), func(b *Builder, xs []*Node) *Node {
				return b.Bitcast(xs[0], e)
			}), in)
		}
	}
	for _, e := range []ir.ElementType{ir.I2, ir.I4, ir.UI2, ir.UI4, ir.I8, ir.UI8, ir.I16, ir.UI16} {
		x, y := pairs(e)
		for _, k := range []Kind{Add, Sub, Mul, Div, Rem, And, Or, Xor, Shl, ShrA, ShrL, Max, LT, LE, GT, EQ} {
			out := e
			if k.Class() == ClassCompare {
				out = ir.I1
			}
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e, e}, out, int64(x.Len()), bin(k)), x, y)
		}
		for _, k := range []Kind{Not, Neg, Abs, Popcnt, Clz} {
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e}, e, int64(x.Len()), func(b *Builder, xs []*Node) *Node {
				return b.Un(k, xs[0])
			}), x)
		}
		u := intType(e.Bits(), e.IsUnsigned())
		checkNarrow(t, mapKernel(e.String()+"_bitcast", []ir.ElementType{e}, u, int64(x.Len()), func(b *Builder, xs []*Node) *Node {
			return b.Bitcast(xs[0], u)
		}), x)
	}
	for _, e := range []ir.ElementType{ir.I64, ir.UI64} {
		v := narrowValues(e, rng)
		for _, k := range []Kind{Popcnt, Clz} {
			checkNarrow(t, mapKernel(e.String()+"_"+k.String(), []ir.ElementType{e}, e, int64(v.Len()), func(b *Builder, xs []*Node) *Node {
				return b.Un(k, xs[0])
			}), v)
		}
	}
}

// TestLegalizeNarrowKeepsInput checks k is left as it was and that
// unknown float types are refused.
func TestLegalizeNarrowKeepsInput(t *testing.T) {
	k := mapKernel("k", []ir.ElementType{ir.BF16}, ir.F32, 4, func(b *Builder, xs []*Node) *Node {
		return b.Convert(b.Bin(Add, xs[0], ConstOf(ir.BF16, 1.5)), ir.F32)
	})
	before := k.String()
	if _, err := LegalizeNarrow(k, narrowAll); err != nil {
		t.Fatal(err)
	}
	if after := k.String(); after != before {
		t.Errorf("LegalizeNarrow changed its input:\n%s\nwas\n%s", after, before)
	}
	if _, err := LegalizeNarrow(k, NarrowOptions{Floats: []ir.ElementType{ir.F32}}); err == nil {
		t.Error("LegalizeNarrow accepted f32 as a narrow float")
	}
}

func elemOf(x *ir.Tensor, i int) any {
	if x.F != nil {
		return x.F[i]
	}
	return x.I[i]
}
