package llvm

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// needTools skips the test (or fails it under CI=true) when an LLVM 19
// tool is missing.
func needTools(t *testing.T, tools ...Tool) {
	t.Helper()
	for _, tl := range tools {
		if _, err := tl.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%v", err)
			}
			t.Skipf("%v", err)
		}
	}
}

// checksToOutputs turns the operands of f's top-level check.* ops into
// extra results (the compiled-target test driver's rewrite, DESIGN.md "How
// we know a target is right"); false if a check sits in a nested region.
func checksToOutputs(f *ir.Func) bool {
	blk := f.Body.Entry()
	for _, op := range blk.Ops {
		for _, r := range op.Regions {
			nested := false
			r.Walk(func(o *ir.Op) bool {
				nested = nested || o.Dialect() == "check"
				return true
			})
			if nested {
				return false
			}
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

// corpusFuncs calls fn for every argument-less public function of the op
// corpus (testdata/ops), with its checks turned into outputs.
func corpusFuncs(t *testing.T, fn func(name string, m *ir.Module, f *ir.Func)) {
	files, _ := filepath.Glob("../../testdata/ops/*.mlir")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
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
				if ir.Verify(m) != nil {
					continue
				}
				fn(filepath.Base(path)+":@"+f.Name, m, f)
			}
		}
	}
}

// relTol is the float tolerance per element type, relative to the larger
// of the element's and the tensor's largest finite magnitude: the
// legalised math (targets/gpu) is within 4 ULP (f32: 2^-23 ≈ 1.2e-7 per
// ULP; tan's 4 ULP is the worst) and sums keep the interpreter's order.
func relTol(e ir.ElementType) float64 {
	switch e {
	case ir.F64:
		return 1e-12
	case ir.F32:
		return 4e-6
	case ir.F16:
		return 4e-3
	}
	return 3e-2
}

// compare returns nil when got matches want: integers exactly, floats
// within relTol, NaN with NaN, infinities exactly.
func compare(got, want *ir.Tensor) error {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Errorf("type %s, want %s", got.Type, want.Type)
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return fmt.Errorf("element %d: got %d, want %d", i, got.I[i], want.I[i])
		}
	}
	tol := relTol(want.Type.Elem)
	scale := 0.0
	for _, w := range want.F {
		if !math.IsInf(w, 0) && !math.IsNaN(w) {
			scale = math.Max(scale, math.Abs(w))
		}
	}
	for i, w := range want.F {
		g := got.F[i]
		if g == w || (math.IsNaN(g) && math.IsNaN(w)) {
			continue
		}
		if !math.IsInf(w, 0) && math.Abs(g-w) <= tol*math.Max(math.Abs(w), scale) {
			continue
		}
		return fmt.Errorf("element %d: got %v, want %v", i, g, w)
	}
	return nil
}

var errSkip = errors.New("skip")
