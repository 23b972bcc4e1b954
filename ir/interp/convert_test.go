package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func TestConvertF32ToF16IssueCases(t *testing.T) {
	x := uaF(ir.F32, []int64{3}, 0.4999, 65520, 1e-8)
	r := uaRun(t, "stablehlo.convert", ir.TensorOf(ir.F16, 3), nil, x)
	// f16 spacing in [0.25, 0.5) is 2^-12, so 0.4999 (1e-4 below 0.5) is
	// within half a step (2^-13) of 0.5 and rounds up to it.
	uaWantF(t, "f32->f16", r, 0.5, math.Inf(1), 0)
	if 0.5-0.4999 >= math.Ldexp(1, -13) {
		t.Fatal("test premise wrong")
	}
}

func TestConvertFloatToInt(t *testing.T) {
	x := uaF(ir.F32, []int64{6}, 2.9, -2.9, 1e10, -1e10, nan, math.Inf(-1))
	uaWantI(t, "f32->i32", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I32, 6), nil, x),
		2, -2, math.MaxInt32, math.MinInt32, 0, math.MinInt32)
	uaWantI(t, "f32->ui8", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.UI8, 6), nil, x),
		2, 0, 255, 0, 0, 0)
	v18e18 := uint64(18000000000000000000)
	u18e18 := int64(v18e18)
	big := uaF(ir.F64, []int64{2}, 1.8e19, 1e30)
	uaWantI(t, "f64->ui64", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.UI64, 2), nil, big),
		u18e18, -1)
	uaWantI(t, "f64->i64", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I64, 2), nil, big),
		math.MaxInt64, math.MaxInt64)
	uaWantI(t, "f32->i1", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I1, 6), nil, x),
		1, 1, 1, 1, 1, 1)
}

func TestConvertIntToFloat(t *testing.T) {
	// 2^53 + 2^29 + 1 is above the f32 halfway point between 2^53 and
	// 2^53 + 2^30; rounding it through float64 first would hit the tie and
	// round down to 2^53.
	v := int64(1)<<53 + 1<<29 + 1
	x := uaI(ir.I64, []int64{3}, v, -v, -1)
	r := uaRun(t, "stablehlo.convert", ir.TensorOf(ir.F32, 3), nil, x)
	want := float64(1<<53 + 1<<30)
	uaWantF(t, "i64->f32", r, want, -want, -1)
	u := uaI(ir.UI64, []int64{1}, -1) // 2^64 - 1
	uaWantF(t, "ui64->f64", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.F64, 1), nil, u), math.Ldexp(1, 64))
	ui := uaI(ir.UI8, []int64{1}, 255)
	uaWantI(t, "ui8->i8", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I8, 1), nil, ui), -1)
	uaWantI(t, "ui8->i32", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I32, 1), nil, ui), 255)
	i := uaI(ir.I8, []int64{1}, -1)
	uaWantI(t, "i8->ui16", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.UI16, 1), nil, i), 65535)
	b := uaI(ir.I1, []int64{2}, 1, 0)
	uaWantF(t, "i1->bf16", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.BF16, 2), nil, b), 1, 0)
	h := uaI(ir.I32, []int64{1}, 1000)
	uaWantF(t, "i32->f8E4M3FN overflow", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.F8E4M3FN, 1), nil, h), nan)
	uaWantF(t, "i32->f8E5M2", uaRun(t, "stablehlo.convert", ir.TensorOf(ir.F8E5M2, 1), nil, h), 1024)
	c := uaRun(t, "stablehlo.convert", ir.TensorOf(ir.C64, 1), nil, h)
	if c.C[0] != complex(1000, 0) {
		t.Errorf("i32->complex = %v", c.C)
	}
	back := uaRun(t, "stablehlo.convert", ir.TensorOf(ir.I32, 1), nil, c)
	uaWantI(t, "complex->i32", back, 1000)
}

func TestBitcastConvert(t *testing.T) {
	x := ir.MustTensor(ir.TensorOf(ir.F64))
	x.F[0] = math.Float64frombits(0x0123456789ABCDEF)
	r := uaRun(t, "stablehlo.bitcast_convert", ir.TensorOf(ir.UI16, 4), nil, x)
	uaWantI(t, "f64->4xui16", r, 0xCDEF, 0x89AB, 0x4567, 0x0123)
	h := uaRun(t, "stablehlo.bitcast_convert", ir.TensorOf(ir.F16, 4), nil, x)
	for i, w := range []uint64{0xCDEF, 0x89AB, 0x4567, 0x0123} {
		if got := ir.FloatBits(h.F[i], ir.F16); got != w {
			t.Errorf("f16 element %d bits %#x, want %#x", i, got, w)
		}
	}
	back := uaRun(t, "stablehlo.bitcast_convert", ir.TensorOf(ir.F64), nil, h)
	if math.Float64bits(back.F[0]) != 0x0123456789ABCDEF {
		t.Errorf("round trip = %#x", math.Float64bits(back.F[0]))
	}
	one := uaF(ir.F32, []int64{2}, 1, -2)
	uaWantI(t, "f32->i32", uaRun(t, "stablehlo.bitcast_convert", ir.TensorOf(ir.I32, 2), nil, one), 0x3F800000, -0x40000000)
	i4 := uaI(ir.I4, []int64{2, 2}, 1, -1, 7, -8)
	uaWantI(t, "2xi4->i8", uaRun(t, "stablehlo.bitcast_convert", ir.TensorOf(ir.I8, 2), nil, i4), -15, -121)
	if err := uaRunErr("stablehlo.bitcast_convert", ir.TensorOf(ir.I16, 3), nil, x); err == nil {
		t.Error("bad bitcast shape accepted")
	}
}
