package main

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestLongFlagsTakeOneOrTwoDashes(t *testing.T) {
	for _, args := range [][]string{
		{"-target=rocm", "m.mlir"},
		{"--target=rocm", "m.mlir"},
		{"--target", "rocm", "m.mlir"},
		{"-target", "rocm", "m.mlir"},
		{"m.mlir", "-target=rocm"},
	} {
		o, err := parseCompileArgs(args)
		if err != nil {
			t.Errorf("%q: %v", args, err)
			continue
		}
		if o.Target != "rocm" || !reflect.DeepEqual(o.Args, []string{"m.mlir"}) {
			t.Errorf("%q: target %q, args %q; want rocm, [m.mlir]", args, o.Target, o.Args)
		}
	}
}

func TestAllFlagsParse(t *testing.T) {
	o, err := parseCompileArgs([]string{
		"-target=cuda", "-cuda-arch", "sm_90", "--rocm-arch=gfx942", "-cpu=x86-64-v3",
		"-o", "out.zpkg", "-emit=mlir-generic", "-O1", "-entry=main",
		"-dim", "b=64", "--dim=s=128", "m.mlir",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := &compileOptions{
		Target: "cuda", CPU: "x86-64-v3", CUDAArch: "sm_90", ROCmArch: "gfx942",
		Output: "out.zpkg", Emit: "mlir-generic", OptLevel: 1, Entry: "main",
		Dims: map[string]int64{"b": 64, "s": 128}, DimOrder: []string{"b", "s"},
		Args: []string{"m.mlir"},
		// TestMain sets ZMLC_VERIFY_EACH=1.
		VerifyEach: true,
		Warnings: []string{
			"--cpu applies to --target=cpu; ignored for --target=cuda",
			"--rocm-arch applies to --target=rocm; ignored for --target=cuda",
		},
	}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("got  %+v\nwant %+v", o, want)
	}
}

func TestShorthands(t *testing.T) {
	cases := []struct {
		args []string
		opt  int
		out  string
	}{
		{[]string{"-O0", "m.mlir"}, 0, ""},
		{[]string{"-O", "1", "m.mlir"}, 1, ""},
		{[]string{"-O2", "-o", "x", "m.mlir"}, 2, "x"},
		{[]string{"m.mlir"}, 2, ""},
		{[]string{"--opt-level=0", "-ox", "m.mlir"}, 0, "x"},
		{[]string{"-opt-level=1", "m.mlir"}, 1, ""},
		// The value of -o is not a flag even if it looks like one.
		{[]string{"-o", "-target", "m.mlir"}, 2, "-target"},
		{[]string{"--output", "-emit", "m.mlir"}, 2, "-emit"},
	}
	for _, c := range cases {
		o, err := parseCompileArgs(c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if o.OptLevel != c.opt || o.Output != c.out || o.Target != "wasm" {
			t.Errorf("%q: -O%d -o %q target %q; want -O%d -o %q target wasm", c.args, o.OptLevel, o.Output, o.Target, c.opt, c.out)
		}
	}
}

func TestNormalizeArgs(t *testing.T) {
	var o compileOptions
	var dims []string
	fs := newCompileFlags(&o, &dims)
	cases := []struct{ in, want []string }{
		{[]string{"-target=rocm", "x"}, []string{"--target=rocm", "x"}},
		{[]string{"-emit", "mlir", "-O2", "-o", "y"}, []string{"--emit", "mlir", "-O2", "-o", "y"}},
		{[]string{"-o", "-target"}, []string{"-o", "-target"}},
		{[]string{"-h"}, []string{"-h"}},
		{[]string{"-help"}, []string{"--help"}},
		{[]string{"-nosuch=1"}, []string{"-nosuch=1"}},
		{[]string{"--", "-target=rocm"}, []string{"--", "-target=rocm"}},
		{[]string{"-", "-version"}, []string{"-", "--version"}},
	}
	for _, c := range cases {
		if got := normalizeArgs(fs, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("normalizeArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string // a substring of the message
	}{
		{[]string{"-target=quantum", "m.mlir"}, `unknown target "quantum"; valid targets: wasm, cpu, cuda, rocm, vulkan, metal, tpu, neuron`},
		{[]string{"--emit=bitcode", "m.mlir"}, `unknown --emit "bitcode"; valid stages: mlir, mlir-generic`},
		{[]string{"-O3", "m.mlir"}, "invalid optimisation level -O3"},
		{[]string{"-Ofast", "m.mlir"}, "invalid argument"},
		{[]string{"--dim", "b", "m.mlir"}, `invalid --dim "b": want NAME=SIZE`},
		{[]string{"--dim", "b=0", "m.mlir"}, "positive integer"},
		{[]string{"--dim", "1b=3", "m.mlir"}, "want NAME=SIZE"},
		{[]string{"--dim", "b=2", "--dim", "b=3", "m.mlir"}, "--dim b given twice"},
		{[]string{"--nosuch", "m.mlir"}, "unknown flag: --nosuch"},
		{[]string{"-target"}, "flag needs an argument"},
		{[]string{}, "no input file"},
		{[]string{"a.mlir", "b.mlir"}, "one input file expected, got 2"},
	}
	for _, c := range cases {
		_, err := parseCompileArgs(c.args)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("%q: got %v, want a usage error", c.args, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %q does not contain %q", c.args, err, c.want)
		}
	}
}

func TestInterpretArgs(t *testing.T) {
	o, err := parseInterpretArgs([]string{"-entry=main", "-input", "a.npy", "--input=b.npy", "-output-dir", "out", "m.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Entry != "main" || !reflect.DeepEqual(o.Inputs, []string{"a.npy", "b.npy"}) || o.OutputDir != "out" || !reflect.DeepEqual(o.Args, []string{"m.mlir"}) {
		t.Errorf("got %+v", o)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--input", "a.npy", "m.mlir"}, "--input needs --entry"},
		{[]string{}, "no input file"},
		{[]string{"--target=cpu", "m.mlir"}, "unknown flag: --target"},
	} {
		_, err := parseInterpretArgs(c.args)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want a usage error containing %q", c.args, err, c.want)
		}
	}
}

func TestProtectTurnsPanicIntoInternalError(t *testing.T) {
	var stderr strings.Builder
	code := protect(&stderr, func() int { panic("boom") })
	if code != exitError {
		t.Errorf("exit status %d, want %d", code, exitError)
	}
	if want := "zmlc: internal error: boom\n"; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want prefix %q", stderr.String(), want)
	}
}
