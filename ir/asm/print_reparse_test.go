package asm

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestPrintedTextReparses parses the printer's own output for the module of
// every printer test (each pretty form the printer emits, generic ops,
// regions, attribute edge values) and checks print(parse(print(m))) ==
// print(m) in both syntaxes. With debug info the parser gives every op the
// position it was read from, so the fixed point is reached one generation
// later.
func TestPrintedTextReparses(t *testing.T) {
	m := mlirOptModule()
	for _, opts := range []Options{{}, {Generic: true}, {DebugInfo: true}, {Generic: true, DebugInfo: true}} {
		text := Print(m, opts)
		if opts.DebugInfo {
			m2, err := Parse("gen1.mlir", []byte(text))
			if err != nil {
				t.Fatalf("%+v: printed text does not parse: %v", opts, err)
			}
			text = Print(m2, opts)
		}
		m3, err := Parse("gen2.mlir", []byte(text))
		if err != nil {
			t.Fatalf("%+v: printed text does not parse: %v", opts, err)
		}
		diffText(t, "reprinted", Print(m3, opts), text)
		if !opts.Generic && !opts.DebugInfo {
			diffText(t, "pretty after generic", Print(reparse(t, Print(m, Options{Generic: true})), opts), text)
		}
	}
}

func reparse(t *testing.T, text string) *ir.Module {
	t.Helper()
	m, err := Parse("t.mlir", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
