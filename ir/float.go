package ir

import "math"

// floatFormat describes a binary floating-point format: ebits exponent bits,
// mbits explicit mantissa bits, the exponent bias, and how it encodes
// infinities and NaN (LLVM APFloat's fltSemantics, which MLIR's builtin float
// types use; ml_dtypes implements the same formats):
//
//   - nanIEEE: IEEE 754 — the all-ones exponent holds ±inf (zero mantissa)
//     and NaN (f8E3M4, f8E4M3, f8E5M2, f16, bf16, f32, f64);
//   - nanFN: no infinities; S.1111.111 (all ones) is NaN and the rest of the
//     all-ones exponent is normal (f8E4M3FN, OCP OFP8); overflow and ±inf
//     convert to NaN;
//   - nanFNUZ: no infinities, no negative zero; 0x80 (the negative zero's
//     pattern) is the only NaN and every exponent is normal (f8E4M3FNUZ,
//     f8E4M3B11FNUZ, f8E5M2FNUZ); overflow and ±inf convert to NaN, -0 to +0;
//   - nanNone: finite values only (f4E2M1FN, f6E2M3FN, f6E3M2FN, OCP MX);
//     overflow and ±inf saturate to ±max, NaN converts to +0 (APFloat's
//     rule; the MX specification leaves it undefined);
//   - nanE8M0: f8E8M0FNU, the OCP MX scale: no sign bit, no mantissa, no
//     zero, no subnormals: 2^(bits-127) for bits 0..254, 0xFF is NaN; values
//     round to the nearest power of two on the linear scale (1.5·2^k up, as
//     APFloat's ties-to-even at one bit of precision), zero and values below
//     2^-127 become 2^-127, negative values, overflow and ±inf NaN.
type floatFormat struct {
	ebits, mbits, bias int
	nan                nanKind
}

// nanKind is how a float format encodes infinities and NaN (see floatFormat).
type nanKind uint8

const (
	nanIEEE nanKind = iota
	nanFN
	nanFNUZ
	nanNone
	nanE8M0
)

var floatFormats = map[ElementType]floatFormat{
	F4E2M1FN:      {2, 1, 1, nanNone},
	F6E2M3FN:      {2, 3, 1, nanNone},
	F6E3M2FN:      {3, 2, 3, nanNone},
	F8E3M4:        {3, 4, 3, nanIEEE},
	F8E4M3:        {4, 3, 7, nanIEEE},
	F8E4M3FN:      {4, 3, 7, nanFN},
	F8E4M3FNUZ:    {4, 3, 8, nanFNUZ},
	F8E4M3B11FNUZ: {4, 3, 11, nanFNUZ},
	F8E5M2:        {5, 2, 15, nanIEEE},
	F8E5M2FNUZ:    {5, 2, 16, nanFNUZ},
	F8E8M0FNU:     {8, 0, 127, nanE8M0},
	F16:           {5, 10, 15, nanIEEE},
	BF16:          {8, 7, 127, nanIEEE},
	F32:           {8, 23, 127, nanIEEE},
	F64:           {11, 52, 1023, nanIEEE},
}

// hasSign reports whether the format has a sign bit.
func (f floatFormat) hasSign() bool { return f.nan != nanE8M0 }

// signShift is the position of the sign bit.
func (f floatFormat) signShift() uint { return uint(f.ebits + f.mbits) }

// emin is the exponent of the smallest normal value.
func (f floatFormat) emin() int {
	if f.nan == nanE8M0 {
		return -f.bias
	}
	return 1 - f.bias
}

// maxFinite returns the largest finite value of the format.
func (f floatFormat) maxFinite() float64 {
	top := 1<<f.ebits - 1 // the all-ones exponent field
	switch f.nan {
	case nanIEEE:
		return math.Ldexp(2-math.Ldexp(1, -f.mbits), top-1-f.bias)
	case nanFN:
		// The all-ones exponent is usable, minus the all-ones mantissa (NaN).
		return math.Ldexp(2-math.Ldexp(1, 1-f.mbits), top-f.bias)
	case nanE8M0:
		return math.Ldexp(1, top-1-f.bias)
	}
	return math.Ldexp(2-math.Ldexp(1, -f.mbits), top-f.bias)
}

// RoundFloat rounds x to the nearest value representable in the float type e,
// ties to even (IEEE 754 roundTiesToEven; what XLA does for an inexact
// `convert`, which the StableHLO spec leaves implementation-defined).
// Subnormals are kept (no flush to zero); -0.0 and NaN are kept where the
// type has them. Values beyond the largest finite one, and infinities, follow
// the type's rule (floatFormat): ±Inf for the IEEE types, NaN for the FN,
// FNUZ and E8M0 types, ±max for the finite-only f4/f6 types. For complex or
// non-float e, x is returned unchanged.
func RoundFloat(x float64, e ElementType) float64 {
	switch e {
	case F64:
		return x
	case F32, C64:
		return float64(float32(x))
	}
	f, ok := floatFormats[e]
	if !ok {
		return x
	}
	if math.IsNaN(x) {
		if f.nan == nanNone {
			return 0
		}
		return x
	}
	if f.nan == nanE8M0 {
		return roundE8M0(x, f)
	}
	if math.IsInf(x, 0) {
		switch f.nan {
		case nanIEEE:
			return x
		case nanNone:
			return math.Copysign(f.maxFinite(), x)
		}
		return math.NaN()
	}
	if x == 0 {
		if f.nan == nanFNUZ {
			return 0
		}
		return x
	}
	a := math.Abs(x)
	_, k := math.Frexp(a) // a = m * 2^k, m in [0.5, 1)
	exp := max(k-1, f.emin())
	q := exp - f.mbits // a quantum of 2^q
	r := math.Ldexp(math.RoundToEven(math.Ldexp(a, -q)), q)
	if r > f.maxFinite() {
		switch f.nan {
		case nanIEEE:
			r = math.Inf(1)
		case nanNone:
			r = f.maxFinite()
		default:
			return math.NaN()
		}
	}
	if x < 0 && !(r == 0 && f.nan == nanFNUZ) {
		r = -r
	}
	return r
}

// roundE8M0 rounds x to f8E8M0FNU (see floatFormat).
func roundE8M0(x float64, f floatFormat) float64 {
	switch {
	case x < 0 || math.IsInf(x, 0):
		return math.NaN()
	case x == 0:
		return math.Ldexp(1, f.emin())
	}
	m, k := math.Frexp(x) // x = m * 2^k, m in [0.5, 1)
	k--
	if m >= 0.75 {
		k++
	}
	if k < f.emin() {
		k = f.emin()
	}
	if k > 254-f.bias {
		return math.NaN()
	}
	return math.Ldexp(1, k)
}

// FloatBits returns the bit pattern of x in the float type e, after rounding
// x with RoundFloat. NaN is encoded as the canonical quiet NaN of the type
// with its sign kept (f8E4M3FN: 0x7F; the FNUZ types: 0x80; f8E8M0FNU:
// 0xFF). For f32 and f64 the payload of a NaN is kept.
func FloatBits(x float64, e ElementType) uint64 {
	switch e {
	case F64:
		return math.Float64bits(x)
	case F32:
		return uint64(math.Float32bits(float32(x)))
	}
	f, ok := floatFormats[e]
	if !ok {
		return 0
	}
	x = RoundFloat(x, e)
	expMask := uint64(1)<<uint(f.ebits) - 1
	if f.nan == nanE8M0 {
		if math.IsNaN(x) {
			return expMask
		}
		_, k := math.Frexp(x)
		return uint64(k - 1 + f.bias)
	}
	var sign uint64
	if math.Signbit(x) {
		sign = 1 << f.signShift()
	}
	switch {
	case math.IsNaN(x):
		switch f.nan {
		case nanFN:
			return sign | expMask<<uint(f.mbits) | (1<<uint(f.mbits) - 1)
		case nanFNUZ:
			return 1 << f.signShift()
		}
		return sign | expMask<<uint(f.mbits) | 1<<uint(f.mbits-1)
	case math.IsInf(x, 0):
		return sign | expMask<<uint(f.mbits)
	case x == 0:
		return sign
	}
	a := math.Abs(x)
	_, k := math.Frexp(a)
	exp := k - 1
	if exp < f.emin() { // subnormal
		m := uint64(math.Ldexp(a, f.mbits-f.emin()))
		return sign | m
	}
	m := uint64(math.Ldexp(a, f.mbits-exp)) - 1<<uint(f.mbits)
	return sign | uint64(exp+f.bias)<<uint(f.mbits) | m
}

// FloatFromBits decodes bits, the encoding of one element of float type e
// (bits above the type's width are ignored), into a float64 (exact: every
// value of every float type fits a float64).
func FloatFromBits(bits uint64, e ElementType) float64 {
	switch e {
	case F64:
		return math.Float64frombits(bits)
	case F32:
		return float64(math.Float32frombits(uint32(bits)))
	}
	f, ok := floatFormats[e]
	if !ok {
		return 0
	}
	expMask := uint64(1)<<uint(f.ebits) - 1
	if f.nan == nanE8M0 {
		bits &= expMask
		if bits == expMask {
			return math.NaN()
		}
		return math.Ldexp(1, int(bits)-f.bias)
	}
	bits &= 1<<(f.signShift()+1) - 1
	neg := bits>>f.signShift()&1 == 1
	ex := bits >> uint(f.mbits) & expMask
	m := bits & (1<<uint(f.mbits) - 1)
	var v float64
	switch {
	case f.nan == nanFNUZ && bits == 1<<f.signShift():
		return math.NaN()
	case ex == expMask && f.nan == nanIEEE:
		if m != 0 {
			v = math.NaN()
		} else {
			v = math.Inf(1)
		}
	case ex == expMask && f.nan == nanFN && m == 1<<uint(f.mbits)-1:
		v = math.NaN()
	case ex == 0:
		v = math.Ldexp(float64(m), f.emin()-f.mbits)
	default:
		v = math.Ldexp(float64(m|1<<uint(f.mbits)), int(ex)-f.bias-f.mbits)
	}
	if neg {
		if math.IsNaN(v) {
			return math.Copysign(v, -1)
		}
		v = -v
	}
	return v
}

// HasInfinity reports whether float type e encodes infinities (the IEEE
// types; not f8E4M3FN, the FNUZ types, f8E8M0FNU nor the f4/f6 types).
func HasInfinity(e ElementType) bool {
	f, ok := floatFormats[e.ComplexPart()]
	return ok && f.nan == nanIEEE
}

// HasNaN reports whether float type e encodes NaN (every float type but
// the finite-only f4E2M1FN, f6E2M3FN and f6E3M2FN).
func HasNaN(e ElementType) bool {
	f, ok := floatFormats[e.ComplexPart()]
	return ok && f.nan != nanNone
}

// HasNegativeZero reports whether float type e encodes -0 (not the FNUZ
// types nor f8E8M0FNU).
func HasNegativeZero(e ElementType) bool {
	f, ok := floatFormats[e.ComplexPart()]
	return ok && f.nan != nanFNUZ && f.nan != nanE8M0
}

// MinExponent returns the exponent of the smallest positive value of float
// type e: its smallest subnormal (2^-149 for f32), or its smallest normal
// for f8E8M0FNU, which has no subnormals (0 and false for other types).
func MinExponent(e ElementType) (int, bool) {
	f, ok := floatFormats[e.ComplexPart()]
	return f.emin() - f.mbits, ok
}

// FloatFormat returns the exponent and explicit mantissa widths and the
// exponent bias of float type e (ok false for other types).
func FloatFormat(e ElementType) (ebits, mbits, bias int, ok bool) {
	f, ok := floatFormats[e.ComplexPart()]
	return f.ebits, f.mbits, f.bias, ok
}

// MaxFinite returns the largest finite value of float type e
// (65504 for f16, 448 for f8E4M3FN).
func MaxFinite(e ElementType) float64 {
	if f, ok := floatFormats[e.ComplexPart()]; ok {
		return f.maxFinite()
	}
	return 0
}
