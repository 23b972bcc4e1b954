package gpu

import (
	"math"
	"math/big"

	"github.com/zmlc/zmlc/internal/fmath"
	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// Full-range argument reduction for sin, cos and tan (Payne and Hanek,
// "Radian reduction for trigonometric functions", SIGNUM Newsletter 18(1),
// 1983): for x = m 2^E (m the integer significand), x 2/pi mod 4 is
// sum_j m C_j 2^(E - cb(j+1)) mod 4 over cb-bit chunks C_j of the binary
// expansion of 2/pi. Chunks whose every term is a multiple of 4 are
// skipped (the first is j0 = max(E-2, 0)/cb, selected from the table by
// E), the next nChunks are kept, enough for the fraction to 2^-(2p + 40)
// (p the significand bits). m is split in two halves so that every
// product m_half C_j is exact in the type, each term is reduced mod 4
// exactly (t - 4 floor(t/4)), and the terms are summed in triple-word
// precision (Knuth's two-sum cascade), so the reduced argument keeps
// about 3p bits before the cancellation against the nearest quadrant:
// enough for the closest floats to multiples of pi/2 (2^-30 for f32,
// 2^-61 for f64, relative).

// twoOverPiChunk returns bits j*cb+1 .. (j+1)*cb of 2/pi after the binary
// point as an integer (fmath.TwoOverPi): 2/pi = sum_j chunk(j) 2^(-cb(j+1)).
func twoOverPiChunk(j, cb int64) float64 {
	shift := uint(fmath.TwoOverPiLen - (j+1)*cb)
	c := new(big.Int).Rsh(fmath.TwoOverPi, shift)
	c.And(c, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(cb)), big.NewInt(1)))
	return float64(c.Int64())
}

// reducePH returns the quadrant q (0..3, type f.it) and z = zh + zl in
// [-pi/4, pi/4] (about; |zl| <= ulp(zh)/2) with a = q pi/2 + z (mod 2 pi)
// for a finite a >= pi/4 whose exponent E (a = m 2^E) is at most emax.
//
// narrow says a is an f32 value held in f64 (its low 29 significand bits
// zero): the low half product vanishes and the f32 result needs fewer
// bits, so 5 chunks and a double-word sum do (2^-100 absolute against the
// 2^-70 an f32 needs).
func (f fx) reducePH(a *K.Node, emax int64, narrow bool) (q, zh, zl *K.Node) {
	b := f.b
	mb := f.mbits()
	cb, l, nChunks := int64(12), int64(12), int64(9)
	minExp := int64(-126)
	if f.f64() {
		cb, l, nChunks, minExp = 26, 27, 8, -1022
	}
	if narrow {
		nChunks = 5
	}
	bits := f.bits(a)
	expMask := int64(0xff)
	if f.f64() {
		expMask = 0x7ff
	}
	e := b.Bin(K.Sub, b.Bin(K.And, b.Bin(K.ShrL, bits, f.ci(mb)), f.ci(expMask)), f.ci(f.bias()+mb))
	m := b.Bin(K.Or, b.Bin(K.And, bits, f.ci(int64(1)<<mb-1)), f.ci(int64(1)<<mb))
	mh := f.toFloat(b.Bin(K.ShrL, m, f.ci(l)))
	ml := f.toFloat(b.Bin(K.And, m, f.ci(int64(1)<<l-1)))
	j0 := b.Bin(K.Div, b.Bin(K.Max, b.Bin(K.Sub, e, f.ci(2)), f.ci(0)), f.ci(cb))
	j0max := max(emax-2, 0) / cb
	eq := make([]*K.Node, j0max+1)
	for j := int64(1); j <= j0max; j++ {
		eq[j] = b.Bin(K.EQ, j0, f.ci(j))
	}
	// wlo0 = E - cb*j0 - cb: the weight exponent of chunk j0's low product.
	wlo0 := b.Bin(K.Sub, b.Bin(K.Sub, e, b.Bin(K.Mul, j0, f.ci(cb))), f.ci(cb))
	s0, s1, s2 := f.c(0), f.c(0), f.c(0)
	add := func(t *K.Node) {
		t = f.sub(t, f.mul(f.c(4), f.floor(f.mul(t, f.c(0.25))))) // t mod 4, exact
		var e0, e1 *K.Node
		s0, e0 = f.twoSum(s0, t)
		if narrow {
			s1 = f.add(s1, e0)
			return
		}
		s1, e1 = f.twoSum(s1, e0)
		s2 = f.add(s2, e1)
	}
	pow2 := func(w *K.Node) *K.Node { return f.pow2i(b.Bin(K.Max, w, f.ci(minExp))) }
	for i := range nChunks {
		c := f.c(twoOverPiChunk(i, cb))
		for j := int64(1); j <= j0max; j++ {
			c = f.sel(eq[j], f.c(twoOverPiChunk(j+i, cb)), c)
		}
		wlo := b.Bin(K.Sub, wlo0, f.ci(cb*i))
		add(f.mul(f.mul(mh, c), pow2(b.Bin(K.Add, wlo, f.ci(l)))))
		if !narrow {
			add(f.mul(f.mul(ml, c), pow2(wlo)))
		}
	}
	n := f.rint(s0)
	h, lo := f.twoSum(f.sub(s0, n), s1)
	lo = f.add(lo, s2)
	h2 := f.add(h, lo)
	lo = f.sub(lo, f.sub(h2, h))
	pio2 := float64(math.Pi / 2)
	pio2lo := 6.123233995736766e-17 // pi/2 - float64(pi/2)
	if !f.f64() {
		pio2 = float64(float32(math.Pi / 2))
		pio2lo = math.Pi/2 - pio2
	}
	// z = (h2 + lo) pi/2 as zh + zl: the product h2*pio2 split exactly.
	p, pe := f.twoProd(h2, f.c(pio2))
	corr := f.add(pe, f.add(f.mul(h2, f.c(pio2lo)), f.mul(lo, f.c(pio2))))
	zh = f.add(p, corr)
	zl = f.sub(corr, f.sub(zh, p))
	q = b.Bin(K.And, f.toInt(n), f.ci(3))
	return q, zh, zl
}

// maxExpOf is the largest E with m 2^E finite in t (m the integer
// significand): 104 for f32 (and the narrower floats), 971 for f64.
func maxExpOf(t ir.ElementType) int64 {
	if t == ir.F64 {
		return 1023 - 52
	}
	return 127 - 23
}
