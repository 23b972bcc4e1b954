package asm

import (
	"fmt"
	"strings"
)

// tokKind is the kind of one lexical token of MLIR's textual format
// (mlir/lib/AsmParser/Lexer.cpp): punctuation, bare identifiers, numbers,
// strings and the prefixed identifiers `%value`, `@symbol`, `^block`,
// `#attribute` and `!type`.
type tokKind uint8

const (
	tEOF         tokKind = iota
	tError               // a lexical error; the message is in token.msg
	tBareID              // foo, foo.bar, i32, x
	tInt                 // 42, 0x2A
	tFloat               // 1.5, 1e3, 2.
	tString              // "abc" (escapes decoded by stringValue)
	tPercent             // %arg0, %0, %0#1
	tAt                  // @main, @"quoted name"
	tHash                // #loc3, #stablehlo.dot
	tExcl                // !stablehlo.token
	tCaret               // ^bb0
	tLParen              // (
	tRParen              // )
	tLSquare             // [
	tRSquare             // ]
	tLBrace              // {
	tRBrace              // }
	tLess                // <
	tGreater             // >
	tComma               // ,
	tColon               // :
	tEqual               // =
	tArrow               // ->
	tMinus               // -
	tPlus                // +
	tQuestion            // ?
	tStar                // *
	tDoubleColon         // ::
)

var tokNames = [...]string{
	tEOF: "end of file", tError: "error", tBareID: "identifier", tInt: "integer",
	tFloat: "float", tString: "string", tPercent: "SSA value", tAt: "symbol",
	tHash: "'#' identifier", tExcl: "'!' identifier", tCaret: "block label",
	tLParen: "'('", tRParen: "')'", tLSquare: "'['", tRSquare: "']'",
	tLBrace: "'{'", tRBrace: "'}'", tLess: "'<'", tGreater: "'>'", tComma: "','",
	tColon: "':'", tEqual: "'='", tArrow: "'->'", tMinus: "'-'", tPlus: "'+'",
	tQuestion: "'?'", tStar: "'*'", tDoubleColon: "'::'",
}

func (k tokKind) String() string {
	if int(k) < len(tokNames) {
		return tokNames[k]
	}
	return fmt.Sprintf("token(%d)", k)
}

// token is one lexed token: src[start:end] is its spelling.
type token struct {
	kind       tokKind
	start, end int
	msg        string // for tError
}

// lexer turns src[pos:end] into tokens on demand. It never fails: bad input
// gives a tError token, and the end of input gives tEOF forever.
type lexer struct {
	src []byte
	pos int
	end int
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHexDigit(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// isIDChar reports whether c may continue a bare identifier.
func isIDChar(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' }

// isSuffixChar reports whether c may appear in the name after a sigil
// (`%`, `^`, `#`, `!`, `@`).
func isSuffixChar(c byte) bool { return isIDChar(c) || c == '-' }

// skipSpace skips whitespace and `//` comments.
func (l *lexer) skipSpace() {
	for l.pos < l.end {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < l.end && l.src[l.pos+1] == '/':
			for l.pos < l.end && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) next() token {
	l.skipSpace()
	start := l.pos
	if l.pos >= l.end {
		return token{kind: tEOF, start: l.end, end: l.end}
	}
	c := l.src[l.pos]
	l.pos++
	one := func(k tokKind) token { return token{kind: k, start: start, end: l.pos} }
	switch c {
	case '(':
		return one(tLParen)
	case ')':
		return one(tRParen)
	case '[':
		return one(tLSquare)
	case ']':
		return one(tRSquare)
	case '{':
		return one(tLBrace)
	case '}':
		return one(tRBrace)
	case '<':
		return one(tLess)
	case '>':
		return one(tGreater)
	case ',':
		return one(tComma)
	case '=':
		return one(tEqual)
	case '?':
		return one(tQuestion)
	case '*':
		return one(tStar)
	case '+':
		return one(tPlus)
	case ':':
		if l.pos < l.end && l.src[l.pos] == ':' {
			l.pos++
			return one(tDoubleColon)
		}
		return one(tColon)
	case '-':
		if l.pos < l.end && l.src[l.pos] == '>' {
			l.pos++
			return one(tArrow)
		}
		return one(tMinus)
	case '"':
		return l.lexString(start)
	case '%', '^', '#', '!':
		kind := tPercent
		switch c {
		case '^':
			kind = tCaret
		case '#':
			kind = tHash
		case '!':
			kind = tExcl
		}
		for l.pos < l.end && isSuffixChar(l.src[l.pos]) {
			l.pos++
		}
		if l.pos == start+1 {
			return token{kind: tError, start: start, end: l.pos, msg: fmt.Sprintf("invalid identifier after '%c'", c)}
		}
		// A result number `%0#1` belongs to the value token.
		if c == '%' && l.pos+1 < l.end && l.src[l.pos] == '#' && isDigit(l.src[l.pos+1]) {
			l.pos++
			for l.pos < l.end && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
		return one(kind)
	case '@':
		if l.pos < l.end && l.src[l.pos] == '"' {
			t := l.lexString(l.pos)
			if t.kind == tError {
				return t
			}
			return token{kind: tAt, start: start, end: t.end}
		}
		for l.pos < l.end && isSuffixChar(l.src[l.pos]) {
			l.pos++
		}
		if l.pos == start+1 {
			return token{kind: tError, start: start, end: l.pos, msg: "expected a symbol name after '@'"}
		}
		return one(tAt)
	}
	if isLetter(c) || c == '_' {
		for l.pos < l.end && isIDChar(l.src[l.pos]) {
			l.pos++
		}
		return one(tBareID)
	}
	if isDigit(c) {
		return l.lexNumber(start)
	}
	return token{kind: tError, start: start, end: l.pos, msg: fmt.Sprintf("unexpected character %q", rune(c))}
}

func (l *lexer) lexNumber(start int) token {
	// Hexadecimal integer.
	if l.src[start] == '0' && l.pos < l.end && l.src[l.pos] == 'x' && l.pos+1 < l.end && isHexDigit(l.src[l.pos+1]) {
		l.pos++
		for l.pos < l.end && isHexDigit(l.src[l.pos]) {
			l.pos++
		}
		return token{kind: tInt, start: start, end: l.pos}
	}
	for l.pos < l.end && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos >= l.end || l.src[l.pos] != '.' {
		return token{kind: tInt, start: start, end: l.pos}
	}
	l.pos++ // '.'
	for l.pos < l.end && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < l.end && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < l.end && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < l.end && isDigit(l.src[p]) {
			for p < l.end && isDigit(l.src[p]) {
				p++
			}
			l.pos = p
		}
	}
	return token{kind: tFloat, start: start, end: l.pos}
}

// lexString lexes a string literal whose opening quote is at start.
func (l *lexer) lexString(start int) token {
	l.pos = start + 1
	for l.pos < l.end {
		c := l.src[l.pos]
		l.pos++
		switch c {
		case '"':
			return token{kind: tString, start: start, end: l.pos}
		case '\n':
			return token{kind: tError, start: start, end: l.pos, msg: "expected '\"' in string literal"}
		case '\\':
			if l.pos >= l.end {
				break
			}
			e := l.src[l.pos]
			switch {
			case e == '"' || e == '\\' || e == 'n' || e == 't':
				l.pos++
			case l.pos+1 < l.end && isHexDigit(e) && isHexDigit(l.src[l.pos+1]):
				l.pos += 2
			default:
				return token{kind: tError, start: l.pos - 1, end: l.pos, msg: "unknown escape in string literal"}
			}
		}
	}
	return token{kind: tError, start: start, end: l.pos, msg: "expected '\"' in string literal"}
}

// unquote decodes the body of a string literal token spelled s (with its
// quotes): `\"`, `\\`, `\n`, `\t` and `\XX` (two hex digits).
func unquote(s string) string {
	s = s[1 : len(s)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '"', '\\':
			b.WriteByte(e)
		default:
			if i+1 < len(s) {
				b.WriteByte(hexVal(e)<<4 | hexVal(s[i+1]))
				i++
			}
		}
	}
	return b.String()
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}
