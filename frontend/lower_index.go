package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Indexing and slicing: `layers[2]` picks a sub-module instance; on tensors,
// `x[i]` removes a dimension (static i: stablehlo.slice; a scalar integer
// tensor: stablehlo.dynamic_slice), `x[a:b:s]` keeps it with a new size
// (stablehlo.slice). Missing trailing items mean `:`. Negative constants
// count from the end; slice bounds are clamped as in Python.

func (c *compiler) lowerIndex(e *IndexExpr) val {
	x := c.lowerExpr(e.X)
	switch x.kind {
	case kModules:
		if len(e.Items) != 1 || e.Items[0].Slice {
			c.s.fail(e.Pos, "a repeated sub-module takes one index")
		}
		i := c.constInt(e.Items[0].Start, "sub-module index")
		n := int64(len(x.insts))
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			c.s.fail(e.Items[0].Pos, "index %d is out of range for %d instances", c.constInt(e.Items[0].Start, "index"), n)
		}
		return val{kind: kModule, inst: x.insts[i]}
	case kTensor:
	default:
		c.s.fail(e.Pos, "cannot index %s", x.describe())
	}
	if len(e.Items) > len(x.shape) {
		c.s.fail(e.Pos, "%s for %s, which has %s", plural(len(e.Items), "index", "indices"), typeString(x.elem, x.shape), plural(len(x.shape), "dimension", "dimensions"))
	}
	r := len(x.shape)
	start := make([]int64, r)
	limit := x.shape.Sizes()
	strides := make([]int64, r)
	for i := range strides {
		strides[i] = 1
	}
	var out Shape
	dyn := map[int]val{}
	for i := 0; i < r; i++ {
		d := x.shape[i]
		if i >= len(e.Items) {
			out = append(out, d)
			continue
		}
		it := e.Items[i]
		if !it.Slice {
			v := c.lowerExpr(it.Start)
			switch {
			case v.kind == kNumber && v.isInt:
				k := v.inum
				if k < 0 {
					k += d.Size
				}
				if k < 0 || k >= d.Size {
					c.s.fail(it.Pos, "index %d is out of range for dimension %s", v.inum, d)
				}
				start[i], limit[i] = k, k+1
			case v.kind == kTensor && v.elem.IsInteger() && len(v.shape) == 0:
				dyn[i] = v
			default:
				c.s.fail(it.Pos, "index must be an integer constant or an integer scalar, got %s", v.describe())
			}
			continue
		}
		step := int64(1)
		if it.Step != nil {
			step = c.constInt(it.Step, "slice step")
			if step <= 0 {
				c.s.fail(it.Step.exprPos(), "slice step must be positive, got %d", step)
			}
		}
		lo, hi := int64(0), d.Size
		if it.Start != nil {
			lo = clampIndex(c.constInt(it.Start, "slice start"), d.Size)
		}
		if it.End != nil {
			hi = clampIndex(c.constInt(it.End, "slice end"), d.Size)
		}
		if hi < lo {
			hi = lo
		}
		start[i], limit[i], strides[i] = lo, hi, step
		out = append(out, Dim{Name: d.Name, Size: (hi - lo + step - 1) / step})
	}
	c.at(e.Pos)
	y := x
	static := false
	for i := range start {
		if start[i] != 0 || limit[i] != x.shape[i].Size || strides[i] != 1 {
			static = true
		}
	}
	if static {
		y = tensorVal(c.must(c.b.Slice(x.v, start, limit, strides)), x.elem, nil)
	}
	if len(dyn) > 0 {
		// Dynamic indices: dynamic_slice of size 1 along them (clamped into
		// range, as the spec's dynamic_slice does).
		cur := ir.AsTensor(y.v.Type).Shape
		var starts []*ir.Value
		sizes := append([]int64{}, cur...)
		for i := range cur {
			if v, ok := dyn[i]; ok {
				starts = append(starts, c.convert(e.Pos, v, ir.I64).v)
				sizes[i] = 1
				continue
			}
			starts = append(starts, c.must(c.b.Constant(ir.Scalar(ir.I64, int64(0)))))
		}
		c.at(e.Pos)
		y = tensorVal(c.must(c.b.DynamicSlice(y.v, starts, sizes)), x.elem, nil)
	}
	if len(out) != r || len(dyn) > 0 {
		c.at(e.Pos)
		y = tensorVal(c.must(c.b.Reshape(y.v, out.Sizes())), x.elem, nil)
	}
	y.shape = out
	return y
}

// clampIndex maps a Python-style slice bound into [0, n].
func clampIndex(k, n int64) int64 {
	if k < 0 {
		k += n
	}
	if k < 0 {
		return 0
	}
	if k > n {
		return n
	}
	return k
}
