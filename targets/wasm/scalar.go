package wasm

import (
	"math"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// scalar pushes the value of a value node of the unary, predicate, binary,
// compare, select, convert or bitcast classes, with the scalar semantics of
// docs/KERNEL_IR.md (those of targets/kernel's evaluator).
func (r *kr) scalar(n *kernel.Node) error {
	for _, a := range n.Args {
		if _, err := valType(a.Type); err != nil {
			return r.errorf("%%%d (%s): %v", n.ID, n.Kind, err)
		}
	}
	if _, err := valType(n.Type); err != nil {
		return r.errorf("%%%d (%s): %v", n.ID, n.Kind, err)
	}
	switch n.Kind.Class() {
	case kernel.ClassUnary, kernel.ClassPred:
		t := n.Args[0].Type
		if t.IsFloat() {
			return r.floatUnary(n, t)
		}
		return r.intUnary(n, t)
	case kernel.ClassBinary, kernel.ClassCompare:
		t := n.Args[0].Type
		if t.IsFloat() {
			return r.floatBinary(n, t)
		}
		return r.intBinary(n, t)
	case kernel.ClassSelect:
		for _, a := range []*kernel.Node{n.Args[1], n.Args[2], n.Args[0]} {
			if err := r.push(a); err != nil {
				return err
			}
		}
		r.b.op(OpSelect)
		return nil
	case kernel.ClassConvert:
		if err := r.push(n.Args[0]); err != nil {
			return err
		}
		if n.Kind == kernel.Bitcast {
			return r.bitcast(n.Args[0].Type, n.Type, n)
		}
		r.convert(n.Args[0].Type, n.Type)
		return nil
	}
	return r.errorf("%%%d: kind %s is not supported by the wasm target", n.ID, n.Kind)
}

// fops are the instructions of one float width.
type fops struct {
	abs, neg, ceil, floor, trunc, nearest, sqrt, add, sub, mul, div, min, max, copysign Op
	eq, ne, lt, gt, le, ge                                                              Op
	ty                                                                                  ValType
}

var f32ops = fops{OpF32Abs, OpF32Neg, OpF32Ceil, OpF32Floor, OpF32Trunc, OpF32Nearest, OpF32Sqrt, OpF32Add, OpF32Sub, OpF32Mul, OpF32Div, OpF32Min, OpF32Max, OpF32Copysign,
	OpF32Eq, OpF32Ne, OpF32Lt, OpF32Gt, OpF32Le, OpF32Ge, F32}
var f64ops = fops{OpF64Abs, OpF64Neg, OpF64Ceil, OpF64Floor, OpF64Trunc, OpF64Nearest, OpF64Sqrt, OpF64Add, OpF64Sub, OpF64Mul, OpF64Div, OpF64Min, OpF64Max, OpF64Copysign,
	OpF64Eq, OpF64Ne, OpF64Lt, OpF64Gt, OpF64Le, OpF64Ge, F64}

func opsOf(t ir.ElementType) fops {
	if t == ir.F32 {
		return f32ops
	}
	return f64ops
}

func (b *fb) fconst(t ir.ElementType, v float64) {
	if t == ir.F32 {
		b.f32(v)
	} else {
		b.f64(v)
	}
}

// floatUnary pushes a unary float op (or is_finite).
func (r *kr) floatUnary(n *kernel.Node, t ir.ElementType) error {
	b := r.b
	o := opsOf(t)
	x := n.Args[0]
	if err := r.push(x); err != nil {
		return err
	}
	switch n.Kind {
	case kernel.Neg:
		b.op(o.neg)
	case kernel.Abs:
		b.op(o.abs)
	case kernel.Sqrt:
		b.op(o.sqrt)
	case kernel.Floor:
		b.op(o.floor)
	case kernel.Ceil:
		b.op(o.ceil)
	case kernel.RoundEven:
		b.op(o.nearest)
	case kernel.IsFinite:
		// x - x is 0 for finite x, NaN otherwise.
		r.push(x)
		b.op(o.sub)
		b.fconst(t, 0)
		b.op(o.eq)
	case kernel.Sign:
		// x when x is 0 or NaN, else copysign(1, x).
		tmp := b.local(o.ty)
		b.set(tmp)
		b.get(tmp)
		b.fconst(t, 1)
		b.get(tmp)
		b.op(o.copysign)
		b.get(tmp)
		b.fconst(t, 0)
		b.op(o.eq)
		b.get(tmp)
		b.get(tmp)
		b.op(o.ne)
		b.op(OpI32Or)
		b.op(OpSelect)
	case kernel.RoundAway:
		// t = trunc(x); |x - t| >= 0.5 ? t + copysign(1, x) : t
		xl, tl := b.local(o.ty), b.local(o.ty)
		b.set(xl)
		b.get(xl)
		b.op(o.trunc)
		b.tee(tl)
		b.fconst(t, 1)
		b.get(xl)
		b.op(o.copysign)
		b.op(o.add)
		b.get(tl)
		b.get(xl)
		b.get(tl)
		b.op(o.sub)
		b.op(o.abs)
		b.fconst(t, 0.5)
		b.op(o.ge)
		b.op(OpSelect)
	case kernel.Rsqrt:
		if t == ir.F32 {
			b.op(OpF64PromoteF32)
		}
		tmp := b.local(F64)
		b.set(tmp)
		b.f64(1)
		b.get(tmp)
		b.op(OpF64Sqrt, OpF64Div)
		if t == ir.F32 {
			b.op(OpF32DemoteF64)
		}
	default:
		fn, ok := r.h.unary(n.Kind)
		if !ok {
			return r.errorf("%%%d: %s on %s is not supported by the wasm target", n.ID, n.Kind, t)
		}
		if t == ir.F32 {
			b.op(OpF64PromoteF32)
		}
		b.call(fn)
		if t == ir.F32 {
			b.op(OpF32DemoteF64)
		}
	}
	return nil
}

// floatBinary pushes a binary float op or comparison.
func (r *kr) floatBinary(n *kernel.Node, t ir.ElementType) error {
	b := r.b
	o := opsOf(t)
	if n.Total && n.Kind.Class() == kernel.ClassCompare {
		// IEEE totalOrder: compare the bit patterns with the magnitude
		// bits flipped for negative numbers, as signed integers.
		for _, a := range n.Args[:2] {
			if err := r.push(a); err != nil {
				return err
			}
			if t == ir.F32 {
				tmp := b.local(I32)
				b.op(OpI32ReinterpretF32)
				b.tee(tmp)
				b.get(tmp)
				b.i32(31)
				b.op(OpI32ShrS)
				b.i32(0x7fffffff)
				b.op(OpI32And, OpI32Xor)
			} else {
				tmp := b.local(I64)
				b.op(OpI64ReinterpretF64)
				b.tee(tmp)
				b.get(tmp)
				b.i64(63)
				b.op(OpI64ShrS)
				b.i64(math.MaxInt64)
				b.op(OpI64And, OpI64Xor)
			}
		}
		if t == ir.F32 {
			b.op(map[kernel.Kind]Op{kernel.EQ: OpI32Eq, kernel.NE: OpI32Ne, kernel.LT: OpI32LtS, kernel.LE: OpI32LeS, kernel.GT: OpI32GtS, kernel.GE: OpI32GeS}[n.Kind])
		} else {
			b.op(map[kernel.Kind]Op{kernel.EQ: OpI64Eq, kernel.NE: OpI64Ne, kernel.LT: OpI64LtS, kernel.LE: OpI64LeS, kernel.GT: OpI64GtS, kernel.GE: OpI64GeS}[n.Kind])
		}
		return nil
	}
	native := map[kernel.Kind]Op{kernel.Add: o.add, kernel.Sub: o.sub, kernel.Mul: o.mul, kernel.Div: o.div,
		kernel.Max: o.max, kernel.Min: o.min, kernel.EQ: o.eq, kernel.NE: o.ne, kernel.LT: o.lt,
		kernel.LE: o.le, kernel.GT: o.gt, kernel.GE: o.ge}
	if op, ok := native[n.Kind]; ok {
		if err := r.push(n.Args[0]); err != nil {
			return err
		}
		if err := r.push(n.Args[1]); err != nil {
			return err
		}
		b.op(op)
		return nil
	}
	fn, ok := r.h.binary(n.Kind)
	if !ok {
		return r.errorf("%%%d: %s on %s is not supported by the wasm target", n.ID, n.Kind, t)
	}
	for _, a := range n.Args[:2] {
		if err := r.push(a); err != nil {
			return err
		}
		if t == ir.F32 {
			b.op(OpF64PromoteF32)
		}
	}
	b.call(fn)
	if t == ir.F32 {
		b.op(OpF32DemoteF64)
	}
	return nil
}

// iops are the instructions of one integer width.
type iops struct {
	add, sub, mul, divS, divU, remS, remU, and, or, xor, shl, shrS, shrU, clz, popcnt Op
	eqz, eq, ne, ltS, ltU, gtS, gtU, leS, leU, geS, geU                               Op
	ty                                                                                ValType
}

var i32ops = iops{OpI32Add, OpI32Sub, OpI32Mul, OpI32DivS, OpI32DivU, OpI32RemS, OpI32RemU, OpI32And, OpI32Or, OpI32Xor, OpI32Shl, OpI32ShrS, OpI32ShrU, OpI32Clz, OpI32Popcnt,
	OpI32Eqz, OpI32Eq, OpI32Ne, OpI32LtS, OpI32LtU, OpI32GtS, OpI32GtU, OpI32LeS, OpI32LeU, OpI32GeS, OpI32GeU, I32}
var i64ops = iops{OpI64Add, OpI64Sub, OpI64Mul, OpI64DivS, OpI64DivU, OpI64RemS, OpI64RemU, OpI64And, OpI64Or, OpI64Xor, OpI64Shl, OpI64ShrS, OpI64ShrU, OpI64Clz, OpI64Popcnt,
	OpI64Eqz, OpI64Eq, OpI64Ne, OpI64LtS, OpI64LtU, OpI64GtS, OpI64GtU, OpI64LeS, OpI64LeU, OpI64GeS, OpI64GeU, I64}

func iopsOf(t ir.ElementType) iops {
	if is64(t) {
		return i64ops
	}
	return i32ops
}

// iconst pushes an integer constant of t's Wasm type.
func (b *fb) iconst(t ir.ElementType, v int64) {
	if is64(t) {
		b.i64(v)
	} else {
		b.i32(v)
	}
}

// intUnary pushes a unary integer (or i1) op.
func (r *kr) intUnary(n *kernel.Node, t ir.ElementType) error {
	b := r.b
	o := iopsOf(t)
	x := n.Args[0]
	switch n.Kind {
	case kernel.Neg:
		b.iconst(t, 0)
		r.push(x)
		b.op(o.sub)
	case kernel.Abs:
		if t.IsSigned() {
			b.iconst(t, 0)
			r.push(x)
			b.op(o.sub)
		}
		r.push(x)
		if t.IsSigned() {
			r.push(x)
			b.iconst(t, 0)
			b.op(o.ltS)
			b.op(OpSelect)
		}
	case kernel.Not:
		r.push(x)
		if t == ir.I1 {
			b.iconst(t, 1)
		} else {
			b.iconst(t, -1)
		}
		b.op(o.xor)
	case kernel.Sign:
		if unsignedT(t) {
			r.push(x)
			b.iconst(t, 0)
			b.op(o.ne)
			if is64(t) {
				b.op(OpI64ExtendI32U)
			}
		} else {
			r.push(x)
			b.iconst(t, 0)
			b.op(o.gtS)
			r.push(x)
			b.iconst(t, 0)
			b.op(o.ltS)
			b.op(OpI32Sub)
			if is64(t) {
				b.op(OpI64ExtendI32S)
			}
		}
	case kernel.Popcnt:
		r.push(x)
		b.ubits(t)
		b.op(o.popcnt)
	case kernel.Clz:
		r.push(x)
		b.ubits(t)
		b.op(o.clz)
		if w := t.Bits(); w < 32 {
			b.i32(int64(32 - w))
			b.op(OpI32Sub)
		}
	default:
		return r.errorf("%%%d: %s on %s is not supported by the wasm target", n.ID, n.Kind, t)
	}
	b.wrap(t)
	return nil
}

// intBinary pushes a binary integer (or i1) op or comparison.
func (r *kr) intBinary(n *kernel.Node, t ir.ElementType) error {
	b := r.b
	o := iopsOf(t)
	x, y := n.Args[0], n.Args[1]
	uns := unsignedT(t)
	two := func(op Op) {
		r.push(x)
		r.push(y)
		b.op(op)
	}
	pick := func(s, u Op) Op {
		if uns {
			return u
		}
		return s
	}
	switch n.Kind {
	case kernel.EQ:
		two(o.eq)
		return nil
	case kernel.NE:
		two(o.ne)
		return nil
	case kernel.LT:
		two(pick(o.ltS, o.ltU))
		return nil
	case kernel.LE:
		two(pick(o.leS, o.leU))
		return nil
	case kernel.GT:
		two(pick(o.gtS, o.gtU))
		return nil
	case kernel.GE:
		two(pick(o.geS, o.geU))
		return nil
	}
	if t == ir.I1 {
		switch n.Kind {
		case kernel.Add, kernel.Or, kernel.Max:
			two(OpI32Or)
		case kernel.Mul, kernel.And, kernel.Min:
			two(OpI32And)
		case kernel.Xor, kernel.Sub:
			two(OpI32Xor)
		default:
			return r.errorf("%%%d: %s on i1 is not supported by the wasm target", n.ID, n.Kind)
		}
		return nil
	}
	switch n.Kind {
	case kernel.Add:
		two(o.add)
	case kernel.Sub:
		two(o.sub)
	case kernel.Mul:
		two(o.mul)
	case kernel.And:
		two(o.and)
	case kernel.Or:
		two(o.or)
	case kernel.Xor:
		two(o.xor)
	case kernel.Max, kernel.Min:
		r.push(x)
		r.push(y)
		r.push(x)
		r.push(y)
		if n.Kind == kernel.Max {
			b.op(pick(o.gtS, o.gtU))
		} else {
			b.op(pick(o.ltS, o.ltU))
		}
		b.op(OpSelect)
	case kernel.Div, kernel.Rem:
		r.divRem(n, t, o)
	case kernel.Shl, kernel.ShrL, kernel.ShrA:
		if y.Kind == kernel.Const {
			r.constShift(n.Kind, x, y, t, o)
			break
		}
		r.varShift(n.Kind, x, y, t, o)
	case kernel.Pow:
		// Computed on 64 bits by a helper, then wrapped.
		for _, a := range []*kernel.Node{x, y} {
			r.push(a)
			if !is64(t) {
				if uns {
					b.op(OpI64ExtendI32U)
				} else {
					b.op(OpI64ExtendI32S)
				}
			}
		}
		if uns {
			b.i32(0)
		} else {
			b.i32(1)
		}
		b.call(r.h.get(hIPow))
		if !is64(t) {
			b.op(OpI32WrapI64)
		}
	default:
		return r.errorf("%%%d: %s on %s is not supported by the wasm target", n.ID, n.Kind, t)
	}
	b.wrap(t)
	return nil
}

// divRem pushes x / y or x % y with StableHLO's rules: division by zero
// gives -1 (remainder: x), signed MIN / -1 gives MIN (remainder 0).
func (r *kr) divRem(n *kernel.Node, t ir.ElementType, o iops) {
	b := r.b
	x, y := n.Args[0], n.Args[1]
	div := n.Kind == kernel.Div
	r.push(y)
	b.op(o.eqz)
	b.iffT(o.ty)
	if div {
		b.iconst(t, -1)
	} else {
		r.push(x)
	}
	b.els()
	if unsignedT(t) {
		r.push(x)
		r.push(y)
		if div {
			b.op(o.divU)
		} else {
			b.op(o.remU)
		}
	} else {
		r.push(y)
		b.iconst(t, -1)
		b.op(o.eq)
		b.iffT(o.ty)
		if div {
			b.iconst(t, 0)
			r.push(x)
			b.op(o.sub)
		} else {
			b.iconst(t, 0)
		}
		b.els()
		r.push(x)
		r.push(y)
		if div {
			b.op(o.divS)
		} else {
			b.op(o.remS)
		}
		b.end()
	}
	b.end()
}

// convert turns the value of type from on the stack into type to
// (StableHLO convert: float-to-int truncates and saturates, NaN gives 0).
func (r *kr) convert(from, to ir.ElementType) {
	b := r.b
	switch {
	case from == to:
	case from.IsFloat() && to.IsFloat():
		if from == ir.F32 {
			b.op(OpF64PromoteF32)
		} else {
			b.op(OpF32DemoteF64)
		}
	case from.IsFloat() && to == ir.I1:
		b.fconst(from, 0)
		b.op(opsOf(from).ne)
	case from.IsFloat():
		f32 := from == ir.F32
		sel := func(a32, a64 Op) Op {
			if f32 {
				return a32
			}
			return a64
		}
		switch {
		case is64(to) && to.IsUnsigned():
			b.op(sel(OpI64TruncSatF32U, OpI64TruncSatF64U))
		case is64(to):
			b.op(sel(OpI64TruncSatF32S, OpI64TruncSatF64S))
		case to.IsUnsigned():
			b.op(sel(OpI32TruncSatF32U, OpI32TruncSatF64U))
			if w := to.Bits(); w < 32 {
				tmp := b.local(I32)
				b.tee(tmp)
				b.i32(1<<w - 1)
				b.get(tmp)
				b.i32(1<<w - 1)
				b.op(OpI32LeU)
				b.op(OpSelect)
			}
		default:
			b.op(sel(OpI32TruncSatF32S, OpI32TruncSatF64S))
			if w := to.Bits(); w < 32 {
				lo, hi := to.IntRange()
				tmp := b.local(I32)
				b.tee(tmp)
				b.i32(hi)
				b.get(tmp)
				b.i32(hi)
				b.op(OpI32LeS)
				b.op(OpSelect)
				b.tee(tmp)
				b.i32(lo)
				b.get(tmp)
				b.i32(lo)
				b.op(OpI32GeS)
				b.op(OpSelect)
			}
		}
	case to.IsFloat():
		uns := unsignedT(from)
		var op Op
		switch {
		case to == ir.F32 && is64(from) && uns:
			op = OpF32ConvertI64U
		case to == ir.F32 && is64(from):
			op = OpF32ConvertI64S
		case to == ir.F32 && uns:
			op = OpF32ConvertI32U
		case to == ir.F32:
			op = OpF32ConvertI32S
		case is64(from) && uns:
			op = OpF64ConvertI64U
		case is64(from):
			op = OpF64ConvertI64S
		case uns:
			op = OpF64ConvertI32U
		default:
			op = OpF64ConvertI32S
		}
		b.op(op)
	case to == ir.I1:
		b.iconst(from, 0)
		b.op(iopsOf(from).ne)
	default:
		// Integer to integer: the source's value (unsigned: its bits),
		// then wrapped to the destination.
		switch {
		case is64(from) && !is64(to):
			b.op(OpI32WrapI64)
		case !is64(from) && is64(to):
			if unsignedT(from) {
				b.op(OpI64ExtendI32U)
			} else {
				b.op(OpI64ExtendI32S)
			}
		}
		b.wrap(to)
	}
}

// bitcast reinterprets the value on the stack (same bit width).
func (r *kr) bitcast(from, to ir.ElementType, n *kernel.Node) error {
	b := r.b
	if from.Bits() != to.Bits() {
		return r.errorf("%%%d: bitcast %s to %s changes the width", n.ID, from, to)
	}
	switch {
	case isNarrow(from) && isNarrow(to):
		return nil
	case isNarrow(from) && to.IsUnsigned():
		// The bits, already zero-extended (a narrow float is held so).
		return nil
	case isNarrow(from):
		// The bits, zero-extended: wrap to the signed integer type.
	case isNarrow(to):
		b.ubits(from)
		return nil
	case from == ir.F32 && !to.IsFloat():
		b.op(OpI32ReinterpretF32)
	case from == ir.F64 && !to.IsFloat():
		b.op(OpI64ReinterpretF64)
	case to == ir.F32 && !from.IsFloat():
		b.op(OpF32ReinterpretI32)
		return nil
	case to == ir.F64 && !from.IsFloat():
		b.op(OpF64ReinterpretI64)
		return nil
	case from.IsFloat() || to.IsFloat():
		return nil
	default:
		b.ubits(from)
	}
	b.wrap(to)
	return nil
}

// varShift pushes the shift k of x by the variable amount y (type t,
// width w): StableHLO's results for amounts of w and more (0 for shl and
// shr_logical, the sign for shr_arithmetic).
func (r *kr) varShift(k kernel.Kind, x, y *kernel.Node, t ir.ElementType, o iops) {
	b := r.b
	w := int64(t.Bits())
	switch k {
	case kernel.Shl, kernel.ShrL:
		// n = ubits(y) < w ? x op n : 0 (ShrL on ubits(x)).
		r.push(x)
		if k == kernel.ShrL {
			b.ubits(t)
		}
		r.push(y)
		if k == kernel.Shl {
			b.op(o.shl)
		} else {
			b.op(o.shrU)
		}
		b.iconst(t, 0)
		r.push(y)
		b.ubits(t)
		b.iconst(t, w)
		b.op(o.ltU)
		b.op(OpSelect)
	case kernel.ShrA:
		// x >> min(ubits(y), w-1), x sign-extended at its width (also
		// for unsigned types).
		r.push(x)
		if t.IsUnsigned() && w < 32 {
			b.i32(32 - w)
			b.op(OpI32Shl)
			b.i32(32 - w)
			b.op(OpI32ShrS)
		}
		r.push(y)
		b.ubits(t)
		b.iconst(t, w-1)
		r.push(y)
		b.ubits(t)
		b.iconst(t, w-1)
		b.op(o.ltU)
		b.op(OpSelect)
		b.op(o.shrS)
	}
}

// constShift pushes the shift k of x by the constant amount y: the
// instruction alone when the amount (its unsigned bits) is below the width
// w, else its result for an oversized amount (0, or x >> (w-1)).
func (r *kr) constShift(k kernel.Kind, x, y *kernel.Node, t ir.ElementType, o iops) {
	b := r.b
	w := int64(t.Bits())
	c := uint64(y.I)
	if w < 64 {
		c &= 1<<w - 1
	}
	switch {
	case k == kernel.ShrA:
		r.push(x)
		if t.IsUnsigned() && w < 32 {
			b.i32(32 - w)
			b.op(OpI32Shl)
			b.i32(32 - w)
			b.op(OpI32ShrS)
		}
		b.iconst(t, int64(min(c, uint64(w-1))))
		b.op(o.shrS)
	case c >= uint64(w):
		b.iconst(t, 0)
	case k == kernel.Shl:
		r.push(x)
		b.iconst(t, int64(c))
		b.op(o.shl)
	default:
		r.push(x)
		b.ubits(t)
		b.iconst(t, int64(c))
		b.op(o.shrU)
	}
}
