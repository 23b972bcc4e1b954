package asm

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// maxDepth bounds the nesting of regions, attributes, types and dense
// literals, so that hostile input cannot exhaust the stack.
const maxDepth = 256

// MaxDenseElements is the largest element count a `dense<...>` literal may
// materialise (a splat `dense<0.0> : tensor<100000x100000xf32>` would
// otherwise allocate without bound). Larger literals are an error.
var MaxDenseElements int64 = 1 << 27

// Parse reads one MLIR module in StableHLO's textual form, pretty or
// generic (see the package's parse*.go files for the accepted syntax).
// Top-level `func.func`s without an enclosing `module {}` form an implicit
// module, as in MLIR. filename names the source in locations and errors.
//
// The first error stops parsing; it is an *ir.Diagnostic whose Loc is the
// file:line:col of the offending token and whose Source is src, so that its
// Error() shows the line and a caret.
func Parse(filename string, src []byte) (*ir.Module, error) {
	p := newParser(filename, src, lineStarts(src), 0, len(src))
	m := p.parseFile()
	if p.err != nil {
		return nil, p.err
	}
	return m, nil
}

// ParseSplit splits src on lines that consist of `// -----` (MLIR's
// --split-input-file) and parses each chunk as Parse does. Locations and
// error positions stay relative to the whole file. On error the returned
// slice still has one entry per chunk, nil for the chunks that failed, and
// the error is the chunk's *ir.Diagnostic (one failed chunk) or an
// ir.Diagnostics (several).
func ParseSplit(filename string, src []byte) ([]*ir.Module, error) {
	var mods []*ir.Module
	var errs ir.Diagnostics
	lines := lineStarts(src)
	for _, c := range splitChunks(src) {
		p := newParser(filename, src, lines, c[0], c[1])
		m := p.parseFile()
		if p.err != nil {
			errs = append(errs, p.err)
			m = nil
		}
		mods = append(mods, m)
	}
	switch len(errs) {
	case 0:
		return mods, nil
	case 1:
		return mods, errs[0]
	}
	return mods, errs
}

// splitChunks returns the [start, end) byte ranges between `// -----` lines.
func splitChunks(src []byte) [][2]int {
	var chunks [][2]int
	start := 0
	for off := 0; off < len(src); {
		nl := bytes.IndexByte(src[off:], '\n')
		lineEnd := len(src)
		if nl >= 0 {
			lineEnd = off + nl
		}
		line := bytes.TrimSpace(src[off:lineEnd])
		if bytes.HasPrefix(line, []byte("// -----")) && len(bytes.Trim(line[2:], " -")) == 0 {
			chunks = append(chunks, [2]int{start, off})
			start = lineEnd
		}
		off = lineEnd + 1
	}
	return append(chunks, [2]int{start, len(src)})
}

// parser is a recursive-descent parser over src[start:end]. Errors are
// sticky: the first one is kept in err and the token stream then reads as
// end of file, so every loop ends.
type parser struct {
	file  string
	src   []byte
	lines []int // offsets of line starts in src
	lx    lexer
	tok   token
	err   *ir.Diagnostic
	depth int

	attrAliases map[string]ir.Attribute
	typeAliases map[string]ir.Type
	locAliases  map[string]string // alias name -> body of its loc(...)
	pendingLocs []pendingLoc

	// scopes holds the SSA names visible at this point of the current
	// isolated region (a function body): one map per enclosing region.
	scopes []map[string][]*ir.Value
}

// pendingLoc is a `loc(...)` that names location aliases, resolved once
// the whole chunk (where MLIR prints the alias definitions last) is read.
type pendingLoc struct {
	dst  *ir.Location
	body string
	pos  int
}

func newParser(file string, src []byte, lines []int, start, end int) *parser {
	p := &parser{file: file, src: src, lines: lines, lx: lexer{src: src, pos: start, end: end},
		attrAliases: map[string]ir.Attribute{}, typeAliases: map[string]ir.Type{}, locAliases: map[string]string{}}
	p.next()
	return p
}

// lineStarts returns the offsets at which the lines of src start.
func lineStarts(src []byte) []int {
	lines := []int{0}
	for i, c := range src {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// loc returns the source position of byte offset off.
func (p *parser) loc(off int) ir.Location {
	i := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return ir.Location{File: p.file, Line: i + 1, Col: off - p.lines[i] + 1}
}

// errAt records the first error, at byte offset off, and stops the token
// stream.
func (p *parser) errAt(off int, format string, a ...any) {
	if p.err != nil {
		return
	}
	p.err = &ir.Diagnostic{Loc: p.loc(off), Message: fmt.Sprintf(format, a...), Source: p.src}
	p.tok = token{kind: tEOF, start: p.lx.end, end: p.lx.end}
	p.lx.pos = p.lx.end
}

// errf records an error at the current token.
func (p *parser) errf(format string, a ...any) { p.errAt(p.tok.start, format, a...) }

func (p *parser) next() {
	if p.err != nil {
		return
	}
	p.tok = p.lx.next()
	if p.tok.kind == tError {
		p.errAt(p.tok.start, "%s", p.tok.msg)
	}
}

// peek returns the token after the current one without consuming anything.
func (p *parser) peek() token {
	l := p.lx
	return l.next()
}

func (p *parser) text() string { return string(p.src[p.tok.start:p.tok.end]) }

func (p *parser) tokText(t token) string { return string(p.src[t.start:t.end]) }

// is reports whether the current token is the bare identifier kw.
func (p *parser) is(kw string) bool {
	return p.tok.kind == tBareID && string(p.src[p.tok.start:p.tok.end]) == kw
}

// describe names the current token for error messages.
func (p *parser) describe() string {
	if p.tok.kind == tEOF {
		return "end of file"
	}
	return "'" + p.text() + "'"
}

// accept consumes the current token if it has kind k.
func (p *parser) accept(k tokKind) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	return false
}

// acceptKw consumes the bare identifier kw if it is the current token.
func (p *parser) acceptKw(kw string) bool {
	if p.is(kw) {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k or records "expected ...".
func (p *parser) expect(k tokKind) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	p.errf("expected %s, found %s", k, p.describe())
	return false
}

// expectKw consumes the bare identifier kw or records an error.
func (p *parser) expectKw(kw string) bool {
	if p.acceptKw(kw) {
		return true
	}
	p.errf("expected '%s', found %s", kw, p.describe())
	return false
}

// enter increments the nesting depth, recording an error past maxDepth.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.errf("nesting is deeper than %d levels", maxDepth)
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// parseFile reads the top level of a chunk: alias definitions, then either
// one `module` or functions and global ops forming an implicit module.
func (p *parser) parseFile() *ir.Module {
	var explicit, implicit *ir.Module
	for p.err == nil && p.tok.kind != tEOF {
		switch {
		case p.tok.kind == tHash && p.peek().kind == tEqual:
			p.parseAttrAliasDef()
		case p.tok.kind == tExcl && p.peek().kind == tEqual:
			p.parseTypeAliasDef()
		case p.is("module") || p.tok.kind == tString && p.text() == `"builtin.module"`:
			if explicit != nil || implicit != nil {
				p.errf("expected a single top-level module, or only functions and global operations")
				return nil
			}
			if p.tok.kind == tString {
				explicit = p.parseGenericModule()
			} else {
				explicit = p.parseModule()
			}
		default:
			if explicit != nil {
				p.errf("expected a single top-level module, or only functions and global operations")
				return nil
			}
			if implicit == nil {
				implicit = &ir.Module{Loc: p.loc(p.tok.start)}
			}
			p.parseModuleItem(implicit)
		}
	}
	m := explicit
	if m == nil {
		m = implicit
	}
	if m == nil {
		m = &ir.Module{}
	}
	p.resolveLocs()
	if p.err != nil {
		return nil
	}
	return m
}

func (p *parser) parseAttrAliasDef() {
	name := p.text()[1:]
	pos := p.tok.start
	p.next() // #name
	p.next() // =
	if p.is("loc") && p.peek().kind == tLParen {
		body := p.parseLocBody()
		if _, dup := p.locAliases[name]; dup {
			p.errAt(pos, "redefinition of location alias #%s", name)
		}
		p.locAliases[name] = body
		return
	}
	a := p.parseAttr()
	if _, dup := p.attrAliases[name]; dup {
		p.errAt(pos, "redefinition of attribute alias #%s", name)
	}
	p.attrAliases[name] = a
}

func (p *parser) parseTypeAliasDef() {
	name := p.text()[1:]
	pos := p.tok.start
	p.next() // !name
	p.next() // =
	t := p.parseType()
	if _, dup := p.typeAliases[name]; dup {
		p.errAt(pos, "redefinition of type alias !%s", name)
	}
	p.typeAliases[name] = t
}

// parseModule reads `module [@name] [attributes {...}] { items } [loc]`.
func (p *parser) parseModule() *ir.Module {
	m := &ir.Module{Loc: p.loc(p.tok.start)}
	p.next() // module
	if p.tok.kind == tAt {
		m.Name = p.symbolName()
		p.next()
	}
	if p.acceptKw("attributes") {
		m.Attrs = p.parseAttrDict()
	}
	if !p.expect(tLBrace) {
		return m
	}
	for p.err == nil && p.tok.kind != tRBrace {
		if p.tok.kind == tEOF {
			p.errf("expected '}' to end the module, found end of file")
			return m
		}
		p.parseModuleItem(m)
	}
	p.expect(tRBrace)
	p.parseOptLoc(&m.Loc)
	return m
}

// parseGenericModule reads `"builtin.module"() <{sym_name = "m"}> ({
// items }) {attrs} : () -> ()`.
func (p *parser) parseGenericModule() *ir.Module {
	m := &ir.Module{Loc: p.loc(p.tok.start)}
	p.next()
	if !p.expect(tLParen) || !p.expect(tRParen) {
		return m
	}
	if p.accept(tLess) {
		for _, a := range p.parseAttrDict() {
			if s, ok := a.Value.(ir.StringAttr); ok && a.Name == "sym_name" {
				m.Name = string(s)
			} else {
				m.Attrs = append(m.Attrs, a)
			}
		}
		p.expect(tGreater)
	}
	if !p.expect(tLParen) || !p.expect(tLBrace) {
		return m
	}
	if p.tok.kind == tCaret {
		p.next()
		p.expect(tColon)
	}
	for p.err == nil && p.tok.kind != tRBrace {
		if p.tok.kind == tEOF {
			p.errf("expected '}' to end the module, found end of file")
			return m
		}
		p.parseModuleItem(m)
	}
	p.expect(tRBrace)
	p.expect(tRParen)
	if p.tok.kind == tLBrace {
		m.Attrs = append(m.Attrs, p.parseAttrDict()...)
	}
	if !p.expect(tColon) {
		return m
	}
	if t := p.parseFunctionType(); t != nil && (len(t.Inputs) > 0 || len(t.Results) > 0) {
		p.errf("builtin.module has type () -> ()")
	}
	p.parseOptLoc(&m.Loc)
	return m
}

// parseModuleItem reads one function or global operation into m.
func (p *parser) parseModuleItem(m *ir.Module) {
	switch {
	case p.is("module"):
		p.errf("nested modules are not supported")
	case p.is("func.func"):
		if f := p.parsePrettyFunc(); f != nil {
			m.Funcs = append(m.Funcs, f)
		}
	case p.is("sdy.mesh"):
		if op := p.parseSdyMesh(); op != nil {
			m.Globals = append(m.Globals, op)
		}
	default:
		pos := p.tok.start
		p.scopes = []map[string][]*ir.Value{{}}
		op := p.parseOperation()
		p.scopes = nil
		if op == nil {
			return
		}
		if len(op.Results) > 0 {
			p.errAt(pos, "module-level operations cannot have results")
			return
		}
		if op.Name == "func.func" {
			if f := p.funcFromOp(op, pos); f != nil {
				m.Funcs = append(m.Funcs, f)
			}
			return
		}
		m.Globals = append(m.Globals, op)
	}
}

// symbolName returns the name of the current `@sym` token, unquoted.
func (p *parser) symbolName() string {
	s := p.text()[1:]
	if len(s) > 0 && s[0] == '"' {
		return unquote(s)
	}
	return s
}
