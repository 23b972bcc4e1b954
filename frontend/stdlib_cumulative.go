package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Prefix scans: cumsum and cumprod along one dimension (default the last),
// as stablehlo.reduce_window with a window the length n of the dimension,
// stride 1 and n-1 elements of low padding (the identity), so that output
// element i reduces inputs 0..i (the inclusive scan of numpy.cumsum).

func init() {
	register(&builtin{name: "cumsum", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdCumulative})
	register(&builtin{name: "cumprod", minArgs: 1, maxArgs: 2, named: []string{"axis"}, lower: stdCumulative})
}

func stdCumulative(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	if x.elem == ir.I1 {
		c.s.fail(cs.pos, "%s is not defined on bool", cs.name)
	}
	axis := c.axisOpt(cs, x, 1, "axis", -1)
	kind, unit := "add", int64(0)
	if cs.name == "cumprod" {
		kind, unit = "multiply", 1
	}
	var init *ir.Tensor
	if x.elem.IsFloat() {
		init = ir.Scalar(x.elem, float64(unit))
	} else {
		init = ir.Scalar(x.elem, unit)
	}
	r := len(x.shape)
	n := x.shape[axis].Size
	win := ones(r)
	win[axis] = max(n, 1)
	pads := make([][2]int64, r)
	pads[axis] = [2]int64{max(n-1, 0), 0}
	c.at(cs.pos)
	iv := c.must(c.b.Constant(init))
	attrs := ir.Attrs{
		{Name: "window_dimensions", Value: ir.I64Array(win...)},
		{Name: "window_strides", Value: ir.I64Array(ones(r)...)},
		{Name: "padding", Value: paddingAttr(pads)},
	}
	scalar := ir.TensorOf(x.elem)
	op, err := c.b.OpWithRegions("stablehlo.reduce_window", []*ir.Value{x.v, iv}, attrs, []ir.RegionBody{{
		Args: []ir.Type{scalar, scalar},
		Build: func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			v, err := b.Binary(kind, a[0], a[1])
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
