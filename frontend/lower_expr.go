package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// lowerExpr lowers one expression, emitting its ops at the builder.
func (c *compiler) lowerExpr(e Expr) val {
	c.pos = e.exprPos()
	switch e := e.(type) {
	case *NumberLit:
		return val{kind: kNumber, num: e.Float, inum: e.Int, isInt: e.IsInt}
	case *BoolLit:
		c.at(e.Pos)
		x := int64(0)
		if e.Value {
			x = 1
		}
		return tensorVal(c.must(c.b.Constant(ir.Scalar(ir.I1, x))), ir.I1, nil)
	case *StringLit:
		c.s.fail(e.Pos, "a string is not a value (strings are only option values)")
	case *ListLit:
		return c.listConstant(e)
	case *Ident:
		return c.lookupName(e)
	case *MemberExpr:
		return c.lowerMember(e)
	case *CallExpr:
		return c.lowerCall(e)
	case *IndexExpr:
		return c.lowerIndex(e)
	case *UnaryExpr:
		return c.lowerUnary(e)
	case *BinaryExpr:
		return c.lowerBinary(e)
	case *ScanExpr:
		return c.lowerScan(e)
	}
	c.s.fail(e.exprPos(), "unsupported expression")
	return val{}
}

// tensorOf returns v as a tensor: numbers become scalar constants (i32 for
// an integer literal, f32 otherwise); other kinds are an error at e.
func (c *compiler) tensorOf(v val, e Expr) val {
	switch v.kind {
	case kTensor:
		return v
	case kNumber:
		c.at(e.exprPos())
		if v.isInt {
			return c.scalarConst(e.exprPos(), ir.I32, v)
		}
		return c.scalarConst(e.exprPos(), ir.F32, v)
	}
	c.s.fail(e.exprPos(), "expected a tensor, got %s", v.describe())
	return val{}
}

// scalarConst emits a rank-0 constant of element type elem holding the
// literal n, checking that it fits.
func (c *compiler) scalarConst(p Pos, elem ir.ElementType, n val) val {
	c.at(p)
	var t *ir.Tensor
	switch {
	case elem.IsFloat():
		t = ir.Scalar(elem, n.num)
	case elem == ir.I1:
		c.s.fail(p, "a number cannot be used as bool")
	case elem.IsInteger():
		if !n.isInt {
			c.s.fail(p, "float literal %g used where %s is expected", n.num, dtypeName(elem))
		}
		lo, hi := elem.IntRange()
		if elem == ir.UI64 {
			if n.inum < 0 {
				c.s.fail(p, "integer %d does not fit in %s", n.inum, dtypeName(elem))
			}
		} else if n.inum < lo || n.inum > hi {
			c.s.fail(p, "integer %d does not fit in %s", n.inum, dtypeName(elem))
		}
		t = ir.Scalar(elem, n.inum)
	default:
		c.s.fail(p, "a number cannot be used as %s", dtypeName(elem))
	}
	return tensorVal(c.must(c.b.Constant(t)), elem, nil)
}

// fconst emits a scalar float constant of element type elem.
func (c *compiler) fconst(elem ir.ElementType, f float64) val {
	return tensorVal(c.must(c.b.Constant(ir.Scalar(elem, f))), elem, nil)
}

// listConstant lowers `[1, 2, 3]` or `[[1.0, 2.0], [3.0, 4.0]]` to a
// constant: f32 if any element is a float literal, i32 otherwise.
func (c *compiler) listConstant(l *ListLit) val {
	var shape []int64
	var nums []val
	var walk func(e Expr, depth int)
	walk = func(e Expr, depth int) {
		switch e := e.(type) {
		case *ListLit:
			if depth == len(shape) {
				shape = append(shape, int64(len(e.Elems)))
			} else if depth > len(shape) || shape[depth] != int64(len(e.Elems)) {
				c.s.fail(e.Pos, "list literal is not rectangular")
			}
			for _, x := range e.Elems {
				walk(x, depth+1)
			}
		default:
			if depth != len(shape) {
				c.s.fail(e.exprPos(), "list literal is not rectangular")
			}
			v := c.lowerExpr(e)
			if v.kind != kNumber {
				c.s.fail(e.exprPos(), "list literal elements must be numbers")
			}
			nums = append(nums, v)
		}
	}
	walk(l, 0)
	if len(nums) == 0 {
		c.s.fail(l.Pos, "empty list literal has no element type")
	}
	elem := ir.I32
	for _, n := range nums {
		if !n.isInt {
			elem = ir.F32
		}
	}
	t, err := ir.NewTensor(ir.TensorOf(elem, shape...))
	if err != nil {
		c.s.fail(l.Pos, "%v", err)
	}
	lo, hi := elem.IntRange()
	for i, n := range nums {
		if elem == ir.F32 {
			t.Set(i, n.num)
		} else {
			if n.inum < lo || n.inum > hi {
				c.s.fail(l.Pos, "integer %d does not fit in i32", n.inum)
			}
			t.Set(i, n.inum)
		}
	}
	c.at(l.Pos)
	var s Shape
	for _, d := range shape {
		s = append(s, Dim{Size: d})
	}
	return tensorVal(c.must(c.b.Constant(t)), elem, s)
}

// lookupName resolves a bare name: a local variable, then a parameter,
// sub-module or repeated sub-module of the current instance.
func (c *compiler) lookupName(id *Ident) val {
	if v, ok := c.fr.lookup(id.Name); ok {
		return v
	}
	if v, ok := c.memberOf(c.fr.inst, id.Name); ok {
		return v
	}
	if v, ok := c.dimValue(id.Name); ok {
		return v
	}
	switch {
	case c.fnOf(c.fr.inst, id.Name) != nil:
		c.s.fail(id.Pos, "%s is a fn; call it: %s(...)", id.Name, id.Name)
	case builtins[id.Name] != nil:
		c.s.fail(id.Pos, "%s is a built-in function; call it: %s(...)", id.Name, id.Name)
	}
	if _, ok := lookupDType(id.Name); ok {
		c.s.fail(id.Pos, "%s is an element type, not a value", id.Name)
	}
	if c.hasParamPrefix(c.fr.inst, id.Name+".") {
		c.s.fail(id.Pos, "%s is not a parameter; parameters under it are named %s.<name>", id.Name, id.Name)
	}
	c.s.fail(id.Pos, "undefined: %s%s", id.Name, c.suggest(id.Name, c.valueNames()))
	return val{}
}

// memberOf returns the parameter, sub-module or repeated sub-module called
// name (possibly dotted, as declared) of instance in.
func (c *compiler) memberOf(in *instance, name string) (val, bool) {
	if p, ok := in.params[name]; ok {
		return tensorVal(c.paramVals[p.index], p.elem, p.shape), true
	}
	if s, ok := in.subs[name]; ok {
		return val{kind: kModule, inst: s}, true
	}
	if a, ok := in.arrays[name]; ok {
		return val{kind: kModules, insts: a}, true
	}
	return val{}, false
}

func (c *compiler) hasParamPrefix(in *instance, prefix string) bool {
	for n := range in.params {
		if len(n) > len(prefix) && n[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}

func (c *compiler) fnOf(in *instance, name string) *FnDecl {
	for _, f := range in.decl.Fns {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// dottedPath returns `a.b.c` for a chain of names, when e is one.
func dottedPath(e Expr) (string, Pos, bool) {
	switch e := e.(type) {
	case *Ident:
		return e.Name, e.Pos, true
	case *MemberExpr:
		p, pos, ok := dottedPath(e.X)
		if !ok {
			return "", Pos{}, false
		}
		return p + "." + e.Name, pos, true
	}
	return "", Pos{}, false
}

// rootIsLocal reports whether the leftmost name of a dotted chain is a
// local variable (which then shadows parameters).
func (c *compiler) rootIsLocal(e Expr) bool {
	for {
		switch x := e.(type) {
		case *Ident:
			_, ok := c.fr.lookup(x.Name)
			return ok
		case *MemberExpr:
			e = x.X
		default:
			return false
		}
	}
}

// lowerMember lowers `a.b`: a dotted parameter name (`fc1.weight`), or a
// member of a sub-module value.
func (c *compiler) lowerMember(e *MemberExpr) val {
	if path, _, ok := dottedPath(e); ok && !c.rootIsLocal(e) {
		if v, ok := c.memberOf(c.fr.inst, path); ok {
			return v
		}
		root := path[:indexByte(path+".", '.')]
		if _, isMember := c.memberOf(c.fr.inst, root); !isMember && c.hasParamPrefix(c.fr.inst, root+".") {
			if c.hasParamPrefix(c.fr.inst, path+".") {
				c.s.fail(e.Pos, "%s is not a parameter; parameters under it are named %s.<name>", path, path)
			}
			c.s.fail(e.Pos, "undefined parameter %s%s", path, c.suggest(path, c.paramNames(c.fr.inst)))
		}
	}
	x := c.lowerExpr(e.X)
	switch x.kind {
	case kModule:
		if v, ok := c.memberOf(x.inst, e.Name); ok {
			return v
		}
		if c.fnOf(x.inst, e.Name) != nil {
			c.s.fail(e.Pos, "%s is a fn of %s; call it: .%s(...)", e.Name, x.inst.decl.Name, e.Name)
		}
		c.s.fail(e.Pos, "block %s has no member %s%s", x.inst.decl.Name, e.Name, c.suggest(e.Name, c.memberNames(x.inst)))
	case kTensor, kNumber:
		if builtins[e.Name] != nil {
			c.s.fail(e.Pos, "%s is a method; call it: .%s(...)", e.Name, e.Name)
		}
		c.s.fail(e.Pos, "%s has no member %s", x.describe(), e.Name)
	}
	c.s.fail(e.Pos, "%s has no member %s", x.describe(), e.Name)
	return val{}
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}
