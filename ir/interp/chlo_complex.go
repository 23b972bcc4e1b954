package interp

// The complex forms of chlo.asin, acos, atan, sinh, cosh, asinh, acosh and
// atanh (ChloOps.td: HLO_AnyFpOrComplexTensor), computed in float64 parts
// and rounded once per part. Go's math/cmplx is not used: it returns the
// wrong branch on the cuts (cmplx.Atan(2i) has real part -π/2, C99 says
// +π/2), loses the imaginary part of tiny arguments (cmplx.Asin(1e-20 +
// 1e-20i) has imaginary part -0) and overflows early. The formulas are
// Kahan's ("Branch cuts for complex elementary functions, or much ado about
// nothing's sign bit", 1987), which put the branch cuts where C99 Annex G
// does, with signed zeros choosing the side:
//
//	asin z  = (atan2(x, Re(√(1-z)·√(1+z))), asinh Im(conj(√(1-z))·√(1+z)))
//	acos z  = (2·atan2(Re √(1-z), Re √(1+z)), asinh Im(conj(√(1+z))·√(1-z)))
//	acosh z = (asinh Re(conj(√(z-1))·√(z+1)), 2·atan2(Im √(z-1), Re √(z+1)))
//	asinh z = -i·asin(iz)
//	atanh z = (log(n/d)/4, atan2(2y, (1-x)(1+x) - y²)/2), n = (1+x)² + y²,
//	          d = (1-x)² + y², log(n/d) as log1p(4x/d) when |4x/d| < 1/2
//	atan z  = -i·atanh(iz)
//	sinh z  = (sinh x·cos y, cosh x·sin y)
//	cosh z  = (cosh x·cos y, sinh x·sin y)
//
// for z = x + iy, with Kahan's √ (below) and hypot scaled against overflow.
// They hold for finite arguments up to about √max in magnitude (atanh's
// squares overflow beyond); infinities and NaN give what the formulas give.

import (
	"math"

	"github.com/zmlc/zmlc/internal/fmath"
)

// csqrt is the principal square root of x + iy (Kahan): t = √((|x| +
// |z|)/2), then (t, y/2t) for x ≥ 0 and (|y|/2t, ±t) with y's sign
// otherwise, so that √(-4 - 0i) = -2i.
func csqrt(x, y float64) (float64, float64) {
	if x == 0 && y == 0 {
		return 0, y
	}
	t := math.Sqrt((math.Abs(x) + math.Hypot(x, y)) / 2)
	if x >= 0 {
		return t, y / (2 * t)
	}
	return math.Abs(y) / (2 * t), math.Copysign(t, y)
}

func casin(z complex128) complex128 {
	x, y := real(z), imag(z)
	ar, ai := csqrt(1-x, -y)
	br, bi := csqrt(1+x, y)
	return complex(math.Atan2(x, ar*br-ai*bi), math.Asinh(ar*bi-ai*br))
}

func cacos(z complex128) complex128 {
	x, y := real(z), imag(z)
	ar, ai := csqrt(1-x, -y)
	br, bi := csqrt(1+x, y)
	return complex(2*math.Atan2(ar, br), math.Asinh(br*ai-bi*ar))
}

func cacosh(z complex128) complex128 {
	x, y := real(z), imag(z)
	ar, ai := csqrt(x-1, y)
	br, bi := csqrt(x+1, y)
	return complex(math.Asinh(ar*br+ai*bi), 2*math.Atan2(ai, br))
}

func casinh(z complex128) complex128 {
	w := casin(complex(-imag(z), real(z)))
	return complex(imag(w), -real(w))
}

// catanh's real part is log(n/d)/4 with n = (1+x)² + y², d = (1-x)² + y²:
// log1p(4x/d)/4 where n/d is near 1, log n - log d elsewhere (log1p of a
// value near -1 would amplify 4x/d's rounding, up to 400 ULP near ±1).
func catanh(z complex128) complex128 {
	x, y := real(z), imag(z)
	d := (1-x)*(1-x) + y*y
	r := 4 * x / d
	re := math.Log1p(r) / 4
	if !(math.Abs(r) < 0.5) {
		re = (fmath.Log((1+x)*(1+x)+y*y) - fmath.Log(d)) / 4
	}
	im := math.Atan2(2*y, (1-x)*(1+x)-y*y) / 2
	return complex(re, im)
}

func catan(z complex128) complex128 {
	w := catanh(complex(-imag(z), real(z)))
	return complex(imag(w), -real(w))
}

func csinh(z complex128) complex128 {
	x, y := real(z), imag(z)
	return complex(sinh(x)*math.Cos(y), cosh(x)*math.Sin(y))
}

func ccosh(z complex128) complex128 {
	x, y := real(z), imag(z)
	return complex(cosh(x)*math.Cos(y), sinh(x)*math.Sin(y))
}
