package passes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// corpusOutcome runs every public function of m that takes no arguments
// and returns, per function, its check failures (messages without
// locations) and error, one line each.
func corpusOutcome(m *ir.Module) map[string]string {
	out := map[string]string{}
	for _, f := range m.Funcs {
		if !f.IsPublic() || f.Body == nil || len(f.Type.Inputs) != 0 {
			continue
		}
		in := interp.New(m)
		res, err := in.Call(f.Name, nil)
		var b strings.Builder
		for _, cf := range in.Failures {
			b.WriteString("check failed: " + cf.Message + "\n")
		}
		if err != nil {
			b.WriteString("error\n")
		}
		for _, r := range res {
			if t, ok := r.(*ir.Tensor); ok {
				b.WriteString(canonicalNaN(t).String() + "\n")
			}
		}
		out[f.Name] = b.String()
	}
	return out
}

// TestCorpusKeepsResults runs the op-test corpus (testdata/ops/*.mlir: each
// public no-argument function ends in check.* ops) with the interpreter
// before and after the -O2 pipeline and requires the same outcome for
// every function: the same check failures (normally none), the same
// errors, the same results bit for bit (NaN payloads aside). No pass of
// the pipeline reassociates floating-point arithmetic, so no tolerance is
// needed.
func TestCorpusKeepsResults(t *testing.T) {
	files, _ := filepath.Glob("../testdata/ops/*.mlir")
	if len(files) == 0 {
		t.Skip("no op corpus in testdata/ops yet")
	}
	pipe, _ := DefaultPipelineText(2)
	funcs := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		before, err := asm.ParseSplit(file, src)
		if err != nil {
			// The corpus owner's problem; the command's tests report it.
			t.Logf("%s does not parse: %v", file, err)
			continue
		}
		after, _ := asm.ParseSplit(file, src)
		for i := range before {
			if before[i] == nil || ir.Verify(before[i]) != nil {
				continue
			}
			want := corpusOutcome(before[i])
			if err := NewManager(mustPipeline(t, pipe)).Run(after[i]); err != nil {
				t.Errorf("%s chunk %d: %v", filepath.Base(file), i, err)
				continue
			}
			got := corpusOutcome(after[i])
			for name, w := range want {
				funcs++
				if got[name] != w {
					t.Errorf("%s @%s after %s:\n got %s\nwant %s", filepath.Base(file), name, pipe, got[name], w)
				}
			}
		}
	}
	if funcs == 0 {
		t.Error("no corpus function ran")
	}
	t.Logf("%d corpus functions compared", funcs)
}
