package interp

// Slicing and joining (spec: slice, dynamic_slice, dynamic_update_slice,
// concatenate, pad, reverse).

import (
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.slice", evalSlice)
	Register("stablehlo.dynamic_slice", evalDynamicSlice)
	Register("stablehlo.dynamic_update_slice", evalDynamicUpdateSlice)
	Register("stablehlo.concatenate", evalConcatenate)
	Register("stablehlo.pad", evalPad)
	Register("stablehlo.reverse", evalReverse)
}

func evalSlice(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	start, err := attrInts(op, "start_indices")
	if err != nil {
		return nil, err
	}
	limit, err := attrInts(op, "limit_indices")
	if err != nil {
		return nil, err
	}
	rank := x.Type.Rank()
	ones := make([]int64, rank)
	for i := range ones {
		ones[i] = 1
	}
	strides, err := attrIntsOr(op, "strides", ones)
	if err != nil {
		return nil, err
	}
	if len(start) != rank || len(limit) != rank || len(strides) != rank {
		return nil, errorAt(op, "start_indices, limit_indices and strides need %d entries each", rank)
	}
	shape := make([]int64, rank)
	for d := 0; d < rank; d++ {
		if start[d] < 0 || start[d] > limit[d] || limit[d] > x.Type.Shape[d] || strides[d] <= 0 {
			return nil, errorAt(op, "bad slice [%d:%d:%d] of dimension %d (size %d)", start[d], limit[d], strides[d], d, x.Type.Shape[d])
		}
		shape[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d]
	}
	r, err := newTensor(op, ir.TensorOf(x.Type.Elem, shape...))
	if err != nil {
		return nil, err
	}
	takeElems(r, x, sourceIndex(shape, x.Type.Shape, func(ri, o []int64) {
		for d := range ri {
			o[d] = start[d] + ri[d]*strides[d]
		}
	}))
	return one(r), nil
}

// clampedStarts reads the scalar start index operands and clamps each to
// [0, dim - size] (spec: dynamic_slice and dynamic_update_slice). Unsigned
// indices are read as unsigned.
func clampedStarts(op *ir.Op, idx []*ir.Tensor, dims, sizes []int64) ([]int64, error) {
	if len(idx) != len(dims) {
		return nil, errorAt(op, "needs %d start indices, got %d", len(dims), len(idx))
	}
	s := make([]int64, len(dims))
	for d, t := range idx {
		v, err := scalarInt(op, t, "start index")
		if err != nil {
			return nil, err
		}
		hi := dims[d] - sizes[d]
		if hi < 0 {
			return nil, errorAt(op, "size %d exceeds dimension %d of size %d", sizes[d], d, dims[d])
		}
		switch {
		case t.Type.Elem.IsUnsigned() && v < 0: // ui64 above 2^63
			v = hi
		case v < 0:
			v = 0
		case v > hi:
			v = hi
		}
		s[d] = v
	}
	return s, nil
}

func evalDynamicSlice(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(ts) < 1 {
		return nil, errorAt(op, "needs an operand")
	}
	x := ts[0]
	sizes, err := attrInts(op, "slice_sizes")
	if err != nil {
		return nil, err
	}
	if len(sizes) != x.Type.Rank() {
		return nil, errorAt(op, "slice_sizes %v do not match operand rank %d", sizes, x.Type.Rank())
	}
	for _, s := range sizes {
		if s < 0 {
			return nil, errorAt(op, "negative slice size in %v", sizes)
		}
	}
	start, err := clampedStarts(op, ts[1:], x.Type.Shape, sizes)
	if err != nil {
		return nil, err
	}
	r, err := newTensor(op, ir.TensorOf(x.Type.Elem, sizes...))
	if err != nil {
		return nil, err
	}
	takeElems(r, x, sourceIndex(sizes, x.Type.Shape, func(ri, o []int64) {
		for d := range ri {
			o[d] = start[d] + ri[d]
		}
	}))
	return one(r), nil
}

func evalDynamicUpdateSlice(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(ts) < 2 {
		return nil, errorAt(op, "needs an operand and an update")
	}
	x, u := ts[0], ts[1]
	if u.Type.Elem != x.Type.Elem || u.Type.Rank() != x.Type.Rank() {
		return nil, errorAt(op, "update %s does not fit operand %s", u.Type, x.Type)
	}
	start, err := clampedStarts(op, ts[2:], x.Type.Shape, u.Type.Shape)
	if err != nil {
		return nil, err
	}
	r := x.Clone()
	st := ir.Strides(x.Type.Shape)
	o := make([]int64, x.Type.Rank())
	forEachIndex(u.Type.Shape, func(ui []int64, lin int) {
		for d := range ui {
			o[d] = start[d] + ui[d]
		}
		copyElem(r, int(linearIndex(o, st)), u, lin)
	})
	return one(r), nil
}

func evalConcatenate(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, errorAt(op, "needs at least one operand")
	}
	dim, err := attrInt(op, "dimension")
	if err != nil {
		return nil, err
	}
	rank := ts[0].Type.Rank()
	if dim < 0 || dim >= int64(rank) {
		return nil, errorAt(op, "dimension %d out of range for rank %d", dim, rank)
	}
	shape := append([]int64{}, ts[0].Type.Shape...)
	shape[dim] = 0
	for i, t := range ts {
		if t.Type.Elem != ts[0].Type.Elem || t.Type.Rank() != rank {
			return nil, errorAt(op, "operand %d has type %s, incompatible with %s", i, t.Type, ts[0].Type)
		}
		for d := range shape {
			if int64(d) != dim && t.Type.Shape[d] != ts[0].Type.Shape[d] {
				return nil, errorAt(op, "operand %d has type %s, incompatible with %s", i, t.Type, ts[0].Type)
			}
		}
		shape[dim] += t.Type.Shape[dim]
	}
	r, err := newTensor(op, ir.TensorOf(ts[0].Type.Elem, shape...))
	if err != nil {
		return nil, err
	}
	// Row-major: each operand contributes a contiguous block of
	// inner = dim_size * prod(shape[dim+1:]) elements per outer index.
	outer := numElements(shape[:dim])
	innerRest := numElements(shape[dim+1:])
	pos := 0
	for o := int64(0); o < outer; o++ {
		for _, t := range ts {
			blk := int(t.Type.Shape[dim] * innerRest)
			base := int(o) * blk
			for k := 0; k < blk; k++ {
				copyElem(r, pos, t, base+k)
				pos++
			}
		}
	}
	return one(r), nil
}

// evalPad: result dimension d has size low[d] + high[d] + n + (n-1) *
// interior[d] for an operand dimension of size n > 0 (low + high when n is
// 0); operand element i lands at low + i*(interior+1) when that is inside
// the result. Negative low/high crop.
func evalPad(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	x, pv := ts[0], ts[1]
	if pv.Type.Elem != x.Type.Elem || pv.Len() != 1 {
		return nil, errorAt(op, "padding value must be a scalar of type %s, got %s", x.Type.Elem, pv.Type)
	}
	rank := x.Type.Rank()
	lo, err := attrInts(op, "edge_padding_low")
	if err != nil {
		return nil, err
	}
	hi, err := attrInts(op, "edge_padding_high")
	if err != nil {
		return nil, err
	}
	interior, err := attrIntsOr(op, "interior_padding", make([]int64, rank))
	if err != nil {
		return nil, err
	}
	if len(lo) != rank || len(hi) != rank || len(interior) != rank {
		return nil, errorAt(op, "padding attributes need %d entries each", rank)
	}
	shape := make([]int64, rank)
	for d := 0; d < rank; d++ {
		n := x.Type.Shape[d]
		if interior[d] < 0 {
			return nil, errorAt(op, "negative interior padding %d", interior[d])
		}
		s := lo[d] + hi[d] + n
		if n > 0 {
			s += (n - 1) * interior[d]
		}
		if s < 0 {
			return nil, errorAt(op, "padding gives dimension %d a negative size %d", d, s)
		}
		shape[d] = s
	}
	r, err := newTensor(op, ir.TensorOf(x.Type.Elem, shape...))
	if err != nil {
		return nil, err
	}
	for i := 0; i < r.Len(); i++ {
		copyElem(r, i, pv, 0)
	}
	st := ir.Strides(shape)
	forEachIndex(x.Type.Shape, func(xi []int64, lin int) {
		var p int64
		for d, v := range xi {
			q := lo[d] + v*(interior[d]+1)
			if q < 0 || q >= shape[d] {
				return
			}
			p += q * st[d]
		}
		copyElem(r, int(p), x, lin)
	})
	return one(r), nil
}

func evalReverse(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	dims, err := attrInts(op, "dimensions")
	if err != nil {
		return nil, err
	}
	rev := make([]bool, x.Type.Rank())
	for _, d := range dims {
		if d < 0 || d >= int64(len(rev)) {
			return nil, errorAt(op, "dimension %d out of range for %s", d, x.Type)
		}
		rev[d] = true
	}
	shape := x.Type.Shape
	r, err := newTensor(op, x.Type.WithElem(x.Type.Elem))
	if err != nil {
		return nil, err
	}
	takeElems(r, x, sourceIndex(shape, shape, func(ri, o []int64) {
		for d, v := range ri {
			if rev[d] {
				o[d] = shape[d] - 1 - v
			} else {
				o[d] = v
			}
		}
	}))
	return one(r), nil
}
