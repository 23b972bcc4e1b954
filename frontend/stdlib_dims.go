package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Dimension built-ins: stack (a new dimension), squeeze and unsqueeze
// (remove or insert size-1 dimensions), flip (stablehlo.reverse) and
// bitcast (stablehlo.bitcast_convert).

func init() {
	register(&builtin{name: "stack", minArgs: 1, maxArgs: 1 << 10, named: []string{"axis", "name"}, lower: stdStack})
	register(&builtin{name: "squeeze", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdSqueeze})
	register(&builtin{name: "unsqueeze", minArgs: 2, maxArgs: 2, named: []string{"name"}, lower: stdUnsqueeze})
	register(&builtin{name: "flip", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdFlip})
	register(&builtin{name: "bitcast", minArgs: 2, maxArgs: 2, lower: stdBitcast})
}

// newAxis resolves the position of a new dimension in a rank-r result of
// r+1 dimensions: an integer in [-(r+1), r] (negative from the end).
func (c *compiler) newAxis(e Expr, r int) int {
	k := c.constInt(e, "axis")
	if k < 0 {
		k += int64(r) + 1
	}
	if k < 0 || k > int64(r) {
		c.s.fail(e.exprPos(), "axis %d is out of range for a new dimension of a rank-%d tensor", c.constInt(e, "axis"), r)
	}
	return int(k)
}

// optName returns the new dimension name given as name:, or "".
func (c *compiler) optName(cs *callSite) string {
	if a, ok := cs.named["name"]; ok {
		return c.nameArg(a.Value)
	}
	return ""
}

// insertDim returns s with d inserted at position i.
func insertDim(s Shape, i int, d Dim) Shape {
	out := append(s[:i:i], d)
	return append(out, s[i:]...)
}

// stdStack is stack(a, b, ..., axis: 0, name: n): the tensors (same element
// type, sizes and names) joined along a new dimension of size N inserted at
// axis, named n when given.
func stdStack(c *compiler, cs *callSite) val {
	var xs []val
	for i := 0; i < cs.npos(); i++ {
		x := c.tensorArg(cs, i)
		if i > 0 && (x.elem != xs[0].elem || !sameSizes(x.shape, xs[0].shape) || namesClash(x.shape, xs[0].shape)) {
			c.s.fail(cs.argPos(i), "stack of %s and %s: element types, sizes or names differ", typeString(xs[0].elem, xs[0].shape), typeString(x.elem, x.shape))
		}
		xs = append(xs, x)
	}
	axis := 0
	if e := cs.optExpr(-1, "axis"); e != nil {
		axis = c.newAxis(e, len(xs[0].shape))
	}
	name := c.optName(cs)
	one := insertDim(xs[0].shape, axis, Dim{Name: name, Size: 1})
	if n := checkUniqueNames(one); n != "" {
		c.s.fail(cs.pos, "stack would name two dimensions %s", n)
	}
	var vals []*ir.Value
	for _, x := range xs {
		vals = append(vals, c.reshape(cs.pos, x, one).v)
	}
	out := one.Clone()
	out[axis].Size = int64(len(xs))
	if len(vals) == 1 {
		return tensorVal(vals[0], xs[0].elem, out)
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Concatenate(int64(axis), vals...)), xs[0].elem, out)
}

// stdSqueeze is squeeze(x, d) (d a dimension or a list, each of size 1) or
// squeeze(x) (every dimension of size 1): a reshape dropping them.
func stdSqueeze(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	var axes []int
	if e := cs.optExpr(1, "axis"); e != nil {
		axes = c.axesList(x, e, "axis")
		for _, a := range axes {
			if x.shape[a].Size != 1 {
				c.s.fail(e.exprPos(), "squeeze: dimension %s of %s does not have size 1", x.shape[a], typeString(x.elem, x.shape))
			}
		}
	} else {
		for i, d := range x.shape {
			if d.Size == 1 {
				axes = append(axes, i)
			}
		}
	}
	return c.reshape(cs.pos, x, dropAxes(x.shape, axes))
}

// stdUnsqueeze is unsqueeze(x, axis, name: n): x with a dimension of size 1
// inserted at axis (in [-(r+1), r]), named n when given.
func stdUnsqueeze(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axis := c.newAxis(cs.expr(1), len(x.shape))
	out := insertDim(x.shape, axis, Dim{Name: c.optName(cs), Size: 1})
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "unsqueeze would name two dimensions %s", n)
	}
	return c.reshape(cs.pos, x, out)
}

// stdFlip is flip(x, d) (d a dimension or a list; absent, all of them):
// x with the order of elements along d reversed.
func stdFlip(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axes := c.reduceAxes(cs, x)
	dims := make([]int64, len(axes))
	for i, a := range axes {
		dims[i] = int64(a)
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Reverse(x.v, dims)), x.elem, x.shape)
}

// stdBitcast is bitcast(x, dtype): x's bits read as dtype
// (stablehlo.bitcast_convert). Same width: same shape. A narrower dtype
// adds a last unnamed dimension holding the pieces of each element; a
// wider one consumes x's last dimension, whose size must be the ratio of
// the widths.
func stdBitcast(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	elem := c.dtypeArg(cs.expr(1))
	ws, wd := x.elem.Bits(), elem.Bits()
	if x.elem == ir.I1 || elem == ir.I1 {
		c.s.fail(cs.pos, "bitcast is not defined on bool")
	}
	out := x.shape.Clone()
	switch {
	case wd < ws:
		out = append(out, Dim{Size: int64(ws / wd)})
	case wd > ws:
		if len(x.shape) == 0 || x.shape[len(x.shape)-1].Size != int64(wd/ws) {
			c.s.fail(cs.pos, "bitcast of %s to %s needs a last dimension of size %d", typeString(x.elem, x.shape), dtypeName(elem), wd/ws)
		}
		out = out[:len(out)-1]
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.BitcastConvert(x.v, irType(elem, out))), elem, out)
}
