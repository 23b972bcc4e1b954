package llvm

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	zir "github.com/zmlc/zmlc/ir"
)

func bits(e zir.ElementType) int {
	if e == zir.Index {
		return 64
	}
	return e.Bits()
}

// convert renders StableHLO convert of x from type from to type to, for
// legalised kernels: float-to-integer operands are in range.
func (r *fn) convert(x value.Value, from, to zir.ElementType) (value.Value, error) {
	b := r.cur
	switch {
	case from == to:
		return x, nil
	case to == zir.I1:
		if from.IsFloat() {
			w := r.widen(x, from)
			return b.NewFCmp(enum.FPredUNE, w, constant.NewFloat(w.Type().(*types.FloatType), 0)), nil
		}
		return b.NewICmp(enum.IPredNE, x, constant.NewInt(mustReg(from).(*types.IntType), 0)), nil
	case from == zir.I1:
		if to.IsFloat() {
			one, err := r.constF(1, to)
			if err != nil {
				return nil, err
			}
			zero, _ := r.constF(0, to)
			return b.NewSelect(x, one, zero), nil
		}
		return b.NewZExt(x, mustReg(to)), nil
	case !from.IsFloat() && !to.IsFloat():
		fb, tb := bits(from), bits(to)
		switch {
		case fb == tb:
			return x, nil
		case fb > tb:
			return b.NewTrunc(x, mustReg(to)), nil
		case from.IsUnsigned():
			return b.NewZExt(x, mustReg(to)), nil
		default:
			return b.NewSExt(x, mustReg(to)), nil
		}
	case !from.IsFloat():
		// Integer to float.
		wide := types.Float
		switch to {
		case zir.F64, zir.BF16:
			wide = types.Double
		}
		var f value.Value
		if from.IsUnsigned() {
			f = b.NewUIToFP(x, wide)
		} else {
			f = b.NewSIToFP(x, wide)
		}
		return r.narrow(f, to), nil
	case !to.IsFloat():
		w := r.widen(x, from)
		if to.IsUnsigned() {
			return r.cur.NewFPToUI(w, mustReg(to)), nil
		}
		return r.cur.NewFPToSI(w, mustReg(to)), nil
	}
	// Float to float.
	w := r.widen(x, from)
	if to == zir.F64 && !w.Type().Equal(types.Double) {
		return r.cur.NewFPExt(w, types.Double), nil
	}
	if to == zir.F32 && w.Type().Equal(types.Double) {
		return r.cur.NewFPTrunc(w, types.Float), nil
	}
	return r.narrow(w, to), nil
}

// constF returns the float constant v in to's register type.
func (r *fn) constF(v float64, to zir.ElementType) (value.Value, error) {
	switch to {
	case zir.F32:
		return constant.NewFloat(types.Float, v), nil
	case zir.F64:
		return constant.NewFloat(types.Double, v), nil
	}
	return constant.NewInt(types.I16, int64(int16(uint16(zir.FloatBits(v, to))))), nil
}

// widen returns a float value of type from as f32 (f16, bf16: exact) or
// unchanged (f32, f64).
func (r *fn) widen(x value.Value, from zir.ElementType) value.Value {
	b := r.cur
	switch from {
	case zir.F16:
		h := b.NewBitCast(x, types.Half)
		return b.NewFPExt(h, types.Float)
	case zir.BF16:
		w := b.NewShl(b.NewZExt(x, types.I32), constant.NewInt(types.I32, 16))
		return b.NewBitCast(w, types.Float)
	}
	return x
}

// narrow rounds an f32 or f64 value x to type to (f32, f64, f16 or bf16),
// once: f64 goes to f32 with round-to-odd first when to is f16 or bf16.
func (r *fn) narrow(x value.Value, to zir.ElementType) value.Value {
	b := r.cur
	isD := x.Type().Equal(types.Double)
	switch to {
	case zir.F64:
		if isD {
			return x
		}
		return b.NewFPExt(x, types.Double)
	case zir.F32:
		if isD {
			return b.NewFPTrunc(x, types.Float)
		}
		return x
	}
	if isD {
		if to == zir.F16 && r.m.Target.Arch != CPU {
			// GPUs round f64 to f16 directly (cvt.rn.f16.f64 on NVPTX).
			return b.NewBitCast(b.NewFPTrunc(x, types.Half), types.I16)
		}
		x = r.roundToOddF32(x)
	}
	if to == zir.F16 {
		return b.NewBitCast(b.NewFPTrunc(x, types.Half), types.I16)
	}
	// f32 to bf16: round to nearest even on the bits; NaN stays NaN (quiet).
	i32 := func(v int64) *constant.Int { return constant.NewInt(types.I32, v) }
	bits := b.NewBitCast(x, types.I32)
	hi := b.NewLShr(bits, i32(16))
	nan := b.NewOr(hi, i32(0x40))
	rnd := b.NewLShr(b.NewAdd(bits, b.NewAdd(i32(0x7fff), b.NewAnd(hi, i32(1)))), i32(16))
	isNaN := b.NewFCmp(enum.FPredUNO, x, x)
	return b.NewTrunc(b.NewSelect(isNaN, nan, rnd), types.I16)
}

// roundToOddF32 rounds an f64 value to f32 with round-to-odd (truncate,
// then set the last bit when inexact): a following rounding to a format
// of at most 22 significand bits then rounds as if from the f64.
func (r *fn) roundToOddF32(x value.Value) value.Value {
	b := r.cur
	t := b.NewFPTrunc(x, types.Float)
	back := b.NewFPExt(t, types.Double)
	exact := b.NewFCmp(enum.FPredOEQ, back, x)
	tb := b.NewBitCast(t, types.I32)
	fabs := r.m.decl("llvm.fabs.f64", types.Double, types.Double)
	away := b.NewFCmp(enum.FPredOGT, b.NewCall(fabs, back), b.NewCall(fabs, x))
	tz := b.NewSelect(away, b.NewSub(tb, constant.NewInt(types.I32, 1)), tb)
	odd := b.NewOr(tz, constant.NewInt(types.I32, 1))
	return b.NewBitCast(b.NewSelect(exact, tb, odd), types.Float)
}
