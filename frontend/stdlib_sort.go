package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Sorting: sort, argsort and topk along one dimension (default the last),
// as a stable stablehlo.sort whose comparator is LT (GT with descending:
// true); argsort and topk sort the values together with an i32 iota and
// return its permutation, so equal values keep their index order. NaN
// order follows the comparator (unspecified, as a FLOAT compare is).

func init() {
	register(&builtin{name: "sort", minArgs: 1, maxArgs: 2, named: []string{"axis", "descending"}, lower: stdSort})
	register(&builtin{name: "argsort", minArgs: 1, maxArgs: 2, named: []string{"axis", "descending"}, lower: stdSort})
	register(&builtin{name: "topk", minArgs: 2, maxArgs: 2, named: []string{"axis"}, lower: stdTopK})
}

// compareType is the stablehlo.compare comparison type of elem.
func compareType(elem ir.ElementType) string {
	switch {
	case elem.IsFloat():
		return "FLOAT"
	case elem.IsSigned():
		return "SIGNED"
	}
	return "UNSIGNED"
}

// sortWithIndices sorts x along axis (descending or not), carrying an i32
// iota along when indices is set, and returns the sorted values and their
// original indices.
func (c *compiler) sortWithIndices(p Pos, x val, axis int, descending, indices bool) (val, val) {
	dir := "LT"
	if descending {
		dir = "GT"
	}
	typ := compareType(x.elem)
	c.at(p)
	inputs := []*ir.Value{x.v}
	if indices {
		inputs = append(inputs, c.must(c.b.Iota(irType(ir.I32, x.shape), int64(axis))))
	}
	res, err := c.b.Sort(inputs, int64(axis), true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		v, err := b.Compare(dir, typ, a[0], a[1])
		if err != nil {
			return nil
		}
		return v
	})
	if err != nil {
		c.builderError(err)
	}
	if !indices {
		return tensorVal(res[0], x.elem, x.shape), val{}
	}
	return tensorVal(res[0], x.elem, x.shape), tensorVal(res[1], ir.I32, x.shape)
}

// stdSort is sort(x, axis, descending: false) (the sorted values) and
// argsort(x, ...) (the i32 indices that sort x).
func stdSort(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axis := c.axisOpt(cs, x, 1, "axis", -1)
	v, i := c.sortWithIndices(cs.pos, x, axis, c.boolOpt(cs, "descending", false), cs.name == "argsort")
	if cs.name == "argsort" {
		return i
	}
	return v
}

// stdTopK is topk(x, k, axis:): the k largest values along axis (default
// the last) in descending order and their i32 indices, two values:
// `let v, i = x.topk(2)`. The dimension keeps its name with size k.
func stdTopK(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axis := c.axisOpt(cs, x, -1, "axis", -1)
	k := c.constInt(cs.expr(1), "k")
	if k < 0 || k > x.shape[axis].Size {
		c.s.fail(cs.argPos(1), "topk: k = %d is outside [0, %d] for dimension %s", k, x.shape[axis].Size, x.shape[axis])
	}
	v, i := c.sortWithIndices(cs.pos, x, axis, true, true)
	start := make([]int64, len(x.shape))
	limit := x.shape.Sizes()
	limit[axis] = k
	out := x.shape.Clone()
	out[axis].Size = k
	c.at(cs.pos)
	vs := c.must(c.b.Slice(v.v, start, limit, ones(len(x.shape))))
	is := c.must(c.b.Slice(i.v, start, limit, ones(len(x.shape))))
	return val{kind: kTuple, elems: []val{tensorVal(vs, x.elem, out), tensorVal(is, ir.I32, out)}}
}
