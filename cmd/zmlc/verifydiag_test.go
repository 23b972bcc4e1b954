package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func TestParseExpectations(t *testing.T) {
	src := strings.Join([]string{
		"a // expected-error {{same line}}",    // 1
		"// expected-error@+2 {{two below}}",   // 2
		"// expected-error@below {{below}}",    // 3: skips itself and 4
		"// expected-error@-3 2 {{twice}}",     // 4 -> 1
		"x",                                    // 5
		"// expected-error-re@above {{^re+$}}", // 6 -> 5
	}, "\n")
	exps, err := parseExpectations("f", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		line  int
		text  string
		count int
		re    bool
	}
	want := []got{{1, "same line", 1, false}, {4, "two below", 1, false}, {5, "below", 1, false}, {1, "twice", 2, false}, {5, "^re+$", 1, true}}
	if len(exps) != len(want) {
		t.Fatalf("got %d expectations, want %d", len(exps), len(want))
	}
	for i, e := range exps {
		if g := (got{e.line, e.text, e.count, e.re != nil}); g != want[i] {
			t.Errorf("expectation %d: got %+v, want %+v", i, g, want[i])
		}
	}
	for _, bad := range []string{"// expected-error@+9 {{x}}", "// expected-error@x1 {{x}}", "// expected-error-re {{(}}"} {
		if _, err := parseExpectations("f", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestVerifyDiagnostics(t *testing.T) {
	src := []byte("line1 // expected-error {{boom}}\nline2 // expected-error 2 {{twice}}\n")
	at := func(line int, msg string) *ir.Diagnostic {
		return &ir.Diagnostic{Loc: ir.Location{File: "f", Line: line, Col: 1}, Message: msg}
	}
	var w bytes.Buffer
	if !verifyDiagnostics(&w, "f", src, []error{at(1, "a boom here"), ir.Diagnostics{at(2, "twice"), at(2, "twice")}}) {
		t.Errorf("all expected, but: %s", w.String())
	}
	w.Reset()
	if verifyDiagnostics(&w, "f", src, []error{at(2, "twice"), at(1, "other")}) {
		t.Error("mismatch accepted")
	}
	for _, want := range []string{
		"f:1:1: error: unexpected error: other",
		`f:1:10: error: expected error "boom" was not produced`,
		`f:2:10: error: expected error "twice" was produced 1 of 2 times`,
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, w.String())
		}
	}
}
