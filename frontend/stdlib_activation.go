package frontend

// More activations: leaky_relu, softplus and elu (PyTorch's definitions:
// torch.nn.LeakyReLU, Softplus with beta 1, ELU).

func init() {
	register(&builtin{name: "leaky_relu", minArgs: 1, maxArgs: 1, named: []string{"slope"}, lower: stdLeakyRelu})
	register(&builtin{name: "softplus", minArgs: 1, maxArgs: 1, lower: stdSoftplus})
	register(&builtin{name: "elu", minArgs: 1, maxArgs: 1, named: []string{"alpha"}, lower: stdElu})
}

// num is a float literal value.
func num(f float64) val { return val{kind: kNumber, num: f} }

// stdLeakyRelu is x where x > 0, slope * x elsewhere (slope default 0.01).
func stdLeakyRelu(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	slope := c.floatOpt(cs, -1, "slope", 0.01)
	p := cs.pos
	pos := c.compare(p, "GT", x, num(0), cs.name)
	return c.selectVal(p, pos, x, c.binary(p, "multiply", x, num(slope), cs.name))
}

// stdSoftplus is log(1 + exp(x)), computed as max(x, 0) + log1p(exp(-|x|))
// so that it neither overflows for large x nor loses small values.
func stdSoftplus(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	p := cs.pos
	t := c.unary(p, "log_plus_one", c.unary(p, "exponential", c.unary(p, "negate", c.unary(p, "abs", x))))
	return c.binary(p, "add", c.binary(p, "maximum", x, num(0), cs.name), t, cs.name)
}

// stdElu is x where x > 0, alpha * (exp(x) - 1) elsewhere (alpha default 1).
func stdElu(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	alpha := c.floatOpt(cs, -1, "alpha", 1)
	p := cs.pos
	pos := c.compare(p, "GT", x, num(0), cs.name)
	neg := c.binary(p, "multiply", c.unary(p, "exponential_minus_one", x), num(alpha), cs.name)
	return c.selectVal(p, pos, x, neg)
}

// selectVal emits stablehlo.select(cond, a, b) for three values of one
// shape.
func (c *compiler) selectVal(p Pos, cond, a, b val) val {
	c.at(p)
	return tensorVal(c.must(c.b.Select(cond.v, a.v, b.v)), a.elem, a.shape)
}
