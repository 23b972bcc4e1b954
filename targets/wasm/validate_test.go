package wasm

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/kernel"
)

// gatherRows is the embedding lookup of issue 12 (rows of 32 f32, whose
// row index is loaded inside the vector loop).
const gatherRows = `func.func @main(%t: tensor<10x32xf32>, %ids: tensor<5xi32>) -> tensor<5x32xf32> {
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 32>, indices_are_sorted = false
  } : (tensor<10x32xf32>, tensor<5xi32>) -> tensor<5x32xf32>
  func.return %r : tensor<5x32xf32>
}`

func lowerSrc(t *testing.T, src string) *kernel.Program {
	t.Helper()
	m, err := asm.Parse("test.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	p, err := kernel.Lower(m, "main", kernel.TargetParams{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBuildValidates: Build refuses a module wazero rejects, naming the
// invalid function, on the wasm target (kernels in the module) and on a
// device target's host program; the uncorrupted module builds.
func TestBuildValidates(t *testing.T) {
	p := lowerSrc(t, gatherRows)
	dev := &Device{Kernels: [][]DeviceKernel{{{Index: 0, Grid: 5, Block: 1}}}}
	for _, o := range []Options{{}, {Device: dev}} {
		if _, err := Build([]*kernel.Program{p}, o); err != nil {
			t.Fatalf("device %v: Build: %v", o.Device != nil, err)
		}
		var corrupted string
		testHookModule = func(m *Module) {
			// An i64.add with one operand: the defect of issue 12.
			f := m.Funcs[len(m.Funcs)-1]
			corrupted = f.Name
			f.Body = append([]Instr{{Op: OpI64Const, A: 1}, {Op: OpI64Add}, {Op: OpDrop}}, f.Body...)
		}
		_, err := Build([]*kernel.Program{p}, o)
		testHookModule = nil
		if err == nil {
			t.Fatalf("device %v: Build accepted a corrupted module", o.Device != nil)
		}
		t.Logf("device %v: %v", o.Device != nil, err)
		if msg := err.Error(); !strings.Contains(msg, "function "+corrupted) || !strings.Contains(msg, "i64.add") {
			t.Errorf("device %v: the error does not name the function %s and the instruction: %v", o.Device != nil, corrupted, err)
		}
	}
}

// TestVectorLoopUniformIndex: a vector loop whose addresses depend on a
// value loaded in the loop (a gathered row) renders to a valid module
// (issue 12: "cannot pop the 2nd i64 operand for i64.add").
func TestVectorLoopUniformIndex(t *testing.T) {
	if _, err := Build([]*kernel.Program{lowerSrc(t, gatherRows)}, Options{}); err != nil {
		t.Fatal(err)
	}
}
