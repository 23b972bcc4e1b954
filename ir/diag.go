package ir

import (
	"fmt"
	"strings"
)

// Diagnostic is one error at a source location, printed as MLIR tools and
// compilers print them: `file:line:col: error: message`, then, when the
// source is known, the source line and a caret under the column.
type Diagnostic struct {
	Loc     Location
	Message string
	// Source is the full text of Loc.File, when known; it lets Error show the
	// offending line and a caret.
	Source []byte
}

// Error returns the diagnostic with the source line and caret when Source
// is set.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	if d.Loc.IsKnown() {
		fmt.Fprintf(&b, "%s: error: %s", d.Loc, d.Message)
	} else {
		fmt.Fprintf(&b, "error: %s", d.Message)
	}
	if line, ok := sourceLine(d.Source, d.Loc.Line); ok {
		b.WriteString("\n")
		b.WriteString(line)
		b.WriteString("\n")
		col := d.Loc.Col
		if col < 1 {
			col = 1
		}
		// Keep tabs so the caret lines up under the column.
		for i := 0; i < col-1 && i < len(line); i++ {
			if line[i] == '\t' {
				b.WriteByte('\t')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("^")
	}
	return b.String()
}

func sourceLine(src []byte, line int) (string, bool) {
	if src == nil || line < 1 {
		return "", false
	}
	lines := strings.Split(string(src), "\n")
	if line > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[line-1], "\r"), true
}

// Diagnostics is a list of diagnostics returned as one error; Error prints
// them one after another, each on its own line(s).
type Diagnostics []*Diagnostic

func (ds Diagnostics) Error() string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.Error()
	}
	return strings.Join(s, "\n")
}

// Errorf returns a Diagnostic at loc.
func Errorf(loc Location, format string, a ...any) *Diagnostic {
	return &Diagnostic{Loc: loc, Message: fmt.Sprintf(format, a...)}
}

// WithSource attaches the source text to every diagnostic of err (a
// *Diagnostic or Diagnostics) whose location is in file, so that printing
// shows the line and a caret. Other errors are returned unchanged.
func WithSource(err error, file string, src []byte) error {
	switch e := err.(type) {
	case *Diagnostic:
		if e.Loc.File == file {
			e.Source = src
		}
	case Diagnostics:
		for _, d := range e {
			if d.Loc.File == file {
				d.Source = src
			}
		}
	}
	return err
}
