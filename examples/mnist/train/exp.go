package main

import "math"

// Constants of expDet: ln 2 split into a high part with trailing zero bits
// (so k*ln2Hi is exact) and the rest, as in fdlibm's e_exp.c.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
	log2e = 1.44269504088896338700e+00
)

// expCoef holds 1/i! for i = 0..12, the Taylor coefficients of e^r.
var expCoef = func() [13]float64 {
	var c [13]float64
	f := 1.0
	for i := range c {
		if i > 0 {
			f *= float64(i)
		}
		c[i] = 1 / f
	}
	return c
}()

// expDet returns e^x, to within a few ulps, for x <= 0 (the softmax calls it
// on logits minus their maximum). Unlike math.Exp, which is assembly on
// amd64 and arm64, it is plain IEEE arithmetic with every product rounded
// before it is added (the explicit conversions forbid fused multiply-add),
// so every platform computes the same bits and the trained weights are
// byte-identical everywhere.
func expDet(x float64) float64 {
	if x < -745 {
		return 0
	}
	k := math.Floor(float64(x*log2e) + 0.5)
	r := float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo) // |r| <= ln(2)/2
	p := expCoef[12]
	for i := 11; i >= 0; i-- {
		p = float64(p*r) + expCoef[i]
	}
	return math.Ldexp(p, int(k))
}
