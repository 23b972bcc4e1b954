// Package fmath holds float64 math functions that take subnormal arguments
// correctly where Go's math package does not on every platform.
//
// Go's math.Log has an assembly implementation on amd64 (log_amd64.s) that
// reads the exponent field without normalising a subnormal argument first:
// math.Log(0x1p-1074) gives -709.09 instead of -744.44, and math.Pow,
// math.Log10 and cmplx.Log, which call it, inherit the error. The
// reference interpreter is the numerical oracle of every backend, so it
// must not inherit a library's bug: these wrappers scale a subnormal
// argument by 2^54 into the normal range first (exact) and correct the
// result. Normal, zero, infinite and NaN arguments go straight to the
// math package.
package fmath

import (
	"math"
	"math/cmplx"
)

// minNormal is the smallest normal float64, 2^-1022.
const minNormal = 0x1p-1022

// scale is the power of two a subnormal is multiplied by (2^54 makes every
// subnormal normal) and scaleLn2 is scale*ln(2) split in two so that
// log(x) = log(x*2^54) - scaleLn2Hi - scaleLn2Lo loses nothing to the
// constant's rounding.
const (
	scaleExp   = 54
	scaleLn2Hi = 37.42994775023704 // float64(54*ln 2)
	scaleLn2Lo = 54*math.Ln2 - scaleLn2Hi
)

// subnormal reports whether x is a non-zero subnormal float64.
func subnormal(x float64) bool { return x != 0 && math.Abs(x) < minNormal }

// Log is the natural logarithm, math.Log with subnormal arguments scaled
// first (log(2^-1074) = -744.44).
func Log(x float64) float64 {
	if !subnormal(x) || x < 0 {
		return math.Log(x)
	}
	return math.Log(x*(1<<scaleExp)) - scaleLn2Hi - scaleLn2Lo
}

// Log10 is the base-10 logarithm, Log(x) / ln(10) as math.Log10 computes
// it, with subnormal arguments handled by Log.
func Log10(x float64) float64 { return Log(x) * (1 / math.Ln10) }

// Pow is x^y with math.Pow's special cases (zeros, infinities, NaN, a
// negative base with a non-integral exponent), computed more accurately
// than math.Pow, whose exp(y*log(x)) loses |y*log(x)| ulps (63 for
// (2^-1006)^0.25) and whose log is wrong for subnormal x.
//
// For finite x != 0 and finite y: |x| = m * 2^e with m in [sqrt(1/2),
// sqrt(2)) (exact), so x^y = 2^(e*y) * e^(y*log(m)); e*y is split into
// an integer n and a remainder with an exact product (FMA), log(m) =
// 2 atanh((m-1)/(m+1)) is summed in double-double (the series' leading
// term carries the low part), and the final exponential of a reduced
// argument |r| <= ln2/2 is math.Exp(r_hi) * (1 + r_lo). The result is
// within about 1 ulp (TestPow).
func Pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case x == 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Pow(x, y)
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		x = -x
		neg = math.Abs(y) < 1<<53 && math.Mod(y, 2) != 0
	}
	m, e := math.Frexp(x) // m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m, e = m*2, e-1
	}
	// log(m) = 2 atanh(s), s = (m-1)/(m+1), |s| <= 0.1716; s in
	// double-double: s_hi + s_lo.
	num := m - 1            // exact (m in [0.70, 1.42))
	den, dl := twoSum(m, 1) // m+1 = den + dl exactly
	sh := num / den
	sl := (math.FMA(-sh, den, num) - sh*dl) / den
	s2 := sh * sh
	tail := 0.0 // s^3/3 + s^5/5 + ...
	pw := sh * s2
	for k := 3; k < 60 && pw != 0; k += 2 {
		tail += pw / float64(k)
		pw *= s2
	}
	lh, ll := twoSum(2*sh, 2*(sl+tail))
	// y*log(m) in double-double.
	ph := y * lh
	pl := math.FMA(y, lh, -ph) + y*ll
	// e*y = n + f + pe exactly (pe the product's rounding error).
	ey := float64(e) * y
	pe := math.FMA(float64(e), y, -ey)
	n := math.Round(ey)
	f := ey - n // exact: |ey| >= 1 or n == 0
	// The whole exponent in base e: q = ph + pl + (f + pe) ln2; reduce
	// by k ln2 (Cody-Waite, Go's ln2 split).
	qh, ql := twoSum(ph, (f+pe)*math.Ln2)
	ql += pl
	k := math.Round((qh + ql) / math.Ln2)
	if math.Abs(k) > 2200 || math.Abs(n) > 1<<20 {
		r := math.Ldexp(1, int(math.Max(-1<<20, math.Min(1<<20, n+k)))) // 0 or +Inf
		if neg {
			r = -r
		}
		return r
	}
	const ln2Hi, ln2Lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
	rh := qh - k*ln2Hi // exact: k*ln2Hi is exact and close to qh
	rl := ql - k*ln2Lo
	rh, rl = twoSum(rh, rl)
	r := math.Exp(rh) * (1 + rl)
	// Scale by 2^(n+k) in two steps so a subnormal result is rounded once.
	t := int(n + k)
	if t < -1000 {
		r = math.Ldexp(r*0x1p-60, t+60)
	} else {
		r = math.Ldexp(r, t)
	}
	if neg {
		r = -r
	}
	return r
}

// twoSum returns s = fl(a+b) and the exact error e = a + b - s (Knuth).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

// CLog is the complex natural logarithm log|z| + i arg(z) (cmplx.Log);
// a z of modulus below 2^-1000 is scaled by 2^54 before its modulus is
// taken, so that the modulus of z = 2^-1074 (1 + i) is not rounded to a
// subnormal first.
func CLog(z complex128) complex128 {
	a := cmplx.Abs(z)
	if a != 0 && a < 0x1p-1000 {
		return complex(Log(cmplx.Abs(z*(1<<scaleExp)))-scaleLn2Hi-scaleLn2Lo, cmplx.Phase(z))
	}
	return complex(Log(a), cmplx.Phase(z))
}

// CPow is the complex power x^y (cmplx.Pow); a non-zero x of subnormal
// modulus is scaled by 2^54 first: x^y = (x*2^54)^y * e^(-54 ln2 y).
func CPow(x, y complex128) complex128 {
	if a := cmplx.Abs(x); a == 0 || a >= minNormal || math.IsNaN(a) {
		return cmplx.Pow(x, y)
	}
	return cmplx.Pow(x*(1<<scaleExp), y) * cmplx.Exp(-complex(scaleExp*math.Ln2, 0)*y)
}
