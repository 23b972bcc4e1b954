package gpu

import (
	"math"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// The expansions below compute each transcendental function from GPU
// primitives in the operand's own type (f32 or f64). The algorithms are
// the classic ones: Cody-Waite range reduction by ln2 or pi/4 with Taylor
// polynomials (exp, expm1, log, sin, cos), Kahan's log1p, Newton's cbrt,
// and for erf and atan the rational approximations of FreeBSD's msun as Go's
// math package carries them (BSD licence). Measured ULP bounds are in
// math_test.go and docs/GPU.md.

var ln2 = math.Ln2

// ln2 split: hi has few bits so that k*hi is exact for the k that occur.
func (f fx) ln2hi() float64 {
	if f.f64() {
		return 6.93147180369123816490e-01
	}
	return 0.693145751953125
}
func (f fx) ln2lo() float64 {
	if f.f64() {
		return 1.90821492927058770002e-10
	}
	return 1.428606765330187045e-06
}

// taylorExp returns the coefficients 1/k! for k = from..n.
func taylorExp(from, n int) []float64 {
	c := []float64{}
	fact := 1.0
	for k := 1; k <= n; k++ {
		fact *= float64(k)
		if k >= from {
			c = append(c, 1/fact)
		}
	}
	if from == 0 {
		c = append([]float64{1}, c...)
	}
	return c
}

// reduceLn2 returns k (float, integral) and r with x = k*ln2 + r, |r| <= ln2/2.
func (f fx) reduceLn2(x *K.Node) (k, r *K.Node) {
	k = f.rint(f.mul(x, f.c(1/ln2)))
	r = f.sub(f.sub(x, f.mul(k, f.c(f.ln2hi()))), f.mul(k, f.c(f.ln2lo())))
	return k, r
}

// exp: e^x = 2^k e^r, e^r by its Taylor polynomial (degree 7 in f32, 13 in f64).
func (f fx) exp(x *K.Node) *K.Node {
	lo, hi := -104.0, 89.0
	deg := 7
	if f.f64() {
		lo, hi, deg = -746, 710, 13
	}
	xc := f.sel(f.gt(x, f.c(hi)), f.c(hi), x)
	xc = f.sel(f.lt(xc, f.c(lo)), f.c(lo), xc)
	k, r := f.reduceLn2(xc)
	p := f.poly(r, taylorExp(0, deg)...)
	ki := f.toInt(f.sel(f.isnan(k), f.c(0), k))
	return f.ldexp(p, ki)
}

// expm1: e^x - 1 = 2^k (expm1(r) + 1) - 1, expm1(r) = r*(1 + r/2 + r^2/6 ...).
func (f fx) expm1(x *K.Node) *K.Node {
	lo, hi := -30.0, 89.0
	deg := 8
	big := int64(126)
	if f.f64() {
		lo, hi, deg, big = -40, 710, 14, 1022
	}
	xc := f.sel(f.gt(x, f.c(hi)), f.c(hi), x)
	xc = f.sel(f.lt(xc, f.c(lo)), f.c(lo), xc)
	k, r := f.reduceLn2(xc)
	q := f.mul(r, f.poly(r, taylorExp(1, deg)...)) // r*(1 + r/2! + r^2/3! ...)
	ki := f.toInt(f.sel(f.isnan(k), f.c(0), k))
	// 2^k*q + (2^k - 1) while 2^k is finite, else 2^k*(q+1).
	kSmall := f.b.Bin(K.Min, ki, f.ci(big))
	t := f.pow2i(kSmall)
	mid := f.add(f.mul(t, q), f.sub(t, f.c(1)))
	large := f.ldexp(f.add(q, f.c(1)), ki)
	res := f.sel(f.b.Bin(K.GT, ki, f.ci(big)), large, mid)
	res = f.sel(f.eq(k, f.c(0)), q, res)
	return f.sel(f.eq(x, f.c(0)), x, res) // keeps -0
}

// log: x = 2^e m, m in [sqrt(1/2), sqrt(2)), f = m-1, s = f/(2+f),
// log(1+f) = f - s*(f - R(s^2)) with R's Taylor coefficients 2/(2n+1).
func (f fx) log(x *K.Node) *K.Node {
	minNormal := math.Float32frombits(0x00800000)
	scale := 25.0
	terms := 5
	var minN float64 = float64(minNormal)
	if f.f64() {
		minN = 0x1p-1022
		scale = 54
		terms = 11
	}
	sub := f.lt(x, f.c(minN))
	xs := f.sel(sub, f.mul(x, f.c(math.Ldexp(1, int(scale)))), x)
	eadj := f.sel(sub, f.ci(-int64(scale)), f.ci(0))
	bits := f.bits(xs)
	mb := f.mbits()
	expMask := int64(1)<<(64-mb-1) - 1 // 11 bits for f64; fixed below for f32
	if !f.f64() {
		expMask = 0xff
	}
	e := f.b.Bin(K.And, f.b.Bin(K.ShrL, bits, f.ci(mb)), f.ci(expMask))
	e = f.b.Bin(K.Add, f.b.Bin(K.Sub, e, f.ci(f.bias())), eadj)
	mant := f.b.Bin(K.And, bits, f.ci(int64(1)<<mb-1))
	m := f.fromBits(f.b.Bin(K.Or, mant, f.ci(f.bias()<<mb)))
	hiM := f.gt(m, f.c(math.Sqrt2))
	m = f.sel(hiM, f.mul(m, f.c(0.5)), m)
	e = f.sel(hiM, f.b.Bin(K.Add, e, f.ci(1)), e)
	fl := f.sub(m, f.c(1))
	s := f.div(fl, f.add(f.c(2), fl))
	z := f.mul(s, s)
	c := make([]float64, terms)
	for n := range c {
		c[n] = 2 / float64(2*n+3)
	}
	R := f.mul(z, f.poly(z, c...))
	hfsq := f.mul(f.c(0.5), f.mul(fl, fl))
	ef := f.toFloat(e)
	// log(1+f) = f - (hfsq - s*(hfsq + R)), FreeBSD's arrangement.
	lm := f.sub(fl, f.sub(hfsq, f.add(f.mul(s, f.add(hfsq, R)), f.mul(ef, f.c(f.ln2lo())))))
	res := f.add(f.mul(ef, f.c(f.ln2hi())), lm)
	res = f.sel(f.eq(x, f.c(math.Inf(1))), x, res)
	res = f.sel(f.eq(x, f.c(0)), f.c(math.Inf(-1)), res)
	res = f.sel(f.or(f.lt(x, f.c(0)), f.isnan(x)), f.c(math.NaN()), res)
	return res
}

// log1p by Kahan's trick: u = 1+x; log(u) * x / (u-1), or x when u == 1.
func (f fx) log1p(x *K.Node) *K.Node {
	u := f.add(f.c(1), x)
	d := f.sub(u, f.c(1))
	r := f.mul(f.log(u), f.div(x, d))
	r = f.sel(f.eq(d, f.c(0)), x, r)
	return f.sel(f.eq(x, f.c(math.Inf(1))), x, r)
}

// logistic is 1/(1 + e^-x).
func (f fx) logistic(x *K.Node) *K.Node {
	// e^x/(1+e^x) below 0 keeps the subnormal results 1/(1+e^-x) would lose.
	e := f.exp(f.neg(f.abs(x)))
	pos := f.div(f.c(1), f.add(f.c(1), e))
	return f.sel(f.lt(x, f.c(0)), f.div(e, f.add(f.c(1), e)), pos)
}

// tanh is sign(x) * e/(e+2) with e = expm1(2|x|); 1 beyond the cutoff.
func (f fx) tanh(x *K.Node) *K.Node {
	cut := 10.0
	if f.f64() {
		cut = 20
	}
	a := f.abs(x)
	em := f.expm1(f.add(a, a))
	t := f.div(em, f.add(em, f.c(2)))
	t = f.sel(f.gt(a, f.c(cut)), f.c(1), t)
	return f.copysign(t, x)
}

// sinPoly and cosPoly are the Taylor polynomials of sin and cos on |z| <= pi/4.
func (f fx) sinPoly(z, zz *K.Node) *K.Node {
	return f.add(z, f.mul(f.mul(z, zz), f.poly(zz, f.trigCoeffs(3)...)))
}

func (f fx) cosPoly(zz *K.Node) *K.Node {
	return f.add(f.sub(f.c(1), f.mul(f.c(0.5), zz)), f.mul(f.mul(zz, zz), f.poly(zz, f.trigCoeffs(4)...)))
}

// trigCoeffs returns the Taylor coefficients (-1)^(m/2)/m! of z^m for
// m = p, p+2, ... (p = 3 for sin, 4 for cos): 5 of them, 9 for f64.
func (f fx) trigCoeffs(p int) []float64 {
	n := 5
	if f.f64() {
		n = 9
	}
	c := make([]float64, n)
	fact := float64(p - 2) // (p-2)! for p = 3 or 4
	for i := range c {
		m := 2*i + p
		fact *= float64((m - 1) * m)
		c[i] = 1 / fact
		if m/2%2 == 1 {
			c[i] = -c[i]
		}
	}
	return c
}

// trig computes sin (which 0), cos (1) or tan (2) of x. The argument is
// reduced over the whole range (reducePH, Payne-Hanek) for |x| >= pi/4;
// f32 is computed in f64 when the target has it (wide), rounding once,
// else in f32. srcMax is the largest exponent of the source type
// (maxExpOf), which bounds the reduction's table.
func (f fx) trig(x *K.Node, which int, wide bool) *K.Node {
	if wide && !f.f64() {
		w := newFx(f.b, ir.F64)
		return f.b.Convert(w.trigIn(f.b.Convert(x, ir.F64), which, maxExpOf(f.t), true), f.t)
	}
	return f.trigIn(x, which, maxExpOf(f.t), false)
}

// trigIn is trig in f's own type for inputs of exponent at most srcMax;
// narrow says x is an f32 value in f64 (reducePH).
func (f fx) trigIn(x *K.Node, which int, srcMax int64, narrow bool) *K.Node {
	a := f.abs(x)
	big := f.ge(a, f.c(math.Pi/4))
	// The reduction runs on a finite argument >= pi/4 (others select it away).
	ar := f.sel(f.and(big, f.lt(a, f.c(math.Inf(1)))), a, f.c(1))
	q, z, zl := f.reducePH(ar, srcMax, narrow)
	q = f.sel(big, q, f.ci(0))
	z = f.sel(big, z, a)
	zl = f.sel(big, zl, f.c(0))
	zz := f.mul(z, z)
	// sin(z + zl) = sin z + zl cos z, cos(z + zl) = cos z - zl sin z (to
	// first order; |zl| <= ulp(z)/2).
	sp := f.add(f.sinPoly(z, zz), f.mul(zl, f.sub(f.c(1), f.mul(f.c(0.5), zz))))
	cp := f.sub(f.cosPoly(zz), f.mul(zl, z))
	odd := f.b.Bin(K.NE, f.b.Bin(K.And, q, f.ci(1)), f.ci(0))
	hi := f.b.Bin(K.GE, q, f.ci(2))
	var r *K.Node
	switch which {
	case 0: // q: sin, cos, -sin, -cos; odd in x
		r = f.sel(odd, cp, sp)
		r = f.sel(hi, f.neg(r), r)
		r = f.negIf(r, x)
	case 1: // q: cos, -sin, -cos, sin
		r = f.sel(odd, sp, cp)
		flip := f.b.Bin(K.Xor, odd, hi) // q == 1 or q == 2
		r = f.sel(flip, f.neg(r), r)
	default: // tan: sin/cos, or -cos/sin in odd quadrants; odd in x
		r = f.sel(odd, f.neg(f.div(cp, sp)), f.div(sp, cp))
		r = f.negIf(r, x)
	}
	return f.sel(f.or(f.isinf(x), f.isnan(x)), f.c(math.NaN()), r)
}

// cbrt: a bit-level first guess refined by Newton's iteration t = (2t + a/t^2)/3.
func (f fx) cbrt(x *K.Node) *K.Node {
	a := f.abs(x)
	minN := float64(math.Float32frombits(0x00800000))
	sc, unsc := math.Ldexp(1, 54), math.Ldexp(1, -18)
	magic := int64(709958130)
	iters := 4
	if f.f64() {
		minN = 0x1p-1022
		magic = 715094163 << 32
		iters = 5
	}
	sub := f.lt(a, f.c(minN))
	as := f.sel(sub, f.mul(a, f.c(sc)), a)
	g := f.fromBits(f.b.Bin(K.Add, f.b.Bin(K.Div, f.bits(as), f.ci(3)), f.ci(magic)))
	for i := 0; i < iters; i++ {
		g = f.div(f.add(f.add(g, g), f.div(as, f.mul(g, g))), f.c(3))
	}
	g = f.sel(sub, f.mul(g, f.c(unsc)), g)
	special := f.or(f.or(f.eq(a, f.c(0)), f.isinf(a)), f.isnan(a))
	return f.sel(special, x, f.copysign(g, x))
}

// erf: FreeBSD's s_erf.c pieces on |x|, chosen by select.
func (f fx) erf(x *K.Node) *K.Node {
	const (
		erx                          = 8.45062911510467529297e-01
		efx                          = 1.28379167095512586316e-01
		pp0, pp1, pp2, pp3, pp4      = 1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02, -5.77027029648944159157e-03, -2.37630166566501626084e-05
		qq1, qq2, qq3, qq4, qq5      = 3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03, 1.32494738004321644526e-04, -3.96022827877536812320e-06
		pa0, pa1, pa2, pa3, pa4, pa5 = -2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01, 3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02
		pa6                          = -2.16637559486879084300e-03
		qa1, qa2, qa3, qa4, qa5, qa6 = 1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02, 1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02
	)
	ra := []float64{-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01, -6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02, -8.12874355063065934246e+01, -9.81432934416914548592e+00}
	sa := []float64{1, 1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02, 6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02, 6.57024977031928170135e+00, -6.04244152148580987438e-02}
	rb := []float64{-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01, -1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03, -4.83519191608651397019e+02}
	sb := []float64{1, 3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03, 3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02, -2.24409524465858183362e+01}
	a := f.abs(x)
	// |x| < 0.84375
	z := f.mul(a, a)
	r := f.poly(z, pp0, pp1, pp2, pp3, pp4)
	s := f.poly(z, 1, qq1, qq2, qq3, qq4, qq5)
	small := f.add(a, f.mul(a, f.div(r, s)))
	small = f.sel(f.lt(a, f.c(0x1p-28)), f.add(a, f.mul(f.c(efx), a)), small)
	// 0.84375 <= |x| < 1.25
	s1 := f.sub(a, f.c(1))
	mid := f.add(f.c(erx), f.div(f.poly(s1, pa0, pa1, pa2, pa3, pa4, pa5, pa6), f.poly(s1, 1, qa1, qa2, qa3, qa4, qa5, qa6)))
	// 1.25 <= |x| < 6
	s2 := f.div(f.c(1), f.mul(a, a))
	near := f.lt(a, f.c(1/0.35))
	R := f.sel(near, f.poly(s2, ra...), f.poly(s2, rb...))
	S := f.sel(near, f.poly(s2, sa...), f.poly(s2, sb...))
	// z = a with the low half of its significand cleared, so z*z is exact.
	mask := int64(-1) << 32
	if !f.f64() {
		mask = int64(-1) << 12
	}
	zz := f.fromBits(f.b.Bin(K.And, f.bits(a), f.ci(mask)))
	e := f.mul(f.exp(f.sub(f.neg(f.mul(zz, zz)), f.c(0.5625))), f.exp(f.add(f.mul(f.sub(zz, a), f.add(zz, a)), f.div(R, S))))
	far := f.sub(f.c(1), f.div(e, a))
	res := f.sel(f.lt(a, f.c(6)), far, f.c(1))
	res = f.sel(f.lt(a, f.c(1.25)), mid, res)
	res = f.sel(f.lt(a, f.c(0.84375)), small, res)
	res = f.sel(f.isnan(x), x, res)
	return f.negIf(res, x)
}

// atan of a >= 0 (Cephes' reduction at 0.66 and tan(3pi/8), as Go's satan).
func (f fx) atanPos(a *K.Node) *K.Node {
	xatan := func(x *K.Node) *K.Node {
		z := f.mul(x, x)
		num := f.mul(z, f.poly(z, -6.485021904942025371773e+01, -1.228866684490136173410e+02, -7.500855792314704667340e+01, -1.615753718733365076637e+01, -8.750608600031904122785e-01))
		den := f.poly(z, 1.945506571482613964425e+02, 4.853903996359136964868e+02, 4.328810604912902668951e+02, 1.650270098316988542046e+02, 2.485846490142306297962e+01, 1)
		return f.add(f.mul(x, f.div(num, den)), x)
	}
	const more = 6.123233995736765886130e-17
	big := f.gt(a, f.c(2.41421356237309504880))
	midr := f.gt(a, f.c(0.66))
	arg := f.sel(big, f.div(f.c(-1), a), f.sel(midr, f.div(f.sub(a, f.c(1)), f.add(a, f.c(1))), a))
	arg = f.sel(f.isinf(a), f.c(0), arg)
	t := xatan(arg)
	return f.sel(big, f.add(f.add(f.c(math.Pi/2), t), f.c(more)),
		f.sel(midr, f.add(f.add(f.c(math.Pi/4), t), f.c(0.5*more)), t))
}

// atan2 with math.Atan2's special cases.
func (f fx) atan2(y, x *K.Node) *K.Node {
	ay, ax := f.abs(y), f.abs(x)
	q := f.atanPos(f.div(ay, ax))
	q = f.sel(f.and(f.isinf(ax), f.isinf(ay)), f.c(math.Pi/4), q)
	q = f.sel(f.and(f.eq(ax, f.c(0)), f.eq(ay, f.c(0))), f.c(0), q)
	r := f.sel(f.signbit(x), f.sub(f.c(math.Pi), q), q)
	r = f.copysign(r, y)
	return f.sel(f.or(f.isnan(x), f.isnan(y)), f.c(math.NaN()), r)
}

// pow with math.Pow's special cases; the core is exp(y*log|x|), in wide
// (f64) when the target has it and x is f32, else with log|x| and the
// product in double precision (powCore).
func (f fx) pow(x, y *K.Node, wide bool) *K.Node {
	ax := f.abs(x)
	var core *K.Node
	if wide && !f.f64() {
		w := newFx(f.b, ir.F64)
		ww := w.exp(w.mul(f.b.Convert(y, ir.F64), w.log(f.b.Convert(ax, ir.F64))))
		core = f.b.Convert(ww, f.t)
	} else {
		core = f.powCore(ax, y)
	}
	fy := f.floor(y)
	yInt := f.and(f.eq(fy, y), f.not(f.isinf(y)))
	half := f.mul(y, f.c(0.5))
	yOdd := f.and(yInt, f.ne(f.floor(half), half))
	r := f.sel(f.and(f.signbit(x), yOdd), f.neg(core), core)
	finNeg := f.and(f.lt(x, f.c(0)), f.not(f.isinf(x)))
	r = f.sel(f.and(finNeg, f.and(f.not(yInt), f.not(f.isinf(y)))), f.c(math.NaN()), r)
	r = f.sel(f.or(f.isnan(x), f.isnan(y)), f.c(math.NaN()), r)
	r = f.sel(f.and(f.eq(ax, f.c(1)), f.isinf(y)), f.c(1), r)
	r = f.sel(f.eq(y, f.c(1)), x, r)
	r = f.sel(f.or(f.eq(x, f.c(1)), f.eq(y, f.c(0))), f.c(1), r)
	return r
}

// roundAway rounds half away from zero: floor(|x|) + (frac >= 0.5), with x's sign.
func (f fx) roundAway(x *K.Node) *K.Node {
	a := f.abs(x)
	fl := f.floor(a)
	r := f.sel(f.ge(f.sub(a, fl), f.c(0.5)), f.add(fl, f.c(1)), fl)
	return f.copysign(r, x)
}

// fmod is the exact remainder of x by y with the sign of x (IEEE fmod, the
// spec's remainder): lavapipe's OpFRem computes x - y*trunc(x/y), which
// rounds (rem(1e10, 7) gave 0, rem(50331652, 2.5) gave 4). With
// |x| = ma*2^ea and |y| = mb*2^eb (integer significands, subnormals with
// exponent 1), |x| mod |y| = 2^eb * ((ma*2^(ea-eb)) mod mb): long division
// of the significands in the unsigned integer type of the width, a chunk
// of 8 (f32) or 11 (f64) exponent bits per step so the shifted remainder
// stays below 2^32 (2^64), in a fixed number of straight-line steps (32
// for f32, 186 for f64) because expansions may sit in vector loops. The
// result, a multiple of y's ulp below |y|, is exact in the type.
func (f fx) fmod(x, y *K.Node) *K.Node {
	b := f.b
	ut, chunk, steps := ir.UI32, int64(8), int64(32)
	if f.f64() {
		ut, chunk, steps = ir.UI64, 11, 186
	}
	u := func(v int64) *K.Node { return K.ConstOf(ut, v) }
	mb := f.mbits()
	absBits := func(v *K.Node) *K.Node {
		return b.Bitcast(b.Bin(K.And, f.bits(v), b.Un(K.Not, f.signBit())), ut)
	}
	split := func(v *K.Node) (e, m *K.Node) {
		bits := absBits(v)
		e = b.Bin(K.ShrL, bits, u(mb))
		m = b.Bin(K.And, bits, u(int64(1)<<mb-1))
		norm := b.Bin(K.NE, e, u(0))
		m = b.Select(norm, b.Bin(K.Or, m, u(int64(1)<<mb)), m)
		e = b.Select(norm, e, u(1))
		return b.Convert(e, f.it), m
	}
	ea, ma := split(x)
	eb, mby := split(y)
	mby = b.Select(b.Bin(K.EQ, mby, u(0)), u(1), mby) // y == 0 is selected away below
	d := b.Bin(K.Sub, ea, eb)
	r := b.Bin(K.Rem, ma, mby)
	for i := range steps {
		s := b.Bin(K.Sub, d, f.ci(i*chunk))
		s = b.Bin(K.Max, b.Bin(K.Min, s, f.ci(chunk)), f.ci(0))
		r = b.Bin(K.Rem, b.Bin(K.Shl, r, b.Convert(s, ut)), mby)
	}
	// r * 2^(eb - bias - mbits), exact (r < 2^(mbits+1) converts exactly).
	res := f.ldexp(b.Convert(r, f.t), b.Bin(K.Sub, eb, f.ci(f.bias()+mb)))
	ax := f.abs(x)
	res = f.sel(b.Bin(K.LT, d, f.ci(0)), ax, res)
	res = f.copysign(res, x)
	res = f.sel(f.and(f.isinf(y), f.not(f.isinf(x))), x, res)
	bad := f.or(f.or(f.isnan(x), f.isnan(y)), f.or(f.isinf(x), f.eq(y, f.c(0))))
	return f.sel(bad, f.c(math.NaN()), res)
}

// twoSum returns s = fl(a+b) and the exact error a + b - s (Knuth).
func (f fx) twoSum(a, b *K.Node) (s, e *K.Node) {
	s = f.add(a, b)
	bb := f.sub(s, a)
	return s, f.add(f.sub(a, f.sub(s, bb)), f.sub(b, bb))
}

// twoProd returns p = fl(a*b) and the exact error a*b - p (Dekker's
// product with Veltkamp's split: no FMA needed). |a|, |b| must stay below
// 2^(emax - 14) (f32) or 2^(emax - 28) (f64) so the split cannot overflow.
func (f fx) twoProd(a, b *K.Node) (p, e *K.Node) {
	c := 4097.0 // 2^12 + 1
	if f.f64() {
		c = 134217729 // 2^27 + 1
	}
	split := func(v *K.Node) (hi, lo *K.Node) {
		t := f.mul(f.c(c), v)
		hi = f.sub(t, f.sub(t, v))
		return hi, f.sub(v, hi)
	}
	p = f.mul(a, b)
	ah, al := split(a)
	bh, bl := split(b)
	e = f.add(f.add(f.add(f.sub(f.mul(ah, bh), p), f.mul(ah, bl)), f.mul(al, bh)), f.mul(al, bl))
	return p, e
}

// logDD returns log(x) for a finite x > 0 as an unevaluated sum hi + lo
// with about twice the type's precision: x = 2^e m, m in [sqrt(1/2),
// sqrt(2)), log(m) = 2 atanh(s) with s = (m-1)/(m+1) in double precision
// (the series' leading term carries the low part) and e ln2 in
// Cody-Waite parts. pow's core, so that x^y = e^(y log x) keeps
// |y log x| * 2^-2p instead of |y log x| * 2^-p.
func (f fx) logDD(x *K.Node) (hi, lo *K.Node) {
	minN, scale, terms := float64(math.Float32frombits(0x00800000)), 25.0, 6
	if f.f64() {
		minN, scale, terms = 0x1p-1022, 54, 13
	}
	sub := f.lt(x, f.c(minN))
	xs := f.sel(sub, f.mul(x, f.c(math.Ldexp(1, int(scale)))), x)
	bits := f.bits(xs)
	mb := f.mbits()
	expMask := int64(0x7ff)
	if !f.f64() {
		expMask = 0xff
	}
	e := f.b.Bin(K.And, f.b.Bin(K.ShrL, bits, f.ci(mb)), f.ci(expMask))
	e = f.b.Bin(K.Sub, e, f.ci(f.bias()))
	e = f.b.Bin(K.Sub, e, f.sel(sub, f.ci(int64(scale)), f.ci(0)))
	m := f.fromBits(f.b.Bin(K.Or, f.b.Bin(K.And, bits, f.ci(int64(1)<<mb-1)), f.ci(f.bias()<<mb)))
	hiM := f.gt(m, f.c(math.Sqrt2))
	m = f.sel(hiM, f.mul(m, f.c(0.5)), m)
	e = f.sel(hiM, f.b.Bin(K.Add, e, f.ci(1)), e)
	num := f.sub(m, f.c(1)) // exact
	den, dl := f.twoSum(m, f.c(1))
	sh := f.div(num, den)
	p, pe := f.twoProd(sh, den)
	sl := f.div(f.sub(f.sub(f.sub(num, p), pe), f.mul(sh, dl)), den)
	s2 := f.mul(sh, sh)
	c := make([]float64, terms)
	for n := range c {
		c[n] = 1 / float64(2*n+3)
	}
	tail := f.mul(f.mul(sh, s2), f.poly(s2, c...)) // s^3/3 + s^5/5 + ...
	lh, ll := f.twoSum(f.add(sh, sh), f.mul(f.c(2), f.add(sl, tail)))
	ef := f.toFloat(e)
	hi, lo = f.twoSum(f.mul(ef, f.c(f.ln2hi())), lh) // e*ln2hi is exact
	lo = f.add(lo, f.add(ll, f.mul(ef, f.c(f.ln2lo()))))
	// Renormalise: |lo| <= ulp(hi)/2, so that e^(y*lo) ~ 1 + y*lo.
	hi2 := f.add(hi, lo)
	return hi2, f.sub(lo, f.sub(hi2, hi))
}

// powCore is |x|^y = e^(y log|x|) for finite x != 0 with log|x| in
// double precision (logDD) and the product y log|x| split exactly
// (twoProd): e^(ph + pl) = e^ph (1 + pl). Exact powers such as 2^50,
// 10^10 and 2^120 come out within an ulp or two.
func (f fx) powCore(ax, y *K.Node) *K.Node {
	lh, ll := f.logDD(ax)
	big := 1e30 // |y| past it: the result is 0, 1 or inf; twoProd would overflow
	if f.f64() {
		big = 1e250
	}
	ys := f.sel(f.lt(f.abs(y), f.c(big)), y, f.c(0))
	ph, pe := f.twoProd(ys, lh)
	pl := f.add(pe, f.mul(ys, ll))
	ph = f.sel(f.lt(f.abs(y), f.c(big)), ph, f.mul(y, lh))
	ex := f.exp(ph)
	r := f.sel(f.isinf(ex), ex, f.add(ex, f.mul(ex, pl)))
	// 0^y and inf^y: 0 or inf by the sign of y (pow's caller handles y = 0
	// and NaN).
	zero, inf := f.eq(ax, f.c(0)), f.isinf(ax)
	edge := f.sel(zero, f.sel(f.gt(y, f.c(0)), f.c(0), f.c(math.Inf(1))), f.sel(f.gt(y, f.c(0)), f.c(math.Inf(1)), f.c(0)))
	return f.sel(f.or(zero, inf), edge, r)
}
