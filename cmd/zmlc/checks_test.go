package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/runtime/vulkan"
)

// haveTarget reports whether target's tools and device are here; under
// CI=true a missing one fails the test, otherwise the target is skipped.
func haveTarget(t *testing.T, target string) bool {
	t.Helper()
	var missing string
	switch target {
	case "cpu":
		for _, tool := range []string{"opt-19", "llc-19", "ld.lld-19"} {
			if _, err := exec.LookPath(tool); err != nil {
				missing = tool + " (Debian packages llvm-19, lld-19)"
			}
		}
	case "vulkan":
		if _, err := exec.LookPath("spirv-val"); err != nil {
			missing = "spirv-val (Debian package spirv-tools)"
		} else if d, err := vulkan.Open(""); err != nil {
			missing = "a Vulkan device (Debian packages libvulkan1, mesa-vulkan-drivers): " + err.Error()
		} else {
			d.Close()
		}
	}
	if missing == "" {
		return true
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s target: %s not found (scripts/setup.sh)", target, missing)
	}
	t.Logf("%s target skipped: %s not found", target, missing)
	return false
}

// errorLines returns the "error: check failed" lines of stderr without
// the source excerpts the interpreter adds.
func errorLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, ": error: check failed in @") {
			out = append(out, l)
		}
	}
	return out
}

// TestRunChecks compiles a program with checks in both forms (the check
// dialect, custom_call @check.*) for wasm, cpu and vulkan at -O0 and -O2,
// and runs the bundle: `zmlc run` prints every failing check exactly as
// `zmlc interpret` does, runs the passing ones silently, and exits 1; a
// bundle whose checks pass exits 0.
func TestRunChecks(t *testing.T) {
	src := "testdata/checks.mlir"
	ref := zmlc(t, "interpret", src)
	ref.wantCode(t, exitError)
	want := errorLines(ref.stderr)
	if len(want) != 4 {
		t.Fatalf("the interpreter reports %d failed checks, want 4:\n%s", len(want), ref.stderr)
	}
	dir := t.TempDir()
	for _, target := range []string{"wasm", "cpu", "vulkan"} {
		if !haveTarget(t, target) {
			continue
		}
		for _, level := range []string{"-O0", "-O2"} {
			name := target + level
			out := filepath.Join(dir, name+".zpkg")
			zmlc(t, "--target="+target, level, src, "-o", out).wantCode(t, exitOK)
			r := zmlc(t, "run", out)
			r.wantCode(t, exitError)
			if got := errorLines(r.stderr); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: zmlc run reports\n%s\nwant (zmlc interpret)\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if !strings.Contains(r.stderr, "zmlc: error: 4 check(s) failed") {
				t.Errorf("%s: no summary line:\n%s", name, r.stderr)
			}
			for _, fn := range []string{"// @pass", "// @fail_dialect", "// @fail_custom_call"} {
				if !strings.Contains(r.stdout, fn) {
					t.Errorf("%s: %s did not run:\n%s", name, fn, r.stdout)
				}
			}
			r = zmlc(t, "run", out, "--entry", "pass")
			r.wantCode(t, exitOK)
		}
	}
}

// TestCompileCheckErrors: checks a compiled target cannot carry are
// positioned compile errors, and a custom_call without an implementation
// is refused at compile time instead of being dropped.
func TestCompileCheckErrors(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ src, want string }{
		"nested": {`func.func @main() {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.while(%i = %c) : tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      check.expect_eq_const %i, dense<0> : tensor<i32>
      stablehlo.return %i : tensor<i32>
    }
  func.return
}
`, "m.mlir:8:7: error: check.expect_eq_const: checks inside a region"},
		"serialized": {`func.func @main() {
  %c = stablehlo.constant dense<0> : tensor<i32>
  check.expect_serialized_eq %c, probe_id = "p" : tensor<i32>
  func.return
}
`, "m.mlir:3:3: error: check.expect_serialized_eq: unsupported check"},
		"used_result": {`func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.custom_call @check.eq(%a, %a) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %r : tensor<i1>
}
`, "m.mlir:3:3: error: stablehlo.custom_call: the result of @check.eq is used"},
		"unknown_call": {`func.func @main(%x: tensor<2xf32>) {
  stablehlo.custom_call @my_side_effect(%x) : (tensor<2xf32>) -> ()
  func.return
}
`, "m.mlir:2:3: error: kernel lowering: stablehlo.custom_call: call target @my_side_effect has no implementation"},
	} {
		path := filepath.Join(dir, "m.mlir")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, level := range []string{"-O0", "-O2"} {
			r := zmlcIn(t, dir, nil, level, "m.mlir", "-o", "m.zpkg")
			r.wantCode(t, exitError)
			if !strings.Contains(r.stderr, c.want) {
				t.Errorf("%s %s: stderr\n%s\nwant %q", name, level, r.stderr, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "m.zpkg")); err == nil {
				t.Errorf("%s %s: a bundle was written", name, level)
			}
		}
	}
}
