package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Creation built-ins: tensors made from a type or from another tensor's
// shape (zeros, ones, full, their _like forms), index ranges (iota,
// arange) and one_hot. A type argument is written `f32[b, d]` (typearg.go).

func init() {
	for _, n := range []string{"zeros", "ones"} {
		register(&builtin{name: n, minArgs: 1, maxArgs: 1, lower: stdFill})
		register(&builtin{name: n + "_like", minArgs: 1, maxArgs: 1, lower: stdFill})
	}
	register(&builtin{name: "full", minArgs: 2, maxArgs: 2, lower: stdFill})
	register(&builtin{name: "full_like", minArgs: 2, maxArgs: 2, lower: stdFill})
	register(&builtin{name: "iota", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdIota})
	register(&builtin{name: "arange", minArgs: 1, maxArgs: 3, named: []string{"dtype"}, lower: stdArange})
	register(&builtin{name: "one_hot", minArgs: 2, maxArgs: 2, named: []string{"dtype"}, lower: stdOneHot})
}

// typeOf returns the element type and shape argument 0 of a creation
// built-in names: a type (zeros, ones, full, iota) or a tensor (the _like
// forms).
func (c *compiler) typeOf(cs *callSite) (ir.ElementType, Shape) {
	if len(cs.name) > 5 && cs.name[len(cs.name)-5:] == "_like" {
		x := c.tensorArg(cs, 0)
		return x.elem, x.shape
	}
	if cs.recv != nil {
		c.s.fail(cs.pos, "%s takes a type, not a tensor: %s(f32[b, d]) (or %s_like(x))", cs.name, cs.name, cs.name)
	}
	return c.typeArg(cs.expr(0), cs.name)
}

// stdFill is zeros(T), ones(T), full(T, v) and their _like(x) forms: a
// constant (or, for full with a scalar tensor v, v) broadcast to the shape.
func stdFill(c *compiler, cs *callSite) val {
	elem, shape := c.typeOf(cs)
	var s val
	switch cs.name {
	case "zeros", "zeros_like", "ones", "ones_like":
		n := int64(0)
		if cs.name[0] == 'o' {
			n = 1
		}
		if elem == ir.I1 {
			c.at(cs.pos)
			s = tensorVal(c.must(c.b.Constant(ir.Scalar(ir.I1, n))), ir.I1, nil)
		} else {
			s = c.scalarConst(cs.pos, elem, val{kind: kNumber, num: float64(n), inum: n, isInt: true})
		}
	default:
		v := c.value(cs, 1)
		switch {
		case v.kind == kNumber:
			s = c.scalarConst(cs.argPos(1), elem, v)
		case v.kind == kTensor && len(v.shape) == 0 && v.elem == elem:
			s = v
		default:
			c.s.fail(cs.argPos(1), "%s fills with a number or a scalar of type %s, got %s", cs.name, dtypeName(elem), v.describe())
		}
	}
	if len(shape) == 0 {
		return s
	}
	return c.broadcastInDim(cs.pos, s, shape, nil)
}

// stdIota is iota(T, axis: d): the tensor of type T whose elements count
// 0, 1, ... along dimension d (default the first), as stablehlo.iota.
func stdIota(c *compiler, cs *callSite) val {
	elem, shape := c.typeOf(cs)
	if len(shape) == 0 {
		c.s.fail(cs.argPos(0), "iota needs a type with at least one dimension, got %s", dtypeName(elem))
	}
	if elem == ir.I1 {
		c.s.fail(cs.argPos(0), "iota is not defined on bool")
	}
	axis := 0
	if e := cs.optExpr(1, "axis"); e != nil {
		axis = c.axis(val{elem: elem, shape: shape}, e, "axis")
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Iota(irType(elem, shape), int64(axis))), elem, shape)
}

// stdArange is arange(n), arange(start, end) or arange(start, end, step)
// with compile-time integer bounds: the one-dimensional tensor start,
// start+step, ... below end (above it for a negative step), of dtype:
// (default i32). arange(t) with t a dimension name gives the dimension t.
func stdArange(c *compiler, cs *callSite) val {
	if cs.recv != nil {
		c.s.fail(cs.pos, "arange is a function: arange(n) or arange(start, end, step)")
	}
	elem := ir.I32
	if a, ok := cs.named["dtype"]; ok {
		elem = c.dtypeArg(a.Value)
		if elem == ir.I1 {
			c.s.fail(a.Value.exprPos(), "arange is not defined on bool")
		}
	}
	name := ""
	var start, end, step int64 = 0, 0, 1
	switch cs.npos() {
	case 1:
		if id, ok := cs.expr(0).(*Ident); ok {
			if _, isVar := c.fr.lookup(id.Name); !isVar {
				if _, isDim := c.fr.dims[id.Name]; isDim {
					name = id.Name
				}
			}
		}
		end = c.constInt(cs.expr(0), "arange end")
	default:
		start = c.constInt(cs.expr(0), "arange start")
		end = c.constInt(cs.expr(1), "arange end")
		if cs.npos() == 3 {
			step = c.constInt(cs.expr(2), "arange step")
		}
	}
	if step == 0 {
		c.s.fail(cs.argPos(2), "arange step must not be 0")
	}
	n := int64(0)
	switch {
	case step > 0 && end > start:
		n = (end - start + step - 1) / step
	case step < 0 && end < start:
		n = (start - end - step - 1) / -step
	}
	if n > maxDim {
		c.s.fail(cs.pos, "arange has %d elements, more than %d", n, int64(maxDim))
	}
	shape := Shape{{Name: name, Size: n}}
	c.at(cs.pos)
	r := tensorVal(c.must(c.b.Iota(irType(elem, shape), 0)), elem, shape)
	num := func(k int64) val { return val{kind: kNumber, num: float64(k), inum: k, isInt: true} }
	if step != 1 {
		r = c.binary(cs.pos, "multiply", r, num(step), "arange")
	}
	if start != 0 {
		r = c.binary(cs.pos, "add", r, num(start), "arange")
	}
	return r
}

// stdOneHot is one_hot(ids, n, dtype: f32): ids.shape + [n], 1 where the
// last index equals the id and 0 elsewhere (an id outside [0, n) gives a
// row of zeros). n is a size or a dimension name (which names the new
// dimension).
func stdOneHot(c *compiler, cs *callSite) val {
	ids := c.tensorArg(cs, 0)
	if !ids.elem.IsInteger() {
		c.s.fail(cs.argPos(0), "one_hot needs integer ids, got %s", typeString(ids.elem, ids.shape))
	}
	d := c.dimArg(cs.expr(1))
	elem := ir.F32
	if a, ok := cs.named["dtype"]; ok {
		elem = c.dtypeArg(a.Value)
	}
	out := append(ids.shape.Clone(), d)
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "one_hot would name two dimensions %s", n)
	}
	dims := make([]int64, len(ids.shape))
	for i := range dims {
		dims[i] = int64(i)
	}
	p := cs.pos
	b := c.broadcastInDim(p, ids, out, dims)
	c.at(p)
	io := tensorVal(c.must(c.b.Iota(irType(ids.elem, out), int64(len(ids.shape)))), ids.elem, out)
	eq := c.compare(p, "EQ", b, io, "one_hot")
	return c.convert(p, eq, elem)
}
