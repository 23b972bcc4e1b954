package frontend

// Statistical reductions: var, std (population by default, ddof: 1 for the
// sample form) and logsumexp. Like sum, each takes the dimensions to reduce
// (a name, a list, or all) and keepdims: true.

func init() {
	register(&builtin{name: "var", minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims", "ddof"}, lower: stdVar})
	register(&builtin{name: "std", minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims", "ddof"}, lower: stdVar})
	register(&builtin{name: "logsumexp", minArgs: 1, maxArgs: 2, named: []string{"axis", "keepdims"}, lower: stdLogSumExp})
}

// stdVar is var(x, axis, ddof: 0) = sum((x - mean)^2) / (N - ddof) over the
// axes (N their element count), and std its square root.
func stdVar(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axes := c.reduceAxes(cs, x)
	ddof := c.intOpt(cs, -1, "ddof", 0)
	p := cs.pos
	n := int64(1)
	for _, a := range axes {
		n *= x.shape[a].Size
	}
	if ddof < 0 || ddof >= n {
		c.s.fail(p, "%s: ddof %d must be in [0, %d) for %d elements", cs.name, ddof, n, n)
	}
	mu := c.expandBack(p, c.mean(p, x, axes), x.shape, axes)
	d := c.binary(p, "subtract", x, mu, cs.name)
	s := c.reduce(p, c.binary(p, "multiply", d, d, cs.name), axes, "add")
	v := c.binary(p, "divide", s, val{kind: kNumber, num: float64(n - ddof)}, cs.name)
	if cs.name == "std" {
		v = c.unary(p, "sqrt", v)
	}
	return c.keepDims(cs, v, x.shape, axes)
}

// stdLogSumExp is log(sum(exp(x - m))) + m over the axes, m the maximum
// (taken as 0 where it is not finite, so that all -inf gives -inf and not
// NaN).
func stdLogSumExp(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	axes := c.reduceAxes(cs, x)
	p := cs.pos
	m := c.reduce(p, x, axes, "maximum")
	fin := c.unary(p, "is_finite", m)
	zero := c.splat(p, x.elem, 0, m.shape)
	c.at(p)
	m = tensorVal(c.must(c.b.Select(fin.v, m.v, zero.v)), x.elem, m.shape)
	d := c.binary(p, "subtract", x, c.expandBack(p, m, x.shape, axes), cs.name)
	s := c.reduce(p, c.unary(p, "exponential", d), axes, "add")
	r := c.binary(p, "add", c.unary(p, "log", s), m, cs.name)
	return c.keepDims(cs, r, x.shape, axes)
}
