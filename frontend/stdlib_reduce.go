package frontend

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Reductions and normalizations: sum, mean, max, min (over one dimension,
// a list, or all), argmax/argmin (i32 indices, the lowest index on ties),
// softmax, log_softmax, layer_norm, rms_norm. Reduced dimensions are
// removed, with their names; the other dimensions keep theirs.

func init() {
	for _, n := range []string{"sum", "mean", "max", "min"} {
		register(&builtin{name: n, minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims"}, lower: stdReduce})
	}
	register(&builtin{name: "argmax", minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims"}, lower: stdArgReduce})
	register(&builtin{name: "argmin", minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims"}, lower: stdArgReduce})
	register(&builtin{name: "softmax", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdSoftmax})
	register(&builtin{name: "log_softmax", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdSoftmax})
	register(&builtin{name: "layer_norm", minArgs: 1, maxArgs: 3, named: []string{"axis", "eps", "weight", "bias"}, lower: stdLayerNorm})
	register(&builtin{name: "rms_norm", minArgs: 1, maxArgs: 2, named: []string{"axis", "eps", "weight"}, lower: stdRmsNorm})
}

// reduceAxes resolves the axes argument of a reduction (positional 1 or
// `axis:`): a dimension, a list of dimensions, or (absent) all dimensions.
func (c *compiler) reduceAxes(cs *callSite, x val) []int {
	e := cs.optExpr(1, "axis")
	if e == nil {
		r := make([]int, len(x.shape))
		for i := range r {
			r[i] = i
		}
		return r
	}
	return c.axesList(x, e, "axis")
}

// identity returns the initial value of a reduction: 0 for add, the
// smallest value for max, the largest for min.
func identity(kind string, e ir.ElementType) *ir.Tensor {
	switch {
	case kind == "add":
		if e.IsFloat() {
			return ir.Scalar(e, 0.0)
		}
		return ir.Scalar(e, int64(0))
	case e.IsFloat():
		if kind == "maximum" {
			return ir.Scalar(e, math.Inf(-1))
		}
		return ir.Scalar(e, math.Inf(1))
	default:
		lo, hi := e.IntRange()
		if kind == "maximum" {
			return ir.Scalar(e, lo)
		}
		if e == ir.UI64 {
			return ir.Scalar(e, int64(-1))
		}
		return ir.Scalar(e, hi)
	}
}

// reduce emits `stablehlo.reduce` of x over axes with the binary op kind
// (add, maximum, minimum), removing those dimensions.
func (c *compiler) reduce(p Pos, x val, axes []int, kind string) val {
	c.at(p)
	init := c.must(c.b.Constant(identity(kind, x.elem)))
	dims := make([]int64, len(axes))
	for i, a := range axes {
		dims[i] = int64(a)
	}
	res, err := c.b.Reduce([]*ir.Value{x.v}, []*ir.Value{init}, dims, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		v, err := b.Binary(kind, args[0], args[1])
		if err != nil {
			return nil
		}
		return []*ir.Value{v}
	})
	if err != nil {
		c.builderError(err)
	}
	return tensorVal(res[0], x.elem, dropAxes(x.shape, axes))
}

func dropAxes(s Shape, axes []int) Shape {
	var out Shape
	for i, d := range s {
		drop := false
		for _, a := range axes {
			if a == i {
				drop = true
			}
		}
		if !drop {
			out = append(out, d)
		}
	}
	return out
}

// expandBack broadcasts a value reduced over axes back to shape.
func (c *compiler) expandBack(p Pos, r val, shape Shape, axes []int) val {
	var dims []int64
	for i := range shape {
		keep := true
		for _, a := range axes {
			if a == i {
				keep = false
			}
		}
		if keep {
			dims = append(dims, int64(i))
		}
	}
	return c.broadcastInDim(p, r, shape, dims)
}

func stdReduce(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	axes := c.reduceAxes(cs, x)
	var r val
	switch cs.name {
	case "sum":
		if x.elem == ir.I1 {
			c.s.fail(cs.pos, "sum is not defined on bool")
		}
		r = c.reduce(cs.pos, x, axes, "add")
	case "mean":
		r = c.mean(cs.pos, x, axes)
	case "max":
		r = c.reduce(cs.pos, x, axes, "maximum")
	default:
		r = c.reduce(cs.pos, x, axes, "minimum")
	}
	return c.keepDims(cs, r, x.shape, axes)
}

// keepDims gives a reduction's result r back the reduced dimensions of
// shape as dimensions of size 1 that keep their names, when the call says
// keepdims: true (a reshape); otherwise it returns r.
func (c *compiler) keepDims(cs *callSite, r val, shape Shape, axes []int) val {
	if !c.boolOpt(cs, "keepdims", false) {
		return r
	}
	out := shape.Clone()
	for _, a := range axes {
		out[a].Size = 1
	}
	return c.reshape(cs.pos, r, out)
}

// mean is sum / count over axes (float tensors only).
func (c *compiler) mean(p Pos, x val, axes []int) val {
	if !x.elem.IsFloat() {
		c.s.fail(p, "mean needs a float tensor, got %s", typeString(x.elem, x.shape))
	}
	n := int64(1)
	for _, a := range axes {
		n *= x.shape[a].Size
	}
	s := c.reduce(p, x, axes, "add")
	return c.binary(p, "divide", s, val{kind: kNumber, num: float64(n)}, "mean")
}

// stdArgReduce is argmax/argmin over one dimension (default the last):
// a two-operand reduce over (values, iota) whose body keeps the larger
// (smaller) value and, on a tie, the lower index. Indices are i32.
func stdArgReduce(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	if x.elem == ir.I1 {
		c.s.fail(cs.pos, "%s is not defined on bool", cs.name)
	}
	axis := c.axisOpt(cs, x, 1, "axis", -1)
	p := cs.pos
	c.at(p)
	idx := c.must(c.b.Iota(ir.TensorOf(ir.I32, x.shape.Sizes()...), int64(axis)))
	kind, dir := "maximum", "GT"
	if cs.name == "argmin" {
		kind, dir = "minimum", "LT"
	}
	initV := c.must(c.b.Constant(identity(kind, x.elem)))
	initI := c.must(c.b.Constant(ir.Scalar(ir.I32, int64(0))))
	typ := "FLOAT"
	switch {
	case x.elem.IsSigned():
		typ = "SIGNED"
	case x.elem.IsUnsigned():
		typ = "UNSIGNED"
	}
	res, err := c.b.Reduce([]*ir.Value{x.v, idx}, []*ir.Value{initV, initI}, []int64{int64(axis)}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
		av, ai, bv, bi := a[0], a[1], a[2], a[3]
		better, err1 := b.Compare(dir, typ, av, bv)
		eq, err2 := b.Compare("EQ", typ, av, bv)
		lower, err3 := b.Compare("LT", "SIGNED", ai, bi)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil
		}
		tie, err4 := b.And(eq, lower)
		takeA, err5 := b.Or(better, tie)
		if err4 != nil || err5 != nil {
			return nil
		}
		v, err6 := b.Select(takeA, av, bv)
		i, err7 := b.Select(takeA, ai, bi)
		if err6 != nil || err7 != nil {
			return nil
		}
		return []*ir.Value{v, i}
	})
	if err != nil {
		c.builderError(err)
	}
	return c.keepDims(cs, tensorVal(res[1], ir.I32, dropAxes(x.shape, []int{axis})), x.shape, []int{axis})
}

// stdSoftmax is exp(x - max) / sum(exp(x - max)) along one dimension
// (default the last); log_softmax is (x - max) - log(sum(exp(x - max))).
func stdSoftmax(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axis := c.axisOpt(cs, x, 1, "axis", -1)
	p := cs.pos
	m := c.expandBack(p, c.reduce(p, x, []int{axis}, "maximum"), x.shape, []int{axis})
	d := c.binary(p, "subtract", x, m, cs.name)
	e := c.unary(p, "exponential", d)
	s := c.expandBack(p, c.reduce(p, e, []int{axis}, "add"), x.shape, []int{axis})
	if cs.name == "log_softmax" {
		return c.binary(p, "subtract", d, c.unary(p, "log", s), cs.name)
	}
	return c.binary(p, "divide", e, s, cs.name)
}

// normAxis resolves the `axis:` of a normalization (default the last).
func (c *compiler) normAxis(cs *callSite, x val) []int {
	if e := cs.optExpr(-1, "axis"); e != nil {
		return c.axesList(x, e, "axis")
	}
	if len(x.shape) == 0 {
		c.s.fail(cs.pos, "%s needs a tensor with at least one dimension", cs.name)
	}
	return []int{len(x.shape) - 1}
}

// stdLayerNorm is (x - mean) / sqrt(var + eps) * weight + bias over axis
// (default the last), var the biased variance; eps defaults to 1e-5.
func stdLayerNorm(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axes := c.normAxis(cs, x)
	eps := c.floatOpt(cs, -1, "eps", 1e-5)
	p := cs.pos
	mu := c.expandBack(p, c.mean(p, x, axes), x.shape, axes)
	d := c.binary(p, "subtract", x, mu, cs.name)
	v := c.mean(p, c.binary(p, "multiply", d, d, cs.name), axes)
	v = c.binary(p, "add", v, val{kind: kNumber, num: eps}, cs.name)
	y := c.binary(p, "multiply", d, c.expandBack(p, c.unary(p, "rsqrt", v), x.shape, axes), cs.name)
	if w, ok := c.namedTensor(cs, 1, "weight", x.elem); ok {
		y = c.binary(p, "multiply", y, w, cs.name)
	}
	if b, ok := c.namedTensor(cs, 2, "bias", x.elem); ok {
		y = c.binary(p, "add", y, b, cs.name)
	}
	return y
}

// stdRmsNorm is x / sqrt(mean(x^2) + eps) * weight over axis (default the
// last); eps defaults to 1e-6.
func stdRmsNorm(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axes := c.normAxis(cs, x)
	eps := c.floatOpt(cs, -1, "eps", 1e-6)
	p := cs.pos
	ms := c.mean(p, c.binary(p, "multiply", x, x, cs.name), axes)
	ms = c.binary(p, "add", ms, val{kind: kNumber, num: eps}, cs.name)
	y := c.binary(p, "multiply", x, c.expandBack(p, c.unary(p, "rsqrt", ms), x.shape, axes), cs.name)
	if w, ok := c.namedTensor(cs, 1, "weight", x.elem); ok {
		y = c.binary(p, "multiply", y, w, cs.name)
	}
	return y
}
