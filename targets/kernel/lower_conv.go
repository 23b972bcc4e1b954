package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// conv: direct loops. For one output element (batch, feature, spatial...),
// a serial nest over the window and the group's input features accumulates
// input*kernel in the result type; window positions in padding or
// lhs-dilation holes are skipped (they contribute zero).
func (k *kgen) conv(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	dn, ok := op.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !ok {
		return nil, errorf(op, "missing dimension_numbers")
	}
	ls, ks := shapeOf(op.Operands[0]), shapeOf(op.Operands[1])
	s := len(dn.InputSpatialDimensions)
	strides := intsOr(op, "window_strides", s, 1)
	ldil := intsOr(op, "lhs_dilation", s, 1)
	rdil := intsOr(op, "rhs_dilation", s, 1)
	lo, _, err := padding(op, "padding", s)
	if err != nil {
		return nil, err
	}
	rev := make([]bool, s)
	if a := op.Attr("window_reversal"); a != nil {
		if v, ok := ir.Bools(a); ok && len(v) == s {
			rev = v
		}
	}
	fgc, bgc := int64(1), int64(1)
	if v, ok := ir.IntValue(op.Attr("feature_group_count")); ok {
		fgc = v
	}
	if v, ok := ir.IntValue(op.Attr("batch_group_count")); ok {
		bgc = v
	}
	if fgc < 1 || bgc < 1 {
		return nil, errorf(op, "bad group counts")
	}
	et := op.Results[0].Tensor().Elem
	nIn := ls[dn.InputBatchDimension]
	cin := ks[dn.KernelInputFeatureDimension]
	cout := ks[dn.KernelOutputFeatureDimension]
	og := cout / (fgc * bgc)
	if og == 0 {
		return nil, errorf(op, "kernel output features %d smaller than the group count", cout)
	}
	in := make([]int64, s)
	win := make([]int64, s)
	for d := 0; d < s; d++ {
		in[d] = ls[dn.InputSpatialDimensions[d]]
		win[d] = ks[dn.KernelSpatialDimensions[d]]
	}
	ob := idx[dn.OutputBatchDimension]
	of := idx[dn.OutputFeatureDimension]
	g := b.Bin(Div, of, Idx(og))
	batch := ob
	if bgc > 1 {
		batch = b.Bin(Add, b.Bin(Mul, g, Idx(nIn/bgc)), ob)
	}
	c0 := Idx(0)
	if fgc > 1 {
		c0 = b.Bin(Mul, g, Idx(cin))
	}
	acc := b.Var(ConstOf(et, int64(0)))
	b.Nest(win, 0, func(w []*Node) {
		var valid *Node
		li := make([]*Node, len(ls))
		ki := make([]*Node, len(ks))
		li[dn.InputBatchDimension] = batch
		ki[dn.KernelOutputFeatureDimension] = of
		for d := 0; d < s; d++ {
			o := idx[dn.OutputSpatialDimensions[d]]
			x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, o, Idx(strides[d])), b.Bin(Mul, w[d], Idx(rdil[d]))), Idx(lo[d]))
			if ldil[d] != 1 {
				valid = k.and(valid, b.Bin(EQ, b.Bin(Rem, x, Idx(ldil[d])), Idx(0)))
				x = b.Bin(Div, x, Idx(ldil[d]))
			}
			valid = k.and(valid, k.inRange(x, 0, in[d]))
			li[dn.InputSpatialDimensions[d]] = k.clampIdx(x, 0, max(in[d]-1, 0))
			kw := w[d]
			if rev[d] {
				kw = b.Bin(Sub, Idx(win[d]-1), w[d])
			}
			ki[dn.KernelSpatialDimensions[d]] = kw
		}
		body := func() {
			b.Nest([]int64{cin}, 0, func(c []*Node) {
				li[dn.InputFeatureDimension] = b.Bin(Add, c0, c[0])
				ki[dn.KernelInputFeatureDimension] = c[0]
				x := b.Convert(k.valueAt(op.Operands[0], li), et)
				y := b.Convert(k.valueAt(op.Operands[1], ki), et)
				b.Set(acc, b.Bin(Add, b.Get(acc), b.Bin(Mul, x, y)))
			})
		}
		if valid == nil {
			body()
		} else {
			b.If(valid, body, nil)
		}
	})
	return []*Node{b.Get(acc)}, nil
}

// gather follows the spec: the result index splits into batch dims (which
// pick a start index vector from start_indices) and offset dims (the
// position inside the slice); starts are clamped so the slice fits.
func (k *kgen) gather(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	dn, ok := op.Attr("dimension_numbers").(*ir.GatherDimensionNumbersAttr)
	if !ok {
		return nil, errorf(op, "missing dimension_numbers")
	}
	os, ss := shapeOf(op.Operands[0]), shapeOf(op.Operands[1])
	sizes := ints(op, "slice_sizes")
	if len(sizes) != len(os) {
		return nil, errorf(op, "slice_sizes has %d entries, want %d", len(sizes), len(os))
	}
	isOffset := map[int]bool{}
	for _, d := range dn.OffsetDims {
		isOffset[int(d)] = true
	}
	var batchIdx, offIdx []*Node
	for d, x := range idx {
		if isOffset[d] {
			offIdx = append(offIdx, x)
		} else {
			batchIdx = append(batchIdx, x)
		}
	}
	ivd := int(dn.IndexVectorDim)
	// startAt reads start_indices at the batch index with position p along
	// the index vector dimension.
	startAt := func(p int64) *Node {
		var si []*Node
		j := 0
		for d := 0; d < len(ss); d++ {
			if d == ivd {
				si = append(si, Idx(p))
			} else {
				si = append(si, batchIdx[j])
				j++
			}
		}
		x := k.valueAt(op.Operands[1], si)
		if x.Type.IsUnsigned() {
			x = b.Convert(x, ir.UI64)
		}
		return b.Convert(x, ir.Index)
	}
	full := make([]*Node, len(os))
	for d := range full {
		full[d] = Idx(0)
	}
	for p, d := range dn.StartIndexMap {
		st := k.clampIdx(startAt(int64(p)), 0, os[d]-sizes[d])
		full[d] = b.Bin(Add, full[d], st)
	}
	for i, d := range dn.OperandBatchingDims {
		ds := int(dn.StartIndicesBatchingDims[i])
		if ds > ivd {
			ds--
		}
		if ds < len(batchIdx) {
			full[d] = b.Bin(Add, full[d], batchIdx[ds])
		}
	}
	skip := map[int64]bool{}
	for _, d := range dn.CollapsedSliceDims {
		skip[d] = true
	}
	for _, d := range dn.OperandBatchingDims {
		skip[d] = true
	}
	j := 0
	for d := range os {
		if skip[int64(d)] {
			continue
		}
		if j < len(offIdx) {
			full[d] = b.Bin(Add, full[d], offIdx[j])
		}
		j++
	}
	return []*Node{k.valueAt(op.Operands[0], full)}, nil
}
