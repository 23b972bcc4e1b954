package asm

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// op prints one operation (results, then the pretty or the generic form,
// then its location) on the current line.
func (p *printer) op(op *ir.Op) {
	if op == nil {
		p.ws("<<NULL OPERATION>>")
		return
	}
	if len(op.Results) > 0 {
		g, ok := p.names.groups[op]
		if !ok {
			g = "<<UNKNOWN SSA VALUE>>"
		}
		p.ws(g)
		if len(op.Results) > 1 {
			p.ws(":")
			p.ws(strconv.Itoa(len(op.Results)))
		}
		p.ws(" = ")
	}
	if !p.opts.Generic {
		if fn := prettyPrinters[op.Name]; fn != nil {
			mark, indent, depth := p.buf.Len(), p.indent, len(p.dialects)
			if fn(p, op) {
				p.loc(op.Loc)
				return
			}
			// Not printable in the pretty form (missing or unusual
			// attributes, odd types): undo and print it generically.
			p.buf.Truncate(mark)
			p.indent, p.dialects = indent, p.dialects[:depth]
		}
	}
	p.genericOp(op)
	p.loc(op.Loc)
}

// opName prints the op's name, without its dialect when that is the
// default dialect of the enclosing region (`return` inside a func.func).
func (p *printer) opName(op *ir.Op) {
	name := op.Name
	if d := p.dialects[len(p.dialects)-1]; d != "" && strings.HasPrefix(name, d+".") {
		name = name[len(d)+1:]
	}
	p.ws(name)
}

// propertyDialects are the dialects whose ops keep their inherent
// attributes as MLIR properties; other (unknown) ops print every attribute
// in the discardable dictionary, as MLIR does for unregistered operations.
var propertyDialects = map[string]bool{
	"stablehlo": true, "chlo": true, "check": true, "func": true, "sdy": true, "builtin": true,
}

// splitAttrs separates inherent attributes (printed as properties `<{...}>`)
// from discardable ones (dialect-prefixed names containing a '.', printed
// as `{...}`).
func splitAttrs(op *ir.Op) (props, disc ir.Attrs) {
	if ir.LookupOp(op.Name) == nil && !propertyDialects[op.Dialect()] {
		return nil, op.Attrs
	}
	for _, a := range op.Attrs {
		if strings.Contains(a.Name, ".") {
			disc = append(disc, a)
		} else {
			props = append(props, a)
		}
	}
	return props, disc
}

// genericOp prints `"name"(%a, %b) <{props}> ({...}, {...}) {attrs} : (A, B) -> R`.
func (p *printer) genericOp(op *ir.Op) {
	p.ws(ir.QuoteString(op.Name))
	p.ws("(")
	p.values(op.Operands)
	p.ws(")")
	props, disc := splitAttrs(op)
	if op.Name == "sdy.mesh" {
		props = meshProps(props)
	}
	if len(props) > 0 {
		p.ws(" <")
		p.attrDict(props)
		p.ws(">")
	}
	if len(op.Regions) > 0 {
		p.ws(" (")
		for i, r := range op.Regions {
			if i > 0 {
				p.ws(", ")
			}
			p.region(r, "", true)
		}
		p.ws(")")
	}
	if len(disc) > 0 {
		p.ws(" ")
		p.attrDict(disc)
	}
	p.ws(" : ")
	p.ws(funcTypeString(valueTypes(op.Operands), valueTypes(op.Results)))
}

// region prints `{`, the blocks (ops one level deeper, block labels at the
// current level), and `}`. dialect is the default dialect inside the region
// ("func" in a function body). With entryArgs, the entry block's label and
// arguments are printed when it has arguments or no ops (generic form);
// otherwise the pretty form of the parent op has printed them.
func (p *printer) region(r *ir.Region, dialect string, entryArgs bool) {
	p.dialects = append(p.dialects, dialect)
	p.ws("{")
	if r != nil {
		for i, b := range r.Blocks {
			if b == nil {
				continue
			}
			if i > 0 || (entryArgs && (len(b.Args) > 0 || len(b.Ops) == 0)) {
				p.newline()
				p.blockHeader(b)
			}
			p.indent++
			for _, op := range b.Ops {
				p.newline()
				p.op(op)
			}
			p.indent--
		}
	}
	p.newline()
	p.ws("}")
	p.dialects = p.dialects[:len(p.dialects)-1]
}

// blockHeader prints `^bb1(%5: tensor<f32>, %6: tensor<i32>):`.
func (p *printer) blockHeader(b *ir.Block) {
	name, ok := p.names.blocks[b]
	if !ok {
		name = "^bb0"
	}
	p.ws(name)
	if len(b.Args) > 0 {
		p.ws("(")
		p.typedArgs(b.Args)
		p.ws(")")
	}
	p.ws(":")
}

// typedArgs prints `%a: tensor<f32>, %b: tensor<i32>`.
func (p *printer) typedArgs(args []*ir.Value) {
	for i, a := range args {
		if i > 0 {
			p.ws(", ")
		}
		p.typedArg(a)
	}
}

func (p *printer) typedArg(a *ir.Value) {
	p.ws(p.names.value(a))
	p.ws(": ")
	if a == nil {
		p.typ(nil)
	} else {
		p.typ(a.Type)
	}
}

// values prints `%a, %b`.
func (p *printer) values(vs []*ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(p.names.value(v))
	}
}

// valueTypes returns the types of vs (nil for a nil value).
func valueTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		if v != nil {
			ts[i] = v.Type
		}
	}
	return ts
}

// global prints a module-level op: `sdy.mesh @mesh = <["data"=2]>` or any
// op in the generic form.
func (p *printer) global(op *ir.Op) {
	if op != nil && !p.opts.Generic && op.Name == "sdy.mesh" {
		mark := p.buf.Len()
		if printMesh(p, op) {
			p.loc(op.Loc)
			return
		}
		p.buf.Truncate(mark)
	}
	p.op(op)
}

// printMesh prints Shardy's `sdy.mesh @name = <...> {attrs}` when op has a
// `sym_name` string and a `mesh` attribute (kept as opaque text, either
// `<["data"=2]>` or `#sdy.mesh<["data"=2]>`) and nothing else structural.
func printMesh(p *printer, op *ir.Op) bool {
	name, ok := op.Attr("sym_name").(ir.StringAttr)
	mesh, ok2 := op.Attr("mesh").(*ir.OpaqueAttr)
	if !ok || !ok2 || len(op.Operands) > 0 || len(op.Results) > 0 || len(op.Regions) > 0 {
		return false
	}
	text := strings.TrimPrefix(mesh.Text, "#sdy.mesh")
	if !strings.HasPrefix(text, "<") {
		return false
	}
	p.ws("sdy.mesh ")
	p.ws(symbol(string(name)))
	p.ws(" = ")
	p.ws(text)
	p.attrDictExcept(op, "sym_name", "mesh")
	return true
}

// meshProps returns props with an opaque `mesh = <...>` rewritten to the
// full attribute `#sdy.mesh<...>` that the generic form needs.
func meshProps(props ir.Attrs) ir.Attrs {
	out := make(ir.Attrs, len(props))
	copy(out, props)
	for i, a := range out {
		if o, ok := a.Value.(*ir.OpaqueAttr); ok && a.Name == "mesh" && strings.HasPrefix(o.Text, "<") {
			out[i].Value = &ir.OpaqueAttr{Text: "#sdy.mesh" + o.Text}
		}
	}
	return out
}
