package asm

import (
	"bytes"
	"io"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Print returns m as MLIR text: `module @name attributes {...} {`, its
// globals (`sdy.mesh`), its functions, `}`; or, with opts.Generic, the
// generic form `"builtin.module"() <{sym_name = "name"}> ({ ... }) : () -> ()`.
// Values are renumbered as MLIR numbers them (%arg0.. for entry block
// arguments, %0, %1.. for op results, one counter per function). Printing
// never fails: malformed IR (a nil type, a value defined elsewhere) prints
// MLIR's placeholders (`<<NULL TYPE>>`, `<<UNKNOWN SSA VALUE>>`).
func Print(m *ir.Module, opts Options) string {
	p := newPrinter(opts)
	p.module(m)
	return p.buf.String()
}

// Fprint writes Print(m, opts) to w and returns the writer's error.
func Fprint(w io.Writer, m *ir.Module, opts Options) error {
	p := newPrinter(opts)
	p.module(m)
	_, err := p.buf.WriteTo(w)
	return err
}

// PrintFunc returns one function as MLIR text (`func.func @f(...) {...}`,
// without the enclosing module), for diagnostics and tests.
func PrintFunc(f *ir.Func, opts Options) string {
	p := newPrinter(opts)
	p.fn(f)
	return p.buf.String()
}

// printer holds the output and the state of one Print call.
type printer struct {
	opts   Options
	buf    bytes.Buffer
	indent int // nesting level of the line being printed
	names  *namer
	// dialects is MLIR's stack of default dialects: ops of the innermost
	// entry print without their dialect prefix (`return` in a func.func).
	dialects []string
}

func newPrinter(opts Options) *printer {
	return &printer{opts: opts, dialects: []string{""}}
}

func (p *printer) ws(s string) { p.buf.WriteString(s) }

// newline ends the current line and indents the next one.
func (p *printer) newline() {
	p.buf.WriteByte('\n')
	p.pad()
}

func (p *printer) pad() {
	for i := 0; i < p.indent; i++ {
		p.buf.WriteString("  ")
	}
}

// loc prints ` loc(...)` when debug info is requested and l is printable.
func (p *printer) loc(l ir.Location) {
	if !p.opts.DebugInfo {
		return
	}
	if s := locString(l); s != "" {
		p.ws(" ")
		p.ws(s)
	}
}

// locString returns `loc("file":line:col)`, or a verbatim location text that
// stands alone (no `#loc` alias reference, which would need its definition),
// or "".
func locString(l ir.Location) string {
	if l.IsKnown() {
		var b strings.Builder
		b.WriteString("loc(")
		b.WriteString(ir.QuoteString(l.File))
		b.WriteString(":")
		b.WriteString(itoa(int64(l.Line)))
		b.WriteString(":")
		b.WriteString(itoa(int64(max(l.Col, 0))))
		b.WriteString(")")
		return b.String()
	}
	t := strings.TrimSpace(l.Text)
	if t == "" || strings.Contains(t, "#") || strings.ContainsAny(t, "\n\r") {
		return ""
	}
	if !strings.HasPrefix(t, "loc(") {
		t = "loc(" + t + ")"
	}
	if !balanced(t) {
		return ""
	}
	return t
}

// balanced reports whether the parentheses of s, outside string literals,
// are balanced.
func balanced(s string) bool {
	depth := 0
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0 && !inStr
}

// module prints the whole module.
func (p *printer) module(m *ir.Module) {
	if m == nil {
		p.ws("module {\n}\n")
		return
	}
	p.names = newNamer(!p.opts.Generic)
	p.names.numberTopLevel(m.Globals)
	if p.opts.Generic {
		p.ws(`"builtin.module"()`)
		if m.Name != "" {
			p.ws(" <{sym_name = ")
			p.ws(ir.QuoteString(m.Name))
			p.ws("}>")
		}
		p.ws(" ({")
	} else {
		p.ws("module")
		if m.Name != "" {
			p.ws(" ")
			p.ws(symbol(m.Name))
		}
		if len(m.Attrs) > 0 {
			p.ws(" attributes ")
			p.attrDict(m.Attrs)
		}
		p.ws(" {")
	}
	p.indent++
	for _, g := range m.Globals {
		p.newline()
		p.global(g)
	}
	for _, f := range m.Funcs {
		p.newline()
		p.fn(f)
	}
	p.indent--
	p.newline()
	if p.opts.Generic {
		p.ws("})")
		if len(m.Attrs) > 0 {
			p.ws(" ")
			p.attrDict(m.Attrs)
		}
		p.ws(" : () -> ()")
	} else {
		p.ws("}")
	}
	p.loc(m.Loc)
	p.ws("\n")
}

// symbol returns `@name`, quoted when name is not a bare identifier.
func symbol(name string) string {
	if ir.IsBareIdentifier(name) {
		return "@" + name
	}
	return "@" + ir.QuoteString(name)
}

// attrDict prints `{a = 1 : i64, b}` sorted by name.
func (p *printer) attrDict(a ir.Attrs) {
	var b strings.Builder
	ir.WriteAttrDict(&b, a)
	p.ws(b.String())
}

// attr prints one attribute in full MLIR syntax.
func (p *printer) attr(a ir.Attribute) { p.ws(ir.AttrString(a)) }

// typ prints a type, or MLIR's placeholder for a missing one.
func (p *printer) typ(t ir.Type) { p.ws(typeString(t)) }

func typeString(t ir.Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	if ft, ok := t.(*ir.FunctionType); ok {
		return funcTypeString(ft.Inputs, ft.Results)
	}
	if tt, ok := t.(*ir.TupleType); ok {
		return "tuple<" + typeList(tt.Elems) + ">"
	}
	return t.String()
}

// typeList joins types with ", ".
func typeList(ts []ir.Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = typeString(t)
	}
	return strings.Join(s, ", ")
}

// funcTypeString returns `(A, B) -> R` or `(A) -> (R, S)`: a single result
// that is not itself a function type prints without parentheses, as MLIR does.
func funcTypeString(in, out []ir.Type) string {
	s := "(" + typeList(in) + ") -> "
	if len(out) == 1 {
		if _, isFn := out[0].(*ir.FunctionType); !isFn && out[0] != nil {
			return s + typeString(out[0])
		}
	}
	return s + "(" + typeList(out) + ")"
}

func itoa(v int64) string {
	return ir.FormatInt(v, ir.I64)
}
