package frontend

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Network layers: pooling, batch_norm (inference), embedding lookup,
// rotary position embedding, causal mask.

func init() {
	register(&builtin{name: "max_pool", minArgs: 1, maxArgs: 2, named: []string{"window", "stride", "padding"}, lower: stdPool})
	register(&builtin{name: "avg_pool", minArgs: 1, maxArgs: 2, named: []string{"window", "stride", "padding"}, lower: stdPool})
	register(&builtin{name: "batch_norm", minArgs: 5, maxArgs: 5, named: []string{"eps", "axis"}, lower: stdBatchNorm})
	register(&builtin{name: "embedding", minArgs: 2, maxArgs: 2, lower: stdEmbedding})
	register(&builtin{name: "rope", minArgs: 1, maxArgs: 1, named: []string{"seq", "pos", "offset", "theta", "interleaved"}, lower: stdRope})
	register(&builtin{name: "causal_mask", minArgs: 1, maxArgs: 3, named: []string{"q", "k"}, lower: stdCausalMask})
}

// stdPool is max_pool/avg_pool(x, window, stride:, padding:) over the
// trailing len(window) dimensions of x (NCHW: window [2, 2] pools H and W);
// stride defaults to the window. max_pool pads with -inf; avg_pool divides
// by the full window size (padding counts, as PyTorch's
// count_include_pad=True).
func stdPool(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	e := cs.optExpr(1, "window")
	if e == nil {
		c.s.fail(cs.pos, "%s needs window: [kh, kw]", cs.name)
	}
	var win []int64
	if l, ok := e.(*ListLit); ok {
		for _, el := range l.Elems {
			win = append(win, c.constInt(el, "window"))
		}
	} else {
		win = []int64{c.constInt(e, "window")}
	}
	n := len(win)
	if n == 0 || n > len(x.shape) {
		c.s.fail(e.exprPos(), "window has %d dimensions but %s has %d", n, typeString(x.elem, x.shape), len(x.shape))
	}
	c.checkPositive(cs, "window", win, 1)
	stride := c.intsOpt(cs, -1, "stride", n, 0)
	if cs.optExpr(-1, "stride") == nil {
		stride = append([]int64{}, win...)
	}
	c.checkPositive(cs, "stride", stride, 1)
	pad := c.padding2(cs, n)
	r := len(x.shape)
	off := r - n
	wd, ws := ones(r), ones(r)
	pads := make([][2]int64, r)
	out := x.shape.Clone()
	for i := 0; i < n; i++ {
		if pad[i][0] < 0 || pad[i][1] < 0 || pad[i][0] > maxDim || pad[i][1] > maxDim {
			c.s.fail(cs.pos, "padding must not be negative")
		}
		wd[off+i], ws[off+i], pads[off+i] = win[i], stride[i], pad[i]
		padded := x.shape[off+i].Size + pad[i][0] + pad[i][1]
		if win[i] > padded {
			c.s.fail(cs.pos, "%s: window %d is larger than the padded dimension %d", cs.name, win[i], padded)
		}
		out[off+i].Size = (padded-win[i])/stride[i] + 1
	}
	kind := "maximum"
	if cs.name == "avg_pool" {
		kind = "add"
	}
	c.at(cs.pos)
	init := c.must(c.b.Constant(identity(kind, x.elem)))
	attrs := ir.Attrs{
		{Name: "window_dimensions", Value: ir.I64Array(wd...)},
		{Name: "window_strides", Value: ir.I64Array(ws...)},
		{Name: "padding", Value: paddingAttr(pads)},
	}
	scalar := ir.TensorOf(x.elem)
	op, err := c.b.OpWithRegions("stablehlo.reduce_window", []*ir.Value{x.v, init}, attrs, []ir.RegionBody{{
		Args: []ir.Type{scalar, scalar},
		Build: func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			v, err := b.Binary(kind, a[0], a[1])
			if err != nil {
				return nil
			}
			return []*ir.Value{v}
		},
	}})
	if err != nil {
		c.builderError(err)
	}
	y := tensorVal(op.Results[0], x.elem, out)
	if cs.name == "avg_pool" {
		size := int64(1)
		for _, w := range win {
			size *= w
		}
		y = c.binary(cs.pos, "divide", y, val{kind: kNumber, num: float64(size)}, cs.name)
	}
	return y
}

// stdBatchNorm is batch_norm(x, scale, offset, mean, var, eps:, axis:) in
// inference form: (x - mean) / sqrt(var + eps) * scale + offset, the four
// statistics of shape [C] applied along axis (default 1, NCHW's channels);
// eps defaults to 1e-5.
func stdBatchNorm(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axis := c.axisOpt(cs, x, -1, "axis", 1)
	eps := c.floatOpt(cs, -1, "eps", 1e-5)
	p := cs.pos
	stat := func(i int) val {
		s := c.tensorArg(cs, i)
		if len(s.shape) != 1 || s.shape[0].Size != x.shape[axis].Size || s.elem != x.elem {
			c.s.fail(cs.argPos(i), "batch_norm statistics must be %s[%d], got %s", dtypeName(x.elem), x.shape[axis].Size, typeString(s.elem, s.shape))
		}
		if s.shape[0].Name != "" && x.shape[axis].Name != "" && s.shape[0].Name != x.shape[axis].Name {
			c.s.fail(cs.argPos(i), "batch_norm statistic dimension %s does not match %s", s.shape[0], x.shape[axis])
		}
		return c.broadcastInDim(p, s, x.shape, []int64{int64(axis)})
	}
	scale, offset, mean, variance := stat(1), stat(2), stat(3), stat(4)
	v := c.binary(p, "add", variance, val{kind: kNumber, num: eps}, cs.name)
	y := c.binary(p, "multiply", c.binary(p, "subtract", x, mean, cs.name), c.unary(p, "rsqrt", v), cs.name)
	return c.binary(p, "add", c.binary(p, "multiply", y, scale, cs.name), offset, cs.name)
}

// stdEmbedding is embedding(table, ids): table [vocab, d] and integer ids
// of any shape give ids' shape plus d (a stablehlo.gather of rows).
func stdEmbedding(c *compiler, cs *callSite) val {
	table := c.tensorArg(cs, 0)
	ids := c.tensorArg(cs, 1)
	if len(table.shape) != 2 {
		c.s.fail(cs.argPos(0), "embedding table must have two dimensions [vocab, d], got %s", typeString(table.elem, table.shape))
	}
	if !ids.elem.IsInteger() {
		c.s.fail(cs.argPos(1), "embedding ids must be integers, got %s", typeString(ids.elem, ids.shape))
	}
	r := int64(len(ids.shape))
	d := &ir.GatherDimensionNumbersAttr{
		OffsetDims: []int64{r}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: r,
	}
	out := append(ids.shape.Clone(), table.shape[1])
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "embedding result would name two dimensions %s", n)
	}
	c.at(cs.pos)
	v := c.must(c.b.Gather(table.v, ids.v, d, []int64{1, table.shape[1].Size}))
	return tensorVal(v, table.elem, out)
}

// stdRope is rope(x, seq: s, pos: p, offset: k, theta: 10000.0,
// interleaved: false): rotary position embedding over x's last dimension
// (size D, even) at positions p (an integer tensor [S]) or, without pos,
// offset + 0..S-1 along dimension seq (default the second-to-last). Pair j
// (x[j], x[j+D/2]) — or (x[2j], x[2j+1]) when interleaved — is rotated by
// the angle pos * theta^(-2j/D).
func stdRope(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	p := cs.pos
	if len(x.shape) < 2 {
		c.s.fail(p, "rope needs at least [seq, d], got %s", typeString(x.elem, x.shape))
	}
	last := len(x.shape) - 1
	seq := c.axisOpt(cs, x, -1, "seq", -2)
	if seq == last {
		c.s.fail(p, "rope's seq dimension must differ from the feature (last) dimension")
	}
	D := x.shape[last].Size
	if D%2 != 0 {
		c.s.fail(p, "rope needs an even feature dimension, got %s", x.shape[last])
	}
	S, H := x.shape[seq].Size, D/2
	theta := c.floatOpt(cs, -1, "theta", 10000)
	var pos val
	if pv, ok := c.namedTensor(cs, -1, "pos", ir.I32); ok {
		if len(pv.shape) != 1 || pv.shape[0].Size != S || !pv.elem.IsIntOrBool() && !pv.elem.IsFloat() {
			c.s.fail(p, "rope positions must be a tensor [%d], got %s", S, typeString(pv.elem, pv.shape))
		}
		pos = c.convert(p, pv, x.elem)
	} else {
		c.at(p)
		pos = tensorVal(c.must(c.b.Iota(ir.TensorOf(x.elem, S), 0)), x.elem, Shape{{Size: S}})
		if k := c.intOpt(cs, -1, "offset", 0); k != 0 {
			pos = c.binary(p, "add", pos, val{kind: kNumber, num: float64(k)}, "rope")
		}
	}
	freqs := ir.MustTensor(ir.TensorOf(x.elem, H))
	for j := int64(0); j < H; j++ {
		freqs.Set(int(j), math.Pow(theta, -2*float64(j)/float64(D)))
	}
	c.at(p)
	inv := tensorVal(c.must(c.b.Constant(freqs)), x.elem, Shape{{Size: H}})
	grid := Shape{{Size: S}, {Size: H}}
	ang := c.binary(p, "multiply", c.broadcastInDim(p, pos, grid, []int64{0}), c.broadcastInDim(p, inv, grid, []int64{1}), "rope")
	half := x.shape.Clone()
	half[last] = Dim{Size: H}
	cos := c.broadcastInDim(p, c.unary(p, "cosine", ang), half, []int64{int64(seq), int64(last)})
	sin := c.broadcastInDim(p, c.unary(p, "sine", ang), half, []int64{int64(seq), int64(last)})
	var x1, x2 val
	interleaved := c.boolOpt(cs, "interleaved", false)
	if interleaved {
		pairs := append(half.Clone(), Dim{Size: 2})
		xp := c.reshape(p, x, pairs)
		x1 = c.reshape(p, c.sliceAxis(p, xp, len(pairs)-1, 0, 1), half)
		x2 = c.reshape(p, c.sliceAxis(p, xp, len(pairs)-1, 1, 2), half)
	} else {
		x1 = c.sliceAxis(p, x, last, 0, H)
		x2 = c.sliceAxis(p, x, last, H, D)
		x1.shape, x2.shape = half, half
	}
	y1 := c.binary(p, "subtract", c.binary(p, "multiply", x1, cos, "rope"), c.binary(p, "multiply", x2, sin, "rope"), "rope")
	y2 := c.binary(p, "add", c.binary(p, "multiply", x2, cos, "rope"), c.binary(p, "multiply", x1, sin, "rope"), "rope")
	c.at(p)
	if interleaved {
		col := append(half.Clone(), Dim{Size: 1})
		a, b := c.reshape(p, y1, col), c.reshape(p, y2, col)
		c.at(p)
		j := c.must(c.b.Concatenate(int64(len(col)-1), a.v, b.v))
		return c.reshape(p, tensorVal(j, x.elem, append(half.Clone(), Dim{Size: 2})), x.shape)
	}
	return tensorVal(c.must(c.b.Concatenate(int64(last), y1.v, y2.v)), x.elem, x.shape)
}

// sliceAxis slices x to [lo, hi) along axis.
func (c *compiler) sliceAxis(p Pos, x val, axis int, lo, hi int64) val {
	start := make([]int64, len(x.shape))
	limit := x.shape.Sizes()
	start[axis], limit[axis] = lo, hi
	c.at(p)
	out := x.shape.Clone()
	out[axis].Size = hi - lo
	return tensorVal(c.must(c.b.Slice(x.v, start, limit, ones(len(x.shape)))), x.elem, out)
}

// stdCausalMask is causal_mask(scores, q, k): scores with every element
// whose k index exceeds its q index set to -inf (q and k default to the
// last two dimensions).
func stdCausalMask(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	if len(x.shape) < 2 {
		c.s.fail(cs.pos, "causal_mask needs at least two dimensions, got %s", typeString(x.elem, x.shape))
	}
	q := c.axisOpt(cs, x, 1, "q", -2)
	k := c.axisOpt(cs, x, 2, "k", -1)
	if q == k {
		c.s.fail(cs.pos, "causal_mask needs two different dimensions")
	}
	p := cs.pos
	c.at(p)
	t := ir.TensorOf(ir.I32, x.shape.Sizes()...)
	qi := tensorVal(c.must(c.b.Iota(t, int64(q))), ir.I32, x.shape)
	ki := tensorVal(c.must(c.b.Iota(t, int64(k))), ir.I32, x.shape)
	mask := c.compare(p, "GT", ki, qi, "causal_mask")
	neg := c.splat(p, x.elem, math.Inf(-1), x.shape)
	c.at(p)
	return tensorVal(c.must(c.b.Select(mask.v, neg.v, x.v)), x.elem, x.shape)
}
