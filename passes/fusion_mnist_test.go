package passes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/frontend"
	"github.com/zmlc/zmlc/ir"
)

// TestMNISTCNNFusionRegions compiles examples/mnist/cnn.zml, runs the
// default -O2 pipeline and requires at most 8 kernel regions (issue 5:
// each convolution or dense layer with its bias, relu and batch norm, the
// input normalisation, and the log_softmax in at most two).
//
// What counts (kernelCount, as the golden reports): each zml.fusion, plus
// each other top-level op of the function body that computes and so
// becomes a kernel of its own (a weight's layout transpose, an unfused
// reduce); constants, row-major reshapes (a view of the same bytes) and
// the return do not count. It holds at batch 1 and at the example's
// default batch 64, and the optimised program still computes what the
// unoptimised one does.
func TestMNISTCNNFusionRegions(t *testing.T) {
	file := filepath.Join("..", "examples", "mnist", "cnn.zml")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pipe, err := DefaultPipelineText(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []int64{1, 64} {
		m, err := frontend.Compile(file, src, frontend.Options{Dims: map[string]int64{"b": b}})
		if err != nil {
			t.Fatal(err)
		}
		before, err := frontend.Compile(file, src, frontend.Options{Dims: map[string]int64{"b": b}})
		if err != nil {
			t.Fatal(err)
		}
		if err := NewManager(mustPipeline(t, pipe)).Run(m); err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
		f := m.Func("forward")
		if f == nil {
			t.Fatal("no @forward")
		}
		fu, other := kernelCount(f)
		if fu+other > 8 {
			var names []string
			for _, op := range f.Body.Entry().Ops {
				names = append(names, op.Name)
			}
			t.Errorf("b=%d: %d fusion regions + %d other ops = %d kernels, want at most 8: %v", b, fu, other, fu+other, names)
		}
		// Every convolution and dot is inside an output fusion.
		for _, op := range f.Body.Entry().Ops {
			switch op.Name {
			case "stablehlo.convolution", "stablehlo.dot_general", "stablehlo.dot":
				t.Errorf("b=%d: %s outside a fusion", b, op.Name)
			}
		}
		outputs := 0
		for _, r := range FusionRegions(f) {
			if FusionKind(r) == FusionOutput {
				outputs++
			}
		}
		if outputs != 5 {
			t.Errorf("b=%d: %d output fusions, want 5 (three convolutions, two dense layers)", b, outputs)
		}
		if b == 1 {
			compareRuns(t, before, m, 1)
		}
	}
}
