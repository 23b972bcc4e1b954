package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Diagnostic verification, as mlir-opt --verify-diagnostics
// (mlir/lib/IR/Diagnostics.cpp, SourceMgrDiagnosticVerifierHandler): the
// input carries comments
//
//	// expected-error {{message}}         on the line of the error
//	// expected-error@+1 {{message}}      N lines below (@-N above)
//	// expected-error@below {{message}}   the next line without an annotation
//	// expected-error@above {{message}}   the previous line without one
//	// expected-error-re {{regexp}}       a Go regular expression
//	// expected-error@+1 2 {{message}}    expected twice
//
// Each diagnostic produced must be expected on its line, with a message
// containing the text (or matching the regexp), and each expectation must be
// met. expected-warning, -note and -remark are accepted too (zmlc produces
// only errors, so they are never met).

// expectation is one `expected-KIND` annotation.
type expectation struct {
	kind    string // "error", "warning", "note", "remark"
	line    int    // the line the diagnostic must be on
	text    string // the text between {{ and }}
	re      *regexp.Regexp
	count   int // how many times it is expected
	matched int
	at      ir.Location // the annotation itself, for "was not produced"
}

var expectedRE = regexp.MustCompile(`expected-(error|warning|note|remark)(-re)?(@[^ \t{]*)?[ \t]*([0-9]+)?[ \t]*\{\{(.*?)\}\}`)

// parseExpectations reads the annotations of src (named file).
func parseExpectations(file string, src []byte) ([]*expectation, error) {
	lines := strings.Split(string(src), "\n")
	annotated := make([]bool, len(lines))
	for i, l := range lines {
		annotated[i] = expectedRE.MatchString(l)
	}
	var out []*expectation
	var errs ir.Diagnostics
	for i, l := range lines {
		for _, m := range expectedRE.FindAllStringSubmatchIndex(l, -1) {
			part := func(k int) string {
				if m[2*k] < 0 {
					return ""
				}
				return l[m[2*k]:m[2*k+1]]
			}
			e := &expectation{kind: part(1), line: i + 1, text: part(5), count: 1,
				at: ir.Location{File: file, Line: i + 1, Col: m[0] + 1}}
			bad := func(format string, a ...any) {
				errs = append(errs, &ir.Diagnostic{Loc: e.at, Message: fmt.Sprintf(format, a...)})
			}
			switch off := part(3); {
			case off == "":
			case off == "@above":
				e.line = neighbour(annotated, i, -1)
			case off == "@below":
				e.line = neighbour(annotated, i, +1)
			default:
				n, err := strconv.Atoi(strings.TrimPrefix(off[1:], "+"))
				if err != nil || (off[1] != '+' && off[1] != '-') {
					bad("invalid line offset %s: want @+N, @-N, @above or @below", off)
					continue
				}
				e.line += n
			}
			if e.line < 1 || e.line > len(lines) {
				bad("expected-%s points outside the file", e.kind)
				continue
			}
			if c := part(4); c != "" {
				e.count, _ = strconv.Atoi(c)
				if e.count < 1 {
					bad("expected-%s count must be at least 1", e.kind)
					continue
				}
			}
			if part(2) != "" {
				re, err := regexp.Compile(e.text)
				if err != nil {
					bad("invalid regular expression in expected-%s-re: %v", e.kind, err)
					continue
				}
				e.re = re
			}
			out = append(out, e)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// neighbour returns the 1-based number of the nearest line before (dir -1)
// or after (dir +1) line index i that holds no annotation, or 0.
func neighbour(annotated []bool, i, dir int) int {
	for j := i + dir; j >= 0 && j < len(annotated); j += dir {
		if !annotated[j] {
			return j + 1
		}
	}
	return 0
}

// flattenDiagnostics returns the diagnostics of err: each of an
// ir.Diagnostics, a single *ir.Diagnostic, or the error as a diagnostic
// without a location.
func flattenDiagnostics(err error) []*ir.Diagnostic {
	var ds ir.Diagnostics
	if errors.As(err, &ds) {
		return ds
	}
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return []*ir.Diagnostic{d}
	}
	return []*ir.Diagnostic{{Message: err.Error()}}
}

// verifyDiagnostics matches the errors produced for src (named file)
// against its annotations, reports every unexpected error and every unmet
// expectation to w as mlir-opt does, and reports whether all matched.
func verifyDiagnostics(w io.Writer, file string, src []byte, produced []error) bool {
	exps, err := parseExpectations(file, src)
	if err != nil {
		reportError(w, err, file, src)
		return false
	}
	ok := true
	for _, perr := range produced {
		for _, d := range flattenDiagnostics(perr) {
			msg := d.Message
			if e := findExpectation(exps, file, d); e != nil {
				e.matched++
				continue
			}
			ok = false
			reportError(w, &ir.Diagnostic{Loc: d.Loc, Message: "unexpected error: " + msg}, file, src)
		}
	}
	for _, e := range exps {
		if e.matched < e.count {
			ok = false
			what := "was not produced"
			if e.matched > 0 {
				what = fmt.Sprintf("was produced %d of %d times", e.matched, e.count)
			}
			reportError(w, &ir.Diagnostic{Loc: e.at, Message: fmt.Sprintf("expected %s %q %s", e.kind, e.text, what)}, file, src)
		}
	}
	return ok
}

// findExpectation returns an error expectation on d's line that d's message
// meets and that still expects a diagnostic, or nil.
func findExpectation(exps []*expectation, file string, d *ir.Diagnostic) *expectation {
	if !d.Loc.IsKnown() || d.Loc.File != file {
		return nil
	}
	for _, e := range exps {
		if e.kind != "error" || e.line != d.Loc.Line || e.matched >= e.count {
			continue
		}
		if e.re != nil && e.re.MatchString(d.Message) || e.re == nil && strings.Contains(d.Message, e.text) {
			return e
		}
	}
	return nil
}
