package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestParseLiteralTensor checks iree-run-module's tensor syntax: shapes,
// element types, separators, splats, scalars, raw files and bad values.
func TestParseLiteralTensor(t *testing.T) {
	raw := filepath.Join(t.TempDir(), "x.bin")
	// 2xf32 = [1.5, -2] little-endian.
	if err := os.WriteFile(raw, []byte{0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0}, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec, want string
	}{
		{"2x3xf32=1,2,3,4,5,6", "dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>"},
		{"2x2xi32=[1 2][3 4]", "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"},
		{"3xi8=-128 0 127", "dense<[-128, 0, 127]> : tensor<3xi8>"},
		{"2xui8=0,255", "dense<[0, 255]> : tensor<2xui8>"},
		{"4xf16=7", "dense<7.000000e+00> : tensor<4xf16>"},
		{"f32=1.5", "dense<1.500000e+00> : tensor<f32>"},
		{"3xi1=true,0,1", "dense<[true, false, true]> : tensor<3xi1>"},
		{"2xf32=inf,nan", "dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>"},
		{"0xf32=", "dense<> : tensor<0xf32>"},
		{"2xf32=@" + raw, "dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>"},
	} {
		ts, err := parseTensorArg("input", c.spec, nil)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if got := ts[0].String(); len(ts) != 1 || got != c.want {
			t.Errorf("%s: got %s, want %s", c.spec, got, c.want)
		}
	}
	for _, c := range []struct{ spec, want string }{
		{"2x3xf32=1,2", "2 values for tensor<2x3xf32>, which has 6 elements"},
		{"2xi8=1,128", `bad i8 value "128" (range -128..127)`},
		{"2xui8=1,-1", `bad ui8 value "-1"`},
		{"2xbad=1", `unknown element type "bad"`},
		{"2xf32=a,b", `bad f32 value "a"`},
		{"3xf32=@" + raw, "has 8 bytes; tensor<3xf32> needs 12"},
		{"x.txt", "want a .npy or .npz file"},
		{"2x3=1", "want SHAPExTYPE=VALUES"},
	} {
		_, err := parseTensorArg("input", c.spec, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "--input "+c.spec+": ") {
			t.Errorf("%s: got %v, want an error naming the flag and containing %q", c.spec, err, c.want)
		}
	}
}

// TestCloseEnough checks the --expected_output tolerance (numpy.isclose's
// rule with the documented rtol and atol per type).
func TestCloseEnough(t *testing.T) {
	for _, c := range []struct {
		got, want float64
		typ       string
		ok        bool
	}{
		{1.000009, 1, "f32", true},
		{1.00002, 1, "f32", false},
		{5e-9, 0, "f32", true},
		{2e-8, 0, "f32", false},
		{1.001, 1, "f16", true},
		{1.003, 1, "f16", false},
		{1.01, 1, "bf16", true},
		{math.NaN(), math.NaN(), "f32", true},
		{math.NaN(), 1, "f32", false},
		{math.Inf(1), math.Inf(1), "f32", true},
		{math.Inf(1), math.Inf(-1), "f32", false},
		{math.MaxFloat32, math.Inf(1), "f32", false},
	} {
		x, err := parseTensorArg("x", c.typ+"=0", nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := closeEnough(c.got, c.want, x[0].Type.Elem); got != c.ok {
			t.Errorf("closeEnough(%v, %v, %s) = %v, want %v", c.got, c.want, c.typ, got, c.ok)
		}
	}
}

// TestResultString checks NumPy's summary: over 1000 elements, 3 entries
// at each end of each axis longer than 6; 1000 or fewer in full.
func TestResultString(t *testing.T) {
	// zmlc run and interpret print every element in decimal.
	defer func(h int) { ir.HexElementsThreshold = h }(ir.HexElementsThreshold)
	ir.HexElementsThreshold = -1
	ts, err := parseTensorArg("x", "1001xi32="+strings.Repeat("1,", 1000)+"2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := resultString(ts[0], false), "dense<[1, 1, 1, ..., 1, 1, 2]> : tensor<1001xi32>"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := resultString(ts[0], true); strings.Contains(got, "...") || strings.Count(got, ",") != 1000 {
		t.Errorf("--print-full: %.80s...", got)
	}
	ts, err = parseTensorArg("x", "1000xi32="+strings.Repeat("1,", 999)+"2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := resultString(ts[0], false); strings.Contains(got, "...") {
		t.Errorf("1000 elements abbreviated: %.80s...", got)
	}
}

// TestFlattenPipeline checks mlir-opt's --pass-pipeline anchors.
func TestFlattenPipeline(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"builtin.module(func.func(canonicalize,cse))", "canonicalize,cse", ""},
		{"builtin.module(inline{public=true},func.func(cse),dce)", "inline{public=true},cse,dce", ""},
		{"canonicalize, cse", "canonicalize,cse", ""},
		{"builtin.module()", "", ""},
		{"builtin.module(func.func(cse)", "", "missing ')'"},
		{"gpu.module(cse)", "", "unknown op anchor 'gpu.module'"},
		{"cse,,dce", "", "empty pass name"},
	} {
		got, err := flattenPipeline(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: got %q, %v; want error %q", c.in, got, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%s: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
