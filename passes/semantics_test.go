package passes

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// specialFloats are mixed into random float inputs: the values on which
// unsound float rewrites differ.
var specialFloats = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, 3}

// randomInput returns a deterministic input of tensor type t, or nil for
// types it cannot fill. Trials below len(specialFloats) are structured:
// element i takes special value (i+trial) mod n, so that over those trials
// every element position sees every special value; later trials are
// random.
func randomInput(rng *rand.Rand, t ir.Type, trial int) *ir.Tensor {
	tt := ir.AsTensor(t)
	if tt == nil || !tt.IsStatic() {
		return nil
	}
	x, err := ir.NewTensor(tt)
	if err != nil {
		return nil
	}
	lo, hi := int64(0), int64(0)
	if tt.Elem.IsIntOrBool() {
		lo, hi = tt.Elem.IntRange()
	}
	specialInts := []int64{lo, hi, -1, 0, 1, 2}
	for i := 0; i < x.Len(); i++ {
		if trial < len(specialFloats) {
			switch {
			case tt.Elem.IsIntOrBool():
				x.Set(i, specialInts[(i+trial)%len(specialInts)])
			case tt.Elem.IsFloat():
				x.Set(i, specialFloats[(i+trial)%len(specialFloats)])
			case tt.Elem.IsComplex():
				x.Set(i, complex(specialFloats[(i+trial)%len(specialFloats)], 1))
			}
			continue
		}
		switch {
		case tt.Elem.IsIntOrBool():
			switch rng.Intn(4) {
			case 0:
				x.Set(i, lo)
			case 1:
				x.Set(i, hi)
			default:
				x.Set(i, int64(rng.Intn(7)-3))
			}
		case tt.Elem.IsFloat():
			if rng.Intn(2) == 0 {
				x.Set(i, specialFloats[rng.Intn(len(specialFloats))])
			} else {
				x.Set(i, rng.NormFloat64()*10)
			}
		case tt.Elem.IsComplex():
			x.Set(i, complex(rng.NormFloat64(), rng.NormFloat64()))
		}
	}
	return x
}

// runAll runs every public function of m on inputs and returns, per
// function, its results and check failures printed, or "" where the
// function cannot be run (an argument type without inputs, or an
// interpreter error before the passes).
func runAll(m *ir.Module, inputs map[string][]interp.Value) map[string]string {
	out, _ := runAllTensors(m, inputs)
	return out
}

// runAllTensors is runAll that also returns each function's result
// tensors, for comparisons within a tolerance.
func runAllTensors(m *ir.Module, inputs map[string][]interp.Value) (map[string]string, map[string][]*ir.Tensor) {
	out := map[string]string{}
	tensors := map[string][]*ir.Tensor{}
	for _, f := range m.Funcs {
		args, ok := inputs[f.Name]
		if !f.IsPublic() || f.Body == nil || !ok {
			continue
		}
		in := interp.New(m)
		res, err := in.Call(f.Name, args)
		if err != nil {
			out[f.Name] = "error: " + err.Error()
			continue
		}
		s := ""
		for _, r := range res {
			if t, ok := r.(*ir.Tensor); ok {
				s += canonicalNaN(t).String() + "\n"
				tensors[f.Name] = append(tensors[f.Name], t)
			} else {
				s += fmt.Sprint(r) + "\n"
			}
		}
		for _, cf := range in.Failures {
			s += "check failed: " + cf.Message + "\n"
		}
		out[f.Name] = s
	}
	return out, tensors
}

// approxTolerance is the relative tolerance (scaled by max(1, |want|))
// allowed between float results before and after a pipeline that
// approximates (chlo-legalize-to-stablehlo replaces chlo.erf, erf_inv and
// tan by polynomials): a few dozen ULPs of each type. Integer results,
// NaN-ness, infinities and check outcomes must still be identical.
var approxTolerance = map[ir.ElementType]float64{
	ir.F16: 4e-3, ir.BF16: 3e-2, ir.F32: 4e-6, ir.F64: 1e-14,
}

// approximates reports whether a pipeline text contains a pass whose
// results may differ within approxTolerance.
func approximates(pipeline string) bool {
	return strings.Contains(pipeline, "chlo-legalize-to-stablehlo")
}

// closeTensors reports whether got and want have the same type and
// elements, floats within approxTolerance.
func closeTensors(got, want []*ir.Tensor) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Type.String() != w.Type.String() || len(g.I) != len(w.I) || len(g.F) != len(w.F) || len(g.C) != len(w.C) {
			return false
		}
		for j := range g.I {
			if g.I[j] != w.I[j] {
				return false
			}
		}
		tol := approxTolerance[g.Type.Elem]
		for j := range g.F {
			a, b := g.F[j], w.F[j]
			if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
				if !(math.IsNaN(a) && math.IsNaN(b)) && a != b {
					return false
				}
				continue
			}
			if math.Abs(a-b) > tol*math.Max(1, math.Abs(b)) {
				return false
			}
		}
		for j := range g.C {
			if cmplx.Abs(g.C[j]-w.C[j]) > 1e-5*math.Max(1, cmplx.Abs(w.C[j])) {
				return false
			}
		}
	}
	return true
}

// canonicalNaN returns t with every NaN replaced by the default NaN (the
// payload of a NaN result is not part of the semantics kept).
func canonicalNaN(t *ir.Tensor) *ir.Tensor {
	c := t.Clone()
	for i, v := range c.F {
		if math.IsNaN(v) {
			c.F[i] = math.NaN()
		}
	}
	return c
}

// TestPassesKeepSemantics runs every function of every lit file on random
// inputs (with NaN, infinities and signed zeros) before and after each
// registered pass and the -O2 pipeline, and requires identical results
// and check outcomes.
func TestPassesKeepSemantics(t *testing.T) {
	files, _ := filepath.Glob("../testdata/passes/*.mlir")
	if len(files) == 0 {
		t.Fatal("no lit files")
	}
	var pipelines []string
	for _, p := range Registered() {
		pipelines = append(pipelines, p.Argument)
	}
	o2, _ := DefaultPipelineText(2)
	pipelines = append(pipelines, o2, "inline{public=true}")
	compared := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := asm.ParseSplit(file, src)
		if err != nil {
			t.Fatal(err)
		}
		for ci, m := range ref {
			for trial := 0; trial < len(specialFloats)+3; trial++ {
				rng := rand.New(rand.NewSource(int64(ci*100 + trial)))
				inputs := map[string][]interp.Value{}
				for _, f := range m.Funcs {
					var args []interp.Value
					ok := true
					for _, at := range f.Type.Inputs {
						x := randomInput(rng, at, trial)
						if x == nil {
							ok = false
							break
						}
						args = append(args, x)
					}
					if ok {
						inputs[f.Name] = args
					}
				}
				before, beforeT := runAllTensors(m, inputs)
				for _, pl := range pipelines {
					mods, _ := asm.ParseSplit(file, src)
					pm := NewManager(mustPipeline(t, pl))
					if err := pm.Run(mods[ci]); err != nil {
						t.Fatalf("%s chunk %d: %s: %v", file, ci, pl, err)
					}
					after, afterT := runAllTensors(mods[ci], inputs)
					for name, want := range before {
						if len(want) >= 6 && want[:6] == "error:" {
							continue
						}
						compared++
						if got := after[name]; got != want && !(approximates(pl) && closeTensors(afterT[name], beforeT[name])) {
							t.Errorf("%s @%s after %s (trial %d):\n got %s\nwant %s", filepath.Base(file), name, pl, trial, got, want)
						}
					}
				}
			}
		}
	}
	if compared < 50 {
		t.Errorf("only %d comparisons made", compared)
	}
}

func mustPipeline(t *testing.T, text string) Pipeline {
	t.Helper()
	p, err := ParsePipeline(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
