package kernel

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
)

// runBoth lowers and evaluates fn of m on inputs and compares with the
// interpreter. It returns the lowering error (nil if it lowered) and a
// mismatch description ("" if the results agree).
func runBoth(t *testing.T, m *ir.Module, fn string, inputs []*ir.Tensor) (lowerErr error, mismatch string) {
	t.Helper()
	return runAgainst(t, m, m, fn, inputs)
}

// runAgainst is runBoth with the interpreter running ref (an unfused
// equivalent of m) instead of m.
func runAgainst(t *testing.T, m, ref *ir.Module, fn string, inputs []*ir.Tensor) (lowerErr error, mismatch string) {
	t.Helper()
	want, err := corpustest.Interpret(ref, fn, inputs...)
	if err != nil {
		return nil, "interpreter: " + err.Error()
	}
	p, err := Lower(m, fn, TargetParams{})
	if err != nil {
		return err, ""
	}
	got, err := Eval(p, inputs)
	if err != nil {
		return nil, "eval: " + err.Error()
	}
	for i := range want {
		if err := corpustest.Compare(got[i], want[i], corpustest.Reassociated); err != nil {
			return nil, fmt.Sprintf("result %d: %v", i, err)
		}
	}
	return nil, ""
}

// TestCorpus lowers every function of the op corpus (testdata/ops), with
// its checks turned into outputs, evaluates it and compares with the
// interpreter. Functions the lowering rejects are listed with the reason
// (go test -v); a rejection must be a positioned error naming the op, no
// function that lowers may disagree with the interpreter, and none may be
// rejected.
func TestCorpus(t *testing.T) {
	lowered, rejected := 0, 0
	reasons := map[string][]string{}
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		lerr, mismatch := runBoth(t, m, f.Name, nil)
		switch {
		case strings.HasPrefix(mismatch, "interpreter:"):
			// Programs meant to fail at run time (e.g. collectives
			// across processes) are not the lowering's concern.
		case lerr != nil:
			rejected++
			msg := lerr.Error()
			if !strings.Contains(msg, "kernel lowering") {
				t.Errorf("%s: rejection does not say it is the kernel lowering: %v", name, msg)
			}
			key := reasonKey(msg)
			reasons[key] = append(reasons[key], name)
		case mismatch != "":
			t.Errorf("%s: %s", name, mismatch)
		default:
			lowered++
		}
	})
	t.Logf("corpus: %d functions lowered and agree with the interpreter, %d rejected", lowered, rejected)
	var keys []string
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("rejected (%d) %s: %s", len(reasons[k]), k, strings.Join(reasons[k], ", "))
	}
	// Every corpus function the interpreter runs lowers (issues 5-7: the
	// whole op corpus on every target).
	if rejected != 0 || lowered < 335 {
		t.Errorf("%d corpus functions lowered, %d rejected; want at least 335 and none rejected", lowered, rejected)
	}
}

// reasonKey strips the position from a lowering error.
func reasonKey(msg string) string {
	if i := strings.Index(msg, "kernel lowering: "); i >= 0 {
		return msg[i+len("kernel lowering: "):]
	}
	return msg
}
