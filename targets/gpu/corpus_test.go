package gpu

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// checksToOutputs turns the operands of f's top-level check.* ops into
// extra results (the compiled-target test driver's rewrite); false if a
// check sits in a nested region.
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

// ulpTol is the float tolerance per element type, in units of the
// tensor's scale (normwise, as targets/kernel's corpus test), loosened for
// the legalised math's few ULPs.
func ulpTol(e ir.ElementType) float64 {
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

// compare returns "" when got matches want: integers exactly, floats
// within ulpTol of max(|want|, the tensor's largest finite magnitude),
// NaN with NaN, infinities exactly.
func compare(got, want *ir.Tensor) string {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Sprintf("type %s, want %s", got.Type, want.Type)
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return fmt.Sprintf("element %d: got %d, want %d", i, got.I[i], want.I[i])
		}
	}
	tol := ulpTol(want.Type.Elem)
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
		return fmt.Sprintf("element %d: got %v, want %v", i, g, w)
	}
	return ""
}

// reverseThreads rewrites every grid and workgroup loop of a GPU-form
// program to run its iterations in reverse order: a lowering whose
// results depend on the order of parallel iterations fails the corpus
// test under this rewrite.
func reverseThreads(p *K.Program) {
	var walk func(body []*K.Node)
	walk = func(body []*K.Node) {
		for _, n := range body {
			if n.Kind == K.Loop && (n.Level == K.Grid || n.Level == K.Workgroup) && n.N > 1 {
				rev := &K.Node{Kind: K.Sub, Type: ir.Index, Args: []*K.Node{K.Idx(n.N - 1), n}}
				replaceUses(n.Body, n, rev)
				n.Body = append([]*K.Node{rev}, n.Body...)
			}
			walk(n.Body)
			walk(n.Else)
		}
	}
	for _, k := range p.Kernels {
		walk(k.Body)
	}
}

func replaceUses(body []*K.Node, old, nw *K.Node) {
	for _, n := range body {
		for i, a := range n.Args {
			if a == old {
				n.Args[i] = nw
			}
		}
		replaceUses(n.Body, old, nw)
		replaceUses(n.Else, old, nw)
	}
}

// corpusFuncs calls fn for every argument-less public function of the op
// corpus, with its checks turned into outputs.
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

// TestCorpus lowers every corpus function the kernel lowering accepts
// through the GPU lowering with the vulkan, cuda and rocm parameters,
// checks every kernel is in GPU form with primitive nodes only, evaluates
// it (also with parallel iterations reversed) and compares with the
// interpreter.
func TestCorpus(t *testing.T) {
	targets := []Params{Vulkan(), CUDA(), ROCm(), {Name: "tiny", WorkgroupSize: 3, MaxGrid: 2, TileM: 1, TileN: 1, TileK: 1}}
	counts := map[string]int{}
	corpusFuncs(t, func(name string, m *ir.Module, f *ir.Func) {
		want, err := interp.New(m).Call(f.Name, nil)
		if err != nil {
			return
		}
		kp, err := K.Lower(m, f.Name, K.TargetParams{GPU: true})
		if err != nil {
			return
		}
		for _, tp := range targets {
			for _, rev := range []bool{false, true} {
				gp, err := Lower(kp, tp)
				if err != nil {
					t.Errorf("%s (%s): %v", name, tp.Name, err)
					return
				}
				for _, k := range gp.Kernels {
					if bad := nonPrimitive(k.Body); bad != nil {
						t.Errorf("%s (%s): kernel %s keeps %s", name, tp.Name, k.Name, bad.Kind)
						return
					}
				}
				if rev {
					reverseThreads(gp)
				}
				got, err := K.Eval(gp, nil)
				if err != nil {
					t.Errorf("%s (%s): eval: %v", name, tp.Name, err)
					return
				}
				for i := range want {
					w := want[i].(*ir.Tensor)
					if d := compare(got[i], w); d != "" {
						t.Errorf("%s (%s, reversed %v): result %d: %s", name, tp.Name, rev, i, d)
						return
					}
				}
			}
			counts[tp.Name]++
		}
	})
	t.Logf("corpus functions agreeing with the interpreter after the GPU lowering: %v", counts)
	if counts["vulkan"] < 289 {
		t.Errorf("only %d corpus functions lowered and agree", counts["vulkan"])
	}
	if !strings.Contains(fmt.Sprint(counts), "cuda") {
		t.Error("no cuda runs")
	}
}

// nonPrimitive returns a node that is not in legalised GPU form: not
// IsPrimitive, except the raw float-to-integer converts and shifts the
// legalisation itself emits (their operands are in range there).
func nonPrimitive(body []*K.Node) *K.Node {
	for _, n := range body {
		raw := n.Kind == K.Shl || ((n.Kind == K.Div || n.Kind == K.Rem) && n.Type.IsInteger()) || n.Kind == K.Rem || n.Kind == K.ShrA || n.Kind == K.ShrL ||
			(n.Kind == K.Convert && n.Args[0].Type.IsFloat() && n.Type != ir.I1 && !n.Type.IsFloat())
		if !IsPrimitive(n) && !raw {
			return n
		}
		if b := nonPrimitive(n.Body); b != nil {
			return b
		}
		if b := nonPrimitive(n.Else); b != nil {
			return b
		}
	}
	return nil
}
