package corpustest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

const inputsSrc = `func.func @f() -> tensor<2x3xi8> {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi8>
  %s = stablehlo.add %a, %i : tensor<2x3xi8>
  %m = stablehlo.multiply %s, %s : tensor<2x3xi8>
  check.expect_eq_const %m, dense<[[1, 9, 25], [16, 36, 64]]> : tensor<2x3xi8>
  func.return %m : tensor<2x3xi8>
}`

// TestConstantsToInputs: the constant and the iota become arguments whose
// values give the interpreter's results, and at -O2 nothing is folded
// (the result is still computed by the add and multiply).
func TestConstantsToInputs(t *testing.T) {
	m, err := asm.Parse("f.mlir", []byte(inputsSrc))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Interpret(m, "f")
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	if !ChecksToOutputs(f) {
		t.Fatal("ChecksToOutputs")
	}
	in := ConstantsToInputs(f)
	if len(in) != 2 || len(f.Type.Inputs) != 2 || in[1].I[4] != 1 {
		t.Fatalf("inputs %v, function type %s", in, f.Type)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if err := Optimize(m, 2); err != nil {
		t.Fatal(err)
	}
	got, err := Interpret(m, "f", in...)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d results, want the result and the check's", len(got))
	}
	for i := range got {
		if err := Compare(got[i], want[0], Reassociated); err != nil {
			t.Errorf("result %d: %v", i, err)
		}
	}
	text := asm.Print(m, asm.Options{})
	if strings.Contains(text, "stablehlo.constant") || !strings.Contains(text, "multiply") {
		t.Errorf("-O2 folded the computation:\n%s", text)
	}
}

// recorder is a testing.TB that records errors.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Helper()             {}

// TestRejections: a rejection not on the list fails, a listed one that
// passes fails, a listed one still rejected does not.
func TestRejections(t *testing.T) {
	r := &Rejections{path: "list.txt", allowed: map[string]bool{"a O0": true, "b O0": true, "c O0": true},
		got: map[string]string{}, passed: map[string]bool{}}
	r.Reject("a O0", "still rejected")
	r.Pass("b O0")
	r.Reject("new O2", "why")
	rec := &recorder{TB: t}
	r.Check(rec)
	all := strings.Join(rec.errs, "\n")
	for _, want := range []string{"new O2: a new rejection (why)", "b O0 passes now: remove it", "c O0 is listed in list.txt but did not run"} {
		if !strings.Contains(all, want) {
			t.Errorf("errors\n%s\nlack %q", all, want)
		}
	}
	if len(rec.errs) != 3 {
		t.Errorf("%d errors, want 3:\n%s", len(rec.errs), all)
	}
}
