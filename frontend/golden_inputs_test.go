package frontend

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestGoldenInputsCompile keeps the example model and the golden inputs
// valid: each compiles (with b=64 bound) and its module verifies.
func TestGoldenInputsCompile(t *testing.T) {
	files, err := filepath.Glob("../testdata/golden/*.zml")
	if err != nil || len(files) < 5 {
		t.Fatalf("golden inputs: %v (%d files)", err, len(files))
	}
	files = append(files, "../examples/mnist/mnist.zml")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Compile(filepath.Base(f), src, Options{Dims: map[string]int64{"b": 64}})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := ir.Verify(m); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
