package wasm_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
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
// corpus (testdata/ops) for the wasm target at -O0 and at -O2, with each
// check.* operand an extra output and its constants inputs
// (corpustest.Cases: nothing is folded at compile time), runs it under
// the launcher on those inputs and compares the outputs with the kernel
// IR's evaluator on the same inputs (integers exactly, floats within
// ulpBound). A function the kernel lowering or the target rejects must be
// listed in testdata/corpus-rejections/wasm.txt (and a listed one must
// still be rejected); a target rejection must name the wasm target.
func TestCorpus(t *testing.T) {
	ran := 0
	rej := corpustest.LoadRejections(t, "wasm")
	optimize := func(m *ir.Module, level int) error {
		return compile.Optimize(m, compile.Options{OptLevel: compile.Level(level)})
	}
	corpustest.Cases(t, corpustest.Levels, optimize, func(c *corpustest.Case) {
		name, f, m := c.Key, c.Func, c.Module
		p, err := kernel.Lower(m, f.Name, kernel.TargetParams{})
		if err != nil {
			rej.Reject(name, err.Error())
			return
		}
		want, err := kernel.Eval(p, c.Inputs)
		if err != nil {
			t.Errorf("%s: kernel.Eval: %v", name, err)
			return
		}
		l, err := compile.LowerModule(m, compile.Options{Entry: f.Name, Wasm: compileOpts})
		if err != nil {
			if !strings.Contains(err.Error(), "wasm target") {
				t.Errorf("%s: rejection does not name the wasm target: %v", name, err)
			}
			rej.Reject(name, err.Error())
			return
		}
		bundle, err := l.Bundle(compile.Options{})
		if err != nil {
			t.Errorf("%s: bundle: %v", name, err)
			return
		}
		rt, err := compile.Open(bundle, "", 2)
		if err != nil {
			t.Errorf("%s: open: %v", name, err)
			return
		}
		got, err := rt.Run(context.Background(), f.Name, c.Inputs)
		rt.Close()
		if err != nil {
			t.Errorf("%s: run: %v", name, err)
			return
		}
		for i := range want {
			if d := compare(got[i], want[i]); d != "" {
				t.Errorf("%s: result %d: %s", name, i, d)
				return
			}
		}
		rej.Pass(name)
		ran++
	})
	t.Logf("corpus on wasm: %d function runs (-O0 and -O2) compile, run and agree", ran)
	rej.Check(t)
	if ran < 2*385 {
		t.Errorf("%d corpus function runs on the wasm target; want at least %d", ran, 2*385)
	}
}
