package interp

// stablehlo.gather (spec: gather), with operand_batching_dims and
// start_indices_batching_dims. Start indices are clamped so that the whole
// slice lies inside the operand, as the spec says; unsigned indices are read
// as unsigned (a ui64 index past 2^63 clamps to the maximum start).
// indices_are_sorted is ignored.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.gather", evalGather) }

// indexDims describes how a start-indices tensor is read: its batch
// dimensions (every dimension but index_vector_dim, in order) and the
// stride between the components of one index vector.
type indexDims struct {
	batch     []int64 // start-indices dims other than index_vector_dim
	strides   []int64 // row-major strides of the start indices
	vecStride int64   // stride of index_vector_dim (0 when it is implicit)
	vecLen    int64   // components per index vector
}

// newIndexDims checks index_vector_dim against the indices' rank.
func newIndexDims(op *ir.Op, idx *ir.Tensor, ivd int64) (*indexDims, error) {
	r := int64(idx.Type.Rank())
	if ivd < 0 || ivd > r {
		return nil, errorAt(op, "index_vector_dim %d is out of range for indices of rank %d", ivd, r)
	}
	if !idx.Type.Elem.IsInteger() {
		return nil, errorAt(op, "indices must have an integer type, got %s", idx.Type)
	}
	d := &indexDims{strides: ir.Strides(idx.Type.Shape), vecLen: 1}
	for i := int64(0); i < r; i++ {
		if i != ivd {
			d.batch = append(d.batch, i)
		}
	}
	if ivd < r {
		d.vecStride = d.strides[ivd]
		d.vecLen = idx.Type.Shape[ivd]
	}
	return d, nil
}

// batchPos returns the position in batch of start-indices dimension d, or
// -1 (d is index_vector_dim or out of range).
func (d *indexDims) batchPos(dim int64) int {
	for i, b := range d.batch {
		if b == dim {
			return i
		}
	}
	return -1
}

// readIndex returns component t of the index vector at batch index bi of
// the unsigned-or-signed integer tensor idx, as an int64; an unsigned value
// past the int64 range comes back as the largest int64.
func (d *indexDims) readIndex(idx *ir.Tensor, bi []int64, t int64) int64 {
	off := t * d.vecStride
	for i, b := range d.batch {
		off += bi[i] * d.strides[b]
	}
	v := idx.I[off]
	if idx.Type.Elem.IsUnsigned() && v < 0 {
		return 1<<63 - 1
	}
	return v
}

// checkDimList returns an error unless every entry of dims is in [0, r) and
// none repeats (also across the lists already marked in seen).
func checkDimList(op *ir.Op, what string, dims []int64, r int, seen []bool) error {
	for _, d := range dims {
		if d < 0 || d >= int64(r) {
			return errorAt(op, "%s %v: dimension %d is out of range for rank %d", what, dims, d, r)
		}
		if seen != nil {
			if seen[d] {
				return errorAt(op, "%s %v: dimension %d is used twice", what, dims, d)
			}
			seen[d] = true
		}
	}
	return nil
}

func evalGather(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	operand, idx := ts[0], ts[1]
	dn, ok := op.Attr("dimension_numbers").(*ir.GatherDimensionNumbersAttr)
	if !ok {
		return nil, errorAt(op, "missing or malformed attribute dimension_numbers")
	}
	sizes, err := attrInts(op, "slice_sizes")
	if err != nil {
		return nil, err
	}
	oshape := operand.Type.Shape
	or := len(oshape)
	id, err := newIndexDims(op, idx, dn.IndexVectorDim)
	if err != nil {
		return nil, err
	}
	if int64(len(dn.StartIndexMap)) != id.vecLen {
		return nil, errorAt(op, "start_index_map has %d entries, index vectors have %d", len(dn.StartIndexMap), id.vecLen)
	}
	if len(sizes) != or {
		return nil, errorAt(op, "slice_sizes has %d entries, operand rank is %d", len(sizes), or)
	}
	for d, s := range sizes {
		if s < 0 || s > oshape[d] {
			return nil, errorAt(op, "slice size %d of dimension %d is out of [0, %d]", s, d, oshape[d])
		}
	}
	notOffset := make([]bool, or)
	if err := checkDimList(op, "collapsed_slice_dims", dn.CollapsedSliceDims, or, notOffset); err != nil {
		return nil, err
	}
	if err := checkDimList(op, "operand_batching_dims", dn.OperandBatchingDims, or, notOffset); err != nil {
		return nil, err
	}
	if err := checkDimList(op, "start_index_map", dn.StartIndexMap, or, make([]bool, or)); err != nil {
		return nil, err
	}
	for _, d := range append(append([]int64{}, dn.CollapsedSliceDims...), dn.OperandBatchingDims...) {
		if sizes[d] > 1 {
			return nil, errorAt(op, "slice size of collapsed or batching dimension %d must be at most 1, got %d", d, sizes[d])
		}
	}
	if len(dn.StartIndicesBatchingDims) != len(dn.OperandBatchingDims) {
		return nil, errorAt(op, "operand_batching_dims and start_indices_batching_dims differ in length")
	}
	batchPos := make([]int, len(dn.StartIndicesBatchingDims))
	for i, d := range dn.StartIndicesBatchingDims {
		batchPos[i] = id.batchPos(d)
		if batchPos[i] < 0 {
			return nil, errorAt(op, "start_indices_batching_dims entry %d is not a batch dimension of the indices", d)
		}
		if idx.Type.Shape[d] != oshape[dn.OperandBatchingDims[i]] {
			return nil, errorAt(op, "batching dimension sizes differ: indices dim %d is %d, operand dim %d is %d",
				d, idx.Type.Shape[d], dn.OperandBatchingDims[i], oshape[dn.OperandBatchingDims[i]])
		}
	}
	var offOperand []int64
	for d := 0; d < or; d++ {
		if !notOffset[d] {
			offOperand = append(offOperand, int64(d))
		}
	}
	if len(offOperand) != len(dn.OffsetDims) {
		return nil, errorAt(op, "offset_dims has %d entries, want %d (operand rank minus collapsed and batching dims)", len(dn.OffsetDims), len(offOperand))
	}
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if res.Type.Elem != operand.Type.Elem {
		return nil, errorAt(op, "result type %s and operand type %s differ in element type", res.Type, operand.Type)
	}
	rr := res.Type.Rank()
	if rr != len(dn.OffsetDims)+len(id.batch) {
		return nil, errorAt(op, "result type %s has rank %d, want %d", res.Type, rr, len(dn.OffsetDims)+len(id.batch))
	}
	isOffset := make([]bool, rr)
	if err := checkDimList(op, "offset_dims", dn.OffsetDims, rr, isOffset); err != nil {
		return nil, err
	}
	// Result dims: offset dims take the slice sizes, the others the indices'
	// batch sizes in order.
	rs := ir.Strides(res.Type.Shape)
	var batchShape, batchResStrides, offShape, offResStrides []int64
	want := make([]int64, rr)
	for i, d := range dn.OffsetDims {
		want[d] = sizes[offOperand[i]]
		offShape = append(offShape, want[d])
		offResStrides = append(offResStrides, rs[d])
	}
	b := 0
	for d := 0; d < rr; d++ {
		if !isOffset[d] {
			want[d] = idx.Type.Shape[id.batch[b]]
			batchShape = append(batchShape, want[d])
			batchResStrides = append(batchResStrides, rs[d])
			b++
		}
	}
	if !sameShape(want, res.Type.Shape) {
		return nil, errorAt(op, "result type %s does not match the inferred shape %v", res.Type, want)
	}
	os := ir.Strides(oshape)
	// Offsets of the slice elements, in the operand and in the result.
	nOff := numElements(offShape)
	offOp := make([]int, 0, nOff)
	offRes := make([]int, 0, nOff)
	forEachIndex(offShape, func(oi []int64, _ int) {
		var a, r int64
		for i, v := range oi {
			a += v * os[offOperand[i]]
			r += v * offResStrides[i]
		}
		offOp = append(offOp, int(a))
		offRes = append(offRes, int(r))
	})
	forEachIndex(batchShape, func(bi []int64, _ int) {
		opBase := int64(0)
		for t, d := range dn.StartIndexMap {
			v := id.readIndex(idx, bi, int64(t))
			v = max(0, min(v, oshape[d]-sizes[d]))
			opBase += v * os[d]
		}
		for i, d := range dn.OperandBatchingDims {
			opBase += bi[batchPos[i]] * os[d]
		}
		resBase := linearIndex(bi, batchResStrides)
		for k, o := range offOp {
			copyElem(res, int(resBase)+offRes[k], operand, int(opBase)+o)
		}
	})
	return one(res), nil
}
