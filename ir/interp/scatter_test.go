package interp

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func scatterOp(inputs []*ir.Tensor, idx *ir.Tensor, updates []*ir.Tensor, dn *ir.ScatterDimensionNumbersAttr) *ir.Op {
	args := append(append(append([]*ir.Tensor{}, inputs...), idx), updates...)
	var rt []ir.Type
	for _, x := range inputs {
		rt = append(rt, x.Type)
	}
	return tbOp("stablehlo.scatter", args, rt, ir.Attrs{{Name: "scatter_dimension_numbers", Value: dn}})
}

// tbReplaceBody adds a combiner that returns the update (%arg1).
func tbReplaceBody(op *ir.Op, e ir.ElementType) {
	b := op.AddRegion(tbScalar(e), tbScalar(e))
	b.Append(ir.NewOp("stablehlo.return", []*ir.Value{b.Args[1]}, nil, nil))
}

// The spec's example: batching dims, an inserted dim, and index [0, 9]
// whose window is out of bounds (skipped).
func TestScatterSpecExample(t *testing.T) {
	input := tbOnePlusIota(ir.I64, 2, 3, 4, 2)
	upd := ir.MustTensor(ir.TensorOf(ir.I64, 2, 2, 3, 2, 2))
	for i := range upd.I {
		upd.I[i] = 1
	}
	for _, slow := range []bool{false, true} {
		run := func() {
			op := scatterOp([]*ir.Tensor{input}, specIndices(), []*ir.Tensor{upd}, &ir.ScatterDimensionNumbersAttr{
				UpdateWindowDims: []int64{3, 4}, InsertedWindowDims: []int64{1},
				InputBatchingDims: []int64{0}, ScatterIndicesBatchingDims: []int64{1},
				ScatterDimsToOperandDims: []int64{2, 1}, IndexVectorDim: 3,
			})
			tbBinaryBody(op, ir.I64, "stablehlo.add")
			got := tbRun(t, op, input, specIndices(), upd)[0]
			tbWantI(t, "scatter", got, ir.I64, []int64{2, 3, 4, 2},
				3, 4, 6, 7, 6, 7, 7, 8,
				9, 10, 11, 12, 15, 16, 17, 18,
				17, 18, 19, 20, 22, 23, 24, 25,
				25, 26, 28, 29, 30, 31, 31, 32,
				35, 36, 38, 39, 38, 39, 39, 40,
				41, 42, 44, 45, 46, 47, 47, 48)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
	if input.I[0] != 1 {
		t.Fatal("scatter modified its input")
	}
}

// Duplicate indices (the last update in index order wins for "replace",
// both count for add) and out-of-bounds indices (skipped).
func TestScatterDuplicatesAndBounds(t *testing.T) {
	input := tbI(ir.I32, []int64{4}, 0, 0, 0, 0)
	idx := tbI(ir.I32, []int64{5, 1}, 1, 1, 3, 4, -1)
	upd := tbI(ir.I32, []int64{5}, 5, 6, 7, 8, 9)
	dn := &ir.ScatterDimensionNumbersAttr{InsertedWindowDims: []int64{0}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1}
	op := scatterOp([]*ir.Tensor{input}, idx, []*ir.Tensor{upd}, dn)
	tbReplaceBody(op, ir.I32)
	tbWantI(t, "replace", tbRun(t, op, input, idx, upd)[0], ir.I32, []int64{4}, 0, 6, 0, 7)
	op = scatterOp([]*ir.Tensor{input}, idx, []*ir.Tensor{upd}, dn)
	tbBinaryBody(op, ir.I32, "stablehlo.add")
	tbWantI(t, "add", tbRun(t, op, input, idx, upd)[0], ir.I32, []int64{4}, 0, 11, 0, 7)
}

// A window that sticks out of the input: the in-bounds element is updated,
// the other skipped.
func TestScatterPartialWindow(t *testing.T) {
	input := tbF(ir.F32, []int64{4}, 0, 0, 0, 0)
	idx := tbI(ir.I64, []int64{1, 1}, 3)
	upd := tbF(ir.F32, []int64{1, 2}, 1, 2)
	op := scatterOp([]*ir.Tensor{input}, idx, []*ir.Tensor{upd}, &ir.ScatterDimensionNumbersAttr{
		UpdateWindowDims: []int64{1}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1,
	})
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	tbWantF(t, "partial", tbRun(t, op, input, idx, upd)[0], ir.F32, []int64{4}, 0, 0, 0, 1)
}

// Two inputs updated together by a two-result combiner.
func TestScatterTwoInputs(t *testing.T) {
	a := tbI(ir.I32, []int64{3}, 1, 1, 1)
	b := tbF(ir.F32, []int64{3}, 0, 0, 0)
	idx := tbI(ir.I32, []int64{2, 1}, 2, 0)
	ua := tbI(ir.I32, []int64{2}, 5, 7)
	ub := tbF(ir.F32, []int64{2}, 0.5, 0.25)
	op := scatterOp([]*ir.Tensor{a, b}, idx, []*ir.Tensor{ua, ub}, &ir.ScatterDimensionNumbersAttr{
		InsertedWindowDims: []int64{0}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1,
	})
	s := tbScalar
	blk := op.AddRegion(s(ir.I32), s(ir.F32), s(ir.I32), s(ir.F32))
	x := blk.Append(ir.NewOp("stablehlo.multiply", []*ir.Value{blk.Args[0], blk.Args[2]}, []ir.Type{s(ir.I32)}, nil))
	y := blk.Append(ir.NewOp("stablehlo.add", []*ir.Value{blk.Args[1], blk.Args[3]}, []ir.Type{s(ir.F32)}, nil))
	blk.Append(ir.NewOp("stablehlo.return", []*ir.Value{x.Results[0], y.Results[0]}, nil, nil))
	res := tbRun(t, op, a, b, idx, ua, ub)
	tbWantI(t, "a", res[0], ir.I32, []int64{3}, 7, 1, 5)
	tbWantF(t, "b", res[1], ir.F32, []int64{3}, 0.25, 0, 0.5)
}

func TestScatterErrors(t *testing.T) {
	input := tbIota(ir.F32, 4)
	idx := tbI(ir.I32, []int64{1, 1}, 0)
	upd := tbIota(ir.F32, 1, 2)
	op := scatterOp([]*ir.Tensor{input}, idx, []*ir.Tensor{upd}, &ir.ScatterDimensionNumbersAttr{
		UpdateWindowDims: []int64{1}, InsertedWindowDims: []int64{0}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1,
	})
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(op, input, idx, upd); err == nil {
		t.Fatal("update window dims for a rank-0 window: no error")
	}
	op = scatterOp([]*ir.Tensor{input}, idx, []*ir.Tensor{upd}, &ir.ScatterDimensionNumbersAttr{
		UpdateWindowDims: []int64{1}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1,
	})
	if _, err := tbRunErr(op, input, idx, upd); err == nil {
		t.Fatal("missing update_computation: no error")
	}
}
