package passes

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// The legalisations of the complex forms of chlo.asin, acos, atan, sinh,
// cosh, asinh, acosh and atanh: the interpreter's formulas (Kahan, "Branch
// cuts for complex elementary functions", 1987; see ir/interp/chlo_complex.go)
// written on the real and imaginary parts (stablehlo.real, imag, complex)
// with the real legalisations of asinh, sinh and cosh, so that a target
// needs no complex transcendental function. complex<f32> is computed in
// f32, complex<f64> in f64.

// chloComplex are the complex legalisations, each from the parts (x, y) of
// z = x + iy to the parts of the result.
var chloComplex = map[string]func(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value){
	"chlo.asin":  casinLegal,
	"chlo.acos":  cacosLegal,
	"chlo.atan":  catanLegal,
	"chlo.sinh":  csinhLegal,
	"chlo.cosh":  ccoshLegal,
	"chlo.asinh": casinhLegal,
	"chlo.acosh": cacoshLegal,
	"chlo.atanh": catanhLegal,
}

// complexLegal applies f to the parts of the complex tensor z.
func complexLegal(e *emitter, z *ir.Value, f func(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value)) *ir.Value {
	re, im := f(e, e.unary("real", z), e.unary("imag", z))
	return e.binary("complex", re, im)
}

// signBit reports y's sign bit (true for -0 as well).
func signBit(e *emitter, y *ir.Value) *ir.Value {
	t := y.Tensor()
	it := ir.I32
	if t.Elem == ir.F64 {
		it = ir.I64
	}
	b := e.ok(e.b.BitcastConvert(y, t.WithElem(it)))
	return e.cmp("LT", "SIGNED", b, e.splat(b, int64(0)))
}

// hypot is √(x² + y²) scaled against overflow: m·√(1 + (n/m)²) for m, n
// the larger and smaller of |x|, |y| (0 for m = 0, inf for m = inf).
func hypot(e *emitter, x, y *ir.Value) *ir.Value {
	ax, ay := e.unary("abs", x), e.unary("abs", y)
	m, n := e.binary("maximum", ax, ay), e.binary("minimum", ax, ay)
	r := e.div(n, m)
	h := e.mul(m, e.unary("sqrt", e.add(e.splat(x, 1.0), e.mul(r, r))))
	zero := e.splat(x, 0.0)
	h = e.sel(e.cmp("EQ", "", m, zero), zero, h)
	return e.sel(e.cmp("EQ", "", m, e.splat(x, math.Inf(1))), m, h)
}

// csqrtParts is Kahan's principal square root of x + iy (see
// ir/interp/chlo_complex.go's csqrt).
func csqrtParts(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	zero := e.splat(x, 0.0)
	t := e.unary("sqrt", e.mul(e.add(e.unary("abs", x), hypot(e, x, y)), e.splat(x, 0.5)))
	q := e.div(y, e.add(t, t))
	negT := e.unary("negate", t)
	neg := e.cmp("LT", "", x, zero)
	re := e.sel(neg, e.unary("abs", q), t)
	im := e.sel(neg, e.sel(signBit(e, y), negT, t), q)
	both := e.binary("and", e.cmp("EQ", "", x, zero), e.cmp("EQ", "", y, zero))
	return e.sel(both, zero, re), e.sel(both, y, im)
}

// asinhOf is the real asinh legalisation of v.
func asinhOf(e *emitter, v *ir.Value) *ir.Value { return asinhLegal(e, []*ir.Value{v}) }

// sqrtPair returns √(1-z) and √(1+z).
func sqrtPair(e *emitter, x, y *ir.Value) (ar, ai, br, bi *ir.Value) {
	one := e.splat(x, 1.0)
	ar, ai = csqrtParts(e, e.sub(one, x), e.unary("negate", y))
	br, bi = csqrtParts(e, e.add(one, x), y)
	return
}

func casinLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	ar, ai, br, bi := sqrtPair(e, x, y)
	re := e.binary("atan2", x, e.sub(e.mul(ar, br), e.mul(ai, bi)))
	return re, asinhOf(e, e.sub(e.mul(ar, bi), e.mul(ai, br)))
}

func cacosLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	ar, ai, br, bi := sqrtPair(e, x, y)
	re := e.mul(e.splat(x, 2.0), e.binary("atan2", ar, br))
	return re, asinhOf(e, e.sub(e.mul(br, ai), e.mul(bi, ar)))
}

func cacoshLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	one := e.splat(x, 1.0)
	ar, ai := csqrtParts(e, e.sub(x, one), y)
	br, bi := csqrtParts(e, e.add(x, one), y)
	re := asinhOf(e, e.add(e.mul(ar, br), e.mul(ai, bi)))
	return re, e.mul(e.splat(x, 2.0), e.binary("atan2", ai, br))
}

// casinhLegal is -i·asin(iz).
func casinhLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	p, q := casinLegal(e, e.unary("negate", y), x)
	return q, e.unary("negate", p)
}

func catanhLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	one := e.splat(x, 1.0)
	omx := e.sub(one, x)
	opx := e.add(one, x)
	y2 := e.mul(y, y)
	d := e.add(e.mul(omx, omx), y2)
	r := e.div(e.mul(e.splat(x, 4.0), x), d)
	near := e.unary("log_plus_one", r)
	far := e.sub(e.unary("log", e.add(e.mul(opx, opx), y2)), e.unary("log", d))
	re := e.mul(e.sel(e.cmp("LT", "", e.unary("abs", r), e.splat(x, 0.5)), near, far), e.splat(x, 0.25))
	im := e.mul(e.binary("atan2", e.add(y, y), e.sub(e.mul(omx, e.add(one, x)), e.mul(y, y))), e.splat(x, 0.5))
	return re, im
}

// catanLegal is -i·atanh(iz).
func catanLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	p, q := catanhLegal(e, e.unary("negate", y), x)
	return q, e.unary("negate", p)
}

func csinhLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	sh, ch := sinhLegal(e, []*ir.Value{x}), coshLegal(e, []*ir.Value{x})
	return e.mul(sh, e.unary("cosine", y)), e.mul(ch, e.unary("sine", y))
}

func ccoshLegal(e *emitter, x, y *ir.Value) (*ir.Value, *ir.Value) {
	sh, ch := sinhLegal(e, []*ir.Value{x}), coshLegal(e, []*ir.Value{x})
	return e.mul(ch, e.unary("cosine", y)), e.mul(sh, e.unary("sine", y))
}
