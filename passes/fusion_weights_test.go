package passes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestFusionWeightsSemantics runs the fusion pass alone on the cases of
// testdata/passes/fusion.mlir that have weights (zml.param arguments):
// sinking broadcasts below weight-only ops and moving those ops into
// weights regions placed before their readers must give a module that
// verifies (operands defined before use) and computes bitwise what the
// input does on random inputs (interpreter, compareRuns).
func TestFusionWeightsSemantics(t *testing.T) {
	file := filepath.Join("..", "testdata", "passes", "fusion.mlir")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cases := 0
	for _, chunk := range strings.Split(string(src), "// -----") {
		if !strings.Contains(chunk, "zml.param") {
			continue
		}
		cases++
		before, err := asm.Parse(file, []byte(chunk))
		if err != nil {
			t.Fatal(err)
		}
		m, _ := asm.Parse(file, []byte(chunk))
		if err := NewManager(mustPipeline(t, "fusion")).Run(m); err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("%s: %v\n%s", m.Funcs[0].Name, err, asm.Print(m, asm.Options{}))
		}
		if len(FusionRegions(m.Funcs[0])) == 0 {
			t.Errorf("@%s: no fusion region", m.Funcs[0].Name)
		}
		compareRuns(t, before, m, 3)
	}
	if cases < 4 {
		t.Fatalf("%d cases with weights in %s, want at least 4", cases, file)
	}
}

// TestMNISTCNNWeightsPrologue lowers the optimised MNIST CNN (batch 64,
// where both batch norms' statistics are smaller than their layers'
// outputs) to kernels: the weights region becomes one kernel that
// kernel.SplitPrologue puts in the entry's prologue and whose results it
// keeps (the two rsqrt(var + eps) vectors, 24 and 10 floats), and no
// kernel outside the prologue computes an rsqrt.
func TestMNISTCNNWeightsPrologue(t *testing.T) {
	file := filepath.Join("..", "examples", "mnist", "cnn.zml")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Compile(file, src, frontend.Options{Dims: map[string]int64{"b": 64}})
	if err != nil {
		t.Fatal(err)
	}
	pipe, _ := DefaultPipelineText(2)
	if err := NewManager(mustPipeline(t, pipe)).Run(m); err != nil {
		t.Fatal(err)
	}
	p, err := kernel.Lower(m, "forward", kernel.DefaultTarget())
	if err != nil {
		t.Fatal(err)
	}
	pr := kernel.SplitPrologue(p)
	sizes := map[int64]bool{}
	for _, b := range pr.Kept {
		n := int64(1)
		for _, d := range p.Buffers[b].Shape {
			n *= d
		}
		sizes[n] = true
	}
	if !sizes[24] || !sizes[10] {
		t.Errorf("the prologue keeps buffers of %v elements, want the 24- and 10-element rsqrt vectors among them", sizes)
	}
	hasRsqrt := func(k *kernel.Kernel) bool {
		found := false
		var walk func([]*kernel.Node)
		walk = func(ns []*kernel.Node) {
			for _, n := range ns {
				found = found || n.Kind == kernel.Rsqrt
				walk(n.Body)
				walk(n.Else)
			}
		}
		walk(k.Body)
		return found
	}
	inPrologue := 0
	for _, s := range pr.Steps {
		if s.Kind == kernel.Launch && hasRsqrt(p.Kernels[s.Kernel]) {
			inPrologue++
		}
	}
	if inPrologue != 1 {
		t.Errorf("%d prologue kernels compute rsqrt, want 1 (the weights region)", inPrologue)
	}
	var rest func([]kernel.Step)
	rest = func(steps []kernel.Step) {
		for _, s := range steps {
			if s.Kind == kernel.Launch && hasRsqrt(p.Kernels[s.Kernel]) {
				t.Errorf("per-call kernel %s computes rsqrt", p.Kernels[s.Kernel].Name)
			}
			rest(s.Body)
			rest(s.Else)
			rest(s.Cond)
			for _, b := range s.Branches {
				rest(b)
			}
		}
	}
	rest(pr.Rest)
}
