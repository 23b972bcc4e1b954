package frontend

// pad: edge padding by dimension name (stablehlo.pad).

func init() {
	register(&builtin{name: "pad", anyNamed: true, lower: stdPad})
}

// stdPad is x.pad(d: [lo, hi], ..., value: 0): x with lo elements before and
// hi after along each named dimension d (the others unpadded), filled with
// value (default 0). pad(x, [[lo, hi], ...]) gives one pair per dimension,
// in order. Negative amounts crop, as stablehlo.pad allows.
func stdPad(c *compiler, cs *callSite) val {
	args := cs.all
	var x val
	if cs.recv != nil {
		x = *cs.recv
	} else {
		if len(args) == 0 || args[0].Name != "" {
			c.s.fail(cs.pos, "pad needs a tensor: pad(x, d: [lo, hi])")
		}
		x = c.tensorOf(c.lowerExpr(args[0].Value), args[0].Value)
		args = args[1:]
	}
	if x.kind != kTensor {
		c.s.fail(cs.pos, "pad needs a tensor, got %s", x.describe())
	}
	r := len(x.shape)
	lo, hi := make([]int64, r), make([]int64, r)
	var fill *val
	pair := func(e Expr) (int64, int64) {
		l, ok := e.(*ListLit)
		if !ok || len(l.Elems) != 2 {
			c.s.fail(e.exprPos(), "padding is a pair [lo, hi]")
		}
		return c.constInt(l.Elems[0], "padding"), c.constInt(l.Elems[1], "padding")
	}
	seen := map[int]bool{}
	for _, a := range args {
		switch {
		case a.Name == "value":
			v := c.lowerExpr(a.Value)
			switch {
			case v.kind == kNumber:
				f := c.scalarConst(a.Value.exprPos(), x.elem, v)
				fill = &f
			case v.kind == kTensor && v.elem == x.elem && len(v.shape) == 0:
				fill = &v
			default:
				c.s.fail(a.Value.exprPos(), "pad value must be a number or a scalar of type %s, got %s", dtypeName(x.elem), v.describe())
			}
		case a.Name != "":
			i := x.shape.Index(a.Name)
			if i < 0 {
				c.s.fail(a.Pos, "%s has no dimension %s%s", typeString(x.elem, x.shape), a.Name, c.suggest(a.Name, x.shape.Names()))
			}
			if seen[i] {
				c.s.fail(a.Pos, "pad lists dimension %s twice", a.Name)
			}
			seen[i] = true
			lo[i], hi[i] = pair(a.Value)
		default:
			l, ok := a.Value.(*ListLit)
			if !ok || len(l.Elems) != r || len(seen) > 0 {
				c.s.fail(a.Pos, "pad takes d: [lo, hi] per dimension, or one list of %d [lo, hi] pairs", r)
			}
			for i, e := range l.Elems {
				seen[i] = true
				lo[i], hi[i] = pair(e)
			}
		}
	}
	out := x.shape.Clone()
	for i := range out {
		out[i].Size += lo[i] + hi[i]
		if lo[i] > maxDim || hi[i] > maxDim || lo[i] < -maxDim || hi[i] < -maxDim || out[i].Size < 0 {
			c.s.fail(cs.pos, "pad of %s by [%d, %d] in dimension %d leaves a negative size", typeString(x.elem, x.shape), lo[i], hi[i], i)
		}
	}
	if fill == nil {
		f := c.splat(cs.pos, x.elem, 0, nil)
		fill = &f
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Pad(x.v, fill.v, lo, hi, make([]int64, r))), x.elem, out)
}
