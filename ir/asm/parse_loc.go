package asm

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Locations
//
// `loc("file.py":3:7)` becomes ir.Location{File, Line, Col}. Every other
// location (`loc(unknown)`, named `loc("name"(...))`, `loc(callsite(...))`,
// `loc(fused[...])`) is kept as text in ir.Location.Text, `loc(...)`
// included, with every location alias it names (`#loc3`) replaced by that
// alias's definition, so the text stands on its own. Location aliases
// (`#loc3 = loc(...)`) may be defined before or after their uses, as MLIR
// prints them after the module.

// parseLocBody reads `loc(...)` at the current token and returns the text
// between the parentheses.
func (p *parser) parseLocBody() string {
	p.next() // loc
	if p.tok.kind != tLParen {
		p.errf("expected '(' after 'loc', found %s", p.describe())
		return ""
	}
	open := p.tok.start
	end, ok := p.scanBalanced(open)
	if !ok {
		return ""
	}
	body := strings.TrimSpace(string(p.src[open+1 : end-1]))
	p.lx.pos = end
	p.next()
	return body
}

// parseOptLoc reads an optional trailing `loc(...)` into dst.
func (p *parser) parseOptLoc(dst *ir.Location) {
	if !p.is("loc") || p.peek().kind != tLParen {
		return
	}
	pos := p.tok.start
	body := p.parseLocBody()
	if p.err != nil {
		return
	}
	p.setLoc(dst, body, pos)
}

// setLoc stores the location whose `loc(...)` body is body in dst, now or,
// when it names aliases, once they are all known.
func (p *parser) setLoc(dst *ir.Location, body string, pos int) {
	if strings.IndexByte(body, '#') >= 0 {
		p.pendingLocs = append(p.pendingLocs, pendingLoc{dst: dst, body: body, pos: pos})
		return
	}
	*dst = makeLoc(body)
}

// makeLoc turns the body of a `loc(...)` without aliases into a Location.
func makeLoc(body string) ir.Location {
	if f, line, col, ok := fileLineCol(body); ok {
		return ir.Location{File: f, Line: line, Col: col}
	}
	return ir.Location{Text: "loc(" + body + ")"}
}

// fileLineCol matches `"file":line:col`.
func fileLineCol(s string) (string, int, int, bool) {
	if len(s) < 2 || s[0] != '"' {
		return "", 0, 0, false
	}
	l := lexer{src: []byte(s), end: len(s)}
	t := l.next()
	if t.kind != tString {
		return "", 0, 0, false
	}
	file := unquote(s[t.start:t.end])
	var nums [2]int
	for i := range nums {
		if l.next().kind != tColon {
			return "", 0, 0, false
		}
		n := l.next()
		if n.kind != tInt {
			return "", 0, 0, false
		}
		v, err := strconv.Atoi(s[n.start:n.end])
		if err != nil {
			return "", 0, 0, false
		}
		nums[i] = v
	}
	if l.next().kind != tEOF {
		return "", 0, 0, false
	}
	return file, nums[0], nums[1], true
}

// resolveLocs fills in the locations that name aliases.
func (p *parser) resolveLocs() {
	memo := map[string]string{}
	for _, pl := range p.pendingLocs {
		body, ok := p.expandLoc(pl.body, memo, 0, pl.pos)
		if !ok {
			return
		}
		*pl.dst = makeLoc(body)
	}
	p.pendingLocs = nil
}

// expandLoc replaces the location aliases in body by their definitions.
func (p *parser) expandLoc(body string, memo map[string]string, depth int, pos int) (string, bool) {
	if depth > maxDepth {
		p.errAt(pos, "location aliases nest deeper than %d levels (or refer to themselves)", maxDepth)
		return "", false
	}
	if strings.IndexByte(body, '#') < 0 {
		return body, true
	}
	var b strings.Builder
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(body) && body[j] != '"' {
				if body[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(body) {
				j++
			}
			b.WriteString(body[i:j])
			i = j
		case c == '#':
			j := i + 1
			for j < len(body) && isSuffixChar(body[j]) {
				j++
			}
			name := body[i+1 : j]
			r, ok := memo[name]
			if !ok {
				def, found := p.locAliases[name]
				if !found {
					p.errAt(pos, "use of undefined location alias #%s", name)
					return "", false
				}
				var good bool
				r, good = p.expandLoc(def, memo, depth+1, pos)
				if !good {
					return "", false
				}
				memo[name] = r
			}
			b.WriteString(r)
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), true
}

// scanBalanced scans from the opening bracket at src[open] ('<', '(', '['
// or '{') to its matching closer, skipping string literals and the '>' of
// '->', and returns the offset just past the closer.
func (p *parser) scanBalanced(open int) (int, bool) {
	var stack []byte
	end := p.lx.end
	for i := open; i < end; i++ {
		c := p.src[i]
		switch c {
		case '"':
			i++
			for i < end && p.src[i] != '"' {
				if p.src[i] == '\\' {
					i++
				}
				if i < end && p.src[i] == '\n' {
					p.errAt(i, "expected '\"' in string literal")
					return 0, false
				}
				i++
			}
			if i >= end {
				p.errAt(open, "unterminated string in bracketed text")
				return 0, false
			}
		case '-':
			if i+1 < end && p.src[i+1] == '>' {
				i++
			}
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case '>', ')', ']', '}':
			want := opener(c)
			if len(stack) == 0 || stack[len(stack)-1] != want {
				p.errAt(i, "unbalanced '%c'", c)
				return 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, true
			}
		}
	}
	p.errAt(open, "unbalanced '%c'", p.src[open])
	return 0, false
}

// opener returns the opening bracket matching the closer c.
func opener(c byte) byte {
	switch c {
	case '>':
		return '<'
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}
