package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
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

func TestRunTimeErrorIsBounded(t *testing.T) {
	r := zmlc(t, "interpret", "testdata/recursion.mlir")
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, "call depth exceeds") || !strings.HasPrefix(r.stderr, "testdata/recursion.mlir:4:") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	for _, l := range strings.Split(r.stderr, "\n") {
		if len(l) > maxLineLen+100 {
			t.Errorf("a stderr line is %d bytes long", len(l))
		}
	}
}

func TestElide(t *testing.T) {
	short := "a: error: b"
	if elide(short) != short {
		t.Errorf("elide changed a short line")
	}
	long := strings.Repeat("é", maxLineLen) + "THE END"
	got := elide("first\n" + long)
	first, rest, _ := strings.Cut(got, "\n")
	if first != "first" || !strings.HasSuffix(rest, "THE END") || !strings.Contains(rest, "bytes elided") || len(rest) > maxLineLen+40 {
		t.Errorf("elide: %q", got)
	}
	if !utf8.ValidString(got) {
		t.Errorf("elide split a rune")
	}
}
