package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// reduceInputIndex is the index into a reduce's input of rank rank for
// result index idx (the kept dims, in order) and reduced-dim index r (the
// dims in red, in order).
func reduceInputIndex(rank int, red map[int64]bool, idx, r []*Node) []*Node {
	full := make([]*Node, rank)
	j, ri := 0, 0
	for d := range rank {
		if red[int64(d)] {
			full[d] = r[ri]
			ri++
		} else {
			full[d] = idx[j]
			j++
		}
	}
	return full
}

// reduce: one accumulator per operand, initialised from the init values;
// a serial loop nest over the reduced dimensions applies the body. A
// one-operand float add of more than TreeBranch elements on a CPU target
// is init + TreeSum of the elements instead (row-major order of the
// reduced dimensions).
func (k *kgen) reduce(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	n := len(op.Operands) / 2
	if n == 0 || len(op.Regions) != 1 {
		return nil, errorf(op, "malformed reduce")
	}
	dims := ints(op, "dimensions")
	in := shapeOf(op.Operands[0])
	red := map[int64]bool{}
	var redShape []int64
	for _, d := range dims {
		red[d] = true
		redShape = append(redShape, in[d])
	}
	total := int64(1)
	for _, s := range redShape {
		total *= s
	}
	// A long float sum on a CPU target: a blocked tree (TreeSum), its
	// error growing like log n. GPU targets keep the left fold, which
	// targets/gpu restages as a workgroup tree over blocked partial sums.
	if n == 1 && !k.l.t.GPU && total > TreeBranch && floatAddBody(op.Regions[0]) {
		et := op.Regions[0].Entry().Args[0].Tensor().Elem
		add := func(x, y *Node) *Node { return b.Bin(Add, x, y) }
		strides := ir.Strides(redShape)
		sum := TreeSum(b, total, et, func(e *Node) *Node {
			r := make([]*Node, len(redShape))
			for d := range redShape {
				r[d] = e
				if d > 0 {
					r[d] = b.Bin(Rem, r[d], Idx(redShape[d]*strides[d]))
				}
				if strides[d] != 1 {
					r[d] = b.Bin(Div, r[d], Idx(strides[d]))
				}
			}
			return b.Convert(k.valueAt(op.Operands[0], reduceInputIndex(len(in), red, idx, r)), et)
		}, add)
		init := b.Convert(k.valueAt(op.Operands[1], nil), et)
		return []*Node{b.Convert(add(init, sum), op.Results[0].Tensor().Elem)}, nil
	}
	vars := make([]*Node, n)
	for i := 0; i < n; i++ {
		vars[i] = b.Var(k.valueAt(op.Operands[n+i], nil))
	}
	var err error
	b.Nest(redShape, 0, func(r []*Node) {
		full := reduceInputIndex(len(in), red, idx, r)
		args := make([]*Node, 2*n)
		for i := 0; i < n; i++ {
			args[i] = b.Get(vars[i])
			args[n+i] = k.valueAt(op.Operands[i], full)
		}
		var res []*Node
		res, err = k.region(op, op.Regions[0], args)
		if err == nil {
			for i := 0; i < n; i++ {
				b.Set(vars[i], b.Convert(res[i], vars[i].Type))
			}
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([]*Node, n)
	for i := range out {
		out[i] = b.Get(vars[i])
	}
	return out, nil
}

// reduceWindow: for each output position, a serial nest over the window;
// positions in padding or base-dilation holes contribute the init value
// (the spec pads with init_values).
func (k *kgen) reduceWindow(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	n := len(op.Operands) / 2
	if n == 0 || len(op.Regions) != 1 {
		return nil, errorf(op, "malformed reduce_window")
	}
	in := shapeOf(op.Operands[0])
	r := len(in)
	win := ints(op, "window_dimensions")
	if len(win) != r {
		return nil, errorf(op, "window_dimensions has %d entries, want %d", len(win), r)
	}
	strides := intsOr(op, "window_strides", r, 1)
	bdil := intsOr(op, "base_dilations", r, 1)
	wdil := intsOr(op, "window_dilations", r, 1)
	lo, _, err := padding(op, "padding", r)
	if err != nil {
		return nil, err
	}
	inits := make([]*Node, n)
	vars := make([]*Node, n)
	for i := 0; i < n; i++ {
		inits[i] = k.valueAt(op.Operands[n+i], nil)
		vars[i] = b.Var(inits[i])
	}
	b.Nest(win, 0, func(w []*Node) {
		var ok *Node
		pos := make([]*Node, r)
		for d := 0; d < r; d++ {
			x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, idx[d], Idx(strides[d])), b.Bin(Mul, w[d], Idx(wdil[d]))), Idx(lo[d]))
			if bdil[d] != 1 {
				ok = k.and(ok, b.Bin(EQ, b.Bin(Rem, x, Idx(bdil[d])), Idx(0)))
				x = b.Bin(Div, x, Idx(bdil[d]))
			}
			ok = k.and(ok, k.inRange(x, 0, in[d]))
			pos[d] = k.clampIdx(x, 0, max(in[d]-1, 0))
		}
		args := make([]*Node, 2*n)
		for i := 0; i < n; i++ {
			args[i] = b.Get(vars[i])
			x := k.valueAt(op.Operands[i], pos)
			if ok != nil {
				x = b.Select(ok, x, inits[i])
			}
			args[n+i] = x
		}
		var res []*Node
		res, err = k.region(op, op.Regions[0], args)
		if err == nil {
			for i := 0; i < n; i++ {
				b.Set(vars[i], b.Convert(res[i], vars[i].Type))
			}
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([]*Node, n)
	for i := range out {
		out[i] = b.Get(vars[i])
	}
	return out, nil
}

// padding reads a `dense<[[lo, hi], ...]>` attribute (or a flat list) as
// low and high padding per dimension; absent means none.
func padding(op *ir.Op, name string, n int) (lo, hi []int64, err error) {
	lo, hi = make([]int64, n), make([]int64, n)
	a := op.Attr(name)
	if a == nil {
		return lo, hi, nil
	}
	v, ok := ir.Int64s(a)
	if da, isDense := a.(*ir.DenseElementsAttr); isDense && da.Value.Type.Elem.IsInteger() {
		v, ok = da.Value.I, true
	}
	if !ok || len(v) != 2*n {
		return nil, nil, errorf(op, "%s must be a %dx2 integer tensor", name, n)
	}
	for d := 0; d < n; d++ {
		lo[d], hi[d] = v[2*d], v[2*d+1]
	}
	return lo, hi, nil
}

// dotDims returns dot_general's dimension numbers (legacy dot: contract the
// last lhs dimension with the first rhs one).
func dotDims(op *ir.Op) (lb, rb, lc, rc []int64, err error) {
	if op.Name == "stablehlo.dot" {
		lr := op.Operands[0].Tensor().Rank()
		return nil, nil, []int64{int64(lr - 1)}, []int64{0}, nil
	}
	dn, ok := op.Attr("dot_dimension_numbers").(*ir.DotDimensionNumbersAttr)
	if !ok {
		return nil, nil, nil, nil, errorf(op, "missing dot_dimension_numbers")
	}
	return dn.LhsBatchingDimensions, dn.RhsBatchingDimensions, dn.LhsContractingDimensions, dn.RhsContractingDimensions, nil
}

func freeDims(rank int, used ...[]int64) []int {
	u := map[int64]bool{}
	for _, l := range used {
		for _, d := range l {
			u[d] = true
		}
	}
	var r []int
	for d := 0; d < rank; d++ {
		if !u[int64(d)] {
			r = append(r, d)
		}
	}
	return r
}

// dotOperandIndexes spreads the result index idx of a dot_general (batch
// dims, then the left and the right free dims) over the operand indexes li
// and ri (shapes ls and rs), whose contracting entries the caller fills
// from a nest over cs, the contracting extents.
func dotOperandIndexes(ls, rs, lb, rb, lc, rc []int64, idx []*Node) (li, ri []*Node, cs []int64) {
	li, ri = make([]*Node, len(ls)), make([]*Node, len(rs))
	j := 0
	for i := range lb {
		li[lb[i]], ri[rb[i]] = idx[j], idx[j]
		j++
	}
	for _, d := range freeDims(len(ls), lb, lc) {
		li[d] = idx[j]
		j++
	}
	for _, d := range freeDims(len(rs), rb, rc) {
		ri[d] = idx[j]
		j++
	}
	cs = make([]int64, len(lc))
	for i, d := range lc {
		cs[i] = ls[d]
	}
	return li, ri, cs
}

// AccumElem is the type products of element type t accumulate in:
// f32 for the floats narrower than 32 bits (f16, bf16, the f8 types), as
// XLA and cuBLAS accumulate them, so that a bf16 dot_general or
// convolution rounds once, at the end, instead of at every step; t itself
// otherwise.
func AccumElem(t ir.ElementType) ir.ElementType {
	if t.IsFloat() && t.Bits() < 32 {
		return ir.F32
	}
	return t
}

// dotAt: one output element of dot_general, accumulated over the
// contracting dimensions in row-major order, in AccumElem of the result
// type, rounded once to the result type.
func (k *kgen) dotAt(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	lb, rb, lc, rc, err := dotDims(op)
	if err != nil {
		return nil, err
	}
	ls, rs := shapeOf(op.Operands[0]), shapeOf(op.Operands[1])
	et := op.Results[0].Tensor().Elem
	at := AccumElem(et)
	li, ri, cs := dotOperandIndexes(ls, rs, lb, rb, lc, rc, idx)
	acc := b.Var(ConstOf(at, int64(0)))
	b.Nest(cs, 0, func(c []*Node) {
		for i := range lc {
			li[lc[i]], ri[rc[i]] = c[i], c[i]
		}
		x := b.Convert(b.Convert(k.valueAt(op.Operands[0], li), et), at)
		y := b.Convert(b.Convert(k.valueAt(op.Operands[1], ri), et), at)
		b.Set(acc, b.Bin(Add, b.Get(acc), b.Bin(Mul, x, y)))
	})
	return []*Node{b.Convert(b.Get(acc), et)}, nil
}
