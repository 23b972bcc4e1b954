package tensorio

import (
	"fmt"
	"strconv"
	"strings"
)

// pyValue is a value of the Python literal subset that .npy headers use
// (numpy.lib.format: "a Python literal expression of a dictionary"): a dict
// with string keys, tuples and lists, strings, integers, True, False and
// None.
type pyValue struct {
	kind  byte // 'd' dict, 't' tuple, 'l' list, 's' str, 'i' int, 'b' bool, 'n' None
	str   string
	num   string // integer digits, with sign
	b     bool
	items []pyValue // tuple and list elements; dict values
	keys  []string  // dict keys
}

// String returns v in Python syntax, for error messages.
func (v pyValue) String() string {
	switch v.kind {
	case 's':
		return "'" + v.str + "'"
	case 'i':
		return v.num
	case 'b':
		if v.b {
			return "True"
		}
		return "False"
	case 'n':
		return "None"
	case 't', 'l':
		parts := make([]string, len(v.items))
		for i, it := range v.items {
			parts[i] = it.String()
		}
		if v.kind == 'l' {
			return "[" + strings.Join(parts, ", ") + "]"
		}
		if len(parts) == 1 {
			return "(" + parts[0] + ",)"
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case 'd':
		parts := make([]string, len(v.items))
		for i, it := range v.items {
			parts[i] = "'" + v.keys[i] + "': " + it.String()
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "?"
}

// pyParser parses one Python literal. Nesting is limited so that hostile
// headers cannot exhaust the stack.
type pyParser struct {
	s     string
	pos   int
	depth int
}

const maxPyDepth = 32

func parsePyLiteral(s string) (pyValue, error) {
	p := &pyParser{s: s}
	v, err := p.value()
	if err != nil {
		return pyValue{}, err
	}
	p.space()
	if p.pos != len(p.s) {
		return pyValue{}, p.errorf("unexpected %q after the dictionary", p.rest())
	}
	return v, nil
}

func (p *pyParser) errorf(msg string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.pos, fmt.Sprintf(msg, args...))
}

func (p *pyParser) rest() string {
	r := p.s[p.pos:]
	if len(r) > 16 {
		r = r[:16] + "..."
	}
	return r
}

func (p *pyParser) space() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

func (p *pyParser) value() (pyValue, error) {
	p.space()
	if p.pos >= len(p.s) {
		return pyValue{}, p.errorf("unexpected end of header")
	}
	switch c := p.s[p.pos]; {
	case c == '{':
		return p.seq('d', '}')
	case c == '(':
		return p.seq('t', ')')
	case c == '[':
		return p.seq('l', ']')
	case c == '\'' || c == '"':
		s, err := p.str()
		return pyValue{kind: 's', str: s}, err
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		return p.int()
	case isIdentStart(c):
		start := p.pos
		for p.pos < len(p.s) && (isIdentStart(p.s[p.pos]) || (p.s[p.pos] >= '0' && p.s[p.pos] <= '9')) {
			p.pos++
		}
		switch w := p.s[start:p.pos]; w {
		case "True", "False":
			return pyValue{kind: 'b', b: w == "True"}, nil
		case "None":
			return pyValue{kind: 'n'}, nil
		default:
			p.pos = start
			return pyValue{}, p.errorf("unexpected name %q", w)
		}
	default:
		return pyValue{}, p.errorf("unexpected %q", p.rest())
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// seq parses a dict, tuple or list; the opening bracket is at p.pos. A
// parenthesised single value without a comma is that value, as in Python.
func (p *pyParser) seq(kind byte, closer byte) (pyValue, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxPyDepth {
		return pyValue{}, p.errorf("nesting deeper than %d", maxPyDepth)
	}
	p.pos++
	v := pyValue{kind: kind}
	sawComma := false
	for {
		p.space()
		if p.pos < len(p.s) && p.s[p.pos] == closer {
			p.pos++
			if kind == 't' && len(v.items) == 1 && !sawComma {
				return v.items[0], nil
			}
			return v, nil
		}
		if kind == 'd' {
			keyPos := p.pos
			k, err := p.value()
			if err != nil {
				return pyValue{}, err
			}
			if k.kind != 's' {
				return pyValue{}, p.errorf("dictionary key %s is not a string", k)
			}
			p.space()
			if p.pos >= len(p.s) || p.s[p.pos] != ':' {
				return pyValue{}, p.errorf("expected ':' after dictionary key %s", k)
			}
			p.pos++
			for _, old := range v.keys {
				if old == k.str {
					p.pos = keyPos
					return pyValue{}, p.errorf("duplicate key %s", k)
				}
			}
			v.keys = append(v.keys, k.str)
		}
		it, err := p.value()
		if err != nil {
			return pyValue{}, err
		}
		v.items = append(v.items, it)
		p.space()
		if p.pos >= len(p.s) {
			return pyValue{}, p.errorf("unexpected end of header")
		}
		switch p.s[p.pos] {
		case ',':
			p.pos++
			sawComma = true
		case closer:
		default:
			return pyValue{}, p.errorf("expected ',' or %q, found %q", closer, p.rest())
		}
	}
}

// str parses a quoted string with the simple backslash escapes.
func (p *pyParser) str() (string, error) {
	q := p.s[p.pos]
	p.pos++
	var b strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		p.pos++
		switch c {
		case q:
			return b.String(), nil
		case '\n':
			return "", p.errorf("newline in string")
		case '\\':
			if p.pos >= len(p.s) {
				return "", p.errorf("unexpected end of header")
			}
			e := p.s[p.pos]
			p.pos++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\\', '\'', '"':
				b.WriteByte(e)
			default:
				return "", p.errorf("unsupported escape \\%c in string", e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", p.errorf("unterminated string")
}

// int parses a decimal integer, allowing the `L` suffix that Python 2 wrote
// (numpy.lib.format's _filter_header drops it too).
func (p *pyParser) int() (pyValue, error) {
	start := p.pos
	if c := p.s[p.pos]; c == '-' || c == '+' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits {
		return pyValue{}, p.errorf("expected digits after sign")
	}
	num := p.s[start:p.pos]
	if p.pos < len(p.s) && p.s[p.pos] == 'L' {
		p.pos++
	}
	if p.pos < len(p.s) && (p.s[p.pos] == '.' || p.s[p.pos] == 'e' || p.s[p.pos] == 'E' || p.s[p.pos] == 'j' || isIdentStart(p.s[p.pos])) {
		p.pos = start
		return pyValue{}, p.errorf("unsupported number %q", p.rest())
	}
	return pyValue{kind: 'i', num: strings.TrimPrefix(num, "+")}, nil
}

// pyInt returns v as an int64 if it is an integer that fits.
func pyInt(v pyValue) (int64, bool) {
	if v.kind != 'i' {
		return 0, false
	}
	n, err := strconv.ParseInt(v.num, 10, 64)
	return n, err == nil
}
