package interp

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func mapOp(inputs []*ir.Tensor, rt *ir.TensorType, dims ...int64) *ir.Op {
	return tbOp("stablehlo.map", inputs, []ir.Type{rt}, ir.Attrs{{Name: "dimensions", Value: tbI64s(dims...)}})
}

// The spec's example: elementwise multiply through a region.
func TestMapMultiply(t *testing.T) {
	a := tbI(ir.I64, []int64{2, 2}, 0, 1, 2, 3)
	b := tbI(ir.I64, []int64{2, 2}, 4, 5, 6, 7)
	for _, slow := range []bool{false, true} {
		run := func() {
			op := mapOp([]*ir.Tensor{a, b}, ir.TensorOf(ir.I64, 2, 2), 0, 1)
			tbBinaryBody(op, ir.I64, "stablehlo.multiply")
			tbWantI(t, "map", tbRun(t, op, a, b)[0], ir.I64, []int64{2, 2}, 0, 5, 12, 21)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
}

// A computation whose result type differs from its inputs: a > b.
func TestMapCompare(t *testing.T) {
	a := tbF(ir.F32, []int64{3}, 1, 5, 2)
	b := tbF(ir.F32, []int64{3}, 2, 4, 2)
	op := mapOp([]*ir.Tensor{a, b}, ir.TensorOf(ir.I1, 3), 0)
	tbCompareBody(op, "GT", ir.F32)
	// tbCompareBody declares (a, b) pairs for one element type: 2 arguments.
	tbWantI(t, "map", tbRun(t, op, a, b)[0], ir.I1, []int64{3}, 0, 1, 0)
}

func TestMapErrors(t *testing.T) {
	a := tbIota(ir.F32, 2, 2)
	op := mapOp([]*ir.Tensor{a, a}, ir.TensorOf(ir.F32, 2, 2), 1, 0)
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(op, a, a); err == nil {
		t.Fatal("permuted dimensions: no error")
	}
	b := tbIota(ir.F32, 4)
	op = mapOp([]*ir.Tensor{a, b}, ir.TensorOf(ir.F32, 2, 2), 0, 1)
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(op, a, b); err == nil {
		t.Fatal("shape mismatch: no error")
	}
}
