package passes

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// The legalisations of the real inverse and hyperbolic trigonometric chlo
// ops, in f32 for the narrower float types and in the type itself for f32
// and f64. They follow the formulas of ChloOps.td and XLA's chlo
// decompositions, rearranged against cancellation (Kahan's and Cephes'
// usual forms):
//
//   - asin(x) = 2·atan2(x, 1 + √((1-x)(1+x))) (NaN for |x| > 1);
//   - acos(x) = 2·atan2(√((1-x)(1+x)), 1 + x), π at x = -1;
//   - atan(x) = atan2(x, 1);
//   - sinh(x) = (expm1(x) + expm1(x)/(expm1(x)+1))/2 for |x| < 1 (XLA),
//     otherwise sign(x)·(e^|x|/2 - e^-|x|/2), and past log(max) (where e^|x|
//     overflows but sinh does not) sign(x)·t·(t/2) with t = e^(|x|/2);
//   - cosh(x) = e^|x|/2 + e^-|x|/2, t·(t/2) past log(max);
//   - asinh(x) = sign(x)·log1p(a + a²/(1 + √(1+a²))) for a = |x| < 1,
//     sign(x)·log(a + √(a²+1)) up to √max, sign(x)·(log a + log 2) beyond
//     (XLA);
//   - acosh(x) = log1p(y + √(y(x+1))) with y = x - 1 (exact near 1; NaN
//     for x < 1), log x + log 2 past √max;
//   - atanh(x) = (log1p(x) - log1p(-x))/2 (XLA; ±inf at ±1, NaN beyond).

// asinLegal is asin of an f32 or f64 operand.
func asinLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one := e.splat(x, 1.0)
	s := e.unary("sqrt", e.mul(e.sub(one, x), e.add(one, x)))
	return e.mul(e.splat(x, 2.0), e.binary("atan2", x, e.add(one, s)))
}

func acosLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one := e.splat(x, 1.0)
	s := e.unary("sqrt", e.mul(e.sub(one, x), e.add(one, x)))
	r := e.mul(e.splat(x, 2.0), e.binary("atan2", s, e.add(one, x)))
	return e.sel(e.cmp("EQ", "", x, e.splat(x, -1.0)), e.splat(x, math.Pi), r)
}

func atanLegal(e *emitter, xs []*ir.Value) *ir.Value {
	return e.binary("atan2", xs[0], e.splat(xs[0], 1.0))
}

// logMax returns log of the largest finite value of x's type.
func logMax(x *ir.Value) float64 { return math.Log(ir.MaxFinite(x.Tensor().Elem)) }

// halfExpBig returns e^a/2 for a ≥ 0, as t·(t/2) with t = e^(a/2) where
// e^a overflows.
func halfExpBig(e *emitter, a *ir.Value) *ir.Value {
	half := e.splat(a, 0.5)
	direct := e.mul(half, e.unary("exponential", a))
	t := e.unary("exponential", e.mul(half, a))
	big := e.mul(t, e.mul(half, t))
	return e.sel(e.cmp("GT", "", a, e.splat(a, logMax(a))), big, direct)
}

func sinhLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one, half := e.splat(x, 1.0), e.splat(x, 0.5)
	em := e.unary("exponential_minus_one", x)
	small := e.mul(half, e.add(em, e.div(em, e.add(em, one))))
	a := e.unary("abs", x)
	large := e.sub(halfExpBig(e, a), e.mul(half, e.unary("exponential", e.unary("negate", a))))
	large = e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.unary("negate", large), large)
	return e.sel(e.cmp("LT", "", a, one), small, large)
}

func coshLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	a := e.unary("abs", x)
	return e.add(halfExpBig(e, a), e.mul(e.splat(x, 0.5), e.unary("exponential", e.unary("negate", a))))
}

func asinhLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one := e.splat(x, 1.0)
	a := e.unary("abs", x)
	a2 := e.mul(a, a)
	root := e.unary("sqrt", e.add(a2, one))
	small := e.unary("log_plus_one", e.add(a, e.div(a2, e.add(one, root))))
	mid := e.unary("log", e.add(a, root))
	big := e.add(e.unary("log", a), e.splat(x, math.Ln2))
	r := e.sel(e.cmp("LT", "", a, one), small,
		e.sel(e.cmp("LT", "", a, e.splat(x, math.Sqrt(ir.MaxFinite(x.Tensor().Elem)))), mid, big))
	// sign(x)·r, keeping -0 and NaN.
	return e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.unary("negate", r), e.sel(e.cmp("EQ", "", x, e.splat(x, 0.0)), x, r))
}

func acoshLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	one := e.splat(x, 1.0)
	y := e.sub(x, one)
	r := e.unary("log_plus_one", e.add(y, e.unary("sqrt", e.mul(y, e.add(x, one)))))
	big := e.add(e.unary("log", x), e.splat(x, math.Ln2))
	return e.sel(e.cmp("GT", "", x, e.splat(x, math.Sqrt(ir.MaxFinite(x.Tensor().Elem)))), big, r)
}

func atanhLegal(e *emitter, xs []*ir.Value) *ir.Value {
	x := xs[0]
	d := e.sub(e.unary("log_plus_one", x), e.unary("log_plus_one", e.unary("negate", x)))
	return e.mul(e.splat(x, 0.5), d)
}
