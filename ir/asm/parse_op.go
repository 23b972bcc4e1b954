package asm

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Operations, regions and SSA values.
//
// An operation is `results = op` where results is `%a, %b:2` (a group of 2
// results, used as `%b#0`, `%b#1`) and op is either the generic form
//
//	"dialect.name"(%x, %y) <{properties}> ({region}, {region}) {attrs} : (T, U) -> (R, S) loc(...)
//
// (properties and attributes both land in ir.Op.Attrs) or the op's pretty
// form (parse_pretty.go). A region is `{ ops }` or `{ ^bb0(%a: T, ...): ops
// ^bb1: ... }`. Names defined in a region are visible in the regions nested
// in it and vanish at its end; a function body starts afresh, as in MLIR
// (func.func is isolated from above). A name may not be redefined while it
// is visible.

// resultGroup is one `%name` or `%name:N` of an operation's result list.
type resultGroup struct {
	name  string
	count int
	pos   int
}

// parseOperation reads one operation with its results and location, and
// defines its result names.
func (p *parser) parseOperation() *ir.Op {
	start := p.tok.start
	var groups []resultGroup
	total := 0
	if p.tok.kind == tPercent {
		for p.err == nil {
			if p.tok.kind != tPercent {
				p.errf("expected an SSA value name, found %s", p.describe())
				return nil
			}
			name := p.text()[1:]
			if strings.IndexByte(name, '#') >= 0 {
				p.errf("result names cannot have a result number")
				return nil
			}
			g := resultGroup{name: name, count: 1, pos: p.tok.start}
			p.next()
			if p.accept(tColon) {
				if p.tok.kind != tInt {
					p.errf("expected a result count, found %s", p.describe())
					return nil
				}
				c, err := strconv.Atoi(p.text())
				if err != nil || c < 1 || c > 1<<20 {
					p.errf("invalid result count %s", p.text())
					return nil
				}
				g.count = c
				p.next()
			}
			groups = append(groups, g)
			total += g.count
			if !p.accept(tComma) {
				break
			}
		}
		if !p.expect(tEqual) {
			return nil
		}
	}
	var op *ir.Op
	switch p.tok.kind {
	case tString:
		op = p.parseGenericOp(start)
	case tBareID:
		op = p.parsePrettyOp(start)
	default:
		p.errf("expected an operation name, found %s", p.describe())
		return nil
	}
	if p.err != nil || op == nil {
		return nil
	}
	if groups != nil && total != len(op.Results) {
		p.errAt(start, "operation defines %d results but was provided %d to bind", len(op.Results), total)
		return nil
	}
	k := 0
	for _, g := range groups {
		vals := op.Results[k : k+g.count]
		for _, v := range vals {
			v.Name = g.name
		}
		k += g.count
		if !p.define(g.name, vals, g.pos) {
			return nil
		}
	}
	return op
}

// finishOp gives op the location of its first token, start (the first
// result name, or the op name), then reads the optional trailing `loc(...)`
// that overrides it; every op parser calls it last.
func (p *parser) finishOp(op *ir.Op, start int) *ir.Op {
	if p.err != nil {
		return nil
	}
	op.Loc = p.loc(start)
	p.parseOptLoc(&op.Loc)
	return op
}

// define binds name to the values vals in the innermost scope.
func (p *parser) define(name string, vals []*ir.Value, pos int) bool {
	if len(p.scopes) == 0 {
		p.scopes = append(p.scopes, map[string][]*ir.Value{})
	}
	for _, s := range p.scopes {
		if _, dup := s[name]; dup {
			p.errAt(pos, "redefinition of SSA value '%%%s'", name)
			return false
		}
	}
	p.scopes[len(p.scopes)-1][name] = vals
	return true
}

// parseUse reads a use `%name` or `%name#N` and returns its value.
func (p *parser) parseUse() *ir.Value {
	if p.tok.kind != tPercent {
		p.errf("expected an SSA value, found %s", p.describe())
		return nil
	}
	s := p.text()[1:]
	idx := 0
	if h := strings.IndexByte(s, '#'); h >= 0 {
		n, err := strconv.Atoi(s[h+1:])
		if err != nil {
			p.errf("invalid result number in %s", p.text())
			return nil
		}
		idx = n
		s = s[:h]
	}
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if vals, ok := p.scopes[i][s]; ok {
			if idx >= len(vals) {
				p.errf("result number %d is out of range for %%%s, which has %d results", idx, s, len(vals))
				return nil
			}
			p.next()
			return vals[idx]
		}
	}
	p.errf("use of undefined SSA value %s", p.text())
	return nil
}

// parseUseList reads `%a, %b, ...` while the current token is a value;
// with parens it reads `(%a, %b)`. A comma not followed by a value is left
// in place.
func (p *parser) parseUseList() ([]*ir.Value, []int) {
	var vals []*ir.Value
	var pos []int
	for p.err == nil && p.tok.kind == tPercent {
		pos = append(pos, p.tok.start)
		vals = append(vals, p.parseUse())
		if p.tok.kind != tComma || p.peek().kind != tPercent {
			break
		}
		p.next()
	}
	return vals, pos
}

// checkOperandTypes checks that each operand has the type the op's
// signature gives it.
func (p *parser) checkOperandTypes(vals []*ir.Value, pos []int, types []ir.Type) bool {
	for i, v := range vals {
		if v == nil || i >= len(types) {
			continue
		}
		if !sameType(v.Type, types[i]) {
			p.errAt(pos[i], "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", v.Name, types[i], v.Type)
			return false
		}
	}
	return true
}

// parseGenericOp reads the generic form after the result list.
func (p *parser) parseGenericOp(start int) *ir.Op {
	name := unquote(p.text())
	if name == "" {
		p.errf("empty operation name")
		return nil
	}
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	var operands []*ir.Value
	var pos []int
	if p.tok.kind != tRParen {
		operands, pos = p.parseUseList()
	}
	if !p.expect(tRParen) {
		return nil
	}
	if p.tok.kind == tLSquare {
		p.errf("block successors are not supported")
		return nil
	}
	var attrs ir.Attrs
	if p.tok.kind == tLess {
		p.next()
		attrs = p.parseAttrDict()
		if !p.expect(tGreater) {
			return nil
		}
	}
	op := &ir.Op{Name: name}
	if p.tok.kind == tLParen {
		p.next()
		for p.err == nil {
			p.parseRegion(op, nil)
			if !p.accept(tComma) {
				break
			}
		}
		if !p.expect(tRParen) {
			return nil
		}
	}
	if p.tok.kind == tLBrace {
		pos := p.tok.start
		attrs = p.mergeAttrs(attrs, p.parseAttrDict(), pos)
	}
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	t := p.parseType()
	if p.err != nil {
		return nil
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		p.errAt(tpos, "expected a function type, found %s", t)
		return nil
	}
	if len(ft.Inputs) != len(operands) {
		p.errAt(tpos, "%d operands present, but expected %d", len(operands), len(ft.Inputs))
		return nil
	}
	if !p.checkOperandTypes(operands, pos, ft.Inputs) {
		return nil
	}
	built := ir.NewOp(name, operands, ft.Results, attrs)
	built.Regions = op.Regions
	for _, r := range built.Regions {
		r.Parent = built
	}
	return p.finishOp(built, start)
}

// blockArg is a region entry argument given by a pretty form (`%iterArg`
// of while, the reducer's arguments).
type blockArg struct {
	name string
	typ  ir.Type
	pos  int
}

// parseRegion reads `{ ... }` into a new region of op (op may be nil for a
// function body; the region is returned). args, when non-nil, are the entry
// block's arguments, named by the op's pretty form.
func (p *parser) parseRegion(op *ir.Op, args []blockArg) *ir.Region {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	r := &ir.Region{Parent: op}
	if op != nil {
		op.Regions = append(op.Regions, r)
	}
	if !p.expect(tLBrace) {
		return r
	}
	p.scopes = append(p.scopes, map[string][]*ir.Value{})
	defer func() { p.scopes = p.scopes[:len(p.scopes)-1] }()
	if p.tok.kind == tRBrace && args == nil {
		p.next()
		return r
	}
	if args != nil || p.tok.kind != tCaret {
		b := &ir.Block{Parent: r}
		r.Blocks = append(r.Blocks, b)
		for _, a := range args {
			v := b.AddArg(a.typ)
			v.Name = a.name
			if !p.define(a.name, []*ir.Value{v}, a.pos) {
				return r
			}
		}
		if args != nil && p.tok.kind == tCaret && p.peek().kind == tLParen {
			p.errf("invalid block name in region with named arguments")
			return r
		}
		if p.tok.kind == tCaret {
			p.next()
			p.expect(tColon)
		}
		p.parseBlockOps(b)
	}
	for p.err == nil && p.tok.kind == tCaret {
		b := &ir.Block{Parent: r}
		r.Blocks = append(r.Blocks, b)
		p.next()
		if p.accept(tLParen) && !p.accept(tRParen) {
			for p.err == nil {
				if p.tok.kind != tPercent || strings.IndexByte(p.text(), '#') >= 0 {
					p.errf("expected a block argument name, found %s", p.describe())
					return r
				}
				name, pos := p.text()[1:], p.tok.start
				p.next()
				if !p.expect(tColon) {
					return r
				}
				v := b.AddArg(p.parseType())
				v.Name = name
				var ignored ir.Location
				p.parseOptLoc(&ignored)
				if !p.define(name, []*ir.Value{v}, pos) {
					return r
				}
				if !p.accept(tComma) {
					break
				}
			}
			p.expect(tRParen)
		}
		p.expect(tColon)
		p.parseBlockOps(b)
	}
	if p.tok.kind != tRBrace {
		p.errf("expected '}' to end the region, found %s", p.describe())
		return r
	}
	p.next()
	return r
}

// parseBlockOps reads operations until '}' or the next block label.
func (p *parser) parseBlockOps(b *ir.Block) {
	for p.err == nil && p.tok.kind != tRBrace && p.tok.kind != tCaret {
		if p.tok.kind == tEOF {
			p.errf("expected '}' to end the region, found end of file")
			return
		}
		if p.is("func.func") || p.is("module") {
			p.errf("'%s' is only allowed at module level", p.text())
			return
		}
		pos := p.tok.start
		op := p.parseOperation()
		if op == nil {
			return
		}
		if op.Name == "func.func" || op.Name == "builtin.module" {
			p.errAt(pos, "'%s' is only allowed at module level", op.Name)
			return
		}
		b.Append(op)
	}
}
