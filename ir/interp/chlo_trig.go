package interp

// The inverse and hyperbolic trigonometric functions of ChloOps.td on
// floats (complex numbers: chlo_complex.go): chlo.asin, acos, atan, sinh, cosh, asinh, acosh, atanh, computed
// in float64 and rounded once to the element type. Outside the real domain
// the result is NaN: asin and acos for |x| > 1, acosh for x < 1, atanh for
// |x| > 1 (atanh(±1) = ±inf).
//
// atan, asinh, acosh and atanh are Go's math functions (FreeBSD msun and
// Cephes, within about 1 ULP of float64). asin and acos are not: Go's
// math.Asin and math.Acos compute √(1 - x²), which loses up to 12 bits
// near ±1; here asin(x) = atan2(x, √((1-x)(1+x))) and
// acos(x) = atan2(√((1-x)(1+x)), x), where 1 - x is exact near 1. Go's
// math.Sinh and math.Cosh overflow to inf for |x| in (709.78, 710.48),
// where the results are finite (and Go's math.Exp on amd64 already past
// 709.08): past |x| = 21 they are e^|x|/2 here (e^-|x| is below half an
// ULP), computed as t·(t/2) with t = e^(|x|/2) past 709.

import "math"

func init() {
	Register("chlo.asin", chloUnary(elemFuncs{F: asin, C: casin}))
	Register("chlo.acos", chloUnary(elemFuncs{F: acos, C: cacos}))
	Register("chlo.atan", chloUnary(elemFuncs{F: math.Atan, C: catan}))
	Register("chlo.sinh", chloUnary(elemFuncs{F: sinh, C: csinh}))
	Register("chlo.cosh", chloUnary(elemFuncs{F: cosh, C: ccosh}))
	Register("chlo.asinh", chloUnary(elemFuncs{F: math.Asinh, C: casinh}))
	Register("chlo.acosh", chloUnary(elemFuncs{F: math.Acosh, C: cacosh}))
	Register("chlo.atanh", chloUnary(elemFuncs{F: math.Atanh, C: catanh}))
}

// asin is arcsine: NaN outside [-1, 1].
func asin(x float64) float64 {
	if !(math.Abs(x) <= 1) {
		return math.NaN()
	}
	return math.Atan2(x, math.Sqrt((1-x)*(1+x)))
}

// acos is arccosine: NaN outside [-1, 1].
func acos(x float64) float64 {
	if !(math.Abs(x) <= 1) {
		return math.NaN()
	}
	return math.Atan2(math.Sqrt((1-x)*(1+x)), x)
}

// halfExp returns e^a/2 for a > 21 without overflowing before the result
// does.
func halfExp(a float64) float64 {
	if a <= 709 {
		return math.Exp(a) / 2
	}
	t := math.Exp(a / 2)
	return t * (t / 2)
}

func sinh(x float64) float64 {
	if a := math.Abs(x); a > 21 {
		return math.Copysign(halfExp(a), x)
	}
	return math.Sinh(x)
}

func cosh(x float64) float64 {
	if a := math.Abs(x); a > 21 {
		return halfExp(a)
	}
	return math.Cosh(x)
}
