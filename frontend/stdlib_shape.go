package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Shape built-ins: flatten (merging dimensions into a new named one),
// reshape, transpose by names, rename, concat, split.

func init() {
	register(&builtin{name: "flatten", minArgs: 1, maxArgs: 2, named: []string{"dims"}, lower: stdFlatten})
	register(&builtin{name: "reshape", anyNamed: true, lower: stdReshape})
	register(&builtin{name: "rename", anyNamed: true, lower: stdRename})
	register(&builtin{name: "transpose", minArgs: 1, maxArgs: 1 << 10, lower: stdTranspose})
	register(&builtin{name: "concat", minArgs: 2, maxArgs: 1 << 10, named: []string{"axis"}, lower: stdConcat})
	register(&builtin{name: "split", minArgs: 2, maxArgs: 3, named: []string{"axis", "sizes"}, lower: stdSplit})
}

// stdFlatten is x.flatten(name) (dimensions 1.. merged into one named
// name) or x.flatten(name, dims: [h, w]) (the listed dimensions, which
// must be adjacent and in order, merged at the place of the first).
func stdFlatten(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	name := ""
	if cs.npos() > 1 {
		name = c.nameArg(cs.expr(1))
	}
	var axes []int
	if e := cs.optExpr(-1, "dims"); e != nil {
		axes = c.axesList(x, e, "dims")
		if len(axes) == 0 {
			c.s.fail(cs.pos, "flatten needs at least one dimension in dims:, got an empty list")
		}
	} else {
		if len(x.shape) < 2 {
			c.s.fail(cs.pos, "flatten needs at least two dimensions, got %s", typeString(x.elem, x.shape))
		}
		for i := 1; i < len(x.shape); i++ {
			axes = append(axes, i)
		}
	}
	for i := 1; i < len(axes); i++ {
		if axes[i] != axes[i-1]+1 {
			c.s.fail(cs.pos, "flatten merges adjacent dimensions in order; %s and %s are not", x.shape[axes[i-1]], x.shape[axes[i]])
		}
	}
	var out Shape
	size := int64(1)
	for _, a := range axes {
		size *= x.shape[a].Size
	}
	for i, d := range x.shape {
		switch {
		case i == axes[0]:
			out = append(out, Dim{Name: name, Size: size})
		case i > axes[0] && i <= axes[len(axes)-1]:
		default:
			out = append(out, d)
		}
	}
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "flatten would name two dimensions %s", n)
	}
	return c.reshape(cs.pos, x, out)
}

// stdReshape is x.reshape(d1, d2, ...): each argument is a dimension name
// of x (keeping its size and name), an integer (an unnamed dimension), or
// `name: size` (a new named dimension).
func stdReshape(c *compiler, cs *callSite) val {
	if cs.recv == nil && len(cs.all) == 0 {
		c.s.fail(cs.pos, "reshape needs a tensor")
	}
	args := cs.all
	var x val
	if cs.recv != nil {
		x = *cs.recv
	} else {
		if args[0].Name != "" {
			c.s.fail(args[0].Pos, "reshape's first argument is the tensor")
		}
		x = c.tensorOf(c.lowerExpr(args[0].Value), args[0].Value)
		args = args[1:]
	}
	if x.kind != kTensor {
		c.s.fail(cs.pos, "reshape needs a tensor, got %s", x.describe())
	}
	var out Shape
	for _, a := range args {
		if a.Name != "" {
			out = append(out, Dim{Name: a.Name, Size: c.dimSize(a.Value)})
			continue
		}
		if id, ok := a.Value.(*Ident); ok {
			i := x.shape.Index(id.Name)
			if i < 0 {
				if s := closest(id.Name, x.shape.Names()); s != "" {
					c.s.fail(id.Pos, "%s has no dimension %s (did you mean %s?)", typeString(x.elem, x.shape), id.Name, s)
				}
				c.s.fail(id.Pos, "%s has no dimension %s (write %s: N for a new one)", typeString(x.elem, x.shape), id.Name, id.Name)
			}
			out = append(out, x.shape[i])
			continue
		}
		out = append(out, Dim{Size: c.dimSize(a.Value)})
	}
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "reshape would name two dimensions %s", n)
	}
	return c.reshape(cs.pos, x, out)
}

// dimSize evaluates a dimension size argument.
func (c *compiler) dimSize(e Expr) int64 {
	n := c.constInt(e, "dimension size")
	if n < 0 || n > maxDim {
		c.s.fail(e.exprPos(), "dimension size %d is out of range", n)
	}
	return n
}

// stdRename is x.rename(old: new, ...): renames dimensions (no op).
func stdRename(c *compiler, cs *callSite) val {
	if cs.recv == nil {
		c.s.fail(cs.pos, "rename is a method: x.rename(old: new)")
	}
	x := *cs.recv
	if x.kind != kTensor {
		c.s.fail(cs.pos, "rename needs a tensor, got %s", x.describe())
	}
	out := x.shape.Clone()
	for _, a := range cs.all {
		if a.Name == "" {
			c.s.fail(a.Pos, "rename takes old: new pairs")
		}
		i := x.shape.Index(a.Name)
		if i < 0 {
			c.s.fail(a.Pos, "%s has no dimension %s%s", typeString(x.elem, x.shape), a.Name, c.suggest(a.Name, x.shape.Names()))
		}
		out[i].Name = c.nameArg(a.Value)
	}
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "rename would name two dimensions %s", n)
	}
	x.shape = out
	return x
}

// stdTranspose is x.transpose(d0, d1, ...) or x.transpose([d0, d1, ...]):
// the result's dimensions in the order listed (every dimension once, by
// name or position).
func stdTranspose(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	var axes []int
	if cs.npos() == 2 {
		if l, ok := cs.expr(1).(*ListLit); ok {
			axes = c.axesList(x, l, "transpose")
		}
	}
	if axes == nil {
		for i := 1; i < cs.npos(); i++ {
			a := c.axis(x, cs.expr(i), "transpose")
			for _, b := range axes {
				if a == b {
					c.s.fail(cs.argPos(i), "transpose lists %s twice", x.shape[a])
				}
			}
			axes = append(axes, a)
		}
	}
	if len(axes) != len(x.shape) {
		c.s.fail(cs.pos, "transpose must list all %d dimensions of %s, got %d", len(x.shape), typeString(x.elem, x.shape), len(axes))
	}
	perm := make([]int64, len(axes))
	out := make(Shape, len(axes))
	for i, a := range axes {
		perm[i] = int64(a)
		out[i] = x.shape[a]
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Transpose(x.v, perm)), x.elem, out)
}

// stdConcat is concat(a, b, ..., axis: d): the tensors joined along d;
// every other dimension must agree in size and name.
func stdConcat(c *compiler, cs *callSite) val {
	var xs []val
	for i := 0; i < cs.npos(); i++ {
		xs = append(xs, c.tensorArg(cs, i))
	}
	e := cs.optExpr(-1, "axis")
	if e == nil {
		c.s.fail(cs.pos, "concat needs axis: d")
	}
	axis := c.axis(xs[0], e, "axis")
	out := xs[0].shape.Clone()
	var vals []*ir.Value
	for k, x := range xs {
		if x.elem != xs[0].elem || len(x.shape) != len(out) {
			c.s.fail(cs.argPos(k), "concat of %s and %s: element types or ranks differ", typeString(xs[0].elem, xs[0].shape), typeString(x.elem, x.shape))
		}
		for i, d := range x.shape {
			if d.Name != xs[0].shape[i].Name && d.Name != "" && xs[0].shape[i].Name != "" {
				c.s.fail(cs.argPos(k), "concat of %s and %s: dimension %d is named %s and %s", typeString(xs[0].elem, xs[0].shape), typeString(x.elem, x.shape), i, xs[0].shape[i].Name, d.Name)
			}
			if i != axis && d.Size != xs[0].shape[i].Size {
				c.s.fail(cs.argPos(k), "concat of %s and %s: dimension %d sizes differ", typeString(xs[0].elem, xs[0].shape), typeString(x.elem, x.shape), i)
			}
		}
		if k > 0 {
			out[axis].Size += x.shape[axis].Size
		}
		vals = append(vals, x.v)
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Concatenate(int64(axis), vals...)), xs[0].elem, out)
}

// stdSplit is x.split(d, n) (n equal parts) or x.split(d, sizes: [a, b]):
// several values, bound with `let a, b = x.split(d, 2)`.
func stdSplit(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axis := c.axisOpt(cs, x, 1, "axis", -1)
	size := x.shape[axis].Size
	var sizes []int64
	if e := cs.optExpr(-1, "sizes"); e != nil {
		l, ok := e.(*ListLit)
		if !ok {
			c.s.fail(e.exprPos(), "sizes must be a list of integers")
		}
		total := int64(0)
		for _, el := range l.Elems {
			n := c.constInt(el, "split size")
			if n < 0 {
				c.s.fail(el.exprPos(), "split size must not be negative")
			}
			sizes = append(sizes, n)
			total += n
		}
		if total != size {
			c.s.fail(e.exprPos(), "split sizes add up to %d, but dimension %s has size %d", total, x.shape[axis], size)
		}
	} else {
		if cs.npos() < 3 {
			c.s.fail(cs.pos, "split needs a number of parts or sizes: [...]")
		}
		n := c.constInt(cs.expr(2), "number of parts")
		if n <= 0 || size%n != 0 {
			c.s.fail(cs.argPos(2), "cannot split dimension %s into %d equal parts", x.shape[axis], n)
		}
		for i := int64(0); i < n; i++ {
			sizes = append(sizes, size/n)
		}
	}
	var parts []val
	off := int64(0)
	for _, n := range sizes {
		start := make([]int64, len(x.shape))
		limit := x.shape.Sizes()
		strides := make([]int64, len(x.shape))
		for i := range strides {
			strides[i] = 1
		}
		start[axis], limit[axis] = off, off+n
		off += n
		shape := x.shape.Clone()
		shape[axis].Size = n
		c.at(cs.pos)
		parts = append(parts, tensorVal(c.must(c.b.Slice(x.v, start, limit, strides)), x.elem, shape))
	}
	return val{kind: kTuple, elems: parts}
}
