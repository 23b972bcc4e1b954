package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Float8Types are the 8-bit float types LegalizeNarrow holds as their
// byte: f8E4M3FN and f8E5M2 (OCP OFP8), f8E3M4 and f8E4M3 (IEEE-like),
// the FNUZ types and f8E8M0FNU (ir/float.go has their rules).
var Float8Types = []ir.ElementType{ir.F8E4M3FN, ir.F8E5M2, ir.F8E3M4, ir.F8E4M3, ir.F8E4M3FNUZ,
	ir.F8E4M3B11FNUZ, ir.F8E5M2FNUZ, ir.F8E8M0FNU}

// IsFloat8 reports whether t is one of Float8Types.
func IsFloat8(t ir.ElementType) bool { return t.IsFloat() && t.Bits() == 8 }

// NarrowOptions choose what LegalizeNarrow rewrites.
type NarrowOptions struct {
	// Floats are the float types held as their bits in an unsigned
	// integer of their width (f16 and bf16 in ui16, the f8 types in ui8)
	// and computed in f32: any of ir.F16, ir.BF16 and the 8-bit floats
	// (F8E4M3FN, F8E5M2, F8E3M4, F8E4M3, F8E4M3FNUZ, F8E4M3B11FNUZ,
	// F8E5M2FNUZ, F8E8M0FNU).
	Floats []ir.ElementType
	// SubByte computes i2/i4 in i8 and ui2/ui4 in ui8 (their byte
	// storage, ir.ElementType.ByteSize), re-wrapped to their width after
	// every operation.
	SubByte bool
	// BitCount32 rewrites popcnt and clz on integers other than 32-bit
	// ones as 32-bit operations: narrower operands zero-extended, 64-bit
	// ones split into halves.
	BitCount32 bool
	// Index32 says index values are 32-bit (GPU targets, whose lowering
	// keeps indices in the i32 range): a convert from an index to a
	// narrow float goes through i32 rather than i64.
	Index32 bool
	// Ints32 holds every value narrower than 32 bits in a 32-bit
	// integer, for devices without 8- and 16-bit arithmetic: i8, i16,
	// ui8, ui16 (and with SubByte the sub-byte integers) are computed in
	// i32 or ui32 and re-wrapped, the Floats in a ui32 holding their bits
	// zero-extended. Loads and stores keep the buffers' element types;
	// a renderer in this mode holds those types in 32-bit integers too
	// (the load zero-extends; the store keeps the low bits).
	Ints32 bool
}

// LegalizeNarrow returns a copy of k in which the types o names no longer
// appear in arithmetic, for targets that lack them (SPIR-V for Vulkan 1.2
// has no bf16 or 8-bit float type and no sub-byte integers). Buffers keep
// their element types and are shared with k: a load from a bf16 buffer
// becomes the load followed by a bitcast to ui16, a store takes a bitcast
// back, so a renderer maps such a buffer to its bits type (ui16, ui8; the
// sub-byte integers to their byte) and renders those bitcasts and the
// sub-byte converts between equal storage types as nothing. Every other
// value of a narrow float type is its bits; arithmetic and comparisons
// widen to f32 (exactly), compute there and round back once; converts
// are integer code that follows ir.FloatBits and ir.FloatFromBits
// (round to nearest even; NaN stays a quiet NaN with its sign; f8E4M3FN,
// which has no infinity, turns overflow and infinities into its NaN 0x7F;
// f8E5M2 overflows to infinity), so results equal the interpreter's
// (ir/interp) bit for bit. From f64 and 32/64-bit integers the value is
// first rounded to odd at 24 bits, which makes the second rounding a
// single correct one. The rewrite relies on the kernel's f32 arithmetic
// keeping subnormal f32 results of integer-built values only where they
// round to zero anyway, so it is exact on devices that flush f32
// subnormals. Errors name the node that cannot be rewritten; k is not
// modified.
func LegalizeNarrow(k *Kernel, o NarrowOptions) (out *Kernel, err error) {
	l := &narrower{o: o, float: map[ir.ElementType]bool{}, vals: map[*Node]*Node{}}
	for _, t := range o.Floats {
		switch t {
		case ir.F16, ir.BF16, ir.F8E4M3FN, ir.F8E5M2, ir.F8E3M4, ir.F8E4M3, ir.F8E4M3FNUZ,
			ir.F8E4M3B11FNUZ, ir.F8E5M2FNUZ, ir.F8E8M0FNU:
			l.float[t] = true
		default:
			return nil, fmt.Errorf("kernel %s: LegalizeNarrow cannot hold %s as bits", k.Name, t)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			ne, ok := r.(narrowError)
			if !ok {
				panic(r)
			}
			out, err = nil, fmt.Errorf("kernel %s: %s", k.Name, string(ne))
		}
	}()
	nk := &Kernel{Name: k.Name, Source: k.Source, Params: k.Params, Shared: k.Shared}
	l.b = &Builder{K: nk}
	nk.Body = l.body(k.Body)
	return nk, nil
}

type narrowError string

type narrower struct {
	o     NarrowOptions
	float map[ir.ElementType]bool
	b     *Builder
	vals  map[*Node]*Node // rewritten nodes and constants
}

// rep is the type a value of type t is held in.
func (l *narrower) rep(t ir.ElementType) ir.ElementType {
	switch {
	case l.float[t] && l.o.Ints32:
		return ir.UI32
	case l.float[t]:
		return unsignedOf(t)
	case l.sub(t) && t.IsSigned():
		return intType(l.repBits(), true)
	case l.sub(t):
		return intType(l.repBits(), false)
	}
	return t
}

// repBits is the width integers narrower than it are held in.
func (l *narrower) repBits() int {
	if l.o.Ints32 {
		return 32
	}
	return 8
}

// sub reports whether t is an integer the rewrite widens (re-wrapping
// its results): sub-byte ones with SubByte, 8- and 16-bit ones with
// Ints32.
func (l *narrower) sub(t ir.ElementType) bool {
	if !t.IsInteger() || t == ir.Index {
		return false
	}
	b := t.Bits()
	return l.o.SubByte && b < 8 || l.o.Ints32 && (b == 8 || b == 16)
}

// bitsOf is the unsigned integer type of a held float's own width.
func bitsOf(t ir.ElementType) ir.ElementType { return unsignedOf(t) }

func (l *narrower) body(body []*Node) []*Node {
	var out []*Node
	saved := l.b.cur
	l.b.cur = &out
	for _, n := range body {
		l.node(n)
	}
	l.b.cur = saved
	return out
}

// v is the rewritten value of an operand.
func (l *narrower) v(a *Node) *Node {
	if r, ok := l.vals[a]; ok {
		return r
	}
	if a.Kind != Const {
		return a
	}
	// Constants are copied, so that numbering the result leaves k alone.
	c := *a
	c.ID = 0
	if t := l.rep(a.Type); t != a.Type {
		c.Type, c.F = t, 0
		if a.Type.IsFloat() {
			c.I = int64(ir.FloatBits(a.F, a.Type))
		}
		c.I = t.WrapInt(c.I)
	}
	l.vals[a] = &c
	return &c
}

// clone emits a copy of n with operands args and type t.
func (l *narrower) clone(n *Node, t ir.ElementType, args []*Node) *Node {
	m := *n
	m.Type, m.Args, m.ID = t, args, 0
	return l.b.emit(&m)
}

func (l *narrower) node(n *Node) {
	args := make([]*Node, len(n.Args))
	for i, a := range n.Args {
		args[i] = l.v(a)
	}
	switch n.Kind {
	case Loop, If:
		m := *n
		m.Args, m.ID = args, 0
		l.b.emit(&m)
		l.vals[n] = &m
		m.Body = l.body(n.Body)
		m.Else = l.body(n.Else)
		return
	case Load:
		m := l.clone(n, n.Type, args)
		l.vals[n] = l.fromStorage(m, n.Type)
		return
	case Store:
		args[1] = l.toStorage(args[1], n.Buf.Elem)
		l.clone(n, n.Type, args)
		return
	case Var, Get:
		l.vals[n] = l.clone(n, l.rep(n.Type), args)
		return
	}
	if !n.Kind.IsValue() {
		l.clone(n, n.Type, args)
		return
	}
	l.vals[n] = l.value(n, args)
}

// fromStorage turns a loaded element of type t into its held form.
func (l *narrower) fromStorage(x *Node, t ir.ElementType) *Node {
	switch {
	case l.float[t]:
		return l.b.Convert(l.b.Bitcast(x, bitsOf(t)), l.rep(t))
	case l.sub(t):
		return l.wrap(l.b.Convert(x, l.rep(t)), t)
	}
	return x
}

// toStorage turns a held value into the element type t of a buffer.
func (l *narrower) toStorage(x *Node, t ir.ElementType) *Node {
	switch {
	case l.float[t]:
		return l.b.Bitcast(l.b.Convert(x, bitsOf(t)), t)
	case l.sub(t):
		return l.b.Convert(x, t)
	}
	return x
}

func (l *narrower) value(n *Node, args []*Node) *Node {
	var at ir.ElementType
	if len(n.Args) > 0 {
		at = n.Args[0].Type
	}
	if n.Kind == Select {
		at = n.Type
	}
	switch {
	case n.Kind == Convert:
		return l.convert(args[0], at, n.Type)
	case n.Kind == Bitcast:
		return l.bitcast(args[0], at, n.Type)
	case n.Kind == Select:
		return l.clone(n, l.rep(n.Type), args)
	case l.float[at]:
		// Widen, compute in f32, round back once.
		wide := make([]*Node, len(args))
		for i, a := range args {
			wide[i] = l.widen(a, n.Args[i].Type)
		}
		t := n.Type
		if t == at {
			t = ir.F32
		}
		r := l.clone(n, t, wide)
		if n.Type == at {
			return l.narrow(r, at)
		}
		return r
	case l.sub(at):
		return l.subOp(n, args)
	case l.o.BitCount32 && (n.Kind == Popcnt || n.Kind == Clz) && at.Bits() != 32:
		return l.bitCount(n.Kind, args[0])
	}
	return l.clone(n, n.Type, args)
}

// bitcast reinterprets held x of type from as type to (one width w):
// the bits zero-extended in an unsigned integer, then the held form of to.
func (l *narrower) bitcast(x *Node, from, to ir.ElementType) *Node {
	b := l.b
	w := from.Bits()
	u := x
	switch {
	case l.float[from]:
	case l.sub(from):
		u = b.Bitcast(x, unsignedOf(x.Type))
		if from.IsSigned() {
			u = b.Bin(And, u, cst(u.Type, 1<<w-1))
		}
	default:
		u = b.Bitcast(x, intType(w, false))
	}
	switch {
	case l.float[to]:
		return b.Convert(u, l.rep(to))
	case l.sub(to):
		v := b.Convert(u, unsignedOf(l.rep(to)))
		if to.IsSigned() {
			v = b.Bitcast(v, l.rep(to))
		}
		return l.wrap(v, to)
	}
	u = b.Convert(u, intType(w, false))
	if to != u.Type {
		u = b.Bitcast(u, to)
	}
	return u
}

func (l *narrower) panicf(format string, a ...any) {
	panic(narrowError(fmt.Sprintf(format, a...)))
}
