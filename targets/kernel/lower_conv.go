package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// convInfo is a convolution's attributes and shapes, parsed once.
type convInfo struct {
	dn                 *ir.ConvDimensionNumbersAttr
	ls, ks             []int64 // input and kernel shapes
	s                  int     // spatial dimensions
	strides, ldil      []int64
	rdil, lo           []int64
	rev                []bool
	fgc, bgc           int64
	et                 ir.ElementType
	nIn, cin, cout, og int64
	in, win            []int64 // input spatial sizes, window sizes
}

func parseConv(op *ir.Op) (*convInfo, error) {
	dn, ok := op.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !ok {
		return nil, errorf(op, "missing dimension_numbers")
	}
	c := &convInfo{dn: dn, ls: shapeOf(op.Operands[0]), ks: shapeOf(op.Operands[1])}
	s := len(dn.InputSpatialDimensions)
	c.s = s
	c.strides = intsOr(op, "window_strides", s, 1)
	c.ldil = intsOr(op, "lhs_dilation", s, 1)
	c.rdil = intsOr(op, "rhs_dilation", s, 1)
	lo, _, err := padding(op, "padding", s)
	if err != nil {
		return nil, err
	}
	c.lo = lo
	c.rev = make([]bool, s)
	if a := op.Attr("window_reversal"); a != nil {
		if v, ok := ir.Bools(a); ok && len(v) == s {
			c.rev = v
		}
	}
	c.fgc, c.bgc = 1, 1
	if v, ok := ir.IntValue(op.Attr("feature_group_count")); ok {
		c.fgc = v
	}
	if v, ok := ir.IntValue(op.Attr("batch_group_count")); ok {
		c.bgc = v
	}
	if c.fgc < 1 || c.bgc < 1 {
		return nil, errorf(op, "bad group counts")
	}
	c.et = op.Results[0].Tensor().Elem
	c.nIn = c.ls[dn.InputBatchDimension]
	c.cin = c.ks[dn.KernelInputFeatureDimension]
	c.cout = c.ks[dn.KernelOutputFeatureDimension]
	c.og = c.cout / (c.fgc * c.bgc)
	if c.og == 0 {
		return nil, errorf(op, "kernel output features %d smaller than the group count", c.cout)
	}
	c.in = make([]int64, s)
	c.win = make([]int64, s)
	for d := 0; d < s; d++ {
		c.in[d] = c.ls[dn.InputSpatialDimensions[d]]
		c.win[d] = c.ks[dn.KernelSpatialDimensions[d]]
	}
	return c, nil
}

// window emits, for output index idx and window position w, the input and
// kernel multi-indices (input feature and kernel input feature left nil
// for the caller) and the validity predicate (nil: always valid) of
// positions in padding or lhs-dilation holes. batch and of are the input
// batch and kernel output feature indices.
func (k *kgen) window(c *convInfo, idx, w []*Node, batch, of *Node) (li, ki []*Node, valid *Node) {
	b := k.b
	dn := c.dn
	li = make([]*Node, len(c.ls))
	ki = make([]*Node, len(c.ks))
	li[dn.InputBatchDimension] = batch
	ki[dn.KernelOutputFeatureDimension] = of
	for d := 0; d < c.s; d++ {
		o := idx[dn.OutputSpatialDimensions[d]]
		x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, o, Idx(c.strides[d])), b.Bin(Mul, w[d], Idx(c.rdil[d]))), Idx(c.lo[d]))
		if c.ldil[d] != 1 {
			valid = k.and(valid, b.Bin(EQ, b.Bin(Rem, x, Idx(c.ldil[d])), Idx(0)))
			x = b.Bin(Div, x, Idx(c.ldil[d]))
		}
		valid = k.and(valid, k.inRange(x, 0, c.in[d]))
		li[dn.InputSpatialDimensions[d]] = k.clampIdx(x, 0, max(c.in[d]-1, 0))
		kw := w[d]
		if c.rev[d] {
			kw = b.Bin(Sub, Idx(c.win[d]-1), w[d])
		}
		ki[dn.KernelSpatialDimensions[d]] = kw
	}
	return li, ki, valid
}

// conv: direct loops. For one output element (batch, feature, spatial...),
// a serial nest over the window and the group's input features accumulates
// input*kernel in AccumElem of the result type (f32 for the narrow floats,
// rounded once at the end); window positions in padding or lhs-dilation
// holes are skipped (they contribute zero).
func (k *kgen) conv(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	c, err := parseConv(op)
	if err != nil {
		return nil, err
	}
	dn, et := c.dn, c.et
	ob := idx[dn.OutputBatchDimension]
	of := idx[dn.OutputFeatureDimension]
	g := b.Bin(Div, of, Idx(c.og))
	batch := ob
	if c.bgc > 1 {
		batch = b.Bin(Add, b.Bin(Mul, g, Idx(c.nIn/c.bgc)), ob)
	}
	c0 := Idx(0)
	if c.fgc > 1 {
		c0 = b.Bin(Mul, g, Idx(c.cin))
	}
	at := AccumElem(et)
	acc := b.Var(ConstOf(at, int64(0)))
	b.Nest(c.win, 0, func(w []*Node) {
		li, ki, valid := k.window(c, idx, w, batch, of)
		body := func() {
			b.Nest([]int64{c.cin}, 0, func(ci []*Node) {
				li[dn.InputFeatureDimension] = b.Bin(Add, c0, ci[0])
				ki[dn.KernelInputFeatureDimension] = ci[0]
				x := b.Convert(b.Convert(k.valueAt(op.Operands[0], li), et), at)
				y := b.Convert(b.Convert(k.valueAt(op.Operands[1], ki), et), at)
				b.Set(acc, b.Bin(Add, b.Get(acc), b.Bin(Mul, x, y)))
			})
		}
		if valid == nil {
			body()
		} else {
			b.If(valid, body, nil)
		}
	})
	return []*Node{b.Convert(b.Get(acc), et)}, nil
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
