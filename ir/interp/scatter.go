package interp

// stablehlo.scatter (spec: scatter), with input_batching_dims and
// scatter_indices_batching_dims: N inputs are copied to the results, then
// every element of the N updates is combined into the results by the
// update_computation region, results[i] = f(results..., updates...).
//
// The schedule (which the spec leaves to the implementation) is the
// ascending lexicographic order of the update index, so with a non-commutative
// combiner and colliding indices the last update in that order wins. An
// update whose full result index is out of bounds, in any dimension, is
// skipped on its own (the spec's per-element rule; start indices are not
// clamped). indices_are_sorted and unique_indices are ignored.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.scatter", evalScatter) }

func evalScatter(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(ts) < 3 || len(ts)%2 != 1 {
		return nil, errorAt(op, "expects N inputs, the indices and N updates, got %d operands", len(ts))
	}
	n := len(ts) / 2
	inputs, idx, updates := ts[:n], ts[n], ts[n+1:]
	if err := checkSameShape(op, inputs...); err != nil {
		return nil, err
	}
	if err := checkSameShape(op, updates...); err != nil {
		return nil, err
	}
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "expects one update_computation region")
	}
	dn, ok := op.Attr("scatter_dimension_numbers").(*ir.ScatterDimensionNumbersAttr)
	if !ok {
		return nil, errorAt(op, "missing or malformed attribute scatter_dimension_numbers")
	}
	ishape := inputs[0].Type.Shape
	ir_ := len(ishape)
	ushape := updates[0].Type.Shape
	ur := len(ushape)
	id, err := newIndexDims(op, idx, dn.IndexVectorDim)
	if err != nil {
		return nil, err
	}
	if int64(len(dn.ScatterDimsToOperandDims)) != id.vecLen {
		return nil, errorAt(op, "scatter_dims_to_operand_dims has %d entries, index vectors have %d", len(dn.ScatterDimsToOperandDims), id.vecLen)
	}
	notWindow := make([]bool, ir_)
	if err := checkDimList(op, "inserted_window_dims", dn.InsertedWindowDims, ir_, notWindow); err != nil {
		return nil, err
	}
	if err := checkDimList(op, "input_batching_dims", dn.InputBatchingDims, ir_, notWindow); err != nil {
		return nil, err
	}
	if err := checkDimList(op, "scatter_dims_to_operand_dims", dn.ScatterDimsToOperandDims, ir_, make([]bool, ir_)); err != nil {
		return nil, err
	}
	if len(dn.ScatterIndicesBatchingDims) != len(dn.InputBatchingDims) {
		return nil, errorAt(op, "input_batching_dims and scatter_indices_batching_dims differ in length")
	}
	batchPos := make([]int, len(dn.ScatterIndicesBatchingDims))
	for i, d := range dn.ScatterIndicesBatchingDims {
		batchPos[i] = id.batchPos(d)
		if batchPos[i] < 0 {
			return nil, errorAt(op, "scatter_indices_batching_dims entry %d is not a batch dimension of the indices", d)
		}
	}
	var windowInput []int64
	for d := 0; d < ir_; d++ {
		if !notWindow[d] {
			windowInput = append(windowInput, int64(d))
		}
	}
	isWindow := make([]bool, ur)
	if err := checkDimList(op, "update_window_dims", dn.UpdateWindowDims, ur, isWindow); err != nil {
		return nil, err
	}
	if len(dn.UpdateWindowDims) != len(windowInput) {
		return nil, errorAt(op, "update_window_dims has %d entries, want %d (input rank minus inserted and batching dims)", len(dn.UpdateWindowDims), len(windowInput))
	}
	var scatterDims []int64
	for d := 0; d < ur; d++ {
		if !isWindow[d] {
			scatterDims = append(scatterDims, int64(d))
		}
	}
	if len(scatterDims) != len(id.batch) {
		return nil, errorAt(op, "updates have %d scatter dimensions, indices have %d batch dimensions", len(scatterDims), len(id.batch))
	}
	for i, d := range scatterDims {
		if ushape[d] != idx.Type.Shape[id.batch[i]] {
			return nil, errorAt(op, "update scatter dimension %d has size %d, indices dimension %d has %d", d, ushape[d], id.batch[i], idx.Type.Shape[id.batch[i]])
		}
	}
	for i, d := range dn.UpdateWindowDims {
		if ushape[d] > ishape[windowInput[i]] {
			return nil, errorAt(op, "update window dimension %d (size %d) is larger than input dimension %d (size %d)", d, ushape[d], windowInput[i], ishape[windowInput[i]])
		}
	}
	results := make([]*ir.Tensor, n)
	for i := range results {
		if results[i], err = newResult(op, i); err != nil {
			return nil, err
		}
		if !ir.TypesEqual(results[i].Type, inputs[i].Type) {
			return nil, errorAt(op, "result %d has type %s, input has %s", i, results[i].Type, inputs[i].Type)
		}
		copy(results[i].I, inputs[i].I)
		copy(results[i].F, inputs[i].F)
		copy(results[i].C, inputs[i].C)
	}
	acc, err := newAccumulator(in, op, op.Regions[0], results, updates)
	if err != nil {
		return nil, err
	}
	istrides := ir.Strides(ishape)
	si := make([]int64, len(scatterDims))
	full := make([]int64, ir_)
	var ferr error
	forEachIndex(ushape, func(ui []int64, k int) {
		if ferr != nil {
			return
		}
		for i, d := range scatterDims {
			si[i] = ui[d]
		}
		clear(full)
		for t, d := range dn.ScatterDimsToOperandDims {
			full[d] += id.readIndex(idx, si, int64(t))
		}
		for i, d := range dn.InputBatchingDims {
			full[d] += si[batchPos[i]]
		}
		for i, d := range dn.UpdateWindowDims {
			full[windowInput[i]] += ui[d]
		}
		lin := int64(0)
		for d, v := range full {
			if v < 0 || v >= ishape[d] {
				return
			}
			lin += v * istrides[d]
		}
		ferr = acc.fold(int(lin), updates, k)
	})
	if ferr != nil {
		return nil, ferr
	}
	return tensorValues(results), nil
}
