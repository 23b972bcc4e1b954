package frontend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Calls: fns of the model and of sub-modules (inlined), and built-ins.

// builtin is one standard-library function. It is called as `f(x, ...)`
// or as a method `x.f(...)` (x is then positional argument 0). minArgs and
// maxArgs bound the positional arguments; named lists the accepted named
// arguments.
type builtin struct {
	name             string
	minArgs, maxArgs int
	named            []string
	anyNamed         bool // reshape, rename: named arguments are dimensions
	lower            func(c *compiler, cs *callSite) val
}

var builtins = map[string]*builtin{}

func register(b *builtin) { builtins[b.name] = b }

// callSite is one call of a built-in: its arguments, lowered on demand.
type callSite struct {
	pos    Pos
	name   string
	pos0   []Expr // positional argument expressions
	recv   *val   // method receiver, already lowered (positional 0)
	named  map[string]*Arg
	cached map[int]val
	all    []*Arg // every argument in source order (anyNamed built-ins)
}

// lowerCall lowers a call expression.
func (c *compiler) lowerCall(e *CallExpr) val {
	switch fn := e.Fn.(type) {
	case *Ident:
		if v, ok := c.fr.lookup(fn.Name); ok {
			if v.kind == kModule {
				return c.callModule(e.Pos, v.inst, "forward", e.Args)
			}
			c.s.fail(fn.Pos, "%s is a variable, not a function", fn.Name)
		}
		if v, ok := c.memberOf(c.fr.inst, fn.Name); ok {
			if v.kind == kModule {
				return c.callModule(e.Pos, v.inst, "forward", e.Args)
			}
			c.s.fail(fn.Pos, "%s is a %s, not a function", fn.Name, map[bool]string{true: "repeated sub-module (index it: " + fn.Name + "[i])", false: "parameter"}[v.kind == kModules])
		}
		if f := c.fnOf(c.fr.inst, fn.Name); f != nil {
			return c.callFn(e.Pos, c.fr.inst, f, e.Args)
		}
		if b := builtins[fn.Name]; b != nil {
			return c.callBuiltin(e.Pos, b, nil, e.Args)
		}
		c.s.fail(fn.Pos, "undefined function %s%s", fn.Name, c.suggest(fn.Name, append(c.fnNames(c.fr.inst), builtinNames()...)))
	case *MemberExpr:
		// A fn of a sub-module named by a dotted path, or a method.
		x := c.lowerExpr(fn.X)
		if x.kind == kModule {
			return c.callModule(fn.Pos, x.inst, fn.Name, e.Args)
		}
		if x.kind == kModules {
			c.s.fail(fn.Pos, "index the repeated sub-module before calling %s: x[i].%s(...)", fn.Name, fn.Name)
		}
		b := builtins[fn.Name]
		if b == nil {
			c.s.fail(fn.Pos, "unknown method %s%s", fn.Name, c.suggest(fn.Name, builtinNames()))
		}
		return c.callBuiltin(fn.Pos, b, &x, e.Args)
	default:
		x := c.lowerExpr(e.Fn)
		if x.kind == kModule {
			return c.callModule(e.Pos, x.inst, "forward", e.Args)
		}
		c.s.fail(e.Pos, "%s is not callable", x.describe())
	}
	return val{}
}

// callModule calls fn name of sub-module instance in.
func (c *compiler) callModule(p Pos, in *instance, name string, args []*Arg) val {
	f := c.fnOf(in, name)
	if f == nil {
		c.s.fail(p, "block %s has no fn %s%s", in.decl.Name, name, c.suggest(name, c.fnNames(in)))
	}
	return c.callFn(p, in, f, args)
}

// callFn inlines fn of instance in: its arguments are conformed to the
// declared types (binding the fn's own dimension names), its body lowered
// in a fresh frame, and its results conformed to the declared result types.
func (c *compiler) callFn(p Pos, in *instance, fn *FnDecl, args []*Arg) val {
	if n := len(c.b.Block.Ops); n > maxInlinedOps {
		c.s.fail(p, "inlining %s here would take the function past %d ops (it has %d already): the front end inlines every call, and this call graph grows too fast (does each fn call the previous one more than once?)", fn.Name, maxInlinedOps, n)
	}
	if len(args) != len(fn.Args) {
		c.s.fail(p, "%s takes %d arguments, got %d", fn.Name, len(fn.Args), len(args))
	}
	dims := map[string]dimInfo{}
	for k, v := range c.dims {
		dims[k] = v
	}
	nf := &frame{inst: in, fn: fn, dims: dims}
	nf.push()
	for i, a := range args {
		if a.Name != "" && a.Name != fn.Args[i].Name {
			c.s.fail(a.Pos, "argument %d of %s is %s, not %s", i, fn.Name, fn.Args[i].Name, a.Name)
		}
		v := c.tensorOf(c.lowerExpr(a.Value), a.Value)
		v = c.conform(v, fn.Args[i].Type, dims, a.Value.exprPos(), fmt.Sprintf("argument %s of %s", fn.Args[i].Name, fn.Name))
		nf.bind(fn.Args[i].Name, v)
	}
	saved := c.fr
	c.fr = nf
	defer func() { c.fr = saved }()
	results, retPos := c.lowerFnBody(fn)
	results = c.checkResults(fn, results, dims, retPos)
	if len(results) == 1 {
		return results[0]
	}
	return val{kind: kTuple, elems: results}
}

// maxInlinedOps bounds the ops of one block of a lowered function: calls
// to the model's fns and sub-modules are inlined, so a call graph in which
// each fn calls the previous one twice doubles the ops per level (41
// levels would be 2^40 ops). Past this many, a call is an error at its
// position instead of an out-of-memory crash. The optimiser's inline pass
// has its own limit (1,000,000 ops, passes/inline.go) for .mlir input.
const maxInlinedOps = 50_000

// callBuiltin checks a built-in's arguments and lowers it.
func (c *compiler) callBuiltin(p Pos, b *builtin, recv *val, args []*Arg) val {
	cs := &callSite{pos: p, name: b.name, recv: recv, named: map[string]*Arg{}, cached: map[int]val{}, all: args}
	if b.anyNamed {
		return b.lower(c, cs)
	}
	for _, a := range args {
		if a.Name == "" {
			if len(cs.named) > 0 {
				c.s.fail(a.Pos, "positional argument after named arguments in call of %s", b.name)
			}
			cs.pos0 = append(cs.pos0, a.Value)
			continue
		}
		if !contains(b.named, a.Name) {
			if len(b.named) == 0 {
				c.s.fail(a.Pos, "%s has no named arguments", b.name)
			}
			names := append([]string{}, b.named...)
			sort.Strings(names)
			if s := closest(a.Name, names); s != "" {
				c.s.fail(a.Pos, "%s has no argument %s (did you mean %s?)", b.name, a.Name, s)
			}
			c.s.fail(a.Pos, "%s has no argument %s (it takes %s)", b.name, a.Name, strings.Join(names, ", "))
		}
		if _, dup := cs.named[a.Name]; dup {
			c.s.fail(a.Pos, "argument %s is given twice", a.Name)
		}
		cs.named[a.Name] = a
	}
	n := cs.npos()
	if n < b.minArgs || n > b.maxArgs {
		want := fmt.Sprint(b.minArgs)
		switch {
		case b.maxArgs > b.minArgs && b.maxArgs < 100:
			want = fmt.Sprintf("%d to %d", b.minArgs, b.maxArgs)
		case b.maxArgs >= 100:
			want = fmt.Sprintf("at least %d", b.minArgs)
		}
		plural := "s"
		if want == "1" {
			plural = ""
		}
		c.s.fail(p, "%s takes %s positional argument%s, got %d", b.name, want, plural, n)
	}
	return b.lower(c, cs)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// npos returns the number of positional arguments, the receiver included.
func (cs *callSite) npos() int {
	if cs.recv != nil {
		return len(cs.pos0) + 1
	}
	return len(cs.pos0)
}

// expr returns the expression of positional argument i (nil for the
// receiver).
func (cs *callSite) expr(i int) Expr {
	if cs.recv != nil {
		if i == 0 {
			return nil
		}
		return cs.pos0[i-1]
	}
	return cs.pos0[i]
}

// argPos returns the position of positional argument i.
func (cs *callSite) argPos(i int) Pos {
	if e := cs.expr(i); e != nil {
		return e.exprPos()
	}
	return cs.pos
}

// has reports whether positional argument i or the named argument name is
// present.
func (cs *callSite) has(i int, name string) bool {
	if i >= 0 && i < cs.npos() {
		return true
	}
	_, ok := cs.named[name]
	return ok && name != ""
}

// optExpr returns positional argument i, or else named argument name, or
// nil.
func (cs *callSite) optExpr(i int, name string) Expr {
	if i >= 0 && i < cs.npos() {
		if e := cs.expr(i); e != nil {
			return e
		}
	}
	if a, ok := cs.named[name]; ok && name != "" {
		if i >= 0 && i < cs.npos() {
			return a.Value
		}
		return a.Value
	}
	return nil
}

// value lowers positional argument i (cached).
func (c *compiler) value(cs *callSite, i int) val {
	if i == 0 && cs.recv != nil {
		return *cs.recv
	}
	if v, ok := cs.cached[i]; ok {
		return v
	}
	v := c.lowerExpr(cs.expr(i))
	cs.cached[i] = v
	return v
}

// tensorArg returns positional argument i as a tensor.
func (c *compiler) tensorArg(cs *callSite, i int) val {
	v := c.value(cs, i)
	if v.kind == kNumber {
		if e := cs.expr(i); e != nil {
			return c.tensorOf(v, e)
		}
	}
	if v.kind != kTensor {
		c.s.fail(cs.argPos(i), "argument %d of %s must be a tensor, got %s", i, cs.name, v.describe())
	}
	return v
}

// floatTensorArg returns positional argument i as a float tensor.
func (c *compiler) floatTensorArg(cs *callSite, i int) val {
	x := c.tensorArg(cs, i)
	if !x.elem.IsFloat() {
		c.s.fail(cs.argPos(i), "%s needs a float tensor, got %s", cs.name, typeString(x.elem, x.shape))
	}
	return x
}

// namedTensor returns the named tensor argument name (or positional i
// when i >= 0 and present), with literals taking elem; ok is false when
// absent.
func (c *compiler) namedTensor(cs *callSite, i int, name string, elem ir.ElementType) (val, bool) {
	if i >= 0 && i < cs.npos() {
		v := c.value(cs, i)
		if v.kind == kNumber {
			return c.scalarConst(cs.argPos(i), elem, v), true
		}
		if v.kind != kTensor {
			c.s.fail(cs.argPos(i), "argument %d of %s must be a tensor, got %s", i, cs.name, v.describe())
		}
		return v, true
	}
	a, ok := cs.named[name]
	if !ok {
		return val{}, false
	}
	v := c.lowerExpr(a.Value)
	if v.kind == kNumber {
		return c.scalarConst(a.Value.exprPos(), elem, v), true
	}
	if v.kind != kTensor {
		c.s.fail(a.Value.exprPos(), "argument %s of %s must be a tensor, got %s", name, cs.name, v.describe())
	}
	return v, true
}

// constInt evaluates e as a compile-time integer.
func (c *compiler) constInt(e Expr, what string) int64 {
	v := c.lowerExpr(e)
	if v.kind != kNumber || !v.isInt {
		c.s.fail(e.exprPos(), "%s must be an integer constant", what)
	}
	return v.inum
}

// constFloat evaluates e as a compile-time number.
func (c *compiler) constFloat(e Expr, what string) float64 {
	v := c.lowerExpr(e)
	if v.kind != kNumber {
		c.s.fail(e.exprPos(), "%s must be a number", what)
	}
	return v.num
}

// intOpt returns the integer argument (positional i or named name), or def.
func (c *compiler) intOpt(cs *callSite, i int, name string, def int64) int64 {
	e := cs.optExpr(i, name)
	if e == nil {
		return def
	}
	return c.constInt(e, name)
}

// floatOpt returns the number argument (positional i or named name), or def.
func (c *compiler) floatOpt(cs *callSite, i int, name string, def float64) float64 {
	e := cs.optExpr(i, name)
	if e == nil {
		return def
	}
	return c.constFloat(e, name)
}

// boolOpt returns the bool argument named name, or def.
func (c *compiler) boolOpt(cs *callSite, name string, def bool) bool {
	a, ok := cs.named[name]
	if !ok {
		return def
	}
	b, ok := a.Value.(*BoolLit)
	if !ok {
		c.s.fail(a.Value.exprPos(), "%s must be true or false", name)
	}
	return b.Value
}

// intsOpt returns an integer list argument: `[2, 2]` or a single integer
// repeated n times; def when absent.
func (c *compiler) intsOpt(cs *callSite, i int, name string, n int, def int64) []int64 {
	e := cs.optExpr(i, name)
	r := make([]int64, n)
	if e == nil {
		for k := range r {
			r[k] = def
		}
		return r
	}
	if l, ok := e.(*ListLit); ok {
		if len(l.Elems) != n {
			c.s.fail(l.Pos, "%s needs %d values, got %d", name, n, len(l.Elems))
		}
		for k, x := range l.Elems {
			r[k] = c.constInt(x, name)
		}
		return r
	}
	v := c.constInt(e, name)
	for k := range r {
		r[k] = v
	}
	return r
}

// axis resolves a dimension argument of x: a dimension name of x, or an
// integer position (negative counts from the end).
func (c *compiler) axis(x val, e Expr, what string) int {
	switch e := e.(type) {
	case *Ident:
		i := x.shape.Index(e.Name)
		if i < 0 {
			c.s.fail(e.Pos, "%s has no dimension %s%s", typeString(x.elem, x.shape), e.Name, c.suggest(e.Name, x.shape.Names()))
		}
		return i
	case *NumberLit:
		if !e.IsInt {
			c.s.fail(e.Pos, "%s must be a dimension name or an integer", what)
		}
		r := int64(len(x.shape))
		k := e.Int
		if k < 0 {
			k += r
		}
		if k < 0 || k >= r {
			c.s.fail(e.Pos, "dimension %d is out of range for %s", e.Int, typeString(x.elem, x.shape))
		}
		return int(k)
	}
	c.s.fail(e.exprPos(), "%s must be a dimension name or an integer", what)
	return 0
}

// axisOpt resolves an optional dimension argument; def (may be negative,
// from the end) when absent.
func (c *compiler) axisOpt(cs *callSite, x val, i int, name string, def int) int {
	e := cs.optExpr(i, name)
	if e == nil {
		if len(x.shape) == 0 {
			c.s.fail(cs.pos, "%s needs a tensor with at least one dimension, got %s", cs.name, typeString(x.elem, x.shape))
		}
		if def < 0 {
			def += len(x.shape)
		}
		return def
	}
	return c.axis(x, e, name)
}

// axes resolves a list of dimensions: `[h, w]`, a single one, or the
// positional arguments from i on.
func (c *compiler) axesList(x val, e Expr, what string) []int {
	var out []int
	if l, ok := e.(*ListLit); ok {
		for _, el := range l.Elems {
			out = append(out, c.axis(x, el, what))
		}
	} else {
		out = []int{c.axis(x, e, what)}
	}
	seen := map[int]bool{}
	for _, a := range out {
		if seen[a] {
			c.s.fail(e.exprPos(), "%s lists dimension %d twice", what, a)
		}
		seen[a] = true
	}
	return out
}

// dtypeArg resolves an element-type argument (`f32`).
func (c *compiler) dtypeArg(e Expr) ir.ElementType {
	id, ok := e.(*Ident)
	if ok {
		if t, ok := lookupDType(id.Name); ok {
			return t
		}
	}
	if id != nil {
		c.s.fail(e.exprPos(), "expected an element type (f32, i32, u8, bool, ...)%s", c.suggest(id.Name, dtypeNames()))
	}
	c.s.fail(e.exprPos(), "expected an element type (f32, i32, u8, bool, ...)")
	return 0
}

// nameArg resolves a new dimension name argument (`pix`).
func (c *compiler) nameArg(e Expr) string {
	id, ok := e.(*Ident)
	if !ok {
		c.s.fail(e.exprPos(), "expected a dimension name")
	}
	return id.Name
}
