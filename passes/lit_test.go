package passes

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/lit"
)

// TestLitFiles runs testdata/passes/*.mlir in process: each RUN line of the
// form `zmlc opt [--passes=P] [--split-input-file] [--verify-each=false]
// %s | FileCheck %s [--check-prefix=X]` is carried out with Opt (the code
// `zmlc opt` calls) and lit's FileCheck, so the files are checked before the
// command exists and keep passing when lit runs them through it.
func TestLitFiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/passes/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			lines := lit.RunLines(string(src))
			if len(lines) == 0 {
				t.Fatal("no RUN line")
			}
			for _, line := range lines {
				runLitLine(t, file, src, line)
			}
		})
	}
}

func runLitLine(t *testing.T, file string, src []byte, line string) {
	t.Helper()
	opt, check, ok := strings.Cut(line, "|")
	if !ok {
		t.Fatalf("RUN line %q: want `zmlc opt ... %%s | FileCheck %%s`", line)
	}
	args := strings.Fields(opt)
	if len(args) < 2 || args[0] != "zmlc" || args[1] != "opt" {
		t.Fatalf("RUN line %q: not a zmlc opt command", line)
	}
	cfg := OptConfig{Manager: NewManager(nil)}
	for _, a := range args[2:] {
		switch {
		case a == "%s":
		case strings.HasPrefix(a, "--passes="):
			p, err := ParsePipeline(strings.TrimPrefix(a, "--passes="))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Manager.Pipeline = append(cfg.Manager.Pipeline, p...)
		case a == "--split-input-file":
			cfg.SplitInputFile = true
		case a == "--verify-each=false":
			cfg.Manager.VerifyEach = false
		case len(a) == 3 && strings.HasPrefix(a, "-O"):
			p, err := DefaultPipeline(int(a[2] - '0'))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Manager.Pipeline = append(cfg.Manager.Pipeline, p...)
		default:
			t.Fatalf("RUN line %q: flag %q not emulated", line, a)
		}
	}
	prefixes := []string{"CHECK"}
	for _, a := range strings.Fields(check) {
		if strings.HasPrefix(a, "--check-prefix=") {
			prefixes = []string{strings.TrimPrefix(a, "--check-prefix=")}
		}
	}
	var out bytes.Buffer
	if err := Opt(&out, file, src, cfg); err != nil {
		t.Fatalf("zmlc opt: %v", err)
	}
	checks, err := lit.ParseChecks(file, string(src), prefixes)
	if err != nil {
		t.Fatal(err)
	}
	if err := lit.Match(checks, out.String(), "<stdin>"); err != nil {
		t.Errorf("%v\noutput:\n%s", err, out.String())
	}
}

// readLit returns the lit file of a pass.
func readLit(argument string) ([]byte, error) {
	return os.ReadFile(filepath.Join("..", "testdata", "passes", argument+".mlir"))
}
