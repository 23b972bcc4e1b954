package kernel

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Narrow float conversions for LegalizeNarrow, in integer and f32
// arithmetic. The encodings follow ir.FloatBits and ir.FloatFromBits (OCP
// 8-bit Floating Point Specification, 2023, for the f8 types): f8E5M2 is
// IEEE-like (bias 15, infinities, NaN S.11111.xx, canonical S.11111.10);
// f8E4M3FN (bias 7) has no infinity and one NaN per sign, S.1111.111.

func f32c(v float64) *Node { return &Node{Kind: Const, Type: ir.F32, F: v} }
func u32c(v int64) *Node   { return cst(ir.UI32, v) }

// convert converts held x of type from to type to.
func (l *narrower) convert(x *Node, from, to ir.ElementType) *Node {
	b := l.b
	switch {
	case l.float[from]:
		w := l.widen(x, from)
		switch {
		case l.float[to]:
			return l.narrow(w, to)
		case to == ir.I1:
			return b.Bin(NE, w, f32c(0))
		case l.sub(to):
			return l.floatToSub(w, to)
		}
		return b.Convert(w, to)
	case l.float[to]:
		return l.narrow(l.toF32Odd(x, from), to)
	case l.sub(to) && from.IsFloat():
		return l.floatToSub(x, to)
	case l.sub(from) && to.IsFloat():
		return b.Convert(x, to)
	case l.sub(from) || l.sub(to):
		return l.intConvert(x, from, to)
	}
	return b.Convert(x, to)
}

// toF32Odd returns held x of type from (not a held narrow float) as an f32
// that a rounding to a format of at most 22 significand bits rounds as
// if from x itself: exact where x fits in f32, else rounded to odd.
func (l *narrower) toF32Odd(x *Node, from ir.ElementType) *Node {
	b := l.b
	switch {
	case from == ir.F32:
		return x
	case from == ir.F64:
		return l.f64Odd(x)
	case from.IsFloat():
		return b.Convert(x, ir.F32)
	case from == ir.I1:
		return b.Select(x, f32c(1), f32c(0))
	case from == ir.Index && l.o.Index32:
		return l.intOdd(b.Convert(x, ir.I32), ir.I32)
	case from == ir.Index:
		return l.intOdd(b.Convert(x, ir.I64), ir.I64)
	case from.Bits() <= 16:
		return b.Convert(x, ir.F32)
	}
	return l.intOdd(x, from)
}

// f64Odd rounds the f64 x to f32 with round-to-odd: the nearest-even f32,
// stepped one towards zero when that rounded away, with its last bit set
// when inexact.
func (l *narrower) f64Odd(x *Node) *Node {
	b := l.b
	t := b.Convert(x, ir.F32)
	tb := b.Bitcast(t, ir.UI32)
	back := b.Convert(t, ir.F64)
	away := b.Select(b.Bin(GT, b.Un(Abs, back), b.Un(Abs, x)), u32c(1), u32c(0))
	odd := b.Bin(Or, b.Bin(Sub, tb, away), u32c(1))
	return b.Bitcast(b.Select(b.Bin(NE, back, x), odd, tb), ir.F32)
}

// intOdd converts the 32- or 64-bit integer x to an f32 rounded to odd:
// its magnitude truncated to 24 significant bits, the last kept bit set
// when a dropped bit was, converted exactly.
func (l *narrower) intOdd(x *Node, from ir.ElementType) *Node {
	b := l.b
	ut := unsignedOf(from)
	w := int64(from.Bits())
	u := x
	var neg *Node
	if from.IsSigned() {
		neg = b.Bin(LT, x, cst(from, 0))
		u = b.Bitcast(b.Select(neg, b.Un(Neg, x), x), ut)
	}
	length := b.Bin(Sub, cst(ut, w), l.bitCount(Clz, u))
	k := b.Select(b.Bin(GT, length, cst(ut, 24)), b.Bin(Sub, length, cst(ut, 24)), cst(ut, 0))
	bit := b.Bin(Shl, cst(ut, 1), k)
	mask := b.Bin(Sub, bit, cst(ut, 1))
	sticky := b.Bin(NE, b.Bin(And, u, mask), cst(ut, 0))
	u = b.Bin(Or, b.Bin(And, u, b.Un(Not, mask)), b.Select(sticky, bit, cst(ut, 0)))
	f := b.Convert(u, ir.F32)
	if neg != nil {
		f = b.Select(neg, b.Un(Neg, f), f)
	}
	return f
}

// widen returns the f32 of the same value as held x of narrow float t
// (exact). Subnormals of t are converted from their integer significand,
// so no f32 subnormal arises.
func (l *narrower) widen(x *Node, t ir.ElementType) *Node {
	b := l.b
	h := b.Convert(x, ir.UI32)
	switch t {
	case ir.BF16:
		return b.Bitcast(b.Bin(Shl, h, u32c(16)), ir.F32)
	case ir.F8E5M2:
		// f8E5M2 is the high byte of an f16.
		return l.widenIEEE(b.Bin(Shl, h, u32c(8)), 10, 15, 0x7c00, 0x8000, 16)
	case ir.F16:
		return l.widenIEEE(h, 10, 15, 0x7c00, 0x8000, 16)
	}
	if t != ir.F8E4M3FN {
		return l.widenF8(h, t)
	}
	// f8E4M3FN: NaN is em == 0x7f.
	em := b.Bin(And, h, u32c(0x7f))
	r := l.widenFinite(em, 3, 7)
	r = b.Select(b.Bin(EQ, em, u32c(0x7f)), u32c(0x7fc00000), r)
	sign := b.Bin(Shl, b.Bin(And, h, u32c(0x80)), u32c(24))
	return b.Bitcast(b.Bin(Or, r, sign), ir.F32)
}

// widenFinite returns the f32 bits of the finite non-negative value whose
// encoding (exponent and mantissa of mbits bits, bias) is em (ui32).
func (l *narrower) widenFinite(em *Node, mbits, bias int64) *Node {
	b := l.b
	normal := b.Bin(Add, b.Bin(Shl, em, u32c(23-mbits)), u32c((127-bias)<<23))
	// Subnormal: em * 2^(1-bias-mbits), exact in f32 and normal.
	sub := b.Bitcast(b.Bin(Mul, b.Convert(em, ir.F32), f32c(math.Ldexp(1, int(1-bias-mbits)))), ir.UI32)
	return b.Select(b.Bin(LT, em, u32c(1<<mbits)), sub, normal)
}

// widenIEEE widens the IEEE-format bits h (ui32; mbits mantissa bits,
// bias, infinity exponent field inf, sign bit sign, width w) to f32.
func (l *narrower) widenIEEE(h *Node, mbits, bias, inf, sign, w int64) *Node {
	b := l.b
	em := b.Bin(And, h, u32c(sign-1))
	r := l.widenFinite(em, mbits, bias)
	// Infinities and NaNs: the exponent field all ones.
	special := b.Bin(Add, b.Bin(Shl, em, u32c(23-mbits)), u32c((255-(inf>>mbits))<<23))
	r = b.Select(b.Bin(GE, em, u32c(inf)), special, r)
	s := b.Bin(Shl, b.Bin(And, h, u32c(sign)), u32c(32-w))
	return b.Bitcast(b.Bin(Or, r, s), ir.F32)
}

// narrowFormat holds the constants of narrow's rounding for one type.
type narrowFormat struct {
	mshift  int64 // 23 - mantissa bits
	bias    int64
	normMin int64 // f32 bits of the smallest normal
	subC    int64 // f32 bits of 2^k whose ulp is the subnormal quantum
	special int64 // f32 bits of |x| from which the result is Inf or NaN
	inf     int64 // the infinity's bits (f8E4M3FN: its NaN)
	nan     int64 // the quiet NaN's bits
	signAt  int64 // the sign bit's position
}

var narrowFormats = map[ir.ElementType]narrowFormat{
	// |x| >= 2^16 is Inf; below, rounding carries into Inf from 65520.
	ir.F16: {mshift: 13, bias: 15, normMin: 113 << 23, subC: 126 << 23, special: 143 << 23, inf: 0x7c00, nan: 0x7e00, signAt: 15},
	// Quantum 2^-9; |x| > 464 (the tie between 448 and 480 rounds to
	// 448) is NaN.
	ir.F8E4M3FN: {mshift: 20, bias: 7, normMin: 121 << 23, subC: 141 << 23, special: 0x43e80001, inf: 0x7f, nan: 0x7f, signAt: 7},
	// Quantum 2^-16; |x| >= 2^16 is Inf (below, the rounding carries
	// into Inf from 61440).
	ir.F8E5M2: {mshift: 21, bias: 15, normMin: 113 << 23, subC: 134 << 23, special: 143 << 23, inf: 0x7c, nan: 0x7e, signAt: 7},
}

// narrow rounds the f32 x to narrow float t, to nearest even, and returns
// its bits (held form). NaN stays a quiet NaN.
func (l *narrower) narrow(x *Node, t ir.ElementType) *Node {
	b := l.b
	xb := b.Bitcast(x, ir.UI32)
	a := b.Bin(And, xb, u32c(0x7fffffff))
	if t == ir.BF16 {
		// NaN: the high half with the quiet bit; else round the bits.
		r := b.Bin(ShrL, b.Bin(Add, b.Bin(Add, xb, u32c(0x7fff)), b.Bin(And, b.Bin(ShrL, xb, u32c(16)), u32c(1))), u32c(16))
		q := b.Bin(Or, b.Bin(ShrL, xb, u32c(16)), u32c(0x40))
		return b.Convert(b.Select(b.Bin(GT, a, u32c(0x7f800000)), q, r), l.rep(t))
	}
	if t == ir.F8E8M0FNU {
		return b.Convert(l.narrowE8M0(xb), l.rep(t))
	}
	f, ok := narrowFormats[t]
	if !ok {
		f = f8Format(t)
	}
	sign := b.Bin(And, b.Bin(ShrL, xb, u32c(31-f.signAt)), u32c(1<<f.signAt))
	// normal: (a + ((bias-127) << 23) + half-1 + lsb) >> mshift
	normal := b.Bin(ShrL, b.Bin(Add, b.Bin(Add, a, u32c((f.bias-127)<<23+1<<(f.mshift-1)-1)),
		b.Bin(And, b.Bin(ShrL, a, u32c(f.mshift)), u32c(1))), u32c(f.mshift))
	// subnormal: bits(f(a) + C) - bits(C), rounded by the f32 add.
	c := f32c(float64(math.Float32frombits(uint32(f.subC))))
	sub := b.Bin(Sub, b.Bitcast(b.Bin(Add, b.Bitcast(a, ir.F32), c), ir.UI32), u32c(f.subC))
	r := b.Select(b.Bin(GE, a, u32c(f.normMin)), normal, sub)
	special := b.Select(b.Bin(GT, a, u32c(0x7f800000)), u32c(f.nan), u32c(f.inf))
	isSpecial := b.Bin(GE, a, u32c(f.special))
	r = b.Select(isSpecial, special, r)
	switch {
	case t == ir.F8E4M3FN:
		// Overflow and infinities give the positive NaN (ir.RoundFloat);
		// a NaN keeps its sign.
		sign = b.Select(b.Bin(And, isSpecial, b.Bin(LE, a, u32c(0x7f800000))), u32c(0), sign)
	case !ir.HasNegativeZero(t):
		// The FNUZ types: 0x80 is their only NaN (no sign to add) and
		// there is no -0.
		sign = b.Select(b.Bin(Or, isSpecial, b.Bin(EQ, r, u32c(0))), u32c(0), sign)
	}
	return b.Convert(b.Bin(Or, r, sign), l.rep(t))
}

// f8Format returns narrow's constants for the 8-bit float t with a sign
// bit (f8E3M4, f8E4M3, the FNUZ types), from its ir format: the f32 bits
// of its smallest normal, of the 2^k whose f32 ulp is its subnormal
// quantum, and of the smallest |x| that rounds past its largest finite
// value (max + ulp/2: max's mantissa is all ones, so the tie rounds up);
// such x give the infinity (IEEE types) or the NaN 0x80 (FNUZ types).
func f8Format(t ir.ElementType) narrowFormat {
	ebits, mbits, bias, _ := ir.FloatFormat(t)
	emin := int64(1 - bias)
	max := ir.MaxFinite(t)
	_, k := math.Frexp(max)
	ulp := math.Ldexp(1, k-1-mbits)
	f := narrowFormat{
		mshift:  int64(23 - mbits),
		bias:    int64(bias),
		normMin: (emin + 127) << 23,
		subC:    (emin - int64(mbits) + 23 + 127) << 23,
		special: int64(math.Float32bits(float32(max + ulp/2))),
		signAt:  7,
	}
	expMask := int64(1)<<ebits - 1
	if ir.HasInfinity(t) {
		f.inf, f.nan = expMask<<mbits, expMask<<mbits|1<<(mbits-1)
	} else {
		f.inf, f.nan = 0x80, 0x80
	}
	return f
}

// widenF8 widens the held bits h (ui32) of an 8-bit float other than
// f8E4M3FN and f8E5M2 to f32: the IEEE ones (f8E3M4, f8E4M3) as f16 is
// widened; the FNUZ ones with 0x80 as NaN and every exponent normal;
// f8E8M0FNU as 2^(h-127) (h << 23 in f32 bits; h = 0 is 2^-127, an f32
// subnormal: 0x00400000), 0xFF as NaN.
func (l *narrower) widenF8(h *Node, t ir.ElementType) *Node {
	b := l.b
	nan := u32c(0x7fc00000)
	if t == ir.F8E8M0FNU {
		r := b.Select(b.Bin(EQ, h, u32c(0)), u32c(0x00400000), b.Bin(Shl, h, u32c(23)))
		return b.Bitcast(b.Select(b.Bin(EQ, h, u32c(0xff)), nan, r), ir.F32)
	}
	ebits, mbits, bias, _ := ir.FloatFormat(t)
	if ir.HasInfinity(t) {
		inf := int64(1)<<ebits - 1
		return l.widenIEEE(h, int64(mbits), int64(bias), inf<<mbits, 0x80, 8)
	}
	em := b.Bin(And, h, u32c(0x7f))
	r := b.Bin(Or, l.widenFinite(em, int64(mbits), int64(bias)), b.Bin(Shl, b.Bin(And, h, u32c(0x80)), u32c(24)))
	return b.Bitcast(b.Select(b.Bin(EQ, h, u32c(0x80)), nan, r), ir.F32)
}

// narrowE8M0 returns the f8E8M0FNU code (ui32) of the f32 whose bits are
// xb, as ir.RoundFloat rounds: the f32's exponent field (f8E8M0FNU has
// f32's bias), one up when the significand is at least 1.5; f32
// subnormals give 0 (2^-127) or, from 1.5·2^-127, 1; negative values,
// infinities, NaN and overflow give the NaN 0xFF; ±0 gives 0.
func (l *narrower) narrowE8M0(xb *Node) *Node {
	b := l.b
	e := b.Bin(And, b.Bin(ShrL, xb, u32c(23)), u32c(0xff))
	m := b.Bin(And, xb, u32c(0x7fffff))
	code := b.Bin(Add, e, b.Select(b.Bin(GE, m, u32c(0x400000)), u32c(1), u32c(0)))
	sub := b.Select(b.Bin(GE, m, u32c(0x600000)), u32c(1), u32c(0))
	code = b.Select(b.Bin(EQ, e, u32c(0)), sub, code)
	neg := b.Bin(GT, xb, u32c(0x80000000))
	bad := b.Bin(Or, neg, b.Bin(GE, code, u32c(0xff)))
	return b.Select(bad, u32c(0xff), code)
}
