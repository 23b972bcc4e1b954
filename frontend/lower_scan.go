package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// scan: `let ys = scan i in a..b { ...; yield y }` runs its body as
// `for i in a..b` does (assigned variables are loop-carried and keep their
// final values after it) and stacks the value yielded at each step along a
// new leading dimension of size b-a, so that ys[k] is step a+k's y. The
// new dimension is named t when the bounds are `0..t` with t a dimension
// name; it is unnamed otherwise. `yield y1, y2` gives several results,
// bound with `let ys1, ys2 = scan ...`. The bounds must be compile-time
// integers (they give the result's size).
//
// Lowering: one stablehlo.while that also carries one buffer per yielded
// value, zero-initialised; each step writes its value at row i-a with
// stablehlo.dynamic_update_slice.

// lowerScan lowers a scan expression.
func (c *compiler) lowerScan(e *ScanExpr) val {
	body, yield := c.scanParts(e)
	from := c.loopBound(e.From, "scan start")
	to := c.loopBound(e.To, "scan end")
	if !from.konst || !to.konst {
		c.s.fail(e.Pos, "scan bounds must be compile-time integers or dimension names (they give the size of its result)")
	}
	a, b := from.k, to.k
	n := max(b-a, 0)
	name := ""
	if id, ok := e.To.(*Ident); ok && a == 0 {
		if _, isVar := c.fr.lookup(id.Name); !isVar {
			if _, isDim := c.fr.dims[id.Name]; isDim {
				name = id.Name
			}
		}
	}
	ys := c.yieldTypes(e, body, yield)
	var bufs []*ir.Value
	var shapes []Shape
	for k, y := range ys {
		shape := insertDim(y.shape, 0, Dim{Name: name, Size: n})
		if dup := checkUniqueNames(shape); dup != "" {
			c.s.fail(yield.Values[k].exprPos(), "scan stacks along a new dimension %s, but the yielded %s already has one", dup, typeString(y.elem, y.shape))
		}
		shapes = append(shapes, shape)
		bufs = append(bufs, c.splat(e.Pos, y.elem, 0, shape).v)
	}
	out := c.countedLoop(e.Pos, e.Var, from, to, body, bufs, func(i *ir.Value, cur []*ir.Value) []*ir.Value {
		c.at(e.Pos)
		row := i
		if a != 0 {
			row = c.must(c.b.Subtract(i, c.must(c.b.Constant(ir.Scalar(ir.I64, a)))))
		}
		zero := c.must(c.b.Constant(ir.Scalar(ir.I64, int64(0))))
		var next []*ir.Value
		for k, ye := range yield.Values {
			y := c.yieldValue(ye, &ys[k])
			one := insertDim(y.shape, 0, Dim{Name: name, Size: 1})
			y1 := c.reshape(ye.exprPos(), y, one)
			starts := []*ir.Value{row}
			for range y.shape {
				starts = append(starts, zero)
			}
			c.at(ye.exprPos())
			next = append(next, c.must(c.b.DynamicUpdateSlice(cur[k], y1.v, starts)))
		}
		return next
	})
	var vals []val
	for k := range out {
		vals = append(vals, tensorVal(out[k], ys[k].elem, shapes[k]))
	}
	if len(vals) == 1 {
		return vals[0]
	}
	return val{kind: kTuple, elems: vals}
}

// scanParts splits a scan body into its statements and its final yield.
func (c *compiler) scanParts(e *ScanExpr) ([]Stmt, *YieldStmt) {
	if len(e.Body) == 0 {
		c.s.fail(e.Pos, "scan body must end with yield")
	}
	y, ok := e.Body[len(e.Body)-1].(*YieldStmt)
	if !ok {
		c.s.fail(e.Body[len(e.Body)-1].stmtPos(), "scan body must end with yield")
	}
	return e.Body[:len(e.Body)-1], y
}

// yieldValue lowers one yielded expression as a tensor; when want is not
// nil (the real pass), it must have want's type.
func (c *compiler) yieldValue(ye Expr, want *val) val {
	y := c.tensorOf(c.lowerExpr(ye), ye)
	if want != nil && (y.elem != want.elem || !sameSizes(y.shape, want.shape)) {
		c.s.fail(ye.exprPos(), "yield has type %s here but %s in the first step", typeString(y.elem, y.shape), typeString(want.elem, want.shape))
	}
	return y
}

// yieldTypes finds the types of the yielded values by lowering the body
// once into a scratch block that is then dropped (the real loop needs the
// types to create its buffers before its body is built).
func (c *compiler) yieldTypes(e *ScanExpr, body []Stmt, yield *YieldStmt) []val {
	outer := c.b
	scratch := ir.NewFunc("scan", nil, nil)
	c.b = &ir.Builder{Block: scratch.Body.Entry(), Loc: outer.Loc}
	defer func() { c.b = outer }()
	c.fr.push()
	defer c.fr.pop()
	names, before := c.loopCarried(e.Pos, body)
	for i, n := range names {
		c.fr.bind(n, before[i])
	}
	c.at(e.Pos)
	c.fr.bind(e.Var, tensorVal(c.must(c.b.Constant(ir.Scalar(ir.I64, int64(0)))), ir.I64, nil))
	c.fr.loops++
	defer func() { c.fr.loops-- }()
	n0 := len(c.diags)
	for _, st := range body {
		if _, ok := st.(*ReturnStmt); ok {
			c.guard(func() { c.s.fail(st.stmtPos(), "return is not allowed inside a loop") })
			continue
		}
		c.lowerGuarded(st)
	}
	c.errorsSince(n0)
	var ys []val
	for _, ye := range yield.Values {
		ys = append(ys, c.yieldValue(ye, nil))
	}
	return ys
}
