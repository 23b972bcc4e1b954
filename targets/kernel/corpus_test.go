package kernel

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// checksToOutputs rewrites f so that every tensor operand of its top-level
// check.* ops becomes an extra result (and drops the checks), as the
// compiled-target test driver does. It reports false if a check op sits in
// a nested region.
func checksToOutputs(f *ir.Func) bool {
	nested := false
	blk := f.Body.Entry()
	for _, op := range blk.Ops {
		for _, r := range op.Regions {
			r.Walk(func(o *ir.Op) bool {
				if o.Dialect() == "check" {
					nested = true
				}
				return true
			})
		}
	}
	if nested {
		return false
	}
	var outs []*ir.Value
	var kept []*ir.Op
	for _, op := range blk.Ops {
		if op.Dialect() == "check" {
			for _, o := range op.Operands {
				if o.Tensor() != nil {
					outs = append(outs, o)
				}
			}
			continue
		}
		kept = append(kept, op)
	}
	blk.Ops = kept
	term := blk.Terminator()
	term.Operands = append(term.Operands, outs...)
	ft := &ir.FunctionType{Inputs: f.Type.Inputs, Results: append(append([]ir.Type{}, f.Type.Results...), typesOf(outs)...)}
	f.Type = ft
	return true
}

func typesOf(vs []*ir.Value) []ir.Type {
	r := make([]ir.Type, len(vs))
	for i, v := range vs {
		r[i] = v.Type
	}
	return r
}

// relTol is the relative tolerance of float comparisons per element type:
// the lowering may reassociate sums (dot, conv, reduce).
func relTol(e ir.ElementType) float64 {
	switch e {
	case ir.F64:
		return 1e-12
	case ir.F32:
		return 1e-6
	case ir.F16:
		return 2e-3
	}
	return 2e-2
}

// compareTensors returns "" when got matches want: integers exactly, floats
// bitwise or within relTol of the larger of the element's and the tensor's
// largest magnitude (normwise: sums may be reassociated, and cancellation
// makes elementwise relative error meaningless); NaN matches NaN.
func compareTensors(got, want *ir.Tensor) string {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Sprintf("type %s, want %s", got.Type, want.Type)
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return fmt.Sprintf("element %d: got %d, want %d", i, got.I[i], want.I[i])
		}
	}
	tol := relTol(want.Type.Elem)
	scale := 0.0
	for _, w := range want.F {
		if !math.IsInf(w, 0) && !math.IsNaN(w) {
			scale = math.Max(scale, math.Abs(w))
		}
	}
	for i := range want.F {
		g, w := got.F[i], want.F[i]
		if g == w || (math.IsNaN(g) && math.IsNaN(w)) {
			continue
		}
		if !math.IsInf(w, 0) && math.Abs(g-w) <= tol*math.Max(math.Abs(w), scale) {
			continue
		}
		return fmt.Sprintf("element %d: got %v, want %v", i, g, w)
	}
	return ""
}

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
	in := interp.New(ref)
	args := make([]interp.Value, len(inputs))
	for i, x := range inputs {
		args[i] = x
	}
	want, err := in.Call(fn, args)
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
		w, ok := want[i].(*ir.Tensor)
		if !ok {
			return fmt.Errorf("result %d is not a tensor", i), ""
		}
		if d := compareTensors(got[i], w); d != "" {
			return nil, fmt.Sprintf("result %d: %s", i, d)
		}
	}
	return nil, ""
}

// TestCorpus lowers every function of the op corpus (testdata/ops), with
// its checks turned into outputs, evaluates it and compares with the
// interpreter. Functions the lowering rejects are listed with the reason
// (go test -v); a rejection must be a positioned error naming the op, and
// no function that lowers may disagree with the interpreter.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ops/*.mlir")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	lowered, rejected := 0, 0
	reasons := map[string][]string{}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		mods, err := asm.ParseSplit(path, src)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, m := range mods {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 {
					continue
				}
				name := filepath.Base(path) + ":@" + f.Name
				if !checksToOutputs(f) {
					continue
				}
				if err := ir.Verify(m); err != nil {
					t.Errorf("%s: rewritten module does not verify: %v", name, err)
					continue
				}
				lerr, mismatch := runBoth(t, m, f.Name, nil)
				switch {
				case strings.HasPrefix(mismatch, "interpreter:"):
					// Programs meant to fail at run time (e.g. collectives
					// across processes) are not the lowering's concern.
					continue
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
			}
		}
	}
	t.Logf("corpus: %d functions lowered and agree with the interpreter, %d rejected", lowered, rejected)
	var keys []string
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("rejected (%d) %s: %s", len(reasons[k]), k, strings.Join(reasons[k], ", "))
	}
	if lowered < 285 {
		t.Errorf("only %d corpus functions lowered", lowered)
	}
}

// reasonKey strips the position from a lowering error.
func reasonKey(msg string) string {
	if i := strings.Index(msg, "kernel lowering: "); i >= 0 {
		return msg[i+len("kernel lowering: "):]
	}
	return msg
}
