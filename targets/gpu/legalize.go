package gpu

import (
	"math"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// Legalize rewrites k in place so that every node is a GPU primitive
// (IsPrimitive): transcendental functions become the expansions of
// mathlib.go, NaN-propagating max/min and sign become compares and
// selects, integer division, remainder and shifts get the guards that give
// StableHLO's results for zero divisors and oversized shift amounts,
// saturating float-to-int converts get their clamps, and i1 arithmetic
// becomes logic. Floats other than f32 and f64 are computed in f32.
func Legalize(k *K.Kernel, p Params) {
	l := &legalizer{k: k, p: p, repl: map[*K.Node]*K.Node{}}
	k.Body = l.body(k.Body)
}

// Legalized returns a copy of k legalised by Legalize with p, for targets
// that render some kernels legalised and keep k for others: the nodes are
// copied, the buffers are shared with k, and k is unchanged.
func Legalized(k *K.Kernel, p Params) *K.Kernel {
	nk := &K.Kernel{Name: k.Name, Source: k.Source,
		Params: append([]*K.Buffer{}, k.Params...), Shared: append([]*K.Buffer{}, k.Shared...)}
	c := &cloner{nodes: map[*K.Node]*K.Node{}}
	nk.Body = c.body(k.Body)
	Legalize(nk, p)
	return nk
}

type legalizer struct {
	k    *K.Kernel
	p    Params
	repl map[*K.Node]*K.Node
}

func (l *legalizer) body(body []*K.Node) []*K.Node {
	var out []*K.Node
	for _, n := range body {
		for i, a := range n.Args {
			if r, ok := l.repl[a]; ok {
				n.Args[i] = r
			}
		}
		if n.Kind == K.Loop || n.Kind == K.If {
			n.Body = l.body(n.Body)
			n.Else = l.body(n.Else)
		}
		if IsPrimitive(n) {
			out = append(out, n)
			continue
		}
		nb := K.NewBuilder("")
		tmp := nb.K
		nb.K = l.k
		l.repl[n] = l.expand(nb, n)
		out = append(out, tmp.Body...)
	}
	return out
}

// IsPrimitive reports whether n is a node every GPU renderer prints
// directly: structure, memory, constants, add/sub/mul/div/rem, neg,
// abs/sqrt/floor/ceil/round_even on floats, max/min on integers, bitwise ops and shifts on
// integers, popcnt and clz, logic on i1, comparisons on non-i1 operands,
// select, bitcast, and converts that are not float-to-integer or to/from i1.
// Integer div/rem and shifts are primitive only with a constant operand
// that needs no guard.
func IsPrimitive(n *K.Node) bool {
	if n.Kind == K.Const || n.Kind.Class() == K.ClassStmt || n.Kind.Class() == K.ClassMemory {
		return true
	}
	var t ir.ElementType
	if len(n.Args) > 0 {
		t = n.Args[0].Type
	}
	isF := t == ir.F32 || t == ir.F64
	switch n.Kind {
	case K.Add, K.Sub, K.Mul:
		return t != ir.I1 && (isF || !t.IsFloat())
	case K.Div, K.Rem:
		if isF {
			// Float rem is legalised (fx.fmod, exact): some devices
			// compute x - y*trunc(x/y), which rounds.
			return n.Kind == K.Div
		}
		if t.IsFloat() {
			return false
		}
		y := n.Args[1]
		return y.Kind == K.Const && y.I > 0
	case K.Neg:
		return isF || t.IsInteger()
	case K.Max, K.Min:
		return t.IsInteger()
	case K.Abs, K.Sqrt, K.Floor, K.Ceil, K.RoundEven:
		return isF
	case K.And, K.Or, K.Xor, K.Not, K.Popcnt, K.Clz:
		return true
	case K.Shl, K.ShrA, K.ShrL:
		y := n.Args[1]
		return y.Kind == K.Const && y.I >= 0 && y.I < int64(t.Bits())
	case K.EQ, K.NE, K.LT, K.LE, K.GT, K.GE:
		return t != ir.I1 && !n.Total && (isF || !t.IsFloat())
	case K.Select, K.Bitcast:
		return true
	case K.Convert:
		if t == ir.I1 || n.Type == ir.I1 || n.Type == ir.Index && wideIndexSource(t) {
			return false
		}
		return !(t.IsFloat() && !n.Type.IsFloat())
	}
	return false
}

// expand emits the primitive form of n through nb and returns its value.
func (l *legalizer) expand(nb *K.Builder, n *K.Node) *K.Node {
	t := n.Type
	if len(n.Args) > 0 {
		t = n.Args[0].Type
	}
	switch {
	case n.Kind == K.Convert:
		return convert(nb, n.Args[0], n.Type)
	case n.Kind.Class() == K.ClassCompare && n.Total:
		return totalCompare(nb, n)
	case t == ir.I1:
		return boolOp(nb, n)
	case t.IsFloat() && t != ir.F32 && t != ir.F64:
		// Narrow floats compute in f32 and round back.
		args := make([]*K.Node, len(n.Args))
		for i, a := range n.Args {
			args[i] = nb.Convert(a, ir.F32)
		}
		wide := &K.Node{Kind: n.Kind, Type: ir.F32, Args: args}
		if n.Kind.Class() == K.ClassCompare || n.Kind == K.IsFinite {
			wide.Type = ir.I1
		}
		var r *K.Node
		switch {
		case !IsPrimitive(wide):
			r = l.expand(nb, wide)
		case len(args) == 1:
			r = nb.Un(n.Kind, args[0])
		default:
			r = nb.Bin(n.Kind, args[0], args[1])
		}
		if r.Type == ir.I1 {
			return r
		}
		return nb.Convert(r, t)
	case t.IsFloat():
		return l.floatOp(nb, n)
	}
	return intOp(nb, n)
}

func (l *legalizer) floatOp(nb *K.Builder, n *K.Node) *K.Node {
	f := newFx(nb, n.Args[0].Type)
	x := n.Args[0]
	switch n.Kind {
	case K.Exp:
		return f.exp(x)
	case K.Expm1:
		return f.expm1(x)
	case K.Log:
		return f.log(x)
	case K.Log1p:
		return f.log1p(x)
	case K.Rsqrt:
		return f.div(f.c(1), f.sqrt(x))
	case K.Cbrt:
		return f.cbrt(x)
	case K.Tanh:
		return f.tanh(x)
	case K.Logistic:
		return f.logistic(x)
	case K.Sin:
		return f.trig(x, 0, l.p.HasF64)
	case K.Cos:
		return f.trig(x, 1, l.p.HasF64)
	case K.Tan:
		return f.trig(x, 2, l.p.HasF64)
	case K.Erf:
		return f.erf(x)
	case K.RoundAway:
		return f.roundAway(x)
	case K.Sign:
		return f.sel(f.gt(x, f.c(0)), f.c(1), f.sel(f.lt(x, f.c(0)), f.c(-1), x))
	case K.IsFinite:
		return f.lt(f.abs(x), f.c(math.Inf(1)))
	case K.Pow:
		return f.pow(x, n.Args[1], l.p.HasF64)
	case K.Atan2:
		return f.atan2(x, n.Args[1])
	case K.Rem:
		return f.fmod(x, n.Args[1])
	case K.Max, K.Min:
		y := n.Args[1]
		var r, tie *K.Node
		if n.Kind == K.Max {
			r = f.sel(f.gt(x, y), x, y)
			tie = f.fromBits(nb.Bin(K.And, f.bits(x), f.bits(y))) // +0 beats -0
		} else {
			r = f.sel(f.lt(x, y), x, y)
			tie = f.fromBits(nb.Bin(K.Or, f.bits(x), f.bits(y))) // -0 beats +0
		}
		r = f.sel(f.eq(x, y), tie, r)
		r = f.sel(f.isnan(y), y, r)
		return f.sel(f.isnan(x), x, r)
	}
	panic("gpu: no float legalisation for " + n.Kind.String())
}

func intOp(nb *K.Builder, n *K.Node) *K.Node {
	t := n.Args[0].Type
	x := n.Args[0]
	c := func(v int64) *K.Node { return K.ConstOf(t, v) }
	signed := t.IsSigned()
	switch n.Kind {
	case K.Abs:
		if !signed {
			return x
		}
		return nb.Select(nb.Bin(K.LT, x, c(0)), nb.Un(K.Neg, x), x)
	case K.Sign:
		if !signed {
			return nb.Select(nb.Bin(K.NE, x, c(0)), c(1), c(0))
		}
		return nb.Select(nb.Bin(K.GT, x, c(0)), c(1), nb.Select(nb.Bin(K.LT, x, c(0)), c(-1), c(0)))
	case K.Max:
		return nb.Select(nb.Bin(K.GT, x, n.Args[1]), x, n.Args[1])
	case K.Min:
		return nb.Select(nb.Bin(K.LT, x, n.Args[1]), x, n.Args[1])
	case K.Div, K.Rem:
		y := n.Args[1]
		zero := nb.Bin(K.EQ, y, c(0))
		bad := zero
		var m1 *K.Node
		if signed {
			m1 = nb.Bin(K.EQ, y, c(-1))
			bad = nb.Bin(K.Or, zero, m1)
		}
		ys := nb.Select(bad, c(1), y)
		var r *K.Node
		if n.Kind == K.Div {
			r = nb.Bin(K.Div, x, ys)
			if signed {
				r = nb.Select(m1, nb.Un(K.Neg, x), r)
			}
			return nb.Select(zero, c(-1), r)
		}
		r = nb.Bin(K.Rem, x, ys)
		if signed {
			r = nb.Select(m1, c(0), r)
		}
		return nb.Select(zero, x, r)
	case K.Shl, K.ShrA, K.ShrL:
		y := n.Args[1]
		w := int64(t.Bits())
		over := nb.Bin(K.GE, y, c(w))
		if signed {
			over = nb.Bin(K.Or, over, nb.Bin(K.LT, y, c(0)))
		}
		ym := nb.Bin(K.And, y, c(w-1))
		if n.Kind == K.ShrA {
			return nb.Bin(K.ShrA, x, nb.Select(over, c(w-1), ym))
		}
		return nb.Select(over, c(0), nb.Bin(n.Kind, x, ym))
	case K.Pow:
		return intPow(nb, x, n.Args[1])
	}
	panic("gpu: no integer legalisation for " + n.Kind.String())
}

// intPow is exponentiation by squaring over every bit of the exponent,
// straight-line; negative exponents follow the interpreter (1, ±1 or 0).
func intPow(nb *K.Builder, a, b *K.Node) *K.Node {
	t := a.Type
	c := func(v int64) *K.Node { return K.ConstOf(t, v) }
	acc, base, e := c(1), a, b
	for i := 0; i < t.Bits(); i++ {
		bit := nb.Bin(K.NE, nb.Bin(K.And, e, c(1)), c(0))
		acc = nb.Select(bit, nb.Bin(K.Mul, acc, base), acc)
		base = nb.Bin(K.Mul, base, base)
		e = nb.Bin(K.ShrL, e, c(1))
	}
	if !t.IsSigned() {
		return acc
	}
	odd := nb.Bin(K.NE, nb.Bin(K.And, b, c(1)), c(0))
	negRes := nb.Select(nb.Bin(K.EQ, a, c(1)), c(1),
		nb.Select(nb.Bin(K.EQ, a, c(-1)), nb.Select(odd, c(-1), c(1)), c(0)))
	return nb.Select(nb.Bin(K.LT, b, c(0)), negRes, acc)
}

// boolOp rewrites arithmetic and comparisons on i1 as logic.
func boolOp(nb *K.Builder, n *K.Node) *K.Node {
	x := n.Args[0]
	var y *K.Node
	if len(n.Args) > 1 {
		y = n.Args[1]
	}
	not := func(v *K.Node) *K.Node { return nb.Un(K.Not, v) }
	switch n.Kind {
	case K.Add, K.Max:
		return nb.Bin(K.Or, x, y)
	case K.Mul, K.Min:
		return nb.Bin(K.And, x, y)
	case K.Sub, K.NE:
		return nb.Bin(K.Xor, x, y)
	case K.EQ:
		return not(nb.Bin(K.Xor, x, y))
	case K.LT:
		return nb.Bin(K.And, not(x), y)
	case K.LE:
		return nb.Bin(K.Or, not(x), y)
	case K.GT:
		return nb.Bin(K.And, x, not(y))
	case K.GE:
		return nb.Bin(K.Or, x, not(y))
	case K.Abs:
		return x
	case K.Sign, K.Neg:
		return x
	case K.Div: // x / y on i1: y == 0 gives -1 (= 1); y == 1 gives x.
		return nb.Bin(K.Or, x, not(y))
	case K.Rem: // x % 1 = 0; x % 0 = x
		return nb.Bin(K.And, x, not(y))
	}
	panic("gpu: no i1 legalisation for " + n.Kind.String())
}

// totalCompare compares floats by IEEE totalOrder: the sign-magnitude bits
// mapped to a two's-complement key.
func totalCompare(nb *K.Builder, n *K.Node) *K.Node {
	t := n.Args[0].Type
	key := func(v *K.Node) *K.Node {
		if t != ir.F32 && t != ir.F64 {
			v = nb.Convert(v, ir.F32) // exact widening keeps the order
		}
		f := newFx(nb, v.Type)
		b := f.bits(v)
		maxI := int64(math.MaxInt32)
		if f.f64() {
			maxI = math.MaxInt64
		}
		return nb.Select(nb.Bin(K.LT, b, f.ci(0)), nb.Bin(K.Xor, b, f.ci(maxI)), b)
	}
	if !t.IsFloat() {
		return nb.Bin(n.Kind, n.Args[0], n.Args[1])
	}
	return nb.Bin(n.Kind, key(n.Args[0]), key(n.Args[1]))
}

// convert is StableHLO's convert from x's type to t with explicit
// saturation, NaN -> 0, and i1 as 0/1.
func convert(nb *K.Builder, x *K.Node, t ir.ElementType) *K.Node {
	from := x.Type
	switch {
	case from == t:
		return x
	case t == ir.I1:
		return nb.Bin(K.NE, x, K.ConstOf(from, 0))
	case from == ir.I1:
		return nb.Select(x, K.ConstOf(t, 1), K.ConstOf(t, 0))
	case from.IsFloat() && !t.IsFloat():
		if from != ir.F32 && from != ir.F64 {
			x = nb.Convert(x, ir.F32)
			from = ir.F32
		}
		e := t
		if e == ir.Index {
			e = ir.I64
		}
		w := e.Bits()
		lo, hi := e.IntRange()
		var loF, hiF float64 // x <= loF gives lo, x >= hiF gives hi
		if e.IsUnsigned() {
			loF, hiF = 0, math.Ldexp(1, w)
		} else {
			loF, hiF = float64(lo), math.Ldexp(1, w-1)
		}
		f := newFx(nb, from)
		isLo, isHi := f.le(x, f.c(loF)), f.ge(x, f.c(hiF))
		if e.IsUnsigned() {
			isLo = f.lt(x, f.c(1)) // truncates to 0 (or below)
		}
		bad := nb.Bin(K.Or, nb.Bin(K.Or, isLo, isHi), f.isnan(x))
		cv := nb.Convert(f.sel(bad, f.c(0), x), t)
		r := nb.Select(isHi, K.ConstOf(t, hi), cv)
		if e.IsUnsigned() {
			lo = 0
		}
		return nb.Select(isLo, K.ConstOf(t, lo), r)
	case t == ir.Index && wideIndexSource(from):
		// Indices are 32-bit on GPUs (doc.go): saturate to the i32 range,
		// which keeps every clamp and bounds check of a data-dependent
		// index (buffers hold fewer than 2^31 elements) as it was.
		if from.IsSigned() {
			x = nb.Bin(K.Max, x, K.ConstOf(from, math.MinInt32))
		}
		x = nb.Convert(nb.Bin(K.Min, x, K.ConstOf(from, math.MaxInt32)), ir.I32)
	}
	return nb.Convert(x, t)
}

// wideIndexSource reports whether an integer type holds values outside
// the i32 range: a conversion from it to an index saturates.
func wideIndexSource(t ir.ElementType) bool {
	return t.IsInteger() && (t.Bits() == 64 || t.Bits() == 32 && t.IsUnsigned())
}
