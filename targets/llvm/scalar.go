package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	zir "github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// scalar renders a legalised value node (targets/gpu.IsPrimitive, plus the
// raw converts, divisions and shifts the legalisation emits with operands
// in range).
func (r *fn) scalar(n *kernel.Node) (value.Value, error) {
	args := make([]value.Value, len(n.Args))
	for i, a := range n.Args {
		v, err := r.val(a)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	var t zir.ElementType
	if len(n.Args) > 0 {
		t = n.Args[0].Type
	}
	if _, err := regType(n.Type); err != nil {
		return nil, err
	}
	if t != zir.Invalid {
		if _, err := regType(t); err != nil {
			return nil, err
		}
	}
	isF := t == zir.F32 || t == zir.F64
	b := r.cur
	x := func() value.Value { return args[0] }
	y := func() value.Value { return args[1] }
	bad := func() (value.Value, error) {
		return nil, fmt.Errorf("%s on %s is not legalised for the llvm targets", n.Kind, t)
	}
	switch n.Kind {
	case kernel.Neg:
		if isF {
			return b.NewFNeg(x()), nil
		}
		if t.IsInteger() {
			return b.NewSub(constant.NewInt(mustReg(t).(*types.IntType), 0), x()), nil
		}
	case kernel.Abs:
		if isF {
			return r.intrinsic1("llvm.fabs", x())
		}
		if t.IsInteger() {
			neg := b.NewSub(constant.NewInt(mustReg(t).(*types.IntType), 0), x())
			if t.IsUnsigned() {
				return x(), nil
			}
			return b.NewSelect(b.NewICmp(enum.IPredSLT, x(), constant.NewInt(mustReg(t).(*types.IntType), 0)), neg, x()), nil
		}
	case kernel.Sqrt, kernel.Floor, kernel.Ceil, kernel.RoundEven:
		if isF {
			name := map[kernel.Kind]string{kernel.Sqrt: "llvm.sqrt", kernel.Floor: "llvm.floor", kernel.Ceil: "llvm.ceil", kernel.RoundEven: "llvm.roundeven"}[n.Kind]
			return r.intrinsic1(name, x())
		}
	case kernel.Not:
		if t == zir.I1 {
			return b.NewXor(x(), constant.True), nil
		}
		if t.IsInteger() {
			return b.NewXor(x(), constant.NewInt(mustReg(t).(*types.IntType), -1)), nil
		}
	case kernel.Popcnt, kernel.Clz:
		if t.IsInteger() {
			return r.bitCount(n.Kind, t, x())
		}
	case kernel.Add, kernel.Sub, kernel.Mul, kernel.Div, kernel.Rem:
		if isF {
			switch n.Kind {
			case kernel.Add:
				return b.NewFAdd(x(), y()), nil
			case kernel.Sub:
				return b.NewFSub(x(), y()), nil
			case kernel.Mul:
				return b.NewFMul(x(), y()), nil
			case kernel.Div:
				return b.NewFDiv(x(), y()), nil
			default:
				return b.NewFRem(x(), y()), nil
			}
		}
		if t.IsInteger() {
			switch n.Kind {
			case kernel.Add:
				return b.NewAdd(x(), y()), nil
			case kernel.Sub:
				return b.NewSub(x(), y()), nil
			case kernel.Mul:
				return b.NewMul(x(), y()), nil
			case kernel.Div:
				if t.IsUnsigned() {
					return b.NewUDiv(x(), y()), nil
				}
				return b.NewSDiv(x(), y()), nil
			default:
				if t.IsUnsigned() {
					return b.NewURem(x(), y()), nil
				}
				return b.NewSRem(x(), y()), nil
			}
		}
	case kernel.Max, kernel.Min:
		if t.IsInteger() {
			pred := map[bool]enum.IPred{false: enum.IPredSGT, true: enum.IPredUGT}[t.IsUnsigned()]
			if n.Kind == kernel.Min {
				pred = map[bool]enum.IPred{false: enum.IPredSLT, true: enum.IPredULT}[t.IsUnsigned()]
			}
			return b.NewSelect(b.NewICmp(pred, x(), y()), x(), y()), nil
		}
	case kernel.And:
		if t.IsIntOrBool() {
			return b.NewAnd(x(), y()), nil
		}
	case kernel.Or:
		if t.IsIntOrBool() {
			return b.NewOr(x(), y()), nil
		}
	case kernel.Xor:
		if t.IsIntOrBool() {
			return b.NewXor(x(), y()), nil
		}
	case kernel.Shl:
		if t.IsInteger() {
			return b.NewShl(x(), y()), nil
		}
	case kernel.ShrA:
		if t.IsInteger() {
			return b.NewAShr(x(), y()), nil
		}
	case kernel.ShrL:
		if t.IsInteger() {
			return b.NewLShr(x(), y()), nil
		}
	case kernel.EQ, kernel.NE, kernel.LT, kernel.LE, kernel.GT, kernel.GE:
		if n.Total {
			return bad()
		}
		if isF {
			pred := map[kernel.Kind]enum.FPred{kernel.EQ: enum.FPredOEQ, kernel.NE: enum.FPredUNE, kernel.LT: enum.FPredOLT,
				kernel.LE: enum.FPredOLE, kernel.GT: enum.FPredOGT, kernel.GE: enum.FPredOGE}[n.Kind]
			return b.NewFCmp(pred, x(), y()), nil
		}
		if t.IsIntOrBool() {
			u := t.IsUnsigned() || t == zir.I1
			preds := map[kernel.Kind][2]enum.IPred{kernel.EQ: {enum.IPredEQ, enum.IPredEQ}, kernel.NE: {enum.IPredNE, enum.IPredNE},
				kernel.LT: {enum.IPredSLT, enum.IPredULT}, kernel.LE: {enum.IPredSLE, enum.IPredULE},
				kernel.GT: {enum.IPredSGT, enum.IPredUGT}, kernel.GE: {enum.IPredSGE, enum.IPredUGE}}[n.Kind]
			p := preds[0]
			if u {
				p = preds[1]
			}
			return b.NewICmp(p, x(), y()), nil
		}
	case kernel.Select:
		return b.NewSelect(args[0], args[1], args[2]), nil
	case kernel.Bitcast:
		from, to := mustReg(t), mustReg(n.Type)
		if from.Equal(to) {
			return x(), nil
		}
		return b.NewBitCast(x(), to), nil
	case kernel.Convert:
		return r.convert(x(), t, n.Type)
	}
	return bad()
}

// intrinsic1 calls a one-operand overloaded float intrinsic (llvm.sqrt.f32).
func (r *fn) intrinsic1(name string, x value.Value) (value.Value, error) {
	t := x.Type()
	suffix := ".f32"
	if t.Equal(types.Double) {
		suffix = ".f64"
	}
	f := r.m.decl(name+suffix, t, t)
	return r.cur.NewCall(f, x), nil
}

// bitCount renders popcnt or clz of an integer of type t: computed in a
// power-of-two width of at least 8 bits, then corrected for the padding.
func (r *fn) bitCount(k kernel.Kind, t zir.ElementType, x value.Value) (value.Value, error) {
	w := t.Bits()
	if t == zir.Index {
		w = 64
	}
	ww := 8
	for ww < w {
		ww *= 2
	}
	wt := intType(ww)
	v := x
	if ww != w {
		v = r.cur.NewZExt(x, wt)
	}
	var res value.Value
	if k == kernel.Popcnt {
		res = r.cur.NewCall(r.m.decl(fmt.Sprintf("llvm.ctpop.i%d", ww), wt, wt), v)
	} else {
		res = r.cur.NewCall(r.m.decl(fmt.Sprintf("llvm.ctlz.i%d", ww), wt, wt, types.I1), v, constant.False)
		if ww != w {
			res = r.cur.NewSub(res, constant.NewInt(wt, int64(ww-w)))
		}
	}
	if ww != w {
		res = r.cur.NewTrunc(res, mustReg(t))
	}
	return res, nil
}
