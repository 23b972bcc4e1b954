package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

var nan = math.NaN()

func TestSignIssueCase(t *testing.T) {
	x := uaF(ir.F32, []int64{5}, nan, 1, nan, -2, 0)
	r := uaRun(t, "stablehlo.sign", x.Type, nil, x)
	uaWantF(t, "sign", r, nan, 1, nan, -1, 0)
	z := uaF(ir.F64, []int64{2}, math.Copysign(0, -1), -7)
	uaWantF(t, "sign -0", uaRun(t, "stablehlo.sign", z.Type, nil, z), math.Copysign(0, -1), -1)
	u := uaI(ir.UI8, []int64{3}, 0, 200, 1)
	uaWantI(t, "sign ui8", uaRun(t, "stablehlo.sign", u.Type, nil, u), 0, 1, 1)
}

func TestRemainderSignFollowsDividend(t *testing.T) {
	a := uaI(ir.I32, []int64{4}, 16, -16, 7, math.MinInt32)
	b := uaI(ir.I32, []int64{4}, -7, 7, 0, -1)
	uaWantI(t, "rem i32", uaRun(t, "stablehlo.remainder", a.Type, nil, a, b), 2, -2, 7, 0)
	fa := uaF(ir.F32, []int64{2}, 5.5, -5.5)
	fb := uaF(ir.F32, []int64{2}, -2, 2)
	uaWantF(t, "rem f32", uaRun(t, "stablehlo.remainder", fa.Type, nil, fa, fb), 1.5, -1.5)
	ua := uaI(ir.UI8, []int64{2}, 250, 7)
	ub := uaI(ir.UI8, []int64{2}, 7, 0)
	uaWantI(t, "rem ui8", uaRun(t, "stablehlo.remainder", ua.Type, nil, ua, ub), 250%7, 7)
}

func TestMinMaxNaN(t *testing.T) {
	a := uaF(ir.F64, []int64{3}, 3, nan, math.Copysign(0, -1))
	b := uaF(ir.F64, []int64{3}, nan, 3, 0)
	uaWantF(t, "minimum", uaRun(t, "stablehlo.minimum", a.Type, nil, a, b), nan, nan, math.Copysign(0, -1))
	uaWantF(t, "maximum", uaRun(t, "stablehlo.maximum", a.Type, nil, b, a), nan, nan, 0)
	// Unsigned compare: 200 > 3 for ui8, and ui64 bit patterns.
	ua := uaI(ir.UI64, []int64{1}, -1)
	ub := uaI(ir.UI64, []int64{1}, 3)
	uaWantI(t, "max ui64", uaRun(t, "stablehlo.maximum", ua.Type, nil, ua, ub), -1)
	uaWantI(t, "min ui64", uaRun(t, "stablehlo.minimum", ua.Type, nil, ua, ub), 3)
}

func TestI8Wraparound(t *testing.T) {
	a := uaI(ir.I8, []int64{2}, 12, -128)
	b := uaI(ir.I8, []int64{2}, 12, -1)
	uaWantI(t, "mul i8", uaRun(t, "stablehlo.multiply", a.Type, nil, a, b), -112, -128)
	x := uaI(ir.I8, []int64{3}, -112, -128, 5)
	uaWantI(t, "abs i8", uaRun(t, "stablehlo.abs", x.Type, nil, x), 112, -128, 5)
	uaWantI(t, "negate i8", uaRun(t, "stablehlo.negate", x.Type, nil, x), 112, -128, -5)
	s := uaI(ir.I8, []int64{1}, 127)
	o := uaI(ir.I8, []int64{1}, 1)
	uaWantI(t, "add i8", uaRun(t, "stablehlo.add", s.Type, nil, s, o), -128)
}

func TestDivideCornerCases(t *testing.T) {
	a := uaI(ir.I32, []int64{4}, 7, -7, math.MinInt32, 7)
	b := uaI(ir.I32, []int64{4}, 0, 2, -1, -2)
	uaWantI(t, "div i32", uaRun(t, "stablehlo.divide", a.Type, nil, a, b), -1, -3, math.MinInt32, -3)
	ua := uaI(ir.UI16, []int64{2}, 7, 65535)
	ub := uaI(ir.UI16, []int64{2}, 0, 2)
	uaWantI(t, "div ui16", uaRun(t, "stablehlo.divide", ua.Type, nil, ua, ub), 65535, 32767)
	u64 := uaI(ir.UI64, []int64{1}, -2) // 2^64-2
	two := uaI(ir.UI64, []int64{1}, 2)
	uaWantI(t, "div ui64", uaRun(t, "stablehlo.divide", u64.Type, nil, u64, two), math.MaxInt64)
	fa := uaF(ir.F32, []int64{2}, 1, 0)
	fb := uaF(ir.F32, []int64{2}, 3, 0)
	r := uaRun(t, "stablehlo.divide", fa.Type, nil, fa, fb)
	uaWantF(t, "div f32", r, float64(float32(1.0/3)), nan)
}

func TestShiftsAndBits(t *testing.T) {
	a := uaI(ir.I8, []int64{4}, 1, -128, -128, 3)
	n := uaI(ir.I8, []int64{4}, 7, 1, 8, -1)
	uaWantI(t, "shl", uaRun(t, "stablehlo.shift_left", a.Type, nil, a, n), -128, 0, 0, 0)
	uaWantI(t, "shr logical", uaRun(t, "stablehlo.shift_right_logical", a.Type, nil, a, n), 0, 64, 0, 0)
	uaWantI(t, "shr arith", uaRun(t, "stablehlo.shift_right_arithmetic", a.Type, nil, a, n), 0, -64, -1, 0)
	u := uaI(ir.UI8, []int64{1}, 0x80)
	one := uaI(ir.UI8, []int64{1}, 1)
	uaWantI(t, "shr arith ui8", uaRun(t, "stablehlo.shift_right_arithmetic", u.Type, nil, u, one), 0xC0)
	p := uaI(ir.I16, []int64{3}, -1, 0, 0x00F0)
	uaWantI(t, "popcnt", uaRun(t, "stablehlo.popcnt", p.Type, nil, p), 16, 0, 4)
	uaWantI(t, "clz", uaRun(t, "stablehlo.count_leading_zeros", p.Type, nil, p), 0, 16, 8)
	uaWantI(t, "not i16", uaRun(t, "stablehlo.not", p.Type, nil, p), 0, -1, ^0x00F0)
	bl := uaI(ir.I1, []int64{2}, 0, 1)
	br := uaI(ir.I1, []int64{2}, 1, 1)
	uaWantI(t, "not i1", uaRun(t, "stablehlo.not", bl.Type, nil, bl), 1, 0)
	uaWantI(t, "add i1", uaRun(t, "stablehlo.add", bl.Type, nil, bl, br), 1, 1)
	uaWantI(t, "xor i1", uaRun(t, "stablehlo.xor", bl.Type, nil, bl, br), 1, 0)
	uaWantI(t, "mul i1", uaRun(t, "stablehlo.multiply", bl.Type, nil, bl, br), 0, 1)
}

func TestPower(t *testing.T) {
	b := uaI(ir.I32, []int64{5}, 2, 2, -1, 1, 3)
	e := uaI(ir.I32, []int64{5}, 10, -1, -3, -5, 0)
	uaWantI(t, "pow i32", uaRun(t, "stablehlo.power", b.Type, nil, b, e), 1024, 0, -1, 1, 1)
	o := uaI(ir.I8, []int64{1}, 3)
	f := uaI(ir.I8, []int64{1}, 5)
	uaWantI(t, "pow i8 wraps", uaRun(t, "stablehlo.power", o.Type, nil, o, f), int64(int8(243-256)))
	fb := uaF(ir.F32, []int64{2}, 2, -8)
	fe := uaF(ir.F32, []int64{2}, 0.5, 1.0/3)
	uaWantF(t, "pow f32", uaRun(t, "stablehlo.power", fb.Type, nil, fb, fe), float64(float32(math.Sqrt2)), nan)
}

func TestUnaryFloat(t *testing.T) {
	x := uaF(ir.F32, []int64{4}, 2.5, -2.5, 0.5, math.Inf(-1))
	uaWantF(t, "afz", uaRun(t, "stablehlo.round_nearest_afz", x.Type, nil, x), 3, -3, 1, math.Inf(-1))
	uaWantF(t, "even", uaRun(t, "stablehlo.round_nearest_even", x.Type, nil, x), 2, -2, 0, math.Inf(-1))
	l := uaF(ir.F32, []int64{2}, 0, 1)
	uaWantF(t, "logistic", uaRun(t, "stablehlo.logistic", l.Type, nil, l), 0.5, float64(float32(1/(1+math.Exp(-1)))))
	fin := uaF(ir.BF16, []int64{3}, 1, math.Inf(1), nan)
	uaWantI(t, "is_finite", uaRun(t, "stablehlo.is_finite", ir.TensorOf(ir.I1, 3), nil, fin), 1, 0, 0)
	h := uaF(ir.F16, []int64{1}, 2)
	uaWantF(t, "sqrt f16 rounded", uaRun(t, "stablehlo.sqrt", h.Type, nil, h), ir.RoundFloat(math.Sqrt2, ir.F16))
	if err := uaRunErr("stablehlo.sqrt", ir.TensorOf(ir.I32, 1), nil, uaI(ir.I32, []int64{1}, 4)); err == nil {
		t.Error("sqrt of an integer accepted")
	}
}

func TestComplexOps(t *testing.T) {
	re := uaF(ir.F32, []int64{2}, 3, 0)
	im := uaF(ir.F32, []int64{2}, 4, -1)
	c := uaRun(t, "stablehlo.complex", ir.TensorOf(ir.C64, 2), nil, re, im)
	if c.C[0] != complex(3, 4) || c.C[1] != complex(0, -1) {
		t.Fatalf("complex = %v", c.C)
	}
	uaWantF(t, "abs complex", uaRun(t, "stablehlo.abs", ir.TensorOf(ir.F32, 2), nil, c), 5, 1)
	uaWantF(t, "imag", uaRun(t, "stablehlo.imag", ir.TensorOf(ir.F32, 2), nil, c), 4, -1)
	m := uaRun(t, "stablehlo.multiply", c.Type, nil, c, c)
	if m.C[0] != complex(-7, 24) || m.C[1] != complex(-1, 0) {
		t.Errorf("complex multiply = %v", m.C)
	}
}

func TestCompare(t *testing.T) {
	negNaN := math.Copysign(nan, -1)
	negZero := math.Copysign(0, -1)
	a := uaF(ir.F32, []int64{5}, negNaN, math.Inf(-1), negZero, 1, nan)
	b := uaF(ir.F32, []int64{5}, math.Inf(-1), -1, 0, 1, nan)
	cmp := func(dir, typ string, x, y *ir.Tensor) *ir.Tensor {
		attrs := ir.Attrs{{Name: "comparison_direction", Value: uaEnum("comparison_direction", dir)}}
		if typ != "" {
			attrs = append(attrs, ir.NamedAttr{Name: "compare_type", Value: uaEnum("comparison_type", typ)})
		}
		return uaRun(t, "stablehlo.compare", x.Type.WithElem(ir.I1), attrs, x, y)
	}
	uaWantI(t, "LT FLOAT", cmp("LT", "FLOAT", a, b), 0, 1, 0, 0, 0)
	uaWantI(t, "EQ FLOAT", cmp("EQ", "FLOAT", a, b), 0, 0, 1, 1, 0)
	uaWantI(t, "NE FLOAT", cmp("NE", "FLOAT", a, b), 1, 1, 0, 0, 1)
	uaWantI(t, "LT TOTALORDER", cmp("LT", "TOTALORDER", a, b), 1, 1, 1, 0, 0)
	uaWantI(t, "EQ TOTALORDER", cmp("EQ", "TOTALORDER", a, b), 0, 0, 0, 1, 1)
	uaWantI(t, "GE TOTALORDER", cmp("GE", "TOTALORDER", a, b), 0, 0, 0, 1, 1)
	ia := uaI(ir.UI32, []int64{2}, 0xFFFFFFFF, 1)
	ib := uaI(ir.UI32, []int64{2}, 1, 1)
	uaWantI(t, "GT unsigned", cmp("GT", "", ia, ib), 1, 0)
	uaWantI(t, "LE unsigned", cmp("LE", "UNSIGNED", ia, ib), 0, 1)
	sa := uaI(ir.I32, []int64{2}, -1, 5)
	sb := uaI(ir.I32, []int64{2}, 1, 5)
	uaWantI(t, "LT signed", cmp("LT", "SIGNED", sa, sb), 1, 0)
	ca := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	cb := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	ca.C[0], cb.C[0] = complex(1, 2), complex(1, 3)
	ca.C[1], cb.C[1] = complex(2, 0), complex(1, 9)
	uaWantI(t, "LT complex", cmp("LT", "FLOAT", ca, cb), 1, 0)
}

func TestSelectClamp(t *testing.T) {
	p := uaI(ir.I1, []int64{3}, 1, 0, 1)
	a := uaI(ir.I32, []int64{3}, 1, 2, 3)
	b := uaI(ir.I32, []int64{3}, 10, 20, 30)
	uaWantI(t, "select", uaRun(t, "stablehlo.select", a.Type, nil, p, a, b), 1, 20, 3)
	ps := uaI(ir.I1, nil, 0)
	uaWantI(t, "select scalar", uaRun(t, "stablehlo.select", a.Type, nil, ps, a, b), 10, 20, 30)
	lo := uaF(ir.F32, nil, 0)
	hi := uaF(ir.F32, []int64{4}, 1, 1, 1, 5)
	x := uaF(ir.F32, []int64{4}, -3, 0.5, 7, nan)
	uaWantF(t, "clamp", uaRun(t, "stablehlo.clamp", x.Type, nil, lo, x, hi), 0, 0.5, 1, nan)
}

func TestReducePrecision(t *testing.T) {
	x := uaF(ir.F32, []int64{5}, 1+1.0/1024+1.0/4096, 70000, 1e-6, nan, -1.5)
	attrs := ir.Attrs{
		{Name: "exponent_bits", Value: &ir.IntegerAttr{Value: 5, Type: ir.I32}},
		{Name: "mantissa_bits", Value: &ir.IntegerAttr{Value: 10, Type: ir.I32}},
	}
	r := uaRun(t, "stablehlo.reduce_precision", x.Type, attrs, x)
	// f16-like: 1+2^-10+2^-12 rounds to 1+2^-10; 70000 overflows; 1e-6 is
	// below f16's normal range and flushes to zero.
	uaWantF(t, "reduce_precision", r, 1+1.0/1024, math.Inf(1), 0, nan, -1.5)
	attrs[1].Value = &ir.IntegerAttr{Value: 0, Type: ir.I32}
	r = uaRun(t, "stablehlo.reduce_precision", x.Type, attrs, x)
	uaWantF(t, "reduce_precision m=0", r, 1, math.Inf(1), 0, math.Inf(1), -2)
}
