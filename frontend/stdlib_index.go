package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Indexed reads and writes: gather (take along one dimension), scatter (its
// inverse, replacing or adding) and update (stablehlo.dynamic_update_slice
// at runtime offsets, e.g. a KV cache).

func init() {
	register(&builtin{name: "gather", minArgs: 2, maxArgs: 2, named: []string{"axis"}, lower: stdGather})
	register(&builtin{name: "scatter", minArgs: 3, maxArgs: 3, named: []string{"axis", "mode"}, lower: stdScatter})
	register(&builtin{name: "update", minArgs: 2, maxArgs: 2, named: []string{"at"}, lower: stdUpdate})
}

// takeShape is x's shape with dimension axis replaced by the dimensions of
// ids: the result of gather and the updates of scatter.
func (c *compiler) takeShape(p Pos, x, ids val, axis int) Shape {
	out := append(x.shape[:axis:axis], ids.shape...)
	out = append(out, x.shape[axis+1:]...)
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(p, "the result would name two dimensions %s (rename one)", n)
	}
	return out
}

// windowDims lists the result positions of x's dimensions other than axis
// once that dimension is replaced by k index dimensions: gather's
// offset_dims and scatter's update_window_dims.
func windowDims(r, axis, k int) []int64 {
	var out []int64
	for i := 0; i < r; i++ {
		switch {
		case i < axis:
			out = append(out, int64(i))
		case i > axis:
			out = append(out, int64(i-1+k))
		}
	}
	return out
}

// indexArg returns positional argument i as an integer tensor of indices.
func (c *compiler) indexArg(cs *callSite, i int) val {
	ids := c.tensorArg(cs, i)
	if !ids.elem.IsInteger() {
		c.s.fail(cs.argPos(i), "%s needs integer indices, got %s", cs.name, typeString(ids.elem, ids.shape))
	}
	return ids
}

// stdGather is gather(x, ids, axis: d) (default the first dimension): the
// slices of x at the indices ids along d, x.shape with d replaced by
// ids.shape (numpy.take; out-of-range indices are clamped, as
// stablehlo.gather does).
func stdGather(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	ids := c.indexArg(cs, 1)
	axis := c.axisOpt(cs, x, -1, "axis", 0)
	out := c.takeShape(cs.pos, x, ids, axis)
	k := len(ids.shape)
	d := &ir.GatherDimensionNumbersAttr{
		OffsetDims: windowDims(len(x.shape), axis, k), CollapsedSliceDims: []int64{int64(axis)},
		StartIndexMap: []int64{int64(axis)}, IndexVectorDim: int64(k),
	}
	sizes := x.shape.Sizes()
	sizes[axis] = 1
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Gather(x.v, ids.v, d, sizes)), x.elem, out)
}

// stdScatter is scatter(x, ids, updates, axis: d, mode: "replace" | "add"):
// x with the slices of updates written (or added) at the indices ids along
// d; updates has x's shape with d replaced by ids.shape (the inverse of
// gather). Out-of-range indices are skipped, as stablehlo.scatter does;
// with "replace", which of several updates of one element wins is
// unspecified.
func stdScatter(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	ids := c.indexArg(cs, 1)
	upd := c.tensorArg(cs, 2)
	axis := c.axisOpt(cs, x, -1, "axis", 0)
	mode := "replace"
	if a, ok := cs.named["mode"]; ok {
		s, ok := a.Value.(*StringLit)
		if !ok || (s.Value != "replace" && s.Value != "add") {
			c.s.fail(a.Value.exprPos(), `scatter mode must be "replace" or "add"`)
		}
		mode = s.Value
	}
	want := c.takeShape(cs.pos, x, ids, axis)
	if upd.elem != x.elem || !sameSizes(upd.shape, want) || namesClash(upd.shape, want) {
		c.s.fail(cs.argPos(2), "scatter updates must be %s (x with %s replaced by the indices' dimensions), got %s", typeString(x.elem, want), x.shape[axis], typeString(upd.elem, upd.shape))
	}
	k := len(ids.shape)
	d := &ir.ScatterDimensionNumbersAttr{
		UpdateWindowDims: windowDims(len(x.shape), axis, k), InsertedWindowDims: []int64{int64(axis)},
		ScatterDimsToOperandDims: []int64{int64(axis)}, IndexVectorDim: int64(k),
	}
	scalar := ir.TensorOf(x.elem)
	c.at(cs.pos)
	op, err := c.b.OpWithRegions("stablehlo.scatter", []*ir.Value{x.v, ids.v, upd.v}, ir.Attrs{
		{Name: "scatter_dimension_numbers", Value: d},
	}, []ir.RegionBody{{
		Args: []ir.Type{scalar, scalar},
		Build: func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			if mode == "replace" {
				return []*ir.Value{a[1]}
			}
			v, err := b.Add(a[0], a[1])
			if err != nil {
				return nil
			}
			return []*ir.Value{v}
		},
	}}, irType(x.elem, x.shape))
	if err != nil {
		c.builderError(err)
	}
	return tensorVal(op.Results[0], x.elem, x.shape)
}

// namesClash reports whether two shapes of one rank name a dimension
// differently (both named, names differ).
func namesClash(a, b Shape) bool {
	for i := range a {
		if a[i].Name != "" && b[i].Name != "" && a[i].Name != b[i].Name {
			return true
		}
	}
	return false
}

// stdUpdate is x.update(u, at: [i0, i1, ...]): x with the block u written
// at offsets i (stablehlo.dynamic_update_slice). Each offset is an integer
// constant, a dimension name or an integer scalar tensor (a runtime
// position); absent, every offset is 0. Offsets are clamped so that u fits,
// as the spec defines. u has x's rank and element type and sizes at most
// x's; it is placed by position and its names are not compared (a block
// is usually shorter than x along a named dimension, so it carries another
// name there: the t new positions of a ctx-long KV cache).
func stdUpdate(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	u := c.tensorArg(cs, 1)
	if u.elem != x.elem || len(u.shape) != len(x.shape) {
		c.s.fail(cs.argPos(1), "update of %s needs a block of the same element type and rank, got %s", typeString(x.elem, x.shape), typeString(u.elem, u.shape))
	}
	for i := range x.shape {
		if u.shape[i].Size > x.shape[i].Size {
			c.s.fail(cs.argPos(1), "update block %s is larger than %s in dimension %d", typeString(u.elem, u.shape), typeString(x.elem, x.shape), i)
		}
	}
	starts := make([]*ir.Value, len(x.shape))
	if a, ok := cs.named["at"]; ok {
		l, ok := a.Value.(*ListLit)
		if !ok || len(l.Elems) != len(x.shape) {
			c.s.fail(a.Value.exprPos(), "at: needs a list of %d offsets, one per dimension of %s", len(x.shape), typeString(x.elem, x.shape))
		}
		for i, e := range l.Elems {
			starts[i] = c.offset(e)
		}
	}
	c.at(cs.pos)
	for i := range starts {
		if starts[i] == nil {
			starts[i] = c.must(c.b.Constant(ir.Scalar(ir.I64, int64(0))))
		}
	}
	return tensorVal(c.must(c.b.DynamicUpdateSlice(x.v, u.v, starts)), x.elem, x.shape)
}

// offset lowers a start index: an integer constant (or dimension name) or
// an integer scalar tensor, as an i64 scalar.
func (c *compiler) offset(e Expr) *ir.Value {
	v := c.lowerExpr(e)
	switch {
	case v.kind == kNumber && v.isInt:
		c.at(e.exprPos())
		return c.must(c.b.Constant(ir.Scalar(ir.I64, v.inum)))
	case v.kind == kTensor && v.elem.IsInteger() && len(v.shape) == 0:
		return c.convert(e.exprPos(), v, ir.I64).v
	}
	if v.kind == kNumber {
		c.s.fail(e.exprPos(), "an offset must be an integer or an integer scalar, got %g", v.num)
	}
	c.s.fail(e.exprPos(), "an offset must be an integer or an integer scalar, got %s", v.describe())
	return nil
}
