package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// Functions
//
//	func.func [public|private|nested] @name(%arg0: T {attrs} loc(...), ...) -> (R {attrs}, ...)
//	    [attributes {attrs}] { body } [loc(...)]
//	func.func private @decl(T, U) -> R
//	"func.func"() <{function_type = (T) -> R, sym_name = "f", sym_visibility = "private",
//	    arg_attrs = [{...}], res_attrs = [{...}]}> ({ ^bb0(%arg0: T): ... }) : () -> ()
//
// A single result may be written without parentheses. Properties other than
// the ones named above, and the `attributes {}` dictionary, go to
// ir.Func.Attrs. An explicit `public` is kept in ir.Func.Visibility.

// parsePrettyFunc reads `func.func ...` at module level.
func (p *parser) parsePrettyFunc() *ir.Func {
	start := p.tok.start
	f := &ir.Func{Loc: p.loc(start)}
	p.next() // func.func
	if p.is("public") || p.is("private") || p.is("nested") {
		f.Visibility = p.text()
		p.next()
	}
	if p.tok.kind != tAt {
		p.errf("expected a function name (@name), found %s", p.describe())
		return nil
	}
	f.Name = p.symbolName()
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	f.Type = &ir.FunctionType{Inputs: []ir.Type{}, Results: []ir.Type{}}
	var args []blockArg
	named := p.tok.kind == tPercent
	for p.err == nil && p.tok.kind != tRParen {
		a := blockArg{pos: p.tok.start}
		if named {
			if p.tok.kind != tPercent || len(p.text()) < 2 {
				p.errf("expected an SSA name for the function argument, found %s", p.describe())
				return nil
			}
			a.name = p.text()[1:]
			p.next()
			if !p.expect(tColon) {
				return nil
			}
		} else if p.tok.kind == tPercent {
			p.errf("expected a type for the function argument, found %s", p.describe())
			return nil
		}
		a.typ = p.parseType()
		args = append(args, a)
		f.Type.Inputs = append(f.Type.Inputs, a.typ)
		var attrs ir.Attrs
		if p.tok.kind == tLBrace {
			attrs = p.parseAttrDict()
		}
		f.ArgAttrs = append(f.ArgAttrs, attrs)
		var ignored ir.Location
		p.parseOptLoc(&ignored)
		if !p.accept(tComma) {
			break
		}
	}
	if !p.expect(tRParen) {
		return nil
	}
	if p.accept(tArrow) {
		if p.accept(tLParen) {
			for p.err == nil && p.tok.kind != tRParen {
				f.Type.Results = append(f.Type.Results, p.parseType())
				var attrs ir.Attrs
				if p.tok.kind == tLBrace {
					attrs = p.parseAttrDict()
				}
				f.ResultAttrs = append(f.ResultAttrs, attrs)
				if !p.accept(tComma) {
					break
				}
			}
			if !p.expect(tRParen) {
				return nil
			}
		} else {
			f.Type.Results = append(f.Type.Results, p.parseType())
		}
	}
	f.ArgAttrs = trimAttrs(f.ArgAttrs)
	f.ResultAttrs = trimAttrs(f.ResultAttrs)
	if p.acceptKw("attributes") {
		f.Attrs = p.parseAttrDict()
	}
	if p.err != nil {
		return nil
	}
	if p.tok.kind == tLBrace {
		if !named && len(args) > 0 {
			p.errf("a function with a body needs named arguments (%%arg0: T)")
			return nil
		}
		saved := p.scopes
		p.scopes = nil
		f.Body = p.parseRegion(nil, nonNilArgs(args))
		p.scopes = saved
	}
	p.parseOptLoc(&f.Loc)
	if p.err != nil {
		return nil
	}
	return f
}

func nonNilArgs(a []blockArg) []blockArg {
	if a == nil {
		return []blockArg{}
	}
	return a
}

// trimAttrs returns nil when no entry has attributes.
func trimAttrs(as []ir.Attrs) []ir.Attrs {
	for _, a := range as {
		if len(a) > 0 {
			return as
		}
	}
	return nil
}

// funcFromOp turns a generic `"func.func"` op into a function.
func (p *parser) funcFromOp(op *ir.Op, pos int) *ir.Func {
	f := &ir.Func{Loc: op.Loc}
	hasName := false
	for _, a := range op.Attrs {
		switch a.Name {
		case "sym_name":
			s, ok := a.Value.(ir.StringAttr)
			if !ok {
				p.errAt(pos, "func.func: sym_name must be a string")
				return nil
			}
			// An empty name (`@""`) is accepted, as in the pretty form.
			f.Name, hasName = string(s), true
		case "sym_visibility":
			s, ok := a.Value.(ir.StringAttr)
			if !ok {
				p.errAt(pos, "func.func: sym_visibility must be a string")
				return nil
			}
			f.Visibility = string(s)
		case "function_type":
			ta, ok := a.Value.(*ir.TypeAttr)
			var ft *ir.FunctionType
			if ok {
				ft, ok = ta.Type.(*ir.FunctionType)
			}
			if !ok {
				p.errAt(pos, "func.func: function_type must be a function type")
				return nil
			}
			f.Type = ft
		case "arg_attrs", "res_attrs":
			arr, ok := a.Value.(ir.ArrayAttr)
			if !ok {
				p.errAt(pos, "func.func: %s must be an array of dictionaries", a.Name)
				return nil
			}
			var list []ir.Attrs
			for _, x := range arr {
				d, ok := x.(*ir.DictAttr)
				if !ok {
					p.errAt(pos, "func.func: %s must be an array of dictionaries", a.Name)
					return nil
				}
				list = append(list, d.Attrs)
			}
			if a.Name == "arg_attrs" {
				f.ArgAttrs = trimAttrs(list)
			} else {
				f.ResultAttrs = trimAttrs(list)
			}
		default:
			f.Attrs = append(f.Attrs, a)
		}
	}
	if !hasName || f.Type == nil {
		p.errAt(pos, "func.func needs sym_name and function_type")
		return nil
	}
	if len(op.Regions) > 1 {
		p.errAt(pos, "func.func has %d regions, expected one", len(op.Regions))
		return nil
	}
	if len(op.Regions) == 1 && len(op.Regions[0].Blocks) > 0 {
		f.Body = op.Regions[0]
		f.Body.Parent = nil
		entry := f.Body.Blocks[0]
		if len(entry.Args) != len(f.Type.Inputs) {
			p.errAt(pos, "func.func: entry block has %d arguments, function_type has %d inputs", len(entry.Args), len(f.Type.Inputs))
			return nil
		}
		for i, v := range entry.Args {
			if !sameType(v.Type, f.Type.Inputs[i]) {
				p.errAt(pos, "func.func: type of entry block argument #%d (%s) differs from function_type input (%s)", i, v.Type, f.Type.Inputs[i])
				return nil
			}
		}
	}
	return f
}

// parseSdyMesh reads Shardy's `sdy.mesh @name = <...>` into an op with a
// sym_name StringAttr and a mesh OpaqueAttr `#sdy.mesh<...>`, its generic
// form's spelling.
func (p *parser) parseSdyMesh() *ir.Op {
	start := p.tok.start
	p.next() // sdy.mesh
	if p.tok.kind != tAt {
		p.errf("expected a mesh name (@name), found %s", p.describe())
		return nil
	}
	name := p.symbolName()
	p.next()
	if !p.expect(tEqual) {
		return nil
	}
	if p.tok.kind != tLess {
		p.errf("expected '<' to start the mesh, found %s", p.describe())
		return nil
	}
	end, ok := p.scanBalanced(p.tok.start)
	if !ok {
		return nil
	}
	text := "#sdy.mesh" + string(p.src[p.tok.start:end])
	p.lx.pos = end
	p.next()
	op := ir.NewOp("sdy.mesh", nil, nil, ir.Attrs{
		{Name: "sym_name", Value: ir.StringAttr(name)},
		{Name: "mesh", Value: &ir.OpaqueAttr{Text: text}},
	})
	var attrs ir.Attrs
	if p.tok.kind == tLBrace {
		attrs = p.parseAttrDict()
	}
	op.Attrs = append(op.Attrs, attrs...)
	return p.finishOp(op, start)
}
