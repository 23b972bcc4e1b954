package wasm_test

import (
	"context"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/kernel"
)

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

// compare returns "" when got matches want: integers exactly, floats and
// both parts of complex numbers within ulpBound.
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
	if len(got.C) != len(want.C) {
		return "got " + itoa(len(got.C)) + " complex elements, want " + itoa(len(want.C))
	}
	p := want.Type.Elem.ComplexPart()
	for i, w := range want.C {
		g := got.C[i]
		if ulps(real(g), real(w), p) > ulpBound(p) || ulps(imag(g), imag(w), p) > ulpBound(p) {
			return "element " + itoa(i) + ": got (" + ftoa(real(g)) + ", " + ftoa(imag(g)) + "), want (" + ftoa(real(w)) + ", " + ftoa(imag(w)) + ")"
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
	ran, rejected := 0, 0
	reasons := map[string][]string{}
	for _, path := range corpustest.Files(t) {
		for _, m := range corpustest.Modules(t, path) {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !corpustest.ChecksToOutputs(f) {
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
	if ran < 335 || rejected != 0 {
		t.Errorf("%d corpus functions run on the wasm target, %d rejected; want at least 335 and none rejected", ran, rejected)
	}
}
