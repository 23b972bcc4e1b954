package frontend

import (
	"fmt"
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// source is one .zml file being compiled: its name, its text and the byte
// offsets where its lines start, to turn offsets into line:col and to attach
// the text to diagnostics (so they print the line and a caret).
type source struct {
	file       string
	src        []byte
	lineStarts []int
}

func newSource(file string, src []byte) *source {
	s := &source{file: file, src: src, lineStarts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// posAt returns the line and byte column of byte offset off.
func (s *source) posAt(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(s.src) {
		off = len(s.src)
	}
	i := sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > off }) - 1
	return Pos{Line: i + 1, Col: off - s.lineStarts[i] + 1}
}

// loc returns the IR location of p.
func (s *source) loc(p Pos) ir.Location {
	return ir.Location{File: s.file, Line: p.Line, Col: p.Col}
}

// errorf returns a diagnostic at p, with the source attached.
func (s *source) errorf(p Pos, format string, a ...any) *ir.Diagnostic {
	return &ir.Diagnostic{Loc: s.loc(p), Message: fmt.Sprintf(format, a...), Source: s.src}
}

// compileError carries a diagnostic through the lowering's call stack; the
// lowering panics with it and Compile recovers it (only this type: any other
// panic is a bug and is reported as an internal error at the current
// position).
type compileError struct{ d *ir.Diagnostic }

// plural returns "1 value" or "n values": count n with the singular or
// plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
