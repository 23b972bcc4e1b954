package wasm_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/kernel"
)

// checksToOutputs turns every tensor operand of f's top-level check.* ops
// into an extra result (and drops the checks), so that the driver can
// compare them on the host; false if a check sits in a nested region.
func checksToOutputs(f *ir.Func) bool {
	blk := f.Body.Entry()
	for _, op := range blk.Ops {
		nested := false
		for _, r := range op.Regions {
			r.Walk(func(o *ir.Op) bool {
				nested = nested || o.Dialect() == "check"
				return true
			})
		}
		if nested {
			return false
		}
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
	res := append([]ir.Type{}, f.Type.Results...)
	for _, o := range outs {
		res = append(res, o.Type)
	}
	f.Type = &ir.FunctionType{Inputs: f.Type.Inputs, Results: res}
	return true
}

// ulpBound is the largest distance in units in the last place allowed
// between the wasm target's float results and the kernel IR's reference
// evaluator (which runs the same kernels in the same order): f32 math
// helpers are computed in f64 and rounded once; f64 ones carry a few ULP
// of polynomial error.
func ulpBound(e ir.ElementType) int64 {
	if e == ir.F64 {
		return 64
	}
	return 2
}

// ulps returns the distance between a and b in units in the last place of
// type e (0 when equal or both NaN).
func ulps(a, b float64, e ir.ElementType) int64 {
	if a == b || math.IsNaN(a) && math.IsNaN(b) {
		return 0
	}
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.MaxInt64
	}
	key := func(x float64) int64 {
		var k int64
		if e == ir.F32 {
			k = int64(int32(math.Float32bits(float32(x))))
			if k < 0 {
				k = math.MinInt32 - k
			}
			return k
		}
		k = int64(math.Float64bits(x))
		if k < 0 {
			k = math.MinInt64 - k
		}
		return k
	}
	d := key(a) - key(b)
	if d < 0 {
		d = -d
	}
	return d
}

// compare returns "" when got matches want: integers exactly, floats
// within ulpBound.
func compare(got, want *ir.Tensor) string {
	if !ir.TypesEqual(got.Type, want.Type) {
		return "type " + got.Type.String() + ", want " + want.Type.String()
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return "element " + itoa(i) + ": got " + itoa64(got.I[i]) + ", want " + itoa64(want.I[i])
		}
	}
	for i := range want.F {
		if u := ulps(got.F[i], want.F[i], want.Type.Elem); u > ulpBound(want.Type.Elem) {
			return "element " + itoa(i) + ": got " + ftoa(got.F[i]) + ", want " + ftoa(want.F[i])
		}
	}
	return ""
}

// TestCorpus compiles every argument-free public function of the op
// corpus (testdata/ops) for the wasm target, with each check.* operand an
// extra output, runs it under the launcher and compares the outputs with
// the kernel IR's evaluator (integers exactly, floats within ulpBound).
// A function the target cannot compile must fail at compile time with an
// error naming the kernel and the op; the list is logged (go test -v).
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ops/*.mlir")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	ran, rejected := 0, 0
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
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !checksToOutputs(f) {
					continue
				}
				name := filepath.Base(path) + ":@" + f.Name
				if _, err := interp.New(m).Call(f.Name, nil); err != nil {
					continue // meant to fail at run time
				}
				p, err := kernel.Lower(m, f.Name, kernel.TargetParams{})
				if err != nil {
					continue // the kernel lowering's rejections are its own test's
				}
				want, err := kernel.Eval(p, nil)
				if err != nil {
					t.Errorf("%s: kernel.Eval: %v", name, err)
					continue
				}
				l, err := compile.LowerModule(m, compile.Options{Entry: f.Name, Wasm: compileOpts})
				if err != nil {
					msg := err.Error()
					if !strings.Contains(msg, "wasm target") {
						t.Errorf("%s: rejection does not name the wasm target: %v", name, msg)
					}
					rejected++
					key := msg
					if i := strings.Index(msg, "): "); i >= 0 {
						key = msg[i+3:]
					}
					reasons[key] = append(reasons[key], name)
					continue
				}
				bundle, err := l.Bundle(compile.Options{})
				if err != nil {
					t.Errorf("%s: bundle: %v", name, err)
					continue
				}
				rt, err := compile.Open(bundle, "", 2)
				if err != nil {
					t.Errorf("%s: open: %v", name, err)
					continue
				}
				got, err := rt.Run(context.Background(), f.Name, nil)
				rt.Close()
				if err != nil {
					t.Errorf("%s: run: %v", name, err)
					continue
				}
				ok := true
				for i := range want {
					if d := compare(got[i], want[i]); d != "" {
						t.Errorf("%s: result %d: %s", name, i, d)
						ok = false
						break
					}
				}
				if ok {
					ran++
				}
			}
		}
	}
	t.Logf("corpus on wasm: %d functions compile, run and agree; %d rejected at compile time", ran, rejected)
	var keys []string
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("rejected (%d) %s: %s", len(reasons[k]), k, strings.Join(reasons[k], ", "))
	}
	if ran < 200 {
		t.Errorf("only %d corpus functions run on the wasm target", ran)
	}
}
