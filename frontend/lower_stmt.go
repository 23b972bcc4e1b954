package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Statements: let, assignment, and the loops (`for i in a..b` and `while`
// lower to stablehlo.while; `for l in layers` is unrolled).

func (c *compiler) lowerStmt(st Stmt) {
	switch st := st.(type) {
	case *LetStmt:
		c.bindNames(st.Pos, st.Names, c.lowerExpr(st.Value), true)
	case *AssignStmt:
		c.bindNames(st.Pos, st.Names, c.lowerExpr(st.Value), false)
	case *ReturnStmt:
		c.s.fail(st.Pos, "return is only allowed as the last statement of a fn")
	case *ForStmt:
		if st.To == nil {
			c.unrolledFor(st)
		} else {
			c.countedFor(st)
		}
	case *WhileStmt:
		c.whileLoop(st)
	case *YieldStmt:
		c.s.fail(st.Pos, "yield is only allowed as the last statement of a scan body")
	}
}

// bindNames binds (let) or rebinds (assignment) names to v, or to the
// elements of a multi-valued v.
func (c *compiler) bindNames(p Pos, names []string, v val, let bool) {
	vals := []val{v}
	if len(names) > 1 {
		if v.kind != kTuple || len(v.elems) != len(names) {
			n := 1
			if v.kind == kTuple {
				n = len(v.elems)
			}
			c.s.fail(p, "%d names but the value has %d parts", len(names), n)
		}
		vals = v.elems
	} else if v.kind == kTuple {
		c.s.fail(p, "value has %d parts; bind them with let a, b = ...", len(v.elems))
	}
	seen := map[string]bool{}
	for i, n := range names {
		if seen[n] {
			c.s.fail(p, "%s is bound twice", n)
		}
		seen[n] = true
		if _, ok := lookupDType(n); ok {
			c.s.fail(p, "%s is an element type and cannot name a variable", n)
		}
		if let {
			c.fr.bind(n, vals[i])
			continue
		}
		if !c.fr.assign(n, vals[i]) {
			c.s.fail(p, "assignment to undefined variable %s (declare it with let)", n)
		}
	}
}

// unrolledFor lowers `for l in layers { ... }` by lowering the body once
// per instance of the repeated sub-module.
func (c *compiler) unrolledFor(st *ForStmt) {
	v := c.lowerExpr(st.From)
	if v.kind != kModules {
		c.s.fail(st.From.exprPos(), "for ... in needs a repeated sub-module or a range a..b, got %s", v.describe())
	}
	n0 := len(c.diags)
	for _, in := range v.insts {
		func() {
			c.fr.push()
			defer c.fr.pop()
			c.fr.bind(st.Var, val{kind: kModule, inst: in})
			for _, s := range st.Body {
				c.lowerGuarded(s)
			}
		}()
		c.errorsSince(n0)
	}
}

// assignedNames lists, in first-assignment order, the variables a loop body
// assigns (in nested loops too).
func assignedNames(body []Stmt, out []string) []string {
	for _, st := range body {
		switch st := st.(type) {
		case *AssignStmt:
			for _, n := range st.Names {
				if !contains(out, n) {
					out = append(out, n)
				}
			}
		case *ForStmt:
			out = assignedNames(st.Body, out)
		case *WhileStmt:
			out = assignedNames(st.Body, out)
		case *LetStmt:
			if sc, ok := st.Value.(*ScanExpr); ok {
				out = assignedNames(sc.Body, out)
			}
		}
	}
	return out
}

// loopCarried returns the variables a loop carries and their values before
// it (numbers become tensors).
func (c *compiler) loopCarried(p Pos, body []Stmt) ([]string, []val) {
	names := assignedNames(body, nil)
	var vals []val
	for _, n := range names {
		v, ok := c.fr.lookup(n)
		if !ok {
			c.s.fail(p, "loop assigns undefined variable %s (declare it with let before the loop)", n)
		}
		switch v.kind {
		case kNumber:
			v = c.tensorOf(v, &NumberLit{Pos: p})
		case kTensor:
		default:
			c.s.fail(p, "loop variable %s is %s; only tensors can change in a loop", n, v.describe())
		}
		vals = append(vals, v)
	}
	return names, vals
}

// loopBody lowers a loop body in a new scope in which the carried names
// are bound to the body block's arguments, and returns their values at the
// end of the body.
func (c *compiler) loopBody(p Pos, body []Stmt, names []string, before []val, args []*ir.Value) []*ir.Value {
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
	var out []*ir.Value
	for i, n := range names {
		v, _ := c.fr.lookup(n)
		if v.kind == kNumber {
			v = c.scalarConst(p, before[i].elem, v)
		}
		if v.kind != kTensor || v.elem != before[i].elem || !sameSizes(v.shape, before[i].shape) {
			c.s.fail(p, "loop variable %s has type %s before the loop but %s at the end of its body", n, before[i].describe(), v.describe())
		}
		out = append(out, v.v)
	}
	return out
}

func sameSizes(a, b Shape) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Size != b[i].Size {
			return false
		}
	}
	return true
}

// whileLoop lowers `while cond { body }` to stablehlo.while over the
// variables the body assigns; cond must be a bool scalar.
func (c *compiler) whileLoop(st *WhileStmt) {
	names, before := c.loopCarried(st.Pos, st.Body)
	if len(names) == 0 {
		c.s.fail(st.Pos, "while loop body assigns no variable, so the loop never ends or does nothing")
	}
	var inits []*ir.Value
	for _, v := range before {
		inits = append(inits, v.v)
	}
	outer := c.b
	bindArgs := func(args []*ir.Value) {
		for i, n := range names {
			c.fr.bind(n, tensorVal(args[i], before[i].elem, before[i].shape))
		}
	}
	c.at(st.Pos)
	res, err := c.b.While(inits, func(b *ir.Builder, args []*ir.Value) *ir.Value {
		c.b = b
		defer func() { c.b = outer }()
		c.fr.push()
		defer c.fr.pop()
		bindArgs(args)
		cond := c.lowerExpr(st.Cond)
		if cond.kind != kTensor || cond.elem != ir.I1 || len(cond.shape) != 0 {
			c.s.fail(st.Cond.exprPos(), "while condition must be a bool scalar, got %s", cond.describe())
		}
		return cond.v
	}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		c.b = b
		defer func() { c.b = outer }()
		c.fr.push()
		defer c.fr.pop()
		bindArgs(args)
		return c.loopBody(st.Pos, st.Body, names, before, args)
	})
	c.b = outer
	if err != nil {
		c.builderError(err)
	}
	for i, n := range names {
		c.fr.assign(n, tensorVal(res[i], before[i].elem, before[i].shape))
	}
}
