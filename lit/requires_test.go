package lit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withMissing makes lookTool report the tools in missing as absent (and
// every other tool as present) for the test.
func withMissing(t *testing.T, missing ...string) {
	old := lookTool
	t.Cleanup(func() { lookTool = old })
	lookTool = func(name string) bool {
		for _, m := range missing {
			if m == name {
				return false
			}
		}
		return old(name)
	}
}

// writeTest writes a lit file whose RUN line writes a marker file, and
// returns its path and the marker's.
func writeTest(t *testing.T, requires string) (string, string) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	src := "// " + requires + "\n// RUN: FileCheck %s --input-file=%s > " + marker + "\n// CHECK: RUN\n"
	f := filepath.Join(dir, "t.mlir")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return f, marker
}

func TestRequiresParse(t *testing.T) {
	got, err := Requires("// REQUIRES: llc-19, ld.lld-19\n// RUN: x\n// REQUIRES: spirv-dis\n")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "llc-19 ld.lld-19 spirv-dis" {
		t.Errorf("got %q", got)
	}
	for _, bad := range []string{"// REQUIRES: a && b", "// REQUIRES: !a", "// REQUIRES: a,", "// REQUIRES:"} {
		if _, err := Requires(bad); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: want an error naming line 1, got %v", bad, err)
		}
	}
}

// TestRequiresMissingSkips checks that outside CI a missing tool makes
// the file UNSUPPORTED (nothing runs) with the tool and its Debian
// package named.
func TestRequiresMissingSkips(t *testing.T) {
	t.Setenv("CI", "")
	withMissing(t, "llc-19", "spirv-dis")
	f, marker := writeTest(t, "REQUIRES: llc-19, spirv-dis")
	r := Runner{TempDir: t.TempDir()}
	err := r.RunFile(f)
	var u *UnsupportedError
	if !errors.As(err, &u) {
		t.Fatalf("want *UnsupportedError, got %v", err)
	}
	for _, want := range []string{"UNSUPPORTED", "llc-19 (install the Debian package llvm-19", "spirv-dis (install the Debian package spirv-tools"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the RUN line ran")
	}
}

// TestRequiresMissingFailsInCI checks that under CI=true a missing tool is
// a failure (not an UnsupportedError) naming the tool and package.
func TestRequiresMissingFailsInCI(t *testing.T) {
	t.Setenv("CI", "true")
	withMissing(t, "ld.lld-19")
	f, _ := writeTest(t, "REQUIRES: ld.lld-19")
	r := Runner{TempDir: t.TempDir()}
	err := r.RunFile(f)
	var u *UnsupportedError
	if err == nil || errors.As(err, &u) {
		t.Fatalf("want a failure, got %v", err)
	}
	if !strings.Contains(err.Error(), "ld.lld-19 (install the Debian package lld-19") || !strings.Contains(err.Error(), "CI=true") {
		t.Errorf("message %q", err)
	}
}

// TestRequiresMet checks that features given by the runner (Features,
// Tools) or found as executables let the file run.
func TestRequiresMet(t *testing.T) {
	t.Setenv("CI", "true")
	withMissing(t, "zmlc-test-feature", "zmlc-test-tool")
	for _, r := range []Runner{
		{Features: map[string]bool{"zmlc-test-feature": true, "zmlc-test-tool": true}},
		{Features: map[string]bool{"zmlc-test-feature": true}, Tools: map[string]string{"zmlc-test-tool": "/bin/true"}},
	} {
		f, marker := writeTest(t, "REQUIRES: zmlc-test-feature, zmlc-test-tool")
		r.TempDir = t.TempDir()
		if err := r.RunFile(f); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(marker); err != nil {
			t.Error("the RUN line did not run")
		}
	}
	if !lookTool("sh") {
		t.Error("sh is not found in PATH")
	}
}
