package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// Builder appends nodes to a kernel's body. Loop and If open nested bodies
// for the duration of their callback. Constant folding of index arithmetic
// (x*1, x+0, const op const) keeps generated kernels small and readable.
type Builder struct {
	K     *Kernel
	cur   *[]*Node
	stack []*[]*Node // the bodies enclosing cur, outermost first (cur excluded)
}

// push makes body the current body; pop restores the previous one.
func (b *Builder) push(body *[]*Node) {
	b.stack = append(b.stack, b.cur)
	b.cur = body
}

func (b *Builder) pop() {
	b.cur = b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
}

// inScope reports whether nodes appended to body are visible from the
// current insertion point.
func (b *Builder) inScope(body *[]*Node) bool {
	if body == b.cur {
		return true
	}
	for _, s := range b.stack {
		if s == body {
			return true
		}
	}
	return false
}

// NewBuilder returns a builder appending to a new kernel called name.
func NewBuilder(name string) *Builder {
	k := &Kernel{Name: name}
	return &Builder{K: k, cur: &k.Body}
}

// Param adds a global buffer parameter bound to Program buffer host.
func (b *Builder) Param(name string, elem ir.ElementType, shape []int64, role Role, host int) *Buffer {
	p := &Buffer{Name: name, Elem: elem, Shape: append([]int64{}, shape...), Strides: ir.Strides(shape), Role: role, Space: Global, Host: host, Index: len(b.K.Params)}
	b.K.Params = append(b.K.Params, p)
	return p
}

// SharedAlloc adds a workgroup-shared buffer.
func (b *Builder) SharedAlloc(name string, elem ir.ElementType, shape []int64) *Buffer {
	p := &Buffer{Name: name, Elem: elem, Shape: append([]int64{}, shape...), Strides: ir.Strides(shape), Space: Shared, Index: len(b.K.Shared)}
	b.K.Shared = append(b.K.Shared, p)
	return p
}

func (b *Builder) emit(n *Node) *Node {
	*b.cur = append(*b.cur, n)
	return n
}

// Loop emits a loop of n iterations at level and builds its body with fn,
// which receives the index. A loop of one iteration is not emitted: fn
// gets the constant index 0 and builds into the current body.
func (b *Builder) Loop(level Level, n int64, fn func(i *Node)) {
	if n == 1 {
		fn(Idx(0))
		return
	}
	l := b.emit(&Node{Kind: Loop, Type: ir.Index, N: n, Level: level})
	b.push(&l.Body)
	fn(l)
	b.pop()
}

// If emits a conditional; els may be nil.
func (b *Builder) If(cond *Node, then, els func()) {
	n := b.emit(&Node{Kind: If, Args: []*Node{cond}})
	b.push(&n.Body)
	then()
	b.pop()
	if els != nil {
		b.push(&n.Else)
		els()
		b.pop()
	}
}

// Barrier emits a workgroup barrier.
func (b *Builder) Barrier() { b.emit(&Node{Kind: Barrier}) }

// ConstOf returns a constant of type t: v is an int64 for integer, i1 and
// Index types, a float64 for float types. Constants are not part of any
// body; they may be used anywhere.
func ConstOf(t ir.ElementType, v any) *Node {
	n := &Node{Kind: Const, Type: t}
	switch x := v.(type) {
	case int64:
		if t.IsFloat() {
			n.F = ir.RoundFloat(float64(x), t)
		} else {
			n.I = wrap(t, x)
		}
	case int:
		return ConstOf(t, int64(x))
	case float64:
		if t.IsFloat() {
			n.F = ir.RoundFloat(x, t)
		} else {
			n.I = wrap(t, int64(x))
		}
	}
	return n
}

// Idx returns the index constant v.
func Idx(v int64) *Node { return ConstOf(ir.Index, v) }

func wrap(t ir.ElementType, v int64) int64 {
	if t == ir.Index {
		return v
	}
	return t.WrapInt(v)
}

func isConst(n *Node, v int64) bool {
	return n.Kind == Const && !n.Type.IsFloat() && n.I == v
}

// Load emits a load of buf at flat index idx.
func (b *Builder) Load(buf *Buffer, idx *Node) *Node {
	return b.emit(&Node{Kind: Load, Type: buf.Elem, Args: []*Node{idx}, Buf: buf})
}

// Store emits buf[idx] = v.
func (b *Builder) Store(buf *Buffer, idx, v *Node) {
	b.emit(&Node{Kind: Store, Args: []*Node{idx, v}, Buf: buf})
}

// Var emits a mutable local initialised to init.
func (b *Builder) Var(init *Node) *Node {
	return b.emit(&Node{Kind: Var, Type: init.Type, Args: []*Node{init}})
}

// Get reads a Var.
func (b *Builder) Get(v *Node) *Node { return b.emit(&Node{Kind: Get, Type: v.Type, Args: []*Node{v}}) }

// Set assigns a Var.
func (b *Builder) Set(v, x *Node) { b.emit(&Node{Kind: Set, Args: []*Node{v, x}}) }

// Un emits a unary op (ClassUnary or ClassPred kinds).
func (b *Builder) Un(k Kind, x *Node) *Node {
	t := x.Type
	if k == IsFinite {
		t = ir.I1
	}
	return b.emit(&Node{Kind: k, Type: t, Args: []*Node{x}})
}

// Bin emits a binary op or comparison, folding index and integer constants.
func (b *Builder) Bin(k Kind, x, y *Node) *Node {
	t := x.Type
	if k.Class() == ClassCompare {
		t = ir.I1
	}
	if x.Type.IsIntOrBool() || x.Type == ir.Index {
		if r := foldInt(k, x, y); r != nil {
			return r
		}
	}
	return b.emit(&Node{Kind: k, Type: t, Args: []*Node{x, y}})
}

// Cmp emits a comparison with the total-order flag.
func (b *Builder) Cmp(k Kind, x, y *Node, total bool) *Node {
	if !total {
		return b.Bin(k, x, y)
	}
	return b.emit(&Node{Kind: k, Type: ir.I1, Args: []*Node{x, y}, Total: true})
}

func foldInt(k Kind, x, y *Node) *Node {
	if x.Type != ir.Index {
		return nil
	}
	switch k {
	case Add:
		if isConst(y, 0) {
			return x
		}
		if isConst(x, 0) {
			return y
		}
	case Sub:
		if isConst(y, 0) {
			return x
		}
	case Mul:
		if isConst(y, 1) {
			return x
		}
		if isConst(x, 1) {
			return y
		}
		if isConst(x, 0) || isConst(y, 0) {
			return Idx(0)
		}
	case Div:
		if isConst(y, 1) {
			return x
		}
	case Rem:
		if isConst(y, 1) {
			return Idx(0)
		}
	}
	if x.Kind == Const && y.Kind == Const {
		a, c := x.I, y.I
		switch k {
		case Add:
			return Idx(a + c)
		case Sub:
			return Idx(a - c)
		case Mul:
			return Idx(a * c)
		case Div:
			if c != 0 {
				return Idx(a / c)
			}
		case Rem:
			if c != 0 {
				return Idx(a % c)
			}
		case Max:
			return Idx(max(a, c))
		case Min:
			return Idx(min(a, c))
		}
	}
	return nil
}

// Select emits c ? x : y.
func (b *Builder) Select(c, x, y *Node) *Node {
	return b.emit(&Node{Kind: Select, Type: x.Type, Args: []*Node{c, x, y}})
}

// Convert emits a conversion of x to t (nothing when x already has type t).
func (b *Builder) Convert(x *Node, t ir.ElementType) *Node {
	if x.Type == t {
		return x
	}
	if x.Kind == Const && t == ir.Index && !x.Type.IsFloat() {
		return Idx(x.I)
	}
	return b.emit(&Node{Kind: Convert, Type: t, Args: []*Node{x}})
}

// Bitcast emits a reinterpretation of x's bits as t.
func (b *Builder) Bitcast(x *Node, t ir.ElementType) *Node {
	return b.emit(&Node{Kind: Bitcast, Type: t, Args: []*Node{x}})
}

// Offset returns the flat element index of buf at the multi-index idx
// (sum of idx[k]*Strides[k]).
func (b *Builder) Offset(buf *Buffer, idx []*Node) *Node {
	off := Idx(0)
	for k, i := range idx {
		off = b.Bin(Add, off, b.Bin(Mul, i, Idx(buf.Strides[k])))
	}
	return off
}

// Nest emits a loop nest over shape (outermost first) and calls fn with the
// multi-index. The first gridDims dimensions get Grid loops, the rest
// Serial ones; dimensions of size 1 get no loop (index 0).
func (b *Builder) Nest(shape []int64, gridDims int, fn func(idx []*Node)) {
	idx := make([]*Node, len(shape))
	var rec func(d int)
	rec = func(d int) {
		if d == len(shape) {
			fn(idx)
			return
		}
		if shape[d] == 1 {
			idx[d] = Idx(0)
			rec(d + 1)
			return
		}
		lvl := Serial
		if d < gridDims {
			lvl = Grid
		}
		b.Loop(lvl, shape[d], func(i *Node) {
			idx[d] = i
			rec(d + 1)
		})
	}
	rec(0)
}

// Fma emits x*y + z rounded once (kind Fma; x, y, z of one float type).
func (b *Builder) Fma(x, y, z *Node) *Node {
	return b.emit(&Node{Kind: Fma, Type: x.Type, Args: []*Node{x, y, z}})
}
