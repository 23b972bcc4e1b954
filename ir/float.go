package ir

import "math"

// floatFormat describes a binary floating-point format: ebits exponent bits,
// mbits explicit mantissa bits, and whether it has infinities. Formats without
// infinities follow the "FN" convention of the OCP 8-bit floating point
// specification (OFP8, 2023) as LLVM's APFloat implements Float8E4M3FN: the
// all-ones exponent is a normal binade except for S.1111.111, which is NaN;
// overflow and infinities convert to NaN.
type floatFormat struct {
	ebits, mbits int
	hasInf       bool
}

var floatFormats = map[ElementType]floatFormat{
	F8E4M3FN: {4, 3, false},
	F8E5M2:   {5, 2, true},
	F16:      {5, 10, true},
	BF16:     {8, 7, true},
	F32:      {8, 23, true},
	F64:      {11, 52, true},
}

func (f floatFormat) bias() int { return 1<<(f.ebits-1) - 1 }

// maxFinite returns the largest finite value of the format.
func (f floatFormat) maxFinite() float64 {
	emax := f.bias()
	mant := 2 - math.Ldexp(1, -f.mbits)
	if !f.hasInf {
		// The all-ones exponent is usable, minus the all-ones mantissa (NaN).
		emax++
		mant = 2 - math.Ldexp(1, -f.mbits+1)
	}
	return math.Ldexp(mant, emax)
}

// RoundFloat rounds x to the nearest value representable in the float type e,
// ties to even (IEEE 754 roundTiesToEven; what XLA does for an inexact
// `convert`, which the StableHLO spec leaves implementation-defined).
// Values beyond the largest finite one become ±Inf, or NaN for f8E4M3FN,
// which has no infinities. Subnormals are kept (no flush to zero); -0.0 and
// NaN are kept. For complex or non-float e, x is returned unchanged.
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
		return x
	}
	if math.IsInf(x, 0) {
		if f.hasInf {
			return x
		}
		return math.NaN()
	}
	if x == 0 {
		return x
	}
	a := math.Abs(x)
	emin := 1 - f.bias()
	_, k := math.Frexp(a) // a = m * 2^k, m in [0.5, 1)
	exp := k - 1
	if exp < emin {
		exp = emin
	}
	q := exp - f.mbits // a quantum of 2^q
	r := math.Ldexp(math.RoundToEven(math.Ldexp(a, -q)), q)
	if r > f.maxFinite() {
		if f.hasInf {
			r = math.Inf(1)
		} else {
			return math.NaN()
		}
	}
	if x < 0 {
		r = -r
	}
	return r
}

// FloatBits returns the bit pattern of x in the float type e, after rounding
// x with RoundFloat. NaN is encoded as the canonical quiet NaN of the type,
// with its sign kept (f8E4M3FN: 0x7F). For f32 and f64 the payload of a NaN
// is kept.
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
	var sign uint64
	if math.Signbit(x) {
		sign = 1 << uint(f.ebits+f.mbits)
	}
	expMask := uint64(1)<<uint(f.ebits) - 1
	switch {
	case math.IsNaN(x):
		if !f.hasInf {
			return sign | expMask<<uint(f.mbits) | (1<<uint(f.mbits) - 1)
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
	emin := 1 - f.bias()
	if exp < emin { // subnormal
		m := uint64(math.Ldexp(a, f.mbits-emin))
		return sign | m
	}
	m := uint64(math.Ldexp(a, f.mbits-exp)) - 1<<uint(f.mbits)
	return sign | uint64(exp+f.bias())<<uint(f.mbits) | m
}

// FloatFromBits decodes bits, the encoding of one element of float type e,
// into a float64 (exact: every value of every float type fits a float64).
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
	neg := bits>>uint(f.ebits+f.mbits)&1 == 1
	expMask := uint64(1)<<uint(f.ebits) - 1
	ex := bits >> uint(f.mbits) & expMask
	m := bits & (1<<uint(f.mbits) - 1)
	var v float64
	switch {
	case ex == expMask && f.hasInf:
		if m != 0 {
			v = math.NaN()
		} else {
			v = math.Inf(1)
		}
	case ex == expMask && !f.hasInf && m == 1<<uint(f.mbits)-1:
		v = math.NaN()
	case ex == 0:
		v = math.Ldexp(float64(m), 1-f.bias()-f.mbits)
	default:
		v = math.Ldexp(float64(m|1<<uint(f.mbits)), int(ex)-f.bias()-f.mbits)
	}
	if neg {
		if math.IsNaN(v) {
			return math.Copysign(v, -1)
		}
		v = -v
	}
	return v
}

// MaxFinite returns the largest finite value of float type e
// (65504 for f16, 448 for f8E4M3FN).
func MaxFinite(e ElementType) float64 {
	if f, ok := floatFormats[e.ComplexPart()]; ok {
		return f.maxFinite()
	}
	return 0
}
