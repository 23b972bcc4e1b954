package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// zmlcBin is the zmlc binary that TestMain builds once for the tests that
// run the command as a user would.
var zmlcBin string

func TestMain(m *testing.M) {
	// Every zmlc the tests start verifies after each pass (--verify-each).
	os.Setenv("ZMLC_VERIFY_EACH", "1")
	if bin := os.Getenv("ZMLC_BIN"); bin != "" {
		// Under Bazel the build made the binary (cmd/zmlc/BUILD.bazel
		// passes its path relative to the workspace's runfiles root).
		if !filepath.IsAbs(bin) {
			bin = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), bin)
		}
		zmlcBin = bin
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "zmlc-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	zmlcBin = filepath.Join(dir, "zmlc")
	gobin, err := exec.LookPath("go")
	if err != nil {
		gobin = "/usr/local/go/bin/go"
	}
	build := exec.Command(gobin, "build", "-o", zmlcBin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building zmlc: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what one run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// zmlc runs the built binary with args in dir ("" for the package
// directory) and returns its output and exit status.
func zmlcIn(t *testing.T, dir string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(zmlcBin, args...)
	cmd.Dir = dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("zmlc %q: %v", args, err)
		}
		code = ee.ExitCode()
	}
	r := result{stdout.String(), stderr.String(), code}
	if strings.Contains(r.stderr, "internal error") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("zmlc %q reached the panic guard:\n%s", args, r.stderr)
	}
	return r
}

func zmlc(t *testing.T, args ...string) result {
	t.Helper()
	return zmlcIn(t, "", nil, args...)
}

// wantCode fails the test if r's exit status is not code.
func (r result) wantCode(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
}

func TestVersionAndHelp(t *testing.T) {
	r := zmlc(t, "--version")
	r.wantCode(t, exitOK)
	if r.stdout != "zmlc version "+Version+"\n" {
		t.Errorf("--version printed %q", r.stdout)
	}
	r = zmlc(t, "-version")
	r.wantCode(t, exitOK)
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}, {"help"}} {
		r = zmlc(t, args...)
		r.wantCode(t, exitOK)
		for _, want := range []string{"Usage:", "--target TARGET", "-O, --opt-level", "-o, --output", "--embed-weights FILE", "mlir, mlir-generic, kernels, wasm", "Examples:", "zmlc interpret", "zmlc run [flags] BUNDLE"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%q: help lacks %q", args, want)
			}
		}
		if strings.Contains(r.stdout, "[=true|false]") {
			t.Errorf("help shows pflag's [=true|false] noise")
		}
	}
	if strings.Contains(r.stdout, "--input FILE.npy") {
		t.Errorf("compile help lists --input, which compile mode rejects")
	}
	r = zmlc(t, "interpret", "--help")
	r.wantCode(t, exitOK)
	if !strings.Contains(r.stdout, "--output-dir DIR") || !strings.Contains(r.stdout, "--entry NAME") {
		t.Errorf("interpret --help:\n%s", r.stdout)
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-target=quantum", "testdata/pass.mlir"}, "zmlc: error: unknown target \"quantum\"; valid targets: wasm, cpu, cuda, rocm, vulkan, metal, tpu, neuron, xla-cpu\nRun 'zmlc --help' for usage.\n"},
		{[]string{}, "zmlc: error: no input file\nRun 'zmlc --help' for usage.\n"},
		{[]string{"--bogus", "x.mlir"}, "zmlc: error: unknown flag: --bogus\nRun 'zmlc --help' for usage.\n"},
		{[]string{"notes.txt"}, "zmlc: error: cannot tell the kind of input \"notes.txt\": want a .mlir or .zml file (or - for MLIR on stdin)\nRun 'zmlc --help' for usage.\n"},
		{[]string{"interpret"}, "zmlc: error: no input file\nRun 'zmlc interpret --help' for usage.\n"},
		{[]string{"--input", "x.npy", "testdata/pass.mlir"}, "zmlc: error: --input is for zmlc run BUNDLE (or zmlc interpret); compiling takes no inputs\nRun 'zmlc --help' for usage.\n"},
		{[]string{"run"}, "zmlc: error: no bundle file\nRun 'zmlc run --help' for usage.\n"},
		{[]string{"interpret", "--input", "a.npy", "testdata/entry.mlir"}, "zmlc: error: --input needs --entry NAME (the function the inputs are for)\nRun 'zmlc interpret --help' for usage.\n"},
	}
	for _, c := range cases {
		r := zmlc(t, c.args...)
		r.wantCode(t, exitUsage)
		if r.stderr != c.want {
			t.Errorf("%q: stderr %q, want %q", c.args, r.stderr, c.want)
		}
		if r.stdout != "" {
			t.Errorf("%q: stdout %q, want nothing", c.args, r.stdout)
		}
	}
}

func TestMissingFile(t *testing.T) {
	for _, args := range [][]string{
		{"--emit=mlir", "testdata/no_such.mlir"},
		{"interpret", "testdata/no_such.mlir"},
	} {
		r := zmlc(t, args...)
		r.wantCode(t, exitError)
		if want := "zmlc: error: cannot read \"testdata/no_such.mlir\": no such file or directory\n"; r.stderr != want {
			t.Errorf("%q: stderr %q, want %q", args, r.stderr, want)
		}
	}
}

// TestZMLInput compiles .zml through the front end: an error is a
// diagnostic with the source line and caret and writes nothing; a valid
// model compiles to a bundle (not for a target without a code generator)
// and --emit works.
func TestZMLInput(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "m.zml")
	if err := os.WriteFile(src, []byte("model M {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m.zpkg")
	r := zmlc(t, "-target=wasm", src, "-o", out)
	r.wantCode(t, exitError)
	if want := src + ":1:1: error: model M has no fn\nmodel M {}\n^\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	if err := os.WriteFile(src, []byte("model M {\n  fn f(x: f32[b=?, d=2]) -> f32[b, d] { return x * 2.0 }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = zmlc(t, "-target=metal", "--dim", "b=3", src, "-o", out)
	r.wantCode(t, exitError)
	if want := "zmlc: error: target \"metal\": code generator not implemented yet (--emit=mlir and --emit=mlir-generic work)\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s was written", out)
	}
	// The wasm target compiles it.
	zmlc(t, "--dim", "b=3", src, "-o", out).wantCode(t, exitOK)
	if _, err := os.Stat(out); err != nil {
		t.Errorf("no bundle: %v", err)
	}
	mlir := filepath.Join(dir, "m.mlir")
	r = zmlc(t, "-O0", "--emit=mlir", "-dim=b=3", src, "-o", mlir)
	r.wantCode(t, exitOK)
	text, err := os.ReadFile(mlir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "tensor<3x2xf32>") || !strings.Contains(string(text), "stablehlo.multiply") {
		t.Errorf("emitted module:\n%s", text)
	}
	// The emitted module reads back as .mlir input.
	zmlc(t, "-O0", "--emit=mlir", mlir).wantCode(t, exitOK)
}
