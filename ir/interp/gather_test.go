package interp

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func gatherOp(operand, idx *ir.Tensor, rt *ir.TensorType, dn *ir.GatherDimensionNumbersAttr, sizes ...int64) *ir.Op {
	return tbOp("stablehlo.gather", []*ir.Tensor{operand, idx}, []ir.Type{rt}, ir.Attrs{
		{Name: "dimension_numbers", Value: dn},
		{Name: "slice_sizes", Value: tbI64s(sizes...)},
		{Name: "indices_are_sorted", Value: ir.BoolAttr(false)},
	})
}

// tbOnePlusIota is 1, 2, 3, ... of element type e.
func tbOnePlusIota(e ir.ElementType, shape ...int64) *ir.Tensor {
	x := tbIota(e, shape...)
	for i := range x.I {
		x.I[i]++
	}
	return x
}

// specIndices are the start indices of the spec's gather and scatter
// examples (2x2x3x2, index_vector_dim 3).
func specIndices() *ir.Tensor {
	return tbI(ir.I64, []int64{2, 2, 3, 2},
		0, 0, 1, 0, 2, 1,
		0, 1, 1, 1, 0, 9,
		0, 0, 2, 1, 2, 2,
		1, 2, 0, 1, 1, 0)
}

// The spec's example: batching dims, a collapsed dim, a clamped index
// ([0, 9] starts at column 2).
func TestGatherSpecExample(t *testing.T) {
	operand := tbOnePlusIota(ir.I32, 2, 3, 4, 2)
	op := gatherOp(operand, specIndices(), ir.TensorOf(ir.I32, 2, 2, 3, 2, 2), &ir.GatherDimensionNumbersAttr{
		OffsetDims: []int64{3, 4}, CollapsedSliceDims: []int64{1},
		OperandBatchingDims: []int64{0}, StartIndicesBatchingDims: []int64{1},
		StartIndexMap: []int64{2, 1}, IndexVectorDim: 3,
	}, 1, 1, 2, 2)
	got := tbRun(t, op, operand, specIndices())[0]
	tbWantI(t, "gather", got, ir.I32, []int64{2, 2, 3, 2, 2},
		1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16,
		33, 34, 35, 36, 35, 36, 37, 38, 41, 42, 43, 44,
		1, 2, 3, 4, 13, 14, 15, 16, 21, 22, 23, 24,
		43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30)
}

// Row lookup with an implicit index vector (index_vector_dim = rank), and
// clamping of too-large signed and unsigned indices.
func TestGatherRowsClamped(t *testing.T) {
	operand := tbF(ir.F32, []int64{3, 2}, 1, 2, 3, 4, 5, 6)
	dn := &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 1}
	idx := tbI(ir.I32, []int64{4}, 2, 0, 5, -3)
	got := tbRun(t, gatherOp(operand, idx, ir.TensorOf(ir.F32, 4, 2), dn, 1, 2), operand, idx)[0]
	tbWantF(t, "rows", got, ir.F32, []int64{4, 2}, 5, 6, 1, 2, 5, 6, 1, 2)
	u := tbI(ir.UI64, []int64{2}, 1, -1) // -1 is 2^64-1 as ui64
	got = tbRun(t, gatherOp(operand, u, ir.TensorOf(ir.F32, 2, 2), dn, 1, 2), operand, u)[0]
	tbWantF(t, "ui64 rows", got, ir.F32, []int64{2, 2}, 3, 4, 5, 6)
}

// A 2x2 window at start (1, 1) of a 3x3, the index vector in dimension 0
// and the offset dims first in the result.
func TestGatherWindow(t *testing.T) {
	operand := tbIota(ir.I64, 3, 3)
	idx := tbI(ir.I64, []int64{2, 1}, 1, 1)
	dn := &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{0, 1}, StartIndexMap: []int64{0, 1}, IndexVectorDim: 0}
	got := tbRun(t, gatherOp(operand, idx, ir.TensorOf(ir.I64, 2, 2, 1), dn, 2, 2), operand, idx)[0]
	tbWantI(t, "window", got, ir.I64, []int64{2, 2, 1}, 4, 5, 7, 8)
}

func TestGatherErrors(t *testing.T) {
	operand := tbIota(ir.F32, 3, 2)
	idx := tbI(ir.I32, []int64{1}, 0)
	dn := &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 1}
	if _, err := tbRunErr(gatherOp(operand, idx, ir.TensorOf(ir.F32, 1, 2), dn, 1, 3), operand, idx); err == nil {
		t.Fatal("slice size past the operand: no error")
	}
	if _, err := tbRunErr(gatherOp(operand, idx, ir.TensorOf(ir.F32, 1, 3), dn, 1, 2), operand, idx); err == nil {
		t.Fatal("wrong result shape: no error")
	}
	bad := &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 3}
	if _, err := tbRunErr(gatherOp(operand, idx, ir.TensorOf(ir.F32, 1, 2), bad, 1, 2), operand, idx); err == nil {
		t.Fatal("index_vector_dim out of range: no error")
	}
}
