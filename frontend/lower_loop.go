package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Counted loops: `for i in a..b { ... }` and `scan i in a..b { ... yield y }`
// lower to a stablehlo.while whose first loop-carried value is the i64
// counter i (from a while i < b), followed by the variables the body
// assigns and, for a scan, the buffers its yields fill. A bound is an
// integer constant, a dimension name (its size) or an integer scalar
// tensor (a runtime bound; a scan needs constant bounds, since they size
// its result).

// bound is a loop bound: the compile-time integer k (konst), or the i64
// scalar v computed before the loop.
type bound struct {
	k     int64
	konst bool
	v     *ir.Value
}

// loopBound evaluates a loop bound.
func (c *compiler) loopBound(e Expr, what string) bound {
	b := c.lowerExpr(e)
	switch {
	case b.kind == kNumber && b.isInt:
		return bound{k: b.inum, konst: true}
	case b.kind == kTensor && b.elem.IsInteger() && len(b.shape) == 0:
		return bound{v: c.convert(e.exprPos(), b, ir.I64).v}
	}
	c.s.fail(e.exprPos(), "%s must be an integer, a dimension name or an integer scalar tensor, got %s", what, b.describe())
	return bound{}
}

// value returns the bound as an i64 scalar in the current block (a
// constant is emitted where it is used, so that a loop's regions capture
// nothing for constant bounds).
func (c *compiler) boundValue(b bound) *ir.Value {
	if b.konst {
		return c.must(c.b.Constant(ir.Scalar(ir.I64, b.k)))
	}
	return b.v
}

// countedFor lowers `for i in a..b { body }`.
func (c *compiler) countedFor(st *ForStmt) {
	from := c.loopBound(st.From, "loop start")
	to := c.loopBound(st.To, "loop end")
	c.countedLoop(st.Pos, st.Var, from, to, st.Body, nil, nil)
}

// countedLoop emits the while loop of a counted loop over body with the
// counter var from from to to, carrying the variables the body assigns
// (rebound to the loop's results afterwards) and the values extra. After
// the body, step (when set) computes the next extra values from the
// counter and the current ones, in the body's scope. It returns the final
// extra values.
func (c *compiler) countedLoop(p Pos, v string, from, to bound, body []Stmt, extra []*ir.Value, step func(i *ir.Value, cur []*ir.Value) []*ir.Value) []*ir.Value {
	names, before := c.loopCarried(p, body)
	c.at(p)
	inits := []*ir.Value{c.boundValue(from)}
	for _, b := range before {
		inits = append(inits, b.v)
	}
	inits = append(inits, extra...)
	n := len(names)
	outer := c.b
	c.at(p)
	res, err := c.b.While(inits, func(b *ir.Builder, args []*ir.Value) *ir.Value {
		c.b = b
		defer func() { c.b = outer }()
		c.at(p)
		return c.must(c.b.Compare("LT", "SIGNED", args[0], c.boundValue(to)))
	}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		c.b = b
		defer func() { c.b = outer }()
		c.fr.push()
		defer c.fr.pop()
		for i, name := range names {
			c.fr.bind(name, tensorVal(args[i+1], before[i].elem, before[i].shape))
		}
		c.fr.bind(v, tensorVal(args[0], ir.I64, nil))
		next := c.loopBody(p, body, names, before, args[1:n+1])
		if step != nil {
			next = append(next, step(args[0], args[n+1:])...)
		}
		c.at(p)
		one := c.must(c.b.Constant(ir.Scalar(ir.I64, int64(1))))
		i1 := c.must(c.b.Add(args[0], one))
		return append([]*ir.Value{i1}, next...)
	})
	c.b = outer
	if err != nil {
		c.builderError(err)
	}
	for i, name := range names {
		c.fr.assign(name, tensorVal(res[i+1], before[i].elem, before[i].shape))
	}
	return res[n+1:]
}
