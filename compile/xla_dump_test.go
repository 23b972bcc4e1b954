package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
)

// TestHLODump is not a check but the first half of
// scripts/check_hlo_text.sh: with ZMLC_HLO_DUMP=DIR it writes, for every
// op-corpus function (checks turned into results) and both MNIST models
// (batch 8), the HLO text (NAME.hlo) and the HloModuleProto (NAME.pb) the
// xla-cpu target makes; the script has XLA's own HLO parser (jaxlib) read
// both and compare them. Without the variable there is nothing to do.
func TestHLODump(t *testing.T) {
	dir := os.Getenv("ZMLC_HLO_DUMP")
	if dir == "" {
		t.Skip("ZMLC_HLO_DUMP names no folder: nothing to dump (scripts/check_hlo_text.sh sets it)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	n := 0
	write := func(name string, l *Lowered) {
		for _, h := range l.XLA.HLO {
			base := filepath.Join(dir, strings.NewReplacer("/", "_", ":", "_", "@", "").Replace(name))
			if err := os.WriteFile(base+".hlo", []byte(h.Text), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".pb", h.Proto, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		l, err := LowerModule(m, Options{Target: "xla-cpu", Entry: f.Name})
		if err != nil {
			return // an op or type XLA lacks (TestCorpusXLA lists them)
		}
		write(name, l)
	})
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		src, err := os.ReadFile(m.src)
		if err != nil {
			t.Fatal(err)
		}
		l, err := Lower(m.src, src, Options{Target: "xla-cpu", Dims: map[string]int64{"b": 8}})
		if err != nil {
			t.Fatal(err)
		}
		write("mnist-"+m.name, l)
	}
	t.Logf("wrote %d HLO modules (text and proto) to %s", n, dir)
}
