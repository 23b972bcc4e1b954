package frontend

import "github.com/zmlc/zmlc/ir"

// dynamic_update_slice(x, update, i0, i1, ...): x with update written at
// the start indices, one per dimension of x (integer constants or integer
// scalar tensors, e.g. a position given as an input); the result keeps
// x's shape and names. Start indices are clamped so that update fits, as
// StableHLO's dynamic_update_slice defines (spec section
// "dynamic_update_slice"). Added for examples/llama's KV cache.

func init() {
	register(&builtin{name: "dynamic_update_slice", minArgs: 2, maxArgs: 2 + 8, lower: stdDynamicUpdateSlice})
}

func stdDynamicUpdateSlice(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	u := c.tensorArg(cs, 1)
	p := cs.pos
	if len(u.shape) != len(x.shape) || u.elem != x.elem {
		c.s.fail(cs.argPos(1), "dynamic_update_slice: the update %s must have the element type and rank of %s", typeString(u.elem, u.shape), typeString(x.elem, x.shape))
	}
	for i, d := range u.shape {
		if d.Size > x.shape[i].Size {
			c.s.fail(cs.argPos(1), "dynamic_update_slice: update dimension %s is larger than %s", d, x.shape[i])
		}
	}
	if n := cs.npos() - 2; n != len(x.shape) {
		c.s.fail(p, "dynamic_update_slice needs %d start indices (one per dimension of %s), got %d", len(x.shape), typeString(x.elem, x.shape), n)
	}
	var starts []*ir.Value
	for i := range x.shape {
		v := c.value(cs, 2+i)
		switch {
		case v.kind == kNumber && v.isInt:
			c.at(cs.argPos(2 + i))
			starts = append(starts, c.must(c.b.Constant(ir.Scalar(ir.I64, v.inum))))
		case v.kind == kTensor && v.elem.IsInteger() && len(v.shape) == 0:
			starts = append(starts, c.convert(cs.argPos(2+i), v, ir.I64).v)
		default:
			c.s.fail(cs.argPos(2+i), "dynamic_update_slice start index must be an integer constant or an integer scalar, got %s", v.describe())
		}
	}
	c.at(p)
	return tensorVal(c.must(c.b.DynamicUpdateSlice(x.v, u.v, starts)), x.elem, x.shape)
}
