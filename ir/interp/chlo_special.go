package interp

// The special functions of ChloOps.td: chlo.erfc, lgamma, digamma,
// polygamma, zeta, bessel_i1e and next_after. Each is computed in float64
// and rounded once to the element type (next_after steps in the element
// type itself). The poles and domain follow XLA's chlo legalisation
// (openxla/stablehlo ChloLegalizeToStablehlo.cpp), which is what every
// compiled target runs:
//
//   - erfc: math.Erfc.
//   - lgamma(x) = log|Γ(x)|: math.Lgamma, with lgamma(±inf) = +inf and
//     +inf at the poles x = 0, -1, -2, ...
//   - digamma(x) = Γ'(x)/Γ(x): NaN at the poles x = 0, -1, -2, ... and at
//     -inf, +inf at +inf. For x < 0.5 the reflection
//     ψ(x) = ψ(1-x) - π/tan(πx) with tan's argument reduced exactly to
//     [-π/2, π/2]; for x ≥ 0.5 the recurrence ψ(x) = ψ(x+1) - 1/x up to
//     x ≥ 10, then the asymptotic series
//     ψ(x) = ln x - 1/(2x) - Σ B_2k/(2k x^2k) (k = 1..8; Abramowitz and
//     Stegun 6.3.18), whose truncation error is below 2^-60 there. The
//     result's absolute error is a few 1e-16 (the recurrence and log x
//     round), so near digamma's zeros (1.4616, -0.5040, ...) the f64
//     result has fewer correct bits; f32 and narrower are correctly
//     rounded but for such points.
//   - polygamma(n, x) = ψ^(n)(x): digamma for n = 0,
//     (-1)^(n+1) n! ζ(n+1, x) for n = 1, 2, ...; NaN when n is not a
//     natural number.
//   - zeta(x, q) = Σ_{k≥0} (q+k)^-x, the Hurwitz zeta function: +inf for
//     x = 1; NaN for x < 1; for q ≤ 0, NaN unless x is an integer, and at
//     the poles (q a non-positive integer) +inf for even x, NaN for odd x.
//     Otherwise the Euler–Maclaurin formula as in Cephes' zeta.c: the
//     direct sum until q+k > 9 and at least 9 terms, then the integral and
//     twelve Bernoulli correction terms (Johansson, "Rigorous high-precision
//     computation of the Hurwitz zeta function", 2015, formula (5)). The
//     direct sum for q < -2^26 is not computed: NaN.
//   - bessel_i1e(x) = e^-|x| I1(x): the power series
//     I1(x) = Σ (x/2)^(2k+1)/(k!(k+1)!) for |x| ≤ 30 (all terms positive,
//     scaled by e^-|x| on the way), and for |x| > 30 the asymptotic series
//     e^-x I1(x) ~ (2πx)^-1/2 Σ (-1)^k a_k(1) / x^k (Abramowitz and Stegun
//     9.7.1), stopped at its smallest term (below 2^-80 for x > 30). The
//     function is odd.
//   - next_after(x, y): the next value of x's type from x towards y (C's
//     nextafter): NaN if either is NaN, y if x = y, the smallest subnormal
//     with y's sign if x = ±0.

import (
	"github.com/zmlc/zmlc/internal/fmath"
	"math"

	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("chlo.erfc", chloUnary(elemFuncs{F: math.Erfc}))
	Register("chlo.lgamma", chloUnary(elemFuncs{F: lgamma}))
	Register("chlo.digamma", chloUnary(elemFuncs{F: digamma}))
	Register("chlo.bessel_i1e", chloUnary(elemFuncs{F: besselI1e}))
	Register("chlo.polygamma", binaryOp(func(ir.ElementType) elemFuncs2 { return elemFuncs2{F: polygamma} }))
	Register("chlo.zeta", binaryOp(func(ir.ElementType) elemFuncs2 { return elemFuncs2{F: zeta} }))
	Register("chlo.next_after", binaryOp(func(e ir.ElementType) elemFuncs2 {
		return elemFuncs2{F: func(x, y float64) float64 { return nextAfter(x, y, e) }}
	}))
}

// lgamma is log|Γ(x)| with lgamma(±inf) = +inf (Go's math.Lgamma gives
// -inf for -inf).
func lgamma(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.Inf(1)
	}
	v, _ := math.Lgamma(x)
	return v
}

// digammaB are B_2k/(2k) for k = 1..8 (B_2 = 1/6, B_4 = -1/30, B_6 = 1/42,
// B_8 = -1/30, B_10 = 5/66, B_12 = -691/2730, B_14 = 7/6, B_16 =
// -3617/510).
var digammaB = []float64{1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132,
	-691.0 / 32760, 1.0 / 12, -3617.0 / 8160}

// digamma is ψ(x) (see the file comment).
func digamma(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, -1):
		return math.NaN()
	case math.IsInf(x, 1):
		return x
	case x <= 0 && x == math.Floor(x):
		return math.NaN()
	}
	if x < 0.5 {
		// ψ(x) = ψ(1-x) - π cot(πx); cot has period 1, so reduce x to
		// r = x - round(x) in [-1/2, 1/2] exactly first, and take
		// cos(πr) as sin(π(1/2 - |r|)) (1/2 - |r| is exact), so that
		// cot(±π/2) is 0.
		r := x - math.Round(x)
		a := math.Abs(r)
		cot := math.Copysign(math.Sin(math.Pi*(0.5-a))/math.Sin(math.Pi*a), r)
		return digamma(1-x) - math.Pi*cot
	}
	acc := 0.0
	for x < 10 {
		acc -= 1 / x
		x++
	}
	x2 := 1 / (x * x)
	s, p := 0.0, x2
	for _, b := range digammaB {
		s += b * p
		p *= x2
	}
	return acc + fmath.Log(x) - 0.5/x - s
}

// polygamma is ψ^(n)(x) (see the file comment).
func polygamma(n, x float64) float64 {
	switch {
	case math.IsNaN(n) || math.IsNaN(x) || n < 0 || n != math.Floor(n) || math.IsInf(n, 0):
		return math.NaN()
	case n == 0:
		return digamma(x)
	}
	sign := -1.0
	if math.Mod(n, 2) == 1 {
		sign = 1
	}
	f := math.Gamma(n + 1)
	return sign * f * zeta(n+1, x)
}

// zetaA are (2k)!/B_2k for k = 1..12, the Euler–Maclaurin divisors of
// Cephes' zeta.c.
var zetaA = func() []float64 {
	b := []float64{1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6,
		-3617.0 / 510, 43867.0 / 798, -174611.0 / 330, 854513.0 / 138, -236364091.0 / 2730}
	a := make([]float64, len(b))
	f := 1.0
	for k := range b {
		f *= float64((2*k + 1) * (2*k + 2))
		a[k] = f / b[k]
	}
	return a
}()

// zeta is the Hurwitz zeta function ζ(x, q) (see the file comment).
func zeta(x, q float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(q):
		return math.NaN()
	case x == 1:
		return math.Inf(1)
	case x < 1:
		return math.NaN()
	}
	xInt := x == math.Floor(x)
	if q <= 0 {
		if q == math.Floor(q) {
			if xInt && math.Mod(x, 2) == 0 {
				return math.Inf(1)
			}
			return math.NaN()
		}
		if !xInt || q < -(1<<26) {
			return math.NaN()
		}
	}
	if math.IsInf(q, 1) {
		return 0
	}
	const eps = 0x1p-53
	s := fmath.Pow(q, -x)
	a := q
	for i := 0; i < 9 || a <= 9; i++ {
		a++
		b := fmath.Pow(a, -x)
		s += b
		if math.Abs(b/s) < eps {
			return s
		}
	}
	w := a
	b := fmath.Pow(a, -x)
	s += b * w / (x - 1)
	s -= 0.5 * b
	f := 1.0
	k := 0.0
	for _, ak := range zetaA {
		f *= x + k
		b /= w
		t := f * b / ak
		s += t
		if math.Abs(t/s) < eps {
			break
		}
		k++
		f *= x + k
		b /= w
		k++
	}
	return s
}

// besselI1e is e^-|x| I1(x) (see the file comment).
func besselI1e(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.IsInf(x, 0):
		return math.Copysign(0, x)
	case x < 0:
		return -besselI1e(-x)
	case x <= 30:
		// Σ (x/2)^(2k+1)/(k!(k+1)!) · e^-x, the first term carrying e^-x.
		h := x / 2
		t := h * math.Exp(-x)
		s := t
		for k := 1; k < 200; k++ {
			t *= h * h / float64(k*(k+1))
			s += t
			if t < s*0x1p-60 {
				break
			}
		}
		return s
	}
	// (2πx)^-1/2 Σ (-1)^k a_k / x^k, a_k = Π_{j=1..k} (4 - (2j-1)²) / (k! 8^k).
	s, t := 1.0, 1.0
	for k := 1; k < 100; k++ {
		j := float64(2*k - 1)
		nt := -t * (4 - j*j) / (float64(k) * 8 * x)
		if math.Abs(nt) >= math.Abs(t) {
			break
		}
		t = nt
		s += t
		if math.Abs(t) < 0x1p-80 {
			break
		}
	}
	return s / math.Sqrt(2*math.Pi*x)
}

// nextAfter is C's nextafter in float type e, whose values x and y are.
func nextAfter(x, y float64, e ir.ElementType) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x == y:
		return y
	}
	if x == 0 {
		tiny := ir.FloatFromBits(1, e)
		if y < 0 {
			return -tiny
		}
		return tiny
	}
	bits := ir.FloatBits(x, e)
	// Sign-magnitude: moving away from zero increments the magnitude bits.
	if (y > x) == (x > 0) {
		bits++
	} else {
		bits--
	}
	return ir.FloatFromBits(bits, e)
}
