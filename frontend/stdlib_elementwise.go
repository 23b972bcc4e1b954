package frontend

import (
	"math"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Elementwise built-ins: every StableHLO elementwise op by its own name
// (`exponential(x)`, `atan2(y, x)`, `shift_left(a, b)`; binary ones
// broadcast), short aliases (exp, sin, cos, erf...), activations, where,
// clamp and convert.

// floatOnlyUnary lists the unary ops defined on floats only.
var floatOnlyUnary = map[string]bool{
	"cbrt": true, "ceil": true, "cosine": true, "exponential": true, "exponential_minus_one": true,
	"floor": true, "is_finite": true, "log": true, "log_plus_one": true, "logistic": true,
	"round_nearest_afz": true, "round_nearest_even": true, "rsqrt": true, "sine": true, "sqrt": true,
	"tan": true, "tanh": true, "chlo.erf": true, "chlo.erf_inv": true,
}

var intOnlyUnary = map[string]bool{"count_leading_zeros": true, "popcnt": true}

// unaryAliases are the short names of some unary ops.
var unaryAliases = map[string]string{
	"exp": "exponential", "expm1": "exponential_minus_one", "log1p": "log_plus_one",
	"sin": "sine", "cos": "cosine", "sigmoid": "logistic", "neg": "negate",
	"erf": "chlo.erf", "erf_inv": "chlo.erf_inv", "round": "round_nearest_even",
}

func init() {
	for _, name := range ir.OpNames() {
		d := ir.LookupOp(name)
		short := strings.TrimPrefix(name, "stablehlo.")
		if short == name || !d.Has(ir.Elementwise) {
			continue
		}
		switch {
		case d.Has(ir.Unary) && short != "convert" && short != "reduce_precision" && short != "real" && short != "imag":
			registerUnary(short, name)
		case d.Has(ir.Binary) && short != "compare" && short != "complex":
			registerBinary(short)
		}
	}
	for alias, op := range unaryAliases {
		registerUnary(alias, op)
	}
	register(&builtin{name: "relu", minArgs: 1, maxArgs: 1, lower: stdRelu})
	register(&builtin{name: "silu", minArgs: 1, maxArgs: 1, lower: stdSilu})
	register(&builtin{name: "gelu", minArgs: 1, maxArgs: 1, named: []string{"approximate"}, lower: stdGelu})
	register(&builtin{name: "gelu_tanh", minArgs: 1, maxArgs: 1, lower: stdGelu})
	register(&builtin{name: "where", minArgs: 3, maxArgs: 3, lower: stdWhere})
	register(&builtin{name: "clamp", minArgs: 3, maxArgs: 3, lower: stdClamp})
	register(&builtin{name: "convert", minArgs: 2, maxArgs: 2, lower: stdConvert})
}

func registerUnary(name, op string) {
	register(&builtin{name: name, minArgs: 1, maxArgs: 1, lower: func(c *compiler, cs *callSite) val {
		x := c.tensorArg(cs, 0)
		short := strings.TrimPrefix(op, "stablehlo.")
		switch {
		case floatOnlyUnary[short] || floatOnlyUnary[op]:
			if !x.elem.IsFloat() {
				c.s.fail(cs.pos, "%s needs a float tensor, got %s", name, typeString(x.elem, x.shape))
			}
		case intOnlyUnary[short]:
			if !x.elem.IsInteger() {
				c.s.fail(cs.pos, "%s needs an integer tensor, got %s", name, typeString(x.elem, x.shape))
			}
		case short == "not":
			if !x.elem.IsIntOrBool() {
				c.s.fail(cs.pos, "%s needs a bool or integer tensor, got %s", name, typeString(x.elem, x.shape))
			}
		default:
			if x.elem == ir.I1 {
				c.s.fail(cs.pos, "%s is not defined on bool", name)
			}
		}
		return c.unary(cs.pos, op, x)
	}})
}

func registerBinary(name string) {
	register(&builtin{name: name, minArgs: 2, maxArgs: 2, lower: func(c *compiler, cs *callSite) val {
		return c.binary(cs.pos, name, c.value(cs, 0), c.value(cs, 1), name)
	}})
}

// stdRelu is max(x, 0).
func stdRelu(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	return c.binary(cs.pos, "maximum", x, val{kind: kNumber, isInt: !x.elem.IsFloat()}, "relu")
}

// stdSilu is x * logistic(x).
func stdSilu(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	return c.binary(cs.pos, "multiply", x, c.unary(cs.pos, "logistic", x), "silu")
}

// stdGelu is 0.5 x (1 + erf(x / sqrt 2)), or with approximate: true (and
// as gelu_tanh) 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
func stdGelu(c *compiler, cs *callSite) val {
	x := c.floatTensorArg(cs, 0)
	p := cs.pos
	num := func(f float64) val { return val{kind: kNumber, num: f} }
	var inner val
	if cs.name == "gelu_tanh" || c.boolOpt(cs, "approximate", false) {
		x3 := c.binary(p, "multiply", c.binary(p, "multiply", x, x, "gelu"), x, "gelu")
		t := c.binary(p, "add", x, c.binary(p, "multiply", x3, num(0.044715), "gelu"), "gelu")
		t = c.binary(p, "multiply", t, num(math.Sqrt(2/math.Pi)), "gelu")
		inner = c.unary(p, "tanh", t)
	} else {
		inner = c.unary(p, "chlo.erf", c.binary(p, "multiply", x, num(1/math.Sqrt2), "gelu"))
	}
	half := c.binary(p, "multiply", x, num(0.5), "gelu")
	return c.binary(p, "multiply", half, c.binary(p, "add", inner, num(1), "gelu"), "gelu")
}

// stdWhere is select(cond, a, b) with cond, a and b broadcast together.
func stdWhere(c *compiler, cs *callSite) val {
	cond := c.tensorArg(cs, 0)
	if cond.elem != ir.I1 {
		c.s.fail(cs.argPos(0), "where needs a bool condition, got %s", typeString(cond.elem, cond.shape))
	}
	a, b := c.operands(cs.pos, c.value(cs, 1), c.value(cs, 2), "where")
	shape, named, msg := broadcastShapes(a.shape, cond.shape)
	if msg != "" {
		c.s.fail(cs.pos, "cannot broadcast condition %s with %s: %s", typeString(cond.elem, cond.shape), typeString(a.elem, a.shape), msg)
	}
	cond, a, b = c.broadcastTo(cs.pos, cond, shape, named), c.broadcastTo(cs.pos, a, shape, named), c.broadcastTo(cs.pos, b, shape, named)
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Select(cond.v, a.v, b.v)), a.elem, shape)
}

// stdClamp is clamp(x, lo, hi): lo and hi broadcast to x.
func stdClamp(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	// x first: by-name broadcasting orders the result as its left operand.
	_, lo := c.operands(cs.pos, x, c.value(cs, 1), "clamp")
	_, hi := c.operands(cs.pos, x, c.value(cs, 2), "clamp")
	if !sameSizes(lo.shape, x.shape) || !sameSizes(hi.shape, x.shape) {
		c.s.fail(cs.pos, "clamp bounds must broadcast to %s", typeString(x.elem, x.shape))
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.Clamp(lo.v, x.v, hi.v)), x.elem, x.shape)
}

// stdConvert is x.convert(dtype).
func stdConvert(c *compiler, cs *callSite) val {
	x := c.tensorArg(cs, 0)
	e := c.dtypeArg(cs.expr(1))
	return c.convert(cs.pos, x, e)
}
