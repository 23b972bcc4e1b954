package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGenericParsesWithMLIROpt checks that `zmlc --emit=mlir-generic` output
// is MLIR that upstream mlir-opt-19 (Debian mlir-19-tools) reads: each of
// our testdata programs and every program of the op corpus (testdata/ops/).
// Under CI=true a missing mlir-opt-19 fails the test; otherwise it skips,
// naming scripts/setup.sh, which installs it.
func TestGenericParsesWithMLIROpt(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("mlir-opt-19 not found (CI=true): run scripts/setup.sh to install mlir-19-tools")
		}
		t.Skip("mlir-opt-19 not found: run scripts/setup.sh (installs mlir-19-tools) to enable this test")
	}
	files := []string{"testdata/pass.mlir", "testdata/fail.mlir", "testdata/emit.mlir", "testdata/entry.mlir"}
	files = append(files, corpusFiles(t)...)
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, "../../"), func(t *testing.T) {
			r := zmlc(t, "--emit=mlir-generic", f)
			if r.code != exitOK {
				t.Fatalf("zmlc rejects %s (exit status %d), so its generic form cannot be checked:\n%s", f, r.code, r.stderr)
			}
			cmd := exec.Command(mlirOpt, "--allow-unregistered-dialect", "--split-input-file", "-o", os.DevNull)
			cmd.Stdin = bytes.NewReader([]byte(r.stdout))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("mlir-opt-19 rejects the generic output of %s: %v\n%s\ninput:\n%s", f, err, out, r.stdout)
			}
		})
	}
}
