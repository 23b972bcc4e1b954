package gpu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

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

// TestCorpus lowers every corpus function the kernel lowering accepts
// through the GPU lowering with the vulkan, cuda and rocm parameters,
// checks every kernel is in GPU form with primitive nodes only, evaluates
// it (also with parallel iterations reversed) and compares with the
// interpreter.
func TestCorpus(t *testing.T) {
	targets := []Params{Vulkan(), CUDA(), ROCm(), {Name: "tiny", WorkgroupSize: 3, MaxGrid: 2, TileM: 1, TileN: 1, TileK: 1}}
	counts := map[string]int{}
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		want, err := corpustest.Interpret(m, f.Name)
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
					if err := corpustest.Compare(got[i], want[i], corpustest.LegalisedMath); err != nil {
						t.Errorf("%s (%s, reversed %v): result %d: %v", name, tp.Name, rev, i, err)
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
