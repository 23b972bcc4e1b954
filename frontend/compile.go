package frontend

import (
	"fmt"
	"runtime/debug"

	"github.com/zmlc/zmlc/ir"
)

// Options are the compile-time settings of a .zml compilation.
type Options struct {
	// Dims binds symbolic dimensions (`b=?` in the source) to sizes, as the
	// command's `--dim b=64` flags do.
	Dims map[string]int64
}

// compiler holds the state of one compilation.
type compiler struct {
	s      *source
	opts   Options
	blocks map[string]*ModelDecl
	params []*param
	dims   map[string]dimInfo
	root   *instance
	ninst  int

	// Per function being lowered.
	b         *ir.Builder
	paramVals []*ir.Value
	fr        *frame
	depth     int
	pos       Pos // the expression being lowered, for internal errors

	// Recorded errors (diagnostics.go).
	diags    ir.Diagnostics
	reported map[string]bool
}

// Compile parses, checks and lowers one .zml file to an IR module, as
// DESIGN.md ("How .zml lowers") fixes it: each `fn` of the model becomes a
// public func.func of the same name whose arguments are the model's
// parameters in declaration order (each with `zml.param = "name"`), then
// the function's inputs; every argument and result carries `zml.dims`, its
// dimension names ("" for an unnamed one); sub-modules are inlined; every op
// has the location of the expression it comes from.
//
// Errors are *ir.Diagnostic values (`file:line:col: error: message`, with
// the source attached so that Error() shows the line and a caret) for
// syntax, name, type and shape errors; several name, type and shape errors
// (up to maxErrors, each statement recovered on its own: diagnostics.go)
// come as ir.Diagnostics. Compile never panics.
func Compile(filename string, src []byte, opts Options) (m *ir.Module, err error) {
	s := newSource(filename, src)
	c := &compiler{s: s, opts: opts, dims: map[string]dimInfo{}}
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case compileError:
				c.diags = append(c.diags, e.d)
			case tooManyErrors, abort:
			default:
				c.diags = append(c.diags, s.errorf(c.pos, "internal error: %v\n%s", r, debug.Stack()))
			}
			m, err = nil, c.result()
		}
	}()
	f, err := s.parse()
	if err != nil {
		return nil, err
	}
	m = c.compileFile(f)
	if len(c.diags) > 0 {
		return nil, c.result()
	}
	return m, nil
}

func (c *compiler) compileFile(f *File) *ir.Module {
	model := c.collectDecls(f)
	c.root = c.instantiate(model, "", nil, model.Pos)
	m := &ir.Module{Name: model.Name, Loc: c.s.loc(model.Pos)}
	if len(model.Fns) == 0 {
		c.s.fail(model.Pos, "model %s has no fn", model.Name)
	}
	for _, fn := range model.Fns {
		c.guard(func() { m.Funcs = append(m.Funcs, c.lowerEntry(fn)) })
	}
	if len(c.diags) > 0 {
		return nil
	}
	if err := ir.Verify(m); err != nil {
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			if ds, ok2 := err.(ir.Diagnostics); ok2 && len(ds) > 0 {
				d, ok = ds[0], true
			}
		}
		if ok {
			d.Source = c.s.src
			panic(compileError{&ir.Diagnostic{Loc: d.Loc, Message: "internal error: lowered IR does not verify: " + d.Message, Source: c.s.src}})
		}
		c.s.fail(model.Pos, "internal error: lowered IR does not verify: %v", err)
	}
	return m
}

// lowerEntry lowers one fn of the model to a public func.func.
func (c *compiler) lowerEntry(fn *FnDecl) *ir.Func {
	dims := map[string]dimInfo{}
	for k, v := range c.dims {
		dims[k] = v
	}
	var inputs []ir.Type
	for _, p := range c.params {
		inputs = append(inputs, irType(p.elem, p.shape))
	}
	type argInfo struct {
		elem  ir.ElementType
		shape Shape
	}
	var args []argInfo
	seen := map[string]bool{}
	for _, a := range fn.Args {
		if seen[a.Name] {
			c.s.fail(a.Pos, "argument %s is declared twice", a.Name)
		}
		seen[a.Name] = true
		e, s := c.resolveType(a.Type, dims, false)
		args = append(args, argInfo{e, s})
		inputs = append(inputs, irType(e, s))
	}
	f := ir.NewFunc(fn.Name, inputs, nil)
	f.Loc = c.s.loc(fn.Pos)
	entry := f.Body.Entry()
	c.paramVals = entry.Args[:len(c.params)]
	for i, p := range c.params {
		f.SetArgAttr(i, "zml.param", ir.StringAttr(p.name))
		f.SetArgAttr(i, "zml.dims", dimsAttr(p.shape))
		entry.Args[i].Name = ""
	}
	c.b = &ir.Builder{Block: entry, Loc: c.s.loc(fn.Pos)}
	c.fr = &frame{inst: c.root, fn: fn, dims: dims}
	c.fr.push()
	for i, a := range fn.Args {
		k := len(c.params) + i
		f.SetArgAttr(k, "zml.dims", dimsAttr(args[i].shape))
		c.fr.bind(a.Name, tensorVal(entry.Args[k], args[i].elem, args[i].shape))
	}
	results, retPos := c.lowerFnBody(fn)
	results = c.checkResults(fn, results, dims, retPos)
	c.at(retPos)
	var vals []*ir.Value
	for i, r := range results {
		vals = append(vals, r.v)
		f.Type.Results = append(f.Type.Results, r.v.Type)
		f.SetResultAttr(i, "zml.dims", dimsAttr(r.shape))
	}
	if err := c.b.Return(vals...); err != nil {
		c.builderError(err)
	}
	return f
}

// lowerFnBody lowers the statements of fn and returns the values of its
// return statement and the statement's position.
func (c *compiler) lowerFnBody(fn *FnDecl) ([]val, Pos) {
	c.depth++
	if c.depth > maxCallDepth {
		c.s.fail(fn.Pos, "calls nest more than %d deep (is %s recursive?)", maxCallDepth, fn.Name)
	}
	defer func() { c.depth-- }()
	n0 := len(c.diags)
	for i, st := range fn.Body {
		if r, ok := st.(*ReturnStmt); ok {
			if i != len(fn.Body)-1 {
				c.guard(func() { c.s.fail(fn.Body[i+1].stmtPos(), "statement after return is unreachable") })
			}
			var vals []val
			for _, e := range r.Values {
				vals = append(vals, c.tensorOf(c.lowerExpr(e), e))
			}
			c.errorsSince(n0)
			return vals, r.Pos
		}
		c.lowerGuarded(st)
	}
	c.errorsSince(n0)
	c.s.fail(fn.Pos, "fn %s does not end with a return statement", fn.Name)
	return nil, Pos{}
}

// maxCallDepth bounds inlining depth so that recursion is an error.
const maxCallDepth = 64

// checkResults checks the returned values against the declared result
// types (when declared) and gives them the declared dimension names.
func (c *compiler) checkResults(fn *FnDecl, results []val, dims map[string]dimInfo, retPos Pos) []val {
	if len(fn.Results) == 0 {
		return results
	}
	if len(fn.Results) != len(results) {
		c.s.fail(retPos, "fn %s returns %s but declares %s", fn.Name, plural(len(results), "value", "values"), plural(len(fn.Results), "result", "results"))
	}
	out := make([]val, len(results))
	for i, r := range results {
		out[i] = c.conform(r, fn.Results[i], dims, retPos, fmt.Sprintf("result %d of %s", i, fn.Name))
	}
	return out
}

// conform checks that value v fits type t (element type, rank, each
// dimension's size and name) and returns v carrying t's names. Bare names in
// t that dims does not know yet are bound to v's sizes (a block's generic
// dimensions).
func (c *compiler) conform(v val, t *TypeExpr, dims map[string]dimInfo, p Pos, what string) val {
	elem, ok := lookupDType(t.DType)
	if !ok {
		c.s.fail(t.Pos, "unknown element type %s", t.DType)
	}
	want := func() string {
		parts := ""
		for i, d := range t.Dims {
			if i > 0 {
				parts += ", "
			}
			switch {
			case d.Name != "" && d.Symbolic:
				parts += d.Name + "=?"
			case d.Name != "" && d.Size >= 0:
				parts += fmt.Sprintf("%s=%d", d.Name, d.Size)
			case d.Name != "":
				parts += d.Name
			default:
				parts += fmt.Sprint(d.Size)
			}
		}
		if len(t.Dims) == 0 {
			return t.DType
		}
		return t.DType + "[" + parts + "]"
	}
	if v.elem != elem || len(v.shape) != len(t.Dims) {
		c.s.fail(p, "%s has type %s, but the declared type is %s", what, typeString(v.elem, v.shape), want())
	}
	shape := v.shape.Clone()
	for i, d := range t.Dims {
		got := v.shape[i]
		if d.Name != "" && got.Name != "" && got.Name != d.Name {
			c.s.fail(p, "%s has type %s, but the declared type is %s: dimension %d is %s, not %s", what, typeString(v.elem, v.shape), want(), i, got.Name, d.Name)
		}
		size := d.Size
		switch {
		case d.Name == "":
		case d.Symbolic:
			if b, ok := c.opts.Dims[d.Name]; ok {
				size = b
			} else if info, ok := dims[d.Name]; ok {
				size = info.size
			} else {
				size = got.Size
			}
		case d.Size < 0:
			if info, ok := dims[d.Name]; ok {
				size = info.size
			} else {
				size = got.Size
				dims[d.Name] = dimInfo{size: size, pos: p}
			}
		}
		if size != got.Size {
			c.s.fail(p, "%s has type %s, but the declared type is %s: dimension %d has size %d, not %d", what, typeString(v.elem, v.shape), want(), i, got.Size, size)
		}
		if d.Name != "" {
			shape[i].Name = d.Name
		}
	}
	if n := checkUniqueNames(shape); n != "" {
		c.s.fail(p, "%s would name two dimensions %s", what, n)
	}
	v.shape = shape
	return v
}

// at sets the location of the ops emitted next.
func (c *compiler) at(p Pos) {
	c.pos = p
	c.b.Loc = c.s.loc(p)
}

// builderError reports an error of the IR builder at the current position.
func (c *compiler) builderError(err error) {
	msg := err.Error()
	if d, ok := err.(*ir.Diagnostic); ok {
		msg = d.Message
	}
	c.s.fail(c.pos, "%s", msg)
}

// must returns v, or reports err.
func (c *compiler) must(v *ir.Value, err error) *ir.Value {
	if err != nil {
		c.builderError(err)
	}
	return v
}
