package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestTargetNotImplemented(t *testing.T) {
	dir := t.TempDir()
	for _, target := range targets {
		out := filepath.Join(dir, target+".zpkg")
		for _, args := range [][]string{
			{"-target=" + target, "testdata/emit.mlir", "-o", out},
			{"--target", target, "-o", out, "testdata/emit.mlir"},
		} {
			r := zmlc(t, args...)
			r.wantCode(t, exitError)
			want := "zmlc: error: target \"" + target + "\": code generator not implemented yet (--emit=mlir and --emit=mlir-generic work)\n"
			if r.stderr != want {
				t.Errorf("%q: stderr %q, want %q", args, r.stderr, want)
			}
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("--target=%s wrote %s", target, out)
		}
	}
	// The default target is wasm.
	r := zmlc(t, "testdata/emit.mlir")
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, `target "wasm"`) {
		t.Errorf("default target: %q", r.stderr)
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

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := writeFileAtomic(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "two" {
		t.Errorf("got %q, %v", got, err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	if err := writeFileAtomic(dir, []byte("x")); err == nil {
		t.Errorf("writing onto a directory succeeded")
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("leftover files: %q", names)
	}
}
