package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestInterpretSplitPartsAreIndependent(t *testing.T) {
	r := zmlc(t, "interpret", "testdata/mixed.mlir")
	r.wantCode(t, exitError)
	if want := "// @fine\ndense<[-1, -2]> : tensor<2xi32>\n"; r.stdout != want {
		t.Errorf("stdout %q, want %q", r.stdout, want)
	}
	if !strings.HasPrefix(r.stderr, "testdata/mixed.mlir:4:3: error: 'stablehlo.negate' op") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
}

// TestTruncatedInputsNeverPanic feeds every prefix of the test programs to
// --emit and interpret (in process, through run): each must succeed or fail
// with a diagnostic, never reach the panic guard.
func TestTruncatedInputsNeverPanic(t *testing.T) {
	for _, f := range []string{"testdata/emit.mlir", "testdata/pass.mlir", "testdata/fail.mlir"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= len(src); n++ {
			for _, args := range [][]string{{"--emit=mlir", "-"}, {"--emit=mlir-generic", "-"}, {"interpret", "-"}} {
				var stdout, stderr bytes.Buffer
				code := run(args, bytes.NewReader(src[:n]), &stdout, &stderr)
				if code != exitOK && code != exitError {
					t.Errorf("%s[:%d] %q: exit status %d", f, n, args, code)
				}
				if strings.Contains(stderr.String(), "internal error") {
					t.Fatalf("%s[:%d] %q reached the panic guard:\n%s", f, n, args, stderr.String())
				}
				if code == exitError && stderr.Len() == 0 {
					t.Errorf("%s[:%d] %q: exit status 1 without a message", f, n, args)
				}
			}
		}
	}
}
