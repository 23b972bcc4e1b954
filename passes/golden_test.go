package passes

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

var updatePassesGolden = flag.Bool("update-passes-golden", false, "rewrite testdata/passes/golden/*.out.mlir instead of comparing with them")

// goldenInputs are the programs whose -O2 output is stored: the
// hand-written chains of testdata/passes/golden and the front end's
// transformer (testdata/golden/transformer.mlir, the output of
// frontend.Compile on transformer.zml).
func goldenInputs(t *testing.T) []string {
	files, _ := filepath.Glob("../testdata/passes/golden/*.mlir")
	var in []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".out.mlir") {
			in = append(in, f)
		}
	}
	if len(in) == 0 {
		t.Fatal("no golden inputs")
	}
	return append(in, "../testdata/golden/transformer.mlir")
}

// kernelCount returns the number of fusion regions of f and the number of
// other top-level ops that compute (everything but constants, reshapes,
// which are copies, and the return).
func kernelCount(f *ir.Func) (fusions, others int) {
	for _, op := range f.Body.Entry().Ops {
		switch op.Name {
		case FusionOp:
			fusions++
		case "stablehlo.constant", "stablehlo.reshape", "func.return":
		default:
			others++
		}
	}
	return
}

// goldenReport returns the header comments of a golden output: per
// function the fusion regions by kind, other kernels, and the buffer
// plan's peak next to the unplanned sum.
func goldenReport(m *ir.Module) string {
	var b strings.Builder
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		kinds := map[string]int{}
		for _, op := range FusionRegions(f) {
			kinds[FusionKind(op)]++
		}
		fu, other := kernelCount(f)
		peak, _ := ir.IntValue(f.Attrs.Get("zml.buffer_peak"))
		sum, _ := ir.IntValue(f.Attrs.Get("zml.buffer_sum"))
		fmt.Fprintf(&b, "// @%s: %d fusion regions (loop %d, input %d, output %d), %d other ops\n",
			f.Name, fu, kinds[FusionLoop], kinds[FusionInput], kinds[FusionOutput], other)
		fmt.Fprintf(&b, "// @%s: buffer plan peak %d bytes, unplanned sum %d bytes\n", f.Name, peak, sum)
	}
	return b.String()
}

// TestGoldenO2 runs -O2 on the golden inputs, compares the printed result
// (with the report header) with the stored .out.mlir, checks that the
// stored output parses and verifies, that results are unchanged on random
// inputs, and the fusion targets: the convolution chain and the dense
// layer are one fusion region each and a softmax at most two kernels.
func TestGoldenO2(t *testing.T) {
	pipe, _ := DefaultPipelineText(2)
	for _, file := range goldenInputs(t) {
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			before, err := asm.Parse(file, src)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := asm.Parse(file, src)
			if err := NewManager(mustPipeline(t, pipe)).Run(m); err != nil {
				t.Fatal(err)
			}
			got := "// zmlc opt -O2 " + filepath.Base(file) + "\n" + goldenReport(m) + asm.Print(m, asm.Options{})
			out := filepath.Join("..", "testdata", "passes", "golden", name+".out.mlir")
			if *updatePassesGolden {
				if err := os.WriteFile(out, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(out)
			if err != nil {
				t.Fatalf("%v (run with -update-passes-golden)", err)
			}
			if string(want) != got {
				t.Errorf("%s differs from -O2 output (run with -update-passes-golden to accept):\n%s", out, got)
			}
			back, err := asm.Parse(out, want)
			if err != nil {
				t.Fatalf("stored output does not parse: %v", err)
			}
			if err := ir.Verify(back); err != nil {
				t.Fatalf("stored output does not verify: %v", err)
			}
			for _, f := range m.Funcs {
				fu, other := kernelCount(f)
				switch name {
				case "conv_bias_relu_bn", "dot_bias_relu":
					if fu != 1 || len(FusionRegions(f)) != 1 || FusionKind(FusionRegions(f)[0]) != FusionOutput {
						t.Errorf("@%s: %d fusions, want one output fusion", f.Name, fu)
					}
					// Only the layout transposes of the inputs stay outside.
					for _, op := range f.Body.Entry().Ops {
						if op.Name != FusionOp && op.Name != "stablehlo.transpose" && op.Name != "func.return" {
							t.Errorf("@%s: %s outside the fusion", f.Name, op.Name)
						}
					}
				case "softmax":
					if fu+other > 2 {
						t.Errorf("@%s: %d fusions + %d other ops, want at most 2 kernels", f.Name, fu, other)
					}
				}
				peak, _ := ir.IntValue(f.Attrs.Get("zml.buffer_peak"))
				sum, _ := ir.IntValue(f.Attrs.Get("zml.buffer_sum"))
				if peak <= 0 || peak > sum {
					t.Errorf("@%s: peak %d, sum %d", f.Name, peak, sum)
				}
			}
			compareRuns(t, before, m, 3)
		})
	}
}

// compareRuns runs every public function of a and b on the same random
// inputs and requires bitwise-equal results (NaN payloads aside).
func compareRuns(t *testing.T, a, b *ir.Module, trials int) {
	t.Helper()
	for trial := 0; trial < trials; trial++ {
		rng := rand.New(rand.NewSource(int64(trial)))
		inputs := map[string][]interp.Value{}
		for _, f := range a.Funcs {
			var args []interp.Value
			for _, at := range f.Type.Inputs {
				x := randomInput(rng, at, trial+len(specialFloats))
				if x == nil {
					args = nil
					break
				}
				args = append(args, x)
			}
			if len(args) == len(f.Type.Inputs) {
				inputs[f.Name] = args
			}
		}
		// Token inputs must be valid indices for embeddings: use small
		// non-negative integers.
		for _, args := range inputs {
			for _, x := range args {
				if tt := x.(*ir.Tensor); tt.Type.Elem.IsInteger() {
					for i := range tt.I {
						tt.I[i] = int64(rng.Intn(4))
					}
				}
			}
		}
		want := runAll(a, inputs)
		got := runAll(b, inputs)
		for name, w := range want {
			if strings.HasPrefix(w, "error:") {
				t.Errorf("@%s fails before the passes: %s", name, w)
				continue
			}
			if got[name] != w {
				t.Errorf("@%s (trial %d): got\n%s\nwant\n%s", name, trial, got[name], w)
			}
		}
	}
}
