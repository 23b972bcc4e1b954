package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/golden"
)

// TestGoldenThroughCommand: `zmlc -O0 --emit=mlir` prints exactly the
// stored golden module of each testdata/golden/*.zml (the golden package
// compares the front end's output in process; this checks the command adds
// nothing). A `// dims: b=2` header becomes --dim b=2.
func TestGoldenThroughCommand(t *testing.T) {
	files, err := filepath.Glob("../../testdata/golden/*.zml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"-O0", "--emit=mlir"}
		for _, line := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(line, "// dims:"); ok {
				for _, kv := range strings.Fields(rest) {
					args = append(args, "--dim", kv)
				}
			}
		}
		// The front end names locations by the base name; so does the
		// golden package.
		dir, base := filepath.Split(f)
		r := zmlcIn(t, dir, nil, append(args, base)...)
		r.wantCode(t, exitOK)
		golden.Check(t, strings.TrimSuffix(f, ".zml")+".mlir", []byte(r.stdout))
	}
}
