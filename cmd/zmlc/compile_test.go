package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/emit"
)

// TestEmitRoundTrip prints at -O0 (the input as it is: the default -O2
// would drop the unused private @reduce_sum).
func TestEmitRoundTrip(t *testing.T) {
	pretty := zmlc(t, "-O0", "--emit=mlir", "testdata/emit.mlir")
	pretty.wantCode(t, exitOK)
	for _, want := range []string{"stablehlo.add %", "stablehlo.multiply %", "stablehlo.compare  GT,", "@reduce_sum"} {
		if !strings.Contains(pretty.stdout, want) {
			t.Errorf("--emit=mlir output lacks %q:\n%s", want, pretty.stdout)
		}
	}
	// Printing what was printed changes nothing, in either syntax.
	again := zmlcIn(t, "", []byte(pretty.stdout), "-O0", "-emit=mlir", "-")
	again.wantCode(t, exitOK)
	if again.stdout != pretty.stdout {
		t.Errorf("pretty output is not a fixed point:\nfirst:\n%s\nsecond:\n%s", pretty.stdout, again.stdout)
	}
	generic := zmlcIn(t, "", []byte(pretty.stdout), "-O0", "--emit", "mlir-generic", "-")
	generic.wantCode(t, exitOK)
	for _, want := range []string{`"stablehlo.add"(`, `"stablehlo.multiply"(`, `"func.func"()`} {
		if !strings.Contains(generic.stdout, want) {
			t.Errorf("--emit=mlir-generic output lacks %q:\n%s", want, generic.stdout)
		}
	}
	if strings.Contains(generic.stdout, "stablehlo.add %") {
		t.Errorf("generic output has pretty ops:\n%s", generic.stdout)
	}
	back := zmlcIn(t, "", []byte(generic.stdout), "-O0", "--emit=mlir", "-")
	back.wantCode(t, exitOK)
	if back.stdout != pretty.stdout {
		t.Errorf("generic → pretty differs from pretty:\n%s\nvs\n%s", back.stdout, pretty.stdout)
	}
	// -O0 prints the input as it is; the other levels print a module that
	// still parses and verifies.
	if r := zmlc(t, "-O0", "--emit=mlir", "testdata/emit.mlir"); r.stdout != again.stdout {
		t.Errorf("-O0 output differs from the input:\n%s", r.stdout)
	}
	for _, o := range []string{"-O1", "-O2"} {
		r := zmlc(t, o, "--emit=mlir", "testdata/emit.mlir")
		r.wantCode(t, exitOK)
		zmlcIn(t, "", []byte(r.stdout), "-O0", "--emit=mlir", "-").wantCode(t, exitOK)
	}
}

func TestEmitSplitFile(t *testing.T) {
	r := zmlc(t, "--emit=mlir", "testdata/pass.mlir")
	r.wantCode(t, exitOK)
	parts := strings.Split(r.stdout, "\n// -----\n")
	if len(parts) != 2 || !strings.Contains(parts[0], "@add") || !strings.Contains(parts[1], "@wrap_i8") {
		t.Errorf("want 2 parts (@add, @wrap_i8) split by // -----, got:\n%s", r.stdout)
	}
}

// TestTargets compiles for every --target: those compile.Targets has write
// a bundle for that target (both spellings of the flag), the others say in
// one line that their code generator does not exist and write nothing.
func TestTargets(t *testing.T) {
	dir := t.TempDir()
	for _, target := range targets {
		out := filepath.Join(dir, target+".zpkg")
		implemented := slices.Contains(compile.Targets, target)
		for _, args := range [][]string{
			{"-target=" + target, "testdata/emit.mlir", "-o", out},
			{"--target", target, "-o", out, "testdata/emit.mlir"},
		} {
			if !implemented {
				r := zmlc(t, args...)
				r.wantCode(t, exitError)
				if want := notImplementedLine(target) + "\n"; r.stderr != want {
					t.Errorf("%q: stderr %q, want %q", args, r.stderr, want)
				}
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("--target=%s wrote %s", target, out)
				}
				continue
			}
			if target != "wasm" && testing.Short() {
				continue // the device targets run LLVM's tools
			}
			r := zmlc(t, args...)
			r.wantCode(t, exitOK)
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatalf("%q: %v", args, err)
			}
			b, err := emit.Parse(data)
			if err != nil {
				t.Fatalf("%q: %v", args, err)
			}
			if b.Manifest.Target.Name != target {
				t.Errorf("%q: the bundle's target is %q", args, b.Manifest.Target.Name)
			}
			b.Close()
			os.Remove(out)
		}
	}
	for _, target := range []string{"metal", "tpu", "neuron"} {
		if slices.Contains(compile.Targets, target) {
			continue
		}
		if want := `zmlc: error: target "` + target + `": code generator not implemented yet (--emit=mlir and --emit=mlir-generic work)`; notImplementedLine(target) != want {
			t.Errorf("notImplementedLine(%q) = %q, want %q", target, notImplementedLine(target), want)
		}
	}
	// The default target is wasm, the default output INPUT-STEM.wasm.zpkg
	// in the working directory.
	src, _ := filepath.Abs("testdata/emit.mlir")
	r := zmlcIn(t, dir, nil, src)
	r.wantCode(t, exitOK)
	if names := dirEntries(t, dir); !slices.Equal(names, []string{"emit.wasm.zpkg"}) {
		t.Errorf("directory holds %q, want emit.wasm.zpkg", names)
	}
}

// TestBundleAtomic: a failing compile leaves an existing bundle as it was
// and creates no file (neither -o nor the default name).
func TestBundleAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.zpkg")
	if err := os.WriteFile(out, []byte("old bundle"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad, _ := filepath.Abs("testdata/bad_type.mlir")
	for _, args := range [][]string{
		{bad, "-o", out},
		{"--entry", "nope", "testdata/emit.mlir", "-o", out},
		{"--embed-weights", filepath.Join(dir, "none.safetensors"), "testdata/emit.mlir", "-o", out},
		{"-target=metal", "testdata/emit.mlir", "-o", out},
	} {
		r := zmlc(t, args...)
		r.wantCode(t, exitError)
		if strings.Count(r.stderr, "\n") > 3 || r.stderr == "" {
			t.Errorf("%q: stderr %q", args, r.stderr)
		}
		if got, _ := os.ReadFile(out); string(got) != "old bundle" {
			t.Errorf("%q: the failing compile changed %s to %q", args, out, got)
		}
	}
	r := zmlcIn(t, dir, nil, bad)
	r.wantCode(t, exitError)
	if names := dirEntries(t, dir); !slices.Equal(names, []string{"m.zpkg"}) {
		t.Errorf("directory holds %q after failed compiles", names)
	}
	// A bundle needs one module: a .mlir file split in two parts is refused.
	r = zmlc(t, "testdata/pass.mlir", "-o", out)
	r.wantCode(t, exitError)
	if want := "zmlc: error: testdata/pass.mlir has 2 parts split by // -----; a bundle compiles one\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	// Stdin needs -o.
	r = zmlcIn(t, "", []byte("func.func @f() { return }"), "-")
	r.wantCode(t, exitUsage)
	if want := "zmlc: error: compiling stdin to a bundle needs -o FILE\nRun 'zmlc --help' for usage.\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}

// dirEntries lists the names in dir.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestOutputFileIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")

	// Success: the file holds exactly what stdout would.
	want := zmlc(t, "--emit=mlir-generic", "testdata/emit.mlir")
	want.wantCode(t, exitOK)
	r := zmlc(t, "--emit=mlir-generic", "testdata/emit.mlir", "-o", out)
	r.wantCode(t, exitOK)
	if r.stdout != "" {
		t.Errorf("stdout %q with -o", r.stdout)
	}
	if got, err := os.ReadFile(out); err != nil || string(got) != want.stdout {
		t.Errorf("-o wrote %q (%v), want %q", got, err, want.stdout)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %q, want only out.mlir", names)
	}

	// A failing compile does not clobber the existing file.
	if err := os.WriteFile(out, []byte("old contents\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"testdata/bad_type.mlir", "testdata/bad_syntax.mlir", "testdata/no_such.mlir"} {
		r = zmlc(t, "--emit=mlir", bad, "-o", out)
		r.wantCode(t, exitError)
		if got, _ := os.ReadFile(out); string(got) != "old contents\n" {
			t.Errorf("%s: failing compile changed %s to %q", bad, out, got)
		}
		if names := dirEntries(t, dir); len(names) != 1 {
			t.Errorf("%s: directory holds %q after a failed compile", bad, names)
		}
	}

	// A failing compile leaves no new file.
	fresh := filepath.Join(dir, "fresh.mlir")
	r = zmlc(t, "--emit=mlir", "testdata/bad_type.mlir", "-o", fresh)
	r.wantCode(t, exitError)
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("failed compile created %s", fresh)
	}

	// An unwritable destination is an error, not a crash, and leaves nothing.
	r = zmlc(t, "--emit=mlir", "testdata/emit.mlir", "-o", filepath.Join(dir, "no", "such", "dir", "x.mlir"))
	r.wantCode(t, exitError)
	if !strings.HasPrefix(r.stderr, "zmlc: error: cannot write ") {
		t.Errorf("stderr %q", r.stderr)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	r = zmlc(t, "--emit=mlir", "testdata/emit.mlir", "-o", sub)
	r.wantCode(t, exitError)
	if names := dirEntries(t, dir); len(names) != 2 {
		t.Errorf("directory holds %q after writing onto a directory", names)
	}
}
