package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInterpretPass(t *testing.T) {
	r := zmlc(t, "interpret", "testdata/pass.mlir")
	r.wantCode(t, exitOK)
	want := "// @add\n" +
		"dense<[11, 22, 33]> : tensor<3xi32>\n" +
		"// @wrap_i8\n" +
		"dense<[-112, -128]> : tensor<2xi8>\n" +
		"dense<2.500000e+00> : tensor<f32>\n"
	if r.stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", r.stdout, want)
	}
	if r.stderr != "" {
		t.Errorf("stderr: %s", r.stderr)
	}
}

func TestInterpretFailedCheck(t *testing.T) {
	r := zmlc(t, "interpret", "testdata/fail.mlir")
	r.wantCode(t, exitError)
	lines := strings.Split(r.stderr, "\n")
	prefix := "testdata/fail.mlir:12:3: error: check failed in @wrong: "
	if !strings.HasPrefix(lines[0], prefix) {
		t.Fatalf("stderr does not start with %q:\n%s", prefix, r.stderr)
	}
	// The message names the first differing element: index 1, 4 vs 5.
	msg := strings.TrimPrefix(lines[0], prefix)
	for _, want := range []string{"1", "4", "5"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not mention %s", msg, want)
		}
	}
	if strings.Contains(msg, "7") {
		t.Errorf("message %q goes past the first differing element", msg)
	}
	if len(lines) < 3 || lines[1] != "  check.expect_eq_const %1, dense<[2, 5, 7]> : tensor<3xi32>" || lines[2] != "  ^" {
		t.Errorf("no source line and caret:\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "zmlc: testdata/fail.mlir: 2 function(s) run, 1 check(s) failed, 0 error(s)\n") {
		t.Errorf("no summary:\n%s", r.stderr)
	}
	if strings.Contains(r.stderr, "@right") {
		t.Errorf("the passing function is reported:\n%s", r.stderr)
	}
}

func TestInterpretBadInput(t *testing.T) {
	for _, c := range []struct {
		file, want string
	}{
		{"testdata/bad_syntax.mlir", "testdata/bad_syntax.mlir:4:3: error: expected '>', found 'func.return'\n" +
			"  func.return %1 : tensor<2xf32>\n" +
			"  ^\n"},
		{"testdata/bad_type.mlir", "testdata/bad_type.mlir:4:3: error: 'stablehlo.add' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'\n" +
			"  %1 = \"stablehlo.add\"(%0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>\n" +
			"  ^\n"},
	} {
		for _, args := range [][]string{{"interpret", c.file}, {"--emit=mlir", c.file}, {"--emit=mlir-generic", c.file}} {
			r := zmlc(t, args...)
			r.wantCode(t, exitError)
			if r.stdout != "" {
				t.Errorf("%q: stdout %q", args, r.stdout)
			}
			want := c.want
			if args[0] == "interpret" && strings.Contains(c.file, "bad_type") {
				// The part parsed, so interpret also prints its summary.
				want += "zmlc: " + c.file + ": 0 function(s) run, 0 check(s) failed, 1 error(s)\n"
			}
			if r.stderr != want {
				t.Errorf("%q: stderr\n%s\nwant\n%s", args, r.stderr, want)
			}
		}
	}
}

func TestInterpretNothingToRun(t *testing.T) {
	r := zmlc(t, "interpret", "testdata/entry.mlir")
	r.wantCode(t, exitError)
	if want := "zmlc: error: testdata/entry.mlir: no public function without arguments to run; use --entry NAME with --input\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	r = zmlc(t, "interpret", "--entry", "nope", "testdata/pass.mlir")
	r.wantCode(t, exitError)
	if want := "zmlc: error: testdata/pass.mlir: no function @nope\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}

// writeNPY writes a float32 array in NumPy's .npy format, version 1.0
// (written here by hand so the test does not depend on the reader it checks).
func writeNPY(t *testing.T, path string, shape []int, data []float32) {
	t.Helper()
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	tuple := strings.Join(dims, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	header := fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }", tuple)
	pad := 64 - (10+len(header)+1)%64
	header += strings.Repeat(" ", pad%64) + "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(header)))
	b.WriteString(header)
	for _, v := range data {
		binary.Write(&b, binary.LittleEndian, math.Float32bits(v))
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestInterpretEntryWithInputs(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	writeNPY(t, a, []int{2, 2}, []float32{1, 2, 3, 4})
	writeNPY(t, b, []int{2, 2}, []float32{0.5, -2, 30, 0.25})
	out := filepath.Join(dir, "out")
	r := zmlc(t, "interpret", "--entry", "main", "--input", a, "-input="+b, "--output-dir", out, "testdata/entry.mlir")
	r.wantCode(t, exitOK)
	want := "// @main\ndense<[[1.500000e+00, 0.000000e+00], [3.300000e+01, 4.250000e+00]]> : tensor<2x2xf32>\n"
	if r.stdout != want {
		t.Errorf("stdout %q, want %q", r.stdout, want)
	}
	// The .npy result holds the same numbers.
	got, err := os.ReadFile(filepath.Join(out, "main_0.npy"))
	if err != nil {
		t.Fatal(err)
	}
	wantData := []float32{1.5, 0, 33, 4.25}
	if len(got) < 4*len(wantData) {
		t.Fatalf("main_0.npy is %d bytes", len(got))
	}
	body := got[len(got)-4*len(wantData):]
	for i, w := range wantData {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(body[4*i:])); v != w {
			t.Errorf("main_0.npy[%d] = %v, want %v", i, v, w)
		}
	}
	if !bytes.HasPrefix(got, []byte("\x93NUMPY")) || !bytes.Contains(got, []byte("'shape': (2, 2)")) || !bytes.Contains(got, []byte("<f4")) {
		t.Errorf("main_0.npy header: %q", got[:min(len(got), 80)])
	}

	// Wrong arity and wrong type are errors naming the function.
	r = zmlc(t, "interpret", "--entry", "main", "--input", a, "testdata/entry.mlir")
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, "@main") || !strings.Contains(r.stderr, "2 arguments, got 1") {
		t.Errorf("arity error: %q", r.stderr)
	}
	c := filepath.Join(dir, "c.npy")
	writeNPY(t, c, []int{3}, []float32{1, 2, 3})
	r = zmlc(t, "interpret", "--entry", "main", "--input", a, "--input", c, "testdata/entry.mlir")
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, "tensor<3xf32>") || !strings.Contains(r.stderr, "tensor<2x2xf32>") {
		t.Errorf("type error: %q", r.stderr)
	}
	// An unreadable input file.
	r = zmlc(t, "interpret", "--entry", "main", "--input", filepath.Join(dir, "none.npy"), "--input", a, "testdata/entry.mlir")
	r.wantCode(t, exitError)
	if !strings.HasPrefix(r.stderr, "zmlc: error: --input "+filepath.Join(dir, "none.npy")+": ") {
		t.Errorf("missing input: %q", r.stderr)
	}
}

// TestInterpretZML runs a .zml model: the front end compiles it with the
// --dim bindings first, and its errors keep their position.
func TestInterpretZML(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "m.zml")
	if err := os.WriteFile(src, []byte("model M {\n  fn f(x: f32[n=?]) -> f32[n] { return x * x + x }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := filepath.Join(dir, "x.npy")
	writeNPY(t, x, []int{3}, []float32{1, -2, 0.5})
	r := zmlc(t, "interpret", "--dim", "n=3", "--entry", "f", "--input", x, src)
	r.wantCode(t, exitOK)
	if want := "// @f\ndense<[2.000000e+00, 2.000000e+00, 7.500000e-01]> : tensor<3xf32>\n"; r.stdout != want {
		t.Errorf("stdout %q, want %q", r.stdout, want)
	}
	bad := filepath.Join(dir, "bad.zml")
	if err := os.WriteFile(bad, []byte("model M {\n  fn f(x: f32[4]) -> f32[4] { return x + }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = zmlc(t, "interpret", bad)
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, bad+":2:") || !strings.Contains(r.stderr, "^") {
		t.Errorf("syntax error: %q", r.stderr)
	}
}
