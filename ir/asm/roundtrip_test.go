package asm

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// roundTripFiles are the programs of testdata/roundtrip: every pretty form
// the parser reads, JAX's exported style with location aliases, and generic
// ops with regions.
func roundTripFiles(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no round-trip programs: %v", err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[f] = src
	}
	return m
}

var allOptions = []Options{{}, {Generic: true}, {DebugInfo: true}, {Generic: true, DebugInfo: true}}

// TestRoundTrip checks that print(parse(text)) is a fixed point in both
// syntaxes, with and without debug info, and that pretty and generic
// printing of one module parse back to the same pretty text.
func TestRoundTrip(t *testing.T) {
	for name, src := range roundTripFiles(t) {
		m, err := Parse(name, src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		pretty := Print(m, Options{})
		for _, opts := range allOptions {
			a := Print(m, opts)
			m2, err := Parse("first.mlir", []byte(a))
			if err != nil {
				t.Errorf("%s %+v: printed text does not parse: %v\n%s", name, opts, err, a)
				continue
			}
			b := Print(m2, opts)
			if a != b {
				t.Errorf("%s %+v: print(parse(print(m))) differs:\n%s\n-----\n%s", name, opts, a, b)
			}
			if p2 := Print(m2, Options{}); p2 != pretty {
				t.Errorf("%s %+v: reparsed module prints differently in pretty form:\n%s\n-----\n%s", name, opts, pretty, p2)
			}
		}
	}
}

// TestRoundTripKeepsLocations checks that locations survive printing with
// debug info, JAX's aliases resolved.
func TestRoundTripKeepsLocations(t *testing.T) {
	src := roundTripFiles(t)["testdata/roundtrip/jax_export.mlir"]
	m, err := Parse("jax.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := Parse("again.mlir", []byte(Print(m, Options{DebugInfo: true})))
	if err != nil {
		t.Fatal(err)
	}
	var l1, l2 []ir.Location
	m.Walk(func(o *ir.Op) bool { l1 = append(l1, o.Loc); return true })
	m2.Walk(func(o *ir.Op) bool { l2 = append(l2, o.Loc); return true })
	if len(l1) != len(l2) || len(l1) == 0 {
		t.Fatalf("op counts differ: %d vs %d", len(l1), len(l2))
	}
	for i := range l1 {
		if l1[i] != l2[i] {
			t.Errorf("op %d: location %+v became %+v", i, l1[i], l2[i])
		}
	}
}
