package asm

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Types
//
//	tensor<2x?x4xf32>, tensor<f32>, tensor<4xf32, #enc>  ir.TensorType
//	tuple<T, ...>                                        ir.TupleType
//	!stablehlo.token                                     ir.TokenType
//	(T, U) -> R, (T) -> (R, S)                           ir.FunctionType
//	i1 ... ui64, f8E4M3FN ... f64, complex<f32>, index   ir.ElementType
//	!dialect.name<...>                                   ir.OpaqueType (verbatim)
//	!alias                                               a type alias defined by `!alias = type`

// parseType reads one type.
func (p *parser) parseType() ir.Type {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.tok.kind {
	case tBareID:
		switch p.text() {
		case "tensor":
			return p.parseTensorType()
		case "tuple":
			p.next()
			if !p.expect(tLess) {
				return nil
			}
			t := &ir.TupleType{}
			if p.accept(tGreater) {
				return t
			}
			for p.err == nil {
				t.Elems = append(t.Elems, p.parseType())
				if !p.accept(tComma) {
					break
				}
			}
			p.expect(tGreater)
			return t
		}
		e := p.parseElementType()
		if e == ir.Invalid {
			return nil
		}
		return e
	case tExcl:
		name := p.text()
		pos := p.tok.start
		if name == "!stablehlo.token" {
			p.next()
			return &ir.TokenType{}
		}
		if strings.IndexByte(name, '.') < 0 {
			t, ok := p.typeAliases[name[1:]]
			if !ok {
				p.errf("undefined type alias %s", name)
				return nil
			}
			p.next()
			return t
		}
		text := p.dialectSuffix(name)
		if p.err != nil {
			return nil
		}
		_ = pos
		return &ir.OpaqueType{Text: text}
	case tLParen:
		return p.parseFunctionType()
	}
	p.errf("expected a type, found %s", p.describe())
	return nil
}

// dialectSuffix returns name followed by the `<...>` that immediately follows
// the current token, if any, and moves past both.
func (p *parser) dialectSuffix(name string) string {
	end := p.tok.end
	if end < p.lx.end && p.src[end] == '<' {
		close, ok := p.scanBalanced(end)
		if !ok {
			return ""
		}
		name += string(p.src[end:close])
		p.lx.pos = close
	}
	p.next()
	return name
}

// parseElementType reads `f32`, `ui8`, `complex<f32>`, `index`.
func (p *parser) parseElementType() ir.ElementType {
	if p.tok.kind != tBareID {
		p.errf("expected an element type, found %s", p.describe())
		return ir.Invalid
	}
	name := p.text()
	if name == "complex" {
		pos := p.tok.start
		p.next()
		if !p.expect(tLess) {
			return ir.Invalid
		}
		part := p.parseElementType()
		if p.err != nil || !p.expect(tGreater) {
			return ir.Invalid
		}
		switch part {
		case ir.F32:
			return ir.C64
		case ir.F64:
			return ir.C128
		}
		p.errAt(pos, "unsupported complex element type complex<%s>", part)
		return ir.Invalid
	}
	e, ok := ir.ParseElementType(name)
	if !ok {
		p.errf("unknown or unsupported type '%s'", name)
		return ir.Invalid
	}
	p.next()
	return e
}

// parseTensorType reads `tensor<dims x elem [, encoding]>`. The dimension
// list is scanned from the raw text, as MLIR's lexer does, since `4xf32`
// is not a token sequence.
func (p *parser) parseTensorType() ir.Type {
	p.next() // tensor
	if p.tok.kind != tLess {
		p.errf("expected '<' after 'tensor', found %s", p.describe())
		return nil
	}
	t := &ir.TensorType{Shape: []int64{}}
	i := p.tok.end
	end := p.lx.end
	skip := func() {
		for i < end && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\n' || p.src[i] == '\r') {
			i++
		}
	}
	for {
		skip()
		if i >= end {
			break
		}
		c := p.src[i]
		if c == '*' {
			p.errAt(i, "unranked tensors are not supported")
			return nil
		}
		var d int64
		switch {
		case c == '?':
			d = ir.Dynamic
			i++
		case isDigit(c):
			j := i
			for j < end && isDigit(p.src[j]) {
				j++
			}
			v, err := strconv.ParseInt(string(p.src[i:j]), 10, 64)
			if err != nil {
				p.errAt(i, "dimension size %s is too large", p.src[i:j])
				return nil
			}
			d = v
			i = j
		default:
			goto elem
		}
		skip()
		if i >= end || p.src[i] != 'x' {
			p.errAt(i, "expected 'x' in dimension list")
			return nil
		}
		i++
		t.Shape = append(t.Shape, d)
	}
elem:
	p.lx.pos = i
	p.next()
	if p.tok.kind != tBareID {
		p.errf("expected an element type, found %s", p.describe())
		return nil
	}
	t.Elem = p.parseElementType()
	if p.err != nil {
		return nil
	}
	if p.accept(tComma) {
		t.Encoding = p.parseAttr()
	}
	if !p.expect(tGreater) {
		return nil
	}
	return t
}

// parseFunctionType reads `(T, ...) -> R` or `(T, ...) -> (R, ...)`.
func (p *parser) parseFunctionType() *ir.FunctionType {
	ins := p.parseParenTypeList()
	if p.err != nil {
		return nil
	}
	if !p.expect(tArrow) {
		return nil
	}
	ft := &ir.FunctionType{Inputs: ins}
	if p.tok.kind == tLParen {
		ft.Results = p.parseParenTypeList()
	} else {
		ft.Results = []ir.Type{p.parseType()}
	}
	if p.err != nil {
		return nil
	}
	return ft
}

// parseParenTypeList reads `(T, U, ...)`, possibly empty.
func (p *parser) parseParenTypeList() []ir.Type {
	if !p.expect(tLParen) {
		return nil
	}
	ts := []ir.Type{}
	if p.accept(tRParen) {
		return ts
	}
	ts = p.parseTypeList()
	p.expect(tRParen)
	return ts
}

// parseTypeList reads `T, U, ...` (at least one type).
func (p *parser) parseTypeList() []ir.Type {
	var ts []ir.Type
	for p.err == nil {
		ts = append(ts, p.parseType())
		if !p.accept(tComma) {
			break
		}
	}
	return ts
}

// sameType reports whether a and b are the same type.
func sameType(a, b ir.Type) bool {
	if a == b {
		return true
	}
	ta, ok1 := a.(*ir.TensorType)
	tb, ok2 := b.(*ir.TensorType)
	if ok1 && ok2 {
		if ta.Elem != tb.Elem || len(ta.Shape) != len(tb.Shape) {
			return false
		}
		for i := range ta.Shape {
			if ta.Shape[i] != tb.Shape[i] {
				return false
			}
		}
		if ta.Encoding == nil || tb.Encoding == nil {
			return ta.Encoding == nil && tb.Encoding == nil
		}
		return ir.AttrString(ta.Encoding) == ir.AttrString(tb.Encoding)
	}
	if ea, ok := a.(ir.ElementType); ok {
		eb, ok := b.(ir.ElementType)
		return ok && ea == eb
	}
	return ir.TypesEqual(a, b)
}
