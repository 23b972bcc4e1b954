package fmath

import (
	"math"
	"math/big"
)

// Go's math.Sin, Cos and Tan reduce with pi/4 in three parts (7 ulps off
// at sin(pi), 10 at cos(3pi/2)) and large arguments with a 4/pi table of
// limited reach (sin(1e30) 40 ulps off, sin(1.26e19) 168, tan 1750).
// Sin, Cos and Tan here reduce pi/4 <= |x| < 2^18 in double-double
// (reduceMedium) and |x| >= 2^18 exactly with big arithmetic against
// 1400 bits of 2/pi (Payne-Hanek done the slow way), then evaluate
// math.Sin/Cos on |z| <= pi/4 with a first-order correction for the low
// part.

// TwoOverPiLen is the number of bits of TwoOverPi.
const TwoOverPiLen = 1400

// TwoOverPi is floor(2/pi * 2^TwoOverPiLen): the first TwoOverPiLen bits
// of 2/pi after the binary point, from Machin's formula
// pi = 16 atan(1/5) - 4 atan(1/239) in fixed point. Do not modify.
var TwoOverPi = func() *big.Int {
	prec := uint(TwoOverPiLen + 64)
	one := new(big.Int).Lsh(big.NewInt(1), prec)
	atanInv := func(n int64) *big.Int { // atan(1/n) * 2^prec
		sum := new(big.Int)
		nn := big.NewInt(n * n)
		term := new(big.Int).Div(one, big.NewInt(n)) // 2^prec / n^(2k+1)
		for k := int64(0); term.Sign() != 0; k++ {
			t := new(big.Int).Div(term, big.NewInt(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, t)
			} else {
				sum.Sub(sum, t)
			}
			term.Div(term, nn)
		}
		return sum
	}
	pi := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(16), atanInv(5)), new(big.Int).Mul(big.NewInt(4), atanInv(239)))
	num := new(big.Int).Lsh(big.NewInt(2), prec+TwoOverPiLen)
	return num.Div(num, pi)
}()

// twoOverPiFloat is TwoOverPi / 2^TwoOverPiLen as a big.Float.
var twoOverPiFloat = new(big.Float).SetPrec(TwoOverPiLen).SetMantExp(new(big.Float).SetPrec(TwoOverPiLen).SetInt(TwoOverPi), -TwoOverPiLen)

// bigReduceFrom is where Sin, Cos and Tan switch to the exact reduction.
const bigReduceFrom = 1 << 18

// pio2Hi + pio2Lo is pi/2 to about 2^-107.
const (
	pio2Hi = 1.5707963267948966
	pio2Lo = 6.123233995736766e-17
)

// reduce returns q = round(x*2/pi) mod 4 and z = zh + zl = x - round(x*2/pi) pi/2
// for a finite x, |z| <= pi/4 (about).
func reduce(x float64) (q int, zh, zl float64) {
	p := new(big.Float).SetPrec(TwoOverPiLen + 64).SetFloat64(x)
	p.Mul(p, twoOverPiFloat) // x 2/pi, error below x 2^-1400
	half := new(big.Float).SetFloat64(0.5)
	n := new(big.Float).Add(p, half)
	ni, _ := n.Int(nil) // truncates toward zero
	if n.Sign() < 0 && !n.IsInt() {
		ni.Sub(ni, big.NewInt(1)) // floor
	}
	f := p.Sub(p, new(big.Float).SetInt(ni)) // in [-1/2, 1/2)
	fh, _ := f.Float64()
	fl, _ := new(big.Float).Sub(f, new(big.Float).SetFloat64(fh)).Float64()
	ph := fh * pio2Hi
	corr := math.FMA(fh, pio2Hi, -ph) + fh*pio2Lo + fl*pio2Hi
	zh = ph + corr
	zl = corr - (zh - ph)
	q = int(new(big.Int).And(ni, big.NewInt(3)).Int64())
	return q, zh, zl
}

// Cody-Waite parts of pi/2 for reduceMedium: pio2A + pio2B + pio2C =
// pi/2 to about 2^-160.
const (
	pio2A = 1.5707963267948966
	pio2B = 6.123233995736766e-17
	pio2C = -1.4973849048591698e-33
)

// reduceMedium is reduce for pi/4 <= |x| < 2^18 in float64: n =
// round(x 2/pi) (below 2^18), x - n pio2A exact by one FMA, n pio2B split
// exactly by FMA and subtracted in double-double, n pio2C rounded: z to
// about 2^-100 absolute.
func reduceMedium(x float64) (q int, zh, zl float64) {
	n := math.RoundToEven(x * (2 / math.Pi))
	r1 := math.FMA(-n, pio2A, x) // exact: |x - n pio2A| < 1 on a 2^-52 grid
	a := n * pio2B
	ae := math.FMA(n, pio2B, -a)
	s := r1 - a
	bb := s - r1
	se := (r1 - (s - bb)) + (-a - bb)
	lo := se - ae - n*pio2C
	zh = s + lo
	zl = lo - (zh - s)
	return int(int64(n) & 3), zh, zl
}

// sinCos returns sin(x) and cos(x).
func sinCos(x float64) (s, c float64) {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.Abs(x) <= math.Pi/4 {
		return math.Sin(x), math.Cos(x)
	}
	var q int
	var zh, zl float64
	if math.Abs(x) < bigReduceFrom {
		q, zh, zl = reduceMedium(x)
	} else {
		q, zh, zl = reduce(x)
	}
	s0, c0 := math.Sin(zh), math.Cos(zh)
	s0, c0 = s0+zl*c0, c0-zl*s0
	switch q {
	case 0:
		return s0, c0
	case 1:
		return c0, -s0
	case 2:
		return -s0, -c0
	}
	return -c0, s0
}

// Sin is sin(x), exactly reduced for |x| >= 2^18.
func Sin(x float64) float64 { s, _ := sinCos(x); return s }

// Cos is cos(x), exactly reduced for |x| >= 2^18.
func Cos(x float64) float64 { _, c := sinCos(x); return c }

// Tan is sin(x)/cos(x) (math.Tan returns x itself below |x| = 1e-7,
// 14 ulps off at 8e-8).
func Tan(x float64) float64 {
	if x == 0 {
		return x // keeps -0
	}
	s, c := sinCos(x)
	return s / c
}
