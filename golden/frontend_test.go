package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

var _ = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// TestFrontendGolden compiles each testdata/golden/*.zml at -O0 (the front
// end's output, as `zmlc -O0 --emit=mlir` prints it) and compares the
// module with the stored testdata/golden/*.mlir. A `// dims: b=2 s=4` line
// in the input binds symbolic dimensions as --dim does.
func TestFrontendGolden(t *testing.T) {
	files, err := filepath.Glob("../testdata/golden/*.zml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 7 {
		t.Fatalf("found %d golden inputs, want at least 7", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dims, err := headerDims(string(src))
			if err != nil {
				t.Fatal(err)
			}
			m, err := frontend.Compile(filepath.Base(f), src, frontend.Options{Dims: dims})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			text := asm.Print(m, asm.Options{})
			Check(t, strings.TrimSuffix(f, ".zml")+".mlir", []byte(text))
			// What was printed parses back to the same text.
			back, err := asm.Parse("golden.mlir", []byte(text))
			if err != nil {
				t.Fatalf("printed module does not parse: %v", err)
			}
			if again := asm.Print(back, asm.Options{}); again != text {
				t.Errorf("printed module is not a fixed point:\n%s", Diff("first", text, again))
			}
		})
	}
}

// headerDims reads `// dims: name=size ...` lines.
func headerDims(src string) (map[string]int64, error) {
	dims := map[string]int64{}
	for _, line := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// dims:")
		if !ok {
			continue
		}
		for _, kv := range strings.Fields(rest) {
			name, v, ok := strings.Cut(kv, "=")
			size, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil || size <= 0 {
				return nil, fmt.Errorf("bad dims header entry %q: want name=size", kv)
			}
			dims[name] = size
		}
	}
	return dims, nil
}
