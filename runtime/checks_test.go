package runtime_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/runtime"
)

// checksSrc has a weight (so the entry has a prologue: the weight-only
// product runs once and its buffer is kept, in the frame slots after the
// checks'), an input, a result and two checks: the first compares the
// result with a constant (fails when x is not 1), the second the weight's
// result with itself (always passes).
const checksSrc = `func.func @main(%w: tensor<4xf32> {zml.param = "w"}, %x: tensor<4xf32>) -> tensor<4xf32> {
  %ww = stablehlo.multiply %w, %w : tensor<4xf32>
  %y = stablehlo.add %ww, %x : tensor<4xf32>
  check.expect_almost_eq_const %y, dense<[2.0, 5.0, 10.0, 17.0]> : tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%y, %y) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return %y : tensor<4xf32>
}`

// TestRunChecks: the launcher compares a bundle's checks after each run
// (Run and RunBytes, the prologue's kept buffers in the frame after the
// checks' slots): a failing check is a *CheckError with the interpreter's
// message and the outputs still returned; a passing run returns nil.
func TestRunChecks(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "w.safetensors")
	w := ir.MustTensor(ir.TensorOf(ir.F32, 4))
	copy(w.F, []float64{1, 2, 3, 4})
	if err := tensorio.WriteSafetensors(weights, map[string]*ir.Tensor{"w": w}, nil); err != nil {
		t.Fatal(err)
	}
	// -O0: each op its own kernel, so the weight-only product is a prologue
	// launch.
	bundle, err := compile.Compile("c.mlir", []byte(checksSrc), compile.Options{OptLevel: compile.Level(0)})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := compile.Open(bundle, weights, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	e := rt.Manifest().Entries[0]
	if len(e.Outputs) != 1 || len(e.Checks) != 2 || e.Prologue == 0 {
		t.Fatalf("entry has %d outputs, %d checks, prologue %d; want 1, 2 and a prologue", len(e.Outputs), len(e.Checks), e.Prologue)
	}
	x := ir.MustTensor(ir.TensorOf(ir.F32, 4))
	for i := range x.F {
		x.F[i] = 1
	}
	for run := 0; run < 2; run++ { // the second run uses the kept prologue
		out, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
		if err != nil || len(out) != 1 || out[0].F[3] != 17 {
			t.Fatalf("run %d: passing checks: %v, %v", run, out, err)
		}
	}
	x.F[1] = 2
	out, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
	var ce *runtime.CheckError
	if !errors.As(err, &ce) || len(ce.Failures) != 1 {
		t.Fatalf("failing check: err = %v, want a *CheckError with one failure", err)
	}
	want := "c.mlir:4:3: error: check failed in @main: check.expect_almost_eq_const: element [1] differs: got 6.000000e+00, want 5.000000e+00 (tolerance 0.0001)"
	if got := ce.Failures[0].String(); got != want {
		t.Errorf("failure\n%s\nwant\n%s", got, want)
	}
	if len(out) != 1 || out[0].F[1] != 6 {
		t.Errorf("outputs of a failing run: %v", out)
	}
	in := make([]byte, 16)
	copy(in, ir.TensorBytes(x))
	res := make([]byte, 16)
	err = rt.RunBytes(context.Background(), "main", [][]byte{in}, [][]byte{res})
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "element [1] differs") {
		t.Errorf("RunBytes: err = %v, want the failing check", err)
	}
}
