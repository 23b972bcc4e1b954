package passes

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// The legalisations of chlo.erfc, lgamma, digamma, polygamma, zeta,
// bessel_i1e and next_after. Each follows StableHLO's
// ChloLegalizeToStablehlo.cpp (XLA's chlo legalisation, itself from Cephes
// and Lanczos), computed in f32 for the narrower float types (converted to
// f32 and the result back, XLA's materializeWithUpcast) and in the type
// itself for f32 and f64:
//
//   - erfc: 1 - x·T(x²) for |x| < 1 (Cephes ndtrf/ndtr erf polynomial);
//     otherwise e^-x²/|x|·P(1/x²) (|x| < 2) or R(1/x²) (f32, Cephes
//     ndtrf), or e^-x²·P(|x|)/Q(|x|) (|x| < 8) or R/S (f64, Cephes ndtr),
//     and 2 - erfc(|x|) for x ≤ -1. zmlc computes e^-x² as Cephes' expx2
//     does, e^-h²·e^-(x-h)(x+h) with h the top half of x's significand
//     (h² exact), which keeps the error of x² (x²·ε, up to 100 ULP in
//     f32) out of the result; in f32 it also scales by e^64 past |x| = 8
//     so that the subnormal results (|x| up to 10.05) keep their bits.
//   - lgamma: Lanczos' approximation (g = 7, 9 terms) with the reflection
//     log π - lgamma(1-x) - log|sin(π·frac|x|)| for x < 1/2, +inf at the
//     poles and at ±inf (materializeLgamma).
//   - digamma: the derivative of the same Lanczos sum, with the reflection
//     ψ(1-x) - π·cos(πr)/sin(πr) on r = x + |floor(x + 1/2)|; NaN at the
//     poles x = 0, -1, ... (materializeDigamma).
//   - zeta: nine terms of the series, then the Euler–Maclaurin tail with
//     twelve Bernoulli terms by Horner's rule (materializeZeta, after
//     Johansson 2015, formula (5)); the domain rules of the interpreter.
//     For q < 0 not an integer (and x an integer) the series starts at q,
//     as in XLA, which is accurate only when q + 10 > 0.
//   - polygamma(n, x): (-1)^(n+1)·exp(lgamma(n+1))·zeta(n+1, x), digamma
//     for n = 0, NaN for n not a natural number (materializePolygamma).
//   - bessel_i1e: Cephes' Chebyshev series, 17/7 terms in f32 and 29/25 in
//     f64, on |x| ≤ 8 (in |x|/2 - 2) and |x| > 8 (in 32/|x| - 2), times
//     sign(x).
//   - next_after: integer steps on the bit pattern (bitcast_convert to the
//     signless integer of the same width): ±1 on the magnitude, the
//     smallest subnormal with y's sign from ±0, y when x = y, NaN when
//     either is NaN (materializeNextAfter); no upcast.

// lanczos are the Lanczos coefficients of g = 7, n = 9 (XLA's
// kBaseLanczosCoeff and kLanczosCoefficients).
const lanczosG = 7.0

var (
	lanczosBase   = 0.99999999999980993227684700473478
	lanczosCoeffs = []float64{676.520368121885098567009190444019, -1259.13921672240287047156078755283,
		771.3234287776530788486528258894, -176.61502916214059906584551354, 12.507343278686904814458936853,
		-0.13857109526572011689554707, 9.984369578019570859563e-6, 1.50563273514931155834e-7}
)

// withUpcast applies f to xs of type f32 or f64, converting f16, bf16 and
// the f8 types to f32 and the result back; it returns nil for other
// element types.
func withUpcast(e *emitter, xs []*ir.Value, f func(*emitter, []*ir.Value) *ir.Value) *ir.Value {
	el := xs[0].Tensor().Elem
	switch {
	case el == ir.F32 || el == ir.F64:
		return f(e, xs)
	case el.IsFloat():
		up := make([]*ir.Value, len(xs))
		for i, x := range xs {
			up[i] = e.convert(x, ir.F32)
		}
		return e.convert(f(e, up), el)
	}
	return nil
}

// expNegSquare is e^-x² as Cephes' expx2 computes it: h is x with the low
// half of its significand cleared (so h² is exact), and
// e^-x² = e^-h² · e^-(x-h)(x+h).
func expNegSquare(e *emitter, x *ir.Value) *ir.Value {
	t := x.Tensor()
	it, mask := ir.I32, int64(-1<<12)
	if t.Elem == ir.F64 {
		it, mask = ir.I64, int64(-1<<27)
	}
	bits := e.ok(e.b.BitcastConvert(x, t.WithElem(it)))
	h := e.ok(e.b.BitcastConvert(e.binary("and", bits, e.splat(bits, mask)), t))
	lo := e.sub(x, h)
	return e.mul(e.unary("exponential", e.unary("negate", e.mul(h, h))),
		e.unary("exponential", e.unary("negate", e.mul(lo, e.add(x, h)))))
}

// Cephes ndtrf.c (single precision erf and erfc), highest degree first.
var (
	erfTF32  = []float64{7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2, 1.128358514861418e-1, -3.761262582423300e-1, 1.128379165726710e+0}
	erfcPF32 = []float64{2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1, 6.210004621745983e-1, -4.944515323274145e-1, 3.404879937665872e-1, -2.741127028184656e-1, 5.638259427386472e-1}
	erfcRF32 = []float64{-1.047766399936249e+1, 1.297719955372516e+1, -7.495518717768503e+0, 2.921019019210786e+0, -1.015265279202700e+0, 4.218463358204948e-1, -2.820767439740514e-1, 5.641895067754075e-1}
)

func erfcF32(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one, two := e.splat(x, 1.0), e.splat(x, 2.0)
	small := e.sub(one, e.mul(x, e.horner(e.mul(x, x), erfTF32)))
	a := e.unary("abs", x)
	// Past |x| = 8 scale e^-x² by e^64 (64 - h² is exact there: h² is
	// within a factor 2 of 64 until erfc underflows to 0 at 10.05) and the
	// result back by e^-64.
	far := e.cmp("GT", "", a, e.splat(x, 8.0))
	sh := e.sel(far, e.splat(x, 64.0), e.splat(x, 0.0))
	back := e.sel(far, e.splat(x, math.Exp(-64)), one)
	t := x.Tensor()
	bits := e.ok(e.b.BitcastConvert(a, t.WithElem(ir.I32)))
	h := e.ok(e.b.BitcastConvert(e.binary("and", bits, e.splat(bits, int64(-1<<12))), t))
	lo := e.sub(a, h)
	ez := e.mul(e.unary("exponential", e.sub(sh, e.mul(h, h))),
		e.unary("exponential", e.unary("negate", e.mul(lo, e.add(a, h)))))
	r2 := e.div(one, e.mul(a, a))
	p := e.sel(e.cmp("LT", "", a, two), e.horner(r2, erfcPF32), e.horner(r2, erfcRF32))
	y := e.mul(e.mul(e.div(ez, a), p), back)
	// e^-h² underflows past |x| ≈ 13.2 even with the shift: 0 (and for
	// inf, where the product would be NaN).
	y = e.sel(e.cmp("GT", "", a, e.splat(x, 10.5)), e.splat(x, 0.0), y)
	y = e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.sub(two, y), y)
	return e.sel(e.cmp("LT", "", a, one), small, y)
}

func erfcF64(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one := e.splat(x, 1.0)
	x2 := e.mul(x, x)
	small := e.sub(one, e.div(e.mul(x, e.horner(x2, erfT64)), e.horner(x2, erfU64)))
	a := e.unary("abs", x)
	ez := expNegSquare(e, a)
	mid := e.div(e.mul(ez, e.horner(a, erfcP64)), e.horner(a, erfcQ64))
	far := e.div(e.mul(ez, e.horner(a, erfcR64)), e.horner(a, erfcS64))
	y := e.sel(e.cmp("LT", "", a, e.splat(x, 8.0)), mid, far)
	// e^-x² underflows to 0 past |x| ≈ 27.3 (and the ratio is NaN at inf).
	y = e.sel(e.cmp("GT", "", a, e.splat(x, 27.5)), e.splat(x, 0.0), y)
	y = e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.sub(e.splat(x, 2.0), y), y)
	return e.sel(e.cmp("LT", "", a, one), small, y)
}

// erfcLegal is erfc of an f32 or f64 operand.
func erfcLegal(e *emitter, xs []*ir.Value) *ir.Value {
	if xs[0].Tensor().Elem == ir.F64 {
		return erfcF64(e, xs)
	}
	return erfcF32(e, xs)
}

// lanczosZ returns x < 1/2 and z = -x there, x - 1 elsewhere.
func lanczosZ(e *emitter, x *ir.Value) (reflect, z *ir.Value) {
	reflect = e.cmp("LT", "", x, e.splat(x, 0.5))
	z = e.sel(reflect, e.unary("negate", x), e.sub(x, e.splat(x, 1.0)))
	return reflect, z
}

// lanczosLogT returns log(t) for t = z + g + 1/2, as
// log(g + 1/2) + log1p(z/(g + 1/2)), and t.
func lanczosLogT(e *emitter, z *ir.Value) (logT, t *ir.Value) {
	gh := e.splat(z, lanczosG+0.5)
	t = e.add(gh, z)
	logT = e.add(e.splat(z, math.Log(lanczosG+0.5)), e.unary("log_plus_one", e.div(z, gh)))
	return logT, t
}

func lgammaLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	half, one := e.splat(x, 0.5), e.splat(x, 1.0)
	reflect, z := lanczosZ(e, x)
	a := e.splat(x, lanczosBase)
	for i, c := range lanczosCoeffs {
		a = e.add(a, e.div(e.splat(x, c), e.add(z, e.splat(x, float64(i+1)))))
	}
	logT, t := lanczosLogT(e, z)
	r := e.mul(e.sub(e.add(z, half), e.div(t, logT)), logT)
	lg := e.add(e.add(e.splat(x, (math.Log(2)+math.Log(math.Pi))/2), r), e.unary("log", a))
	// Reflection: log π - lgamma(1-x) - log|sin(π·frac|x|)|, frac folded
	// to [0, 1/2].
	abs := e.unary("abs", x)
	frac := e.sub(abs, e.unary("floor", abs))
	frac = e.sel(e.cmp("LT", "", half, frac), e.sub(one, frac), frac)
	denom := e.unary("log", e.unary("sine", e.mul(e.splat(x, math.Pi), frac)))
	refl := e.sub(e.sub(e.splat(x, math.Log(math.Pi)), denom), lg)
	refl = e.sel(e.unary("is_finite", denom), refl, e.unary("negate", denom))
	lg = e.sel(reflect, refl, lg)
	isInf := e.cmp("EQ", "", abs, e.splat(x, math.Inf(1)))
	lg = e.sel(isInf, e.splat(x, math.Inf(1)), lg)
	// lgamma(1) = lgamma(2) = 0 exactly (the sum gives a few ULP of 1).
	zero := e.binary("or", e.cmp("EQ", "", x, one), e.cmp("EQ", "", x, e.splat(x, 2.0)))
	return e.sel(zero, e.splat(x, 0.0), lg)
}

func digammaLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	zero := e.splat(x, 0.0)
	reflect, z := lanczosZ(e, x)
	a := e.splat(x, lanczosBase)
	ap := zero
	for i, c := range lanczosCoeffs {
		zt := e.add(z, e.splat(x, float64(i+1)))
		ap = e.sub(ap, e.div(e.splat(x, c), e.mul(zt, zt)))
		a = e.add(a, e.div(e.splat(x, c), zt))
	}
	logT, t := lanczosLogT(e, z)
	d := e.sub(e.add(logT, e.div(ap, a)), e.div(e.splat(x, lanczosG), t))
	r := e.add(x, e.unary("abs", e.unary("floor", e.add(x, e.splat(x, 0.5)))))
	pr := e.mul(e.splat(x, math.Pi), r)
	refl := e.sub(d, e.div(e.mul(e.splat(x, math.Pi), e.unary("cosine", pr)), e.unary("sine", pr)))
	d = e.sel(reflect, refl, d)
	pole := e.binary("and", e.cmp("LE", "", x, zero), e.cmp("EQ", "", x, e.unary("floor", x)))
	d = e.sel(pole, e.splat(x, math.NaN()), d)
	// ψ(+inf) = +inf (the Lanczos form gives NaN there), ψ(-inf) = NaN.
	return e.sel(e.cmp("EQ", "", x, e.splat(x, math.Inf(1))), x, d)
}

// zetaA are XLA's kZetaCoeffs: (2k)!/B_2k for k = 12 down to 1.
var zetaA = []float64{-7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
	1.1646782814350067249e14, -2.950130727918164224e12, 7.47242496e10, -1.8924375803183791606e9,
	47900160.0, -1209600.0, 30240.0, -720.0, 12.0}

func zetaLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x, q := xs[0], xs[1]
	zero, one := e.splat(q, 0.0), e.splat(q, 1.0)
	negX := e.unary("negate", x)
	acc := q
	sum := e.binary("power", q, negX)
	for i := 0; i < 9; i++ {
		acc = e.add(acc, one)
		sum = e.add(sum, e.binary("power", acc, negX))
	}
	acc = e.add(acc, one)
	qn := e.binary("power", acc, negX)
	corr := e.div(e.mul(qn, acc), e.sub(x, one))
	r2 := e.div(one, e.mul(acc, acc))
	hs := zero
	const terms = 12
	for i := 0; i < terms-1; i++ {
		fl := e.add(x, e.splat(x, float64(2*terms-1-1-2*i)))
		fr := e.add(x, e.splat(x, float64(2*terms-1-2-2*i)))
		hs = e.mul(e.mul(fl, fr), e.mul(r2, e.add(hs, e.splat(x, 1/zetaA[i]))))
	}
	tail := e.mul(qn, e.add(e.splat(x, 0.5), e.mul(e.div(x, acc), e.add(e.splat(x, 1/zetaA[terms-1]), hs))))
	out := e.add(e.add(sum, corr), tail)
	// The series alone when the next term no longer changes it.
	tiny := ir.FloatFromBits(1, q.Tensor().Elem)
	out = e.sel(e.cmp("LT", "", e.unary("abs", qn), e.mul(e.unary("abs", sum), e.splat(x, tiny))), sum, out)
	// The domain rules, lowest priority first (the interpreter's order):
	// ζ(x, +inf) = 0 (the tail is inf·0 there); for q ≤ 0, NaN unless x is
	// an integer, and at the poles +inf for even x, NaN for odd x; NaN for
	// x < 1; +inf for x = 1; NaN in, NaN out.
	nan, inf := e.splat(x, math.NaN()), e.splat(x, math.Inf(1))
	out = e.sel(e.cmp("EQ", "", q, inf), zero, out)
	qLeZero := e.cmp("LE", "", q, zero)
	xInt := e.cmp("EQ", "", x, e.unary("floor", x))
	out = e.sel(e.binary("and", qLeZero, e.unary("not", xInt)), nan, out)
	atPole := e.binary("and", qLeZero, e.cmp("EQ", "", q, e.unary("floor", q)))
	xEven := e.binary("and", xInt, e.cmp("EQ", "", e.binary("remainder", x, e.splat(x, 2.0)), zero))
	out = e.sel(atPole, e.sel(xEven, inf, nan), out)
	out = e.sel(e.cmp("LT", "", x, one), nan, out)
	out = e.sel(e.cmp("EQ", "", x, one), inf, out)
	return e.sel(e.binary("or", e.cmp("NE", "", x, x), e.cmp("NE", "", q, q)), nan, out)
}

func polygammaLegal(e *emitter, xs []*ir.Value) *ir.Value {
	n, x := xs[0], xs[1]
	one, two, zero := e.splat(x, 1.0), e.splat(x, 2.0), e.splat(x, 0.0)
	sign := e.sub(e.mul(two, e.binary("remainder", n, two)), one)
	np1 := e.add(n, one)
	fact := e.unary("exponential", lgammaLegal(e, []*ir.Value{np1}))
	r := e.mul(e.mul(sign, fact), zetaLegal(e, []*ir.Value{np1, x}))
	r = e.sel(e.cmp("EQ", "", n, zero), digammaLegal(e, []*ir.Value{x}), r)
	bad := e.binary("or", e.cmp("NE", "", n, e.unary("floor", n)), e.cmp("LT", "", n, zero))
	return e.sel(bad, e.splat(x, math.NaN()), r)
}

// Cephes i1.c Chebyshev coefficients of e^-x I1(x)/x on [0, 8] (A) and
// e^-x √x I1(x) on (8, inf) (B), in f32 (i1f.c, the last 17 and 7) and
// f64 (29 and 25).
var (
	i1eA64 = []float64{2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
		-1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
		3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
		-6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
		9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
		-8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
		4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
		-1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
		2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
		-1.76416518357834055153e-1, 2.52587186443633654823e-1}
	i1eB64 = []float64{7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
		-3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
		-1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
		4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
		-7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
		3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
		-3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
		-3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
		7.78576235018280120474e-1}
)

// chebyshev evaluates Σ' c_i T_i(x/2) by Clenshaw's recurrence, as Cephes'
// chbevl: b0 = x·b1 - b2 + c, result (b0 - b2)/2.
func chebyshev(e *emitter, x *ir.Value, cs []float64) *ir.Value {
	b0, b1, b2 := e.splat(x, 0.0), e.splat(x, 0.0), e.splat(x, 0.0)
	for _, c := range cs {
		b2, b1 = b1, b0
		b0 = e.add(e.sub(e.mul(x, b1), b2), e.splat(x, c))
	}
	return e.mul(e.sub(b0, b2), e.splat(x, 0.5))
}

func besselI1eLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	ca, cb := i1eA64, i1eB64
	if x.Tensor().Elem == ir.F32 {
		ca, cb = i1eA64[len(i1eA64)-17:], i1eB64[len(i1eB64)-7:]
	}
	z := e.unary("abs", x)
	two := e.splat(x, 2.0)
	le8 := e.mul(z, chebyshev(e, e.sub(e.mul(e.splat(x, 0.5), z), two), ca))
	gt8 := e.div(chebyshev(e, e.sub(e.div(e.splat(x, 32.0), z), two), cb), e.unary("sqrt", z))
	r := e.sel(e.cmp("LE", "", z, e.splat(x, 8.0)), le8, gt8)
	return e.mul(e.unary("sign", x), r)
}

// nextAfterLegal is materializeNextAfter on x's own float type.
func nextAfterLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x, y := xs[0], xs[1]
	t := x.Tensor()
	var it ir.ElementType
	switch t.Elem.Bits() {
	case 8:
		it = ir.I8
	case 16:
		it = ir.I16
	case 32:
		it = ir.I32
	case 64:
		it = ir.I64
	default:
		return nil
	}
	bits := uint(t.Elem.Bits())
	xi := e.ok(e.b.BitcastConvert(x, t.WithElem(it)))
	yi := e.ok(e.b.BitcastConvert(y, t.WithElem(it)))
	signBit := int64(-1) << (bits - 1)
	nanIn := e.binary("or", e.cmp("NE", "", x, x), e.cmp("NE", "", y, y))
	xAbs := e.binary("and", xi, e.splat(xi, ^signBit))
	yAbs := e.binary("and", yi, e.splat(yi, ^signBit))
	zero, one := e.splat(xi, int64(0)), e.splat(xi, int64(1))
	xSign := e.binary("and", xi, e.splat(xi, signBit))
	ySign := e.binary("and", yi, e.splat(yi, signBit))
	fromZero := e.binary("or", ySign, one)
	smaller := e.binary("or", e.cmp("GT", "SIGNED", xAbs, yAbs), e.cmp("NE", "", xSign, ySign))
	r := e.add(xi, e.sel(smaller, e.splat(xi, int64(-1)), one))
	r = e.sel(e.cmp("EQ", "", xAbs, zero), e.sel(e.cmp("EQ", "", yAbs, zero), yi, fromZero), r)
	r = e.sel(e.cmp("EQ", "", x, y), yi, r)
	res := e.ok(e.b.BitcastConvert(r, t))
	return e.sel(nanIn, e.splat(x, math.NaN()), res)
}
