package hlo

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
)

// TestCorpusConverts converts every function of the op corpus (checks
// turned into results) to HLO, prints its text and serialises it: the
// conversion must succeed for all but the ops XLA lacks, whose errors
// name the op.
func TestCorpusConverts(t *testing.T) {
	n := 0
	rejected := map[string]int{}
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		p, err := Convert(m, f.Name, "")
		if err != nil {
			if !strings.Contains(err.Error(), "hlo target") {
				t.Errorf("%s: error does not name the target: %v", name, err)
			}
			msg := err.Error()
			if i := strings.Index(msg, "hlo target: "); i >= 0 {
				msg = msg[i:]
			}
			rejected[msg]++
			return
		}
		if _, err := Text(p); err != nil {
			t.Errorf("%s: text: %v", name, err)
		}
		if _, err := Marshal(p); err != nil {
			t.Errorf("%s: marshal: %v", name, err)
		}
		if _, err := EntryMLIR(m, f.Name); err != nil && !errors.Is(err, ErrNotStableHLO) {
			t.Errorf("%s: mlir: %v", name, err)
		}
		n++
	})
	var keys []string
	for k := range rejected {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("rejected (%d): %s", rejected[k], k)
	}
	t.Logf("%d corpus functions convert", n)
	if n < 300 {
		t.Errorf("only %d corpus functions convert to HLO", n)
	}
}
