package kernel

import "github.com/zmlc/zmlc/ir"

// Narrow integers and bit counts for LegalizeNarrow. A held i2/i4 (and
// with Ints32 i8/i16) is its value sign-extended in an i8 (i32), a
// ui2/ui4 (ui8/ui16) its value zero-extended in a ui8 (ui32): the
// canonical forms ir.ElementType.WrapInt gives, so comparisons,
// converts to wider integers, division and arithmetic shift right of
// signed values work on them unchanged; every other result is re-wrapped.

func cst(t ir.ElementType, v int64) *Node { return &Node{Kind: Const, Type: t, I: t.WrapInt(v)} }

// unsignedOf is the unsigned integer type of t's width.
func unsignedOf(t ir.ElementType) ir.ElementType { return intType(t.Bits(), false) }

// intType is the integer type of a width (2 to 64 bits), signed or not.
func intType(bits int, signed bool) ir.ElementType {
	s := map[int]ir.ElementType{2: ir.I2, 4: ir.I4, 8: ir.I8, 16: ir.I16, 32: ir.I32, 64: ir.I64}
	u := map[int]ir.ElementType{2: ir.UI2, 4: ir.UI4, 8: ir.UI8, 16: ir.UI16, 32: ir.UI32, 64: ir.UI64}
	if signed {
		return s[bits]
	}
	return u[bits]
}

// wrap reduces held x (an integer wider than t) to the canonical form of
// the integer type t.
func (l *narrower) wrap(x *Node, t ir.ElementType) *Node {
	b := l.b
	if t.IsSigned() {
		s := cst(x.Type, int64(x.Type.Bits()-t.Bits()))
		return b.Bin(ShrA, b.Bin(Shl, x, s), s)
	}
	return b.Bin(And, x, cst(x.Type, 1<<t.Bits()-1))
}

// zext is held x of sub-byte t as its bits, zero-extended, in x's type.
func (l *narrower) zext(x *Node, t ir.ElementType) *Node {
	if !t.IsSigned() {
		return x
	}
	return l.b.Bin(And, x, cst(x.Type, 1<<t.Bits()-1))
}

// subOp rewrites an operation on the sub-byte integer type of n's first
// operand.
func (l *narrower) subOp(n *Node, args []*Node) *Node {
	t := n.Args[0].Type
	r := l.rep(t)
	b := l.b
	switch {
	case n.Kind.Class() == ClassCompare:
		return l.clone(n, n.Type, args)
	case n.Kind == ShrL:
		args[0] = l.zext(args[0], t)
	case n.Kind == ShrA && !t.IsSigned():
		s := cst(r, int64(r.Bits()-t.Bits()))
		args[0] = b.Bin(ShrA, b.Bin(Shl, args[0], s), s)
	case n.Kind == Popcnt:
		return l.bitCount(Popcnt, l.zext(args[0], t))
	case n.Kind == Clz:
		c := l.bitCount(Clz, l.zext(args[0], t))
		return b.Bin(Sub, c, cst(r, int64(r.Bits()-t.Bits())))
	}
	res := l.clone(n, r, args)
	if n.Type != t {
		return res
	}
	return l.wrap(res, t)
}

// bitCount emits popcnt or clz of x (an integer) as 32-bit operations;
// the result has x's type.
func (l *narrower) bitCount(k Kind, x *Node) *Node {
	b := l.b
	t := x.Type
	w := t.Bits()
	u := x
	if t.IsSigned() {
		u = b.Bitcast(x, unsignedOf(t))
	}
	var r *Node
	switch {
	case w == 32:
		return b.Un(k, x)
	case w < 32:
		r = b.Un(k, b.Convert(u, ir.UI32))
		if k == Clz {
			r = b.Bin(Sub, r, cst(ir.UI32, int64(32-w)))
		}
	default:
		lo := b.Convert(u, ir.UI32)
		hi := b.Convert(b.Bin(ShrL, u, cst(ir.UI64, 32)), ir.UI32)
		if k == Popcnt {
			r = b.Bin(Add, b.Un(Popcnt, lo), b.Un(Popcnt, hi))
		} else {
			r = b.Select(b.Bin(EQ, hi, cst(ir.UI32, 0)),
				b.Bin(Add, b.Un(Clz, lo), cst(ir.UI32, 32)), b.Un(Clz, hi))
		}
	}
	return b.Convert(r, t)
}

// intConvert converts held integer (or i1) x of type from to integer or
// i1 type to, where one of them is sub-byte.
func (l *narrower) intConvert(x *Node, from, to ir.ElementType) *Node {
	b := l.b
	switch {
	case to == ir.I1:
		return b.Bin(NE, x, cst(x.Type, 0))
	case from == ir.I1:
		return b.Select(x, cst(l.rep(to), 1), cst(l.rep(to), 0))
	case !l.sub(to):
		return b.Convert(x, to)
	}
	return l.wrap(b.Convert(x, l.rep(to)), to)
}

// floatToSub converts the f32 or f64 x to sub-byte t, saturating (NaN
// gives 0, as the kernel IR's convert).
func (l *narrower) floatToSub(x *Node, t ir.ElementType) *Node {
	b := l.b
	lo, hi := t.IntRange()
	flo, fhi := &Node{Kind: Const, Type: x.Type, F: float64(lo)}, &Node{Kind: Const, Type: x.Type, F: float64(hi)}
	x = b.Select(b.Bin(LT, x, flo), flo, b.Select(b.Bin(GT, x, fhi), fhi, x))
	return l.wrap(b.Convert(x, l.rep(t)), t)
}
