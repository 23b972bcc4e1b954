package gpu

import (
	"math"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// fx emits scalar float code of type t (f32 or f64) through a kernel
// Builder; it is the vocabulary of the math legalisation. Every node it
// emits is a GPU primitive (see doc.go): add, sub, mul, div, sqrt, floor,
// round_even, ordered comparisons, select, bitcast, integer and/or/shifts,
// in-range float<->int converts.
type fx struct {
	b  *K.Builder
	t  ir.ElementType // the float type
	it ir.ElementType // the signed integer type of the same width
}

func newFx(b *K.Builder, t ir.ElementType) fx {
	it := ir.I32
	if t == ir.F64 {
		it = ir.I64
	}
	return fx{b: b, t: t, it: it}
}

func (f fx) mbits() int64 { // mantissa bits (without the implicit one)
	if f.t == ir.F64 {
		return 52
	}
	return 23
}
func (f fx) bias() int64 {
	if f.t == ir.F64 {
		return 1023
	}
	return 127
}
func (f fx) f64() bool { return f.t == ir.F64 }

func (f fx) c(v float64) *K.Node { return K.ConstOf(f.t, v) }
func (f fx) ci(v int64) *K.Node  { return K.ConstOf(f.it, v) }

func (f fx) add(x, y *K.Node) *K.Node { return f.b.Bin(K.Add, x, y) }
func (f fx) sub(x, y *K.Node) *K.Node { return f.b.Bin(K.Sub, x, y) }
func (f fx) mul(x, y *K.Node) *K.Node { return f.b.Bin(K.Mul, x, y) }
func (f fx) div(x, y *K.Node) *K.Node { return f.b.Bin(K.Div, x, y) }
func (f fx) neg(x *K.Node) *K.Node    { return f.b.Un(K.Neg, x) }
func (f fx) sqrt(x *K.Node) *K.Node   { return f.b.Un(K.Sqrt, x) }
func (f fx) floor(x *K.Node) *K.Node  { return f.b.Un(K.Floor, x) }
func (f fx) rint(x *K.Node) *K.Node   { return f.b.Un(K.RoundEven, x) }
func (f fx) abs(x *K.Node) *K.Node    { return f.b.Un(K.Abs, x) }

func (f fx) lt(x, y *K.Node) *K.Node { return f.b.Bin(K.LT, x, y) }
func (f fx) le(x, y *K.Node) *K.Node { return f.b.Bin(K.LE, x, y) }
func (f fx) gt(x, y *K.Node) *K.Node { return f.b.Bin(K.GT, x, y) }
func (f fx) ge(x, y *K.Node) *K.Node { return f.b.Bin(K.GE, x, y) }
func (f fx) eq(x, y *K.Node) *K.Node { return f.b.Bin(K.EQ, x, y) }
func (f fx) ne(x, y *K.Node) *K.Node { return f.b.Bin(K.NE, x, y) }
func (f fx) and(x, y *K.Node) *K.Node {
	return f.b.Bin(K.And, x, y)
}
func (f fx) or(x, y *K.Node) *K.Node { return f.b.Bin(K.Or, x, y) }
func (f fx) not(x *K.Node) *K.Node   { return f.b.Un(K.Not, x) }
func (f fx) sel(c, x, y *K.Node) *K.Node {
	return f.b.Select(c, x, y)
}

// isnan is x != x.
func (f fx) isnan(x *K.Node) *K.Node { return f.ne(x, x) }

// isinf is |x| == inf.
func (f fx) isinf(x *K.Node) *K.Node { return f.eq(f.abs(x), f.c(math.Inf(1))) }

func (f fx) bits(x *K.Node) *K.Node     { return f.b.Bitcast(x, f.it) }
func (f fx) fromBits(i *K.Node) *K.Node { return f.b.Bitcast(i, f.t) }

// signBit is the sign bit mask as an integer constant.
func (f fx) signBit() *K.Node {
	if f.f64() {
		return f.ci(math.MinInt64)
	}
	return f.ci(math.MinInt32)
}

// copysign returns |x| with the sign of s.
func (f fx) copysign(x, s *K.Node) *K.Node {
	m := f.signBit()
	xb := f.b.Bin(K.And, f.bits(x), f.b.Un(K.Not, m))
	sb := f.b.Bin(K.And, f.bits(s), m)
	return f.fromBits(f.b.Bin(K.Or, xb, sb))
}

// negIf flips the sign of x where the sign bit of s is set (x * sign(s)
// without the multiply): the result of an odd function of |s|.
func (f fx) negIf(x, s *K.Node) *K.Node {
	sb := f.b.Bin(K.And, f.bits(s), f.signBit())
	return f.fromBits(f.b.Bin(K.Xor, f.bits(x), sb))
}

// signbit reports whether x's sign bit is set (true for -0 and -NaN).
func (f fx) signbit(x *K.Node) *K.Node {
	return f.b.Bin(K.LT, f.bits(x), f.ci(0))
}

// poly evaluates c[0] + x*(c[1] + x*(c[2] + ...)) by Horner's rule.
func (f fx) poly(x *K.Node, c ...float64) *K.Node {
	r := f.c(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		r = f.add(f.mul(r, x), f.c(c[i]))
	}
	return r
}

// toInt converts a float known to be an integer in range to f.it.
func (f fx) toInt(x *K.Node) *K.Node { return f.b.Convert(x, f.it) }

// toFloat converts an integer of type f.it to f.t.
func (f fx) toFloat(i *K.Node) *K.Node { return f.b.Convert(i, f.t) }

// pow2i returns 2^k as a float for an integer k (type f.it) within the
// normal exponent range.
func (f fx) pow2i(k *K.Node) *K.Node {
	e := f.b.Bin(K.Add, k, f.ci(f.bias()))
	return f.fromBits(f.b.Bin(K.Shl, e, f.ci(f.mbits())))
}

// ldexp returns x * 2^k for |k| up to twice the exponent range, in two
// steps so that neither factor overflows.
func (f fx) ldexp(x, k *K.Node) *K.Node {
	k1 := f.b.Bin(K.ShrA, k, f.ci(1))
	k2 := f.b.Bin(K.Sub, k, k1)
	return f.mul(f.mul(x, f.pow2i(k1)), f.pow2i(k2))
}
