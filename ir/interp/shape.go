package interp

// Ops that create or rearrange tensors without arithmetic (spec: constant,
// iota, broadcast_in_dim, broadcast, reshape, transpose,
// get_dimension_size, tuple, get_tuple_element, optimization_barrier).

import (
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.constant", evalConstant)
	Register("stablehlo.iota", evalIota)
	Register("stablehlo.broadcast_in_dim", evalBroadcastInDim)
	Register("stablehlo.broadcast", evalBroadcast)
	Register("stablehlo.reshape", evalReshape)
	Register("stablehlo.transpose", evalTranspose)
	Register("stablehlo.get_dimension_size", evalGetDimensionSize)
	Register("stablehlo.tuple", evalTuple)
	Register("stablehlo.get_tuple_element", evalGetTupleElement)
	Register("stablehlo.optimization_barrier", evalIdentity)
}

// takeElems sets dst[i] = src[idx[i]] for every i (same element type).
func takeElems(dst, src *ir.Tensor, idx []int) {
	switch {
	case dst.I != nil:
		for i, j := range idx {
			dst.I[i] = src.I[j]
		}
	case dst.F != nil:
		for i, j := range idx {
			dst.F[i] = src.F[j]
		}
	case dst.C != nil:
		for i, j := range idx {
			dst.C[i] = src.C[j]
		}
	}
}

// sourceIndex builds, for a result of shape out, the operand's linear index
// of every result element: src(r, o) fills the operand multi-index o from
// result multi-index r.
func sourceIndex(out, inShape []int64, src func(r, o []int64)) []int {
	n := numElements(out)
	idx := make([]int, n)
	st := ir.Strides(inShape)
	o := make([]int64, len(inShape))
	forEachIndex(out, func(r []int64, lin int) {
		src(r, o)
		idx[lin] = int(linearIndex(o, st))
	})
	return idx
}

func evalConstant(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok || a.Value == nil {
		return nil, errorAt(op, "missing dense elements attribute value")
	}
	return one(a.Value.Clone()), nil
}

// evalIota fills the result with the index along iota_dimension
// (converted to the element type; complex gets imaginary part 0).
func evalIota(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	r, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	d, err := attrInt(op, "iota_dimension")
	if err != nil {
		return nil, err
	}
	shape := r.Type.Shape
	if d < 0 || d >= int64(len(shape)) {
		return nil, errorAt(op, "iota_dimension %d out of range for %s", d, r.Type)
	}
	e := r.Type.Elem
	forEachIndex(shape, func(idx []int64, lin int) {
		v := idx[d]
		switch {
		case e.IsIntOrBool():
			r.I[lin] = e.WrapInt(v)
		case e.IsFloat():
			r.F[lin] = ir.RoundFloat(float64(v), e)
		default:
			r.C[lin] = complex(ir.RoundFloat(float64(v), e.ComplexPart()), 0)
		}
	})
	return one(r), nil
}

func evalBroadcastInDim(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	rt, err := resultType(op, 0)
	if err != nil {
		return nil, err
	}
	dims, err := attrInts(op, "broadcast_dimensions")
	if err != nil {
		return nil, err
	}
	if len(dims) != x.Type.Rank() || rt.Elem != x.Type.Elem {
		return nil, errorAt(op, "broadcast_dimensions %v do not fit operand %s and result %s", dims, x.Type, rt)
	}
	for k, d := range dims {
		if d < 0 || d >= int64(rt.Rank()) || (x.Type.Shape[k] != 1 && x.Type.Shape[k] != rt.Shape[d]) {
			return nil, errorAt(op, "operand dimension %d (size %d) cannot broadcast to result dimension %d of %s", k, x.Type.Shape[k], d, rt)
		}
	}
	return broadcastTo(op, x, rt, dims)
}

// broadcastTo broadcasts x into type rt, operand dimension k mapping to
// result dimension dims[k] (checked by the caller).
func broadcastTo(op *ir.Op, x *ir.Tensor, rt *ir.TensorType, dims []int64) ([]Value, error) {
	r, err := newTensor(op, rt)
	if err != nil {
		return nil, err
	}
	xs := x.Type.Shape
	takeElems(r, x, sourceIndex(rt.Shape, xs, func(ri, o []int64) {
		for k, d := range dims {
			if xs[k] == 1 {
				o[k] = 0
			} else {
				o[k] = ri[d]
			}
		}
	}))
	return one(r), nil
}

// evalBroadcast: the result shape is broadcast_sizes followed by the
// operand's shape.
func evalBroadcast(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	sizes, err := attrInts(op, "broadcast_sizes")
	if err != nil {
		return nil, err
	}
	shape := append(append([]int64{}, sizes...), x.Type.Shape...)
	dims := make([]int64, x.Type.Rank())
	for k := range dims {
		dims[k] = int64(len(sizes) + k)
	}
	for _, s := range sizes {
		if s < 0 {
			return nil, errorAt(op, "negative broadcast size in %v", sizes)
		}
	}
	return broadcastTo(op, x, ir.TensorOf(x.Type.Elem, shape...), dims)
}

func evalReshape(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	rt, err := resultType(op, 0)
	if err != nil {
		return nil, err
	}
	if rt.Elem != x.Type.Elem || rt.NumElements() != int64(x.Len()) {
		return nil, errorAt(op, "cannot reshape %s to %s", x.Type, rt)
	}
	r := x.Clone()
	r.Type = rt.WithShape(rt.Shape)
	return one(r), nil
}

func evalTranspose(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	perm, err := attrInts(op, "permutation")
	if err != nil {
		return nil, err
	}
	if err := checkPerm(op, "permutation", perm, x.Type.Rank()); err != nil {
		return nil, err
	}
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = x.Type.Shape[p]
	}
	r, err := newTensor(op, ir.TensorOf(x.Type.Elem, shape...))
	if err != nil {
		return nil, err
	}
	takeElems(r, x, sourceIndex(shape, x.Type.Shape, func(ri, o []int64) {
		for d, p := range perm {
			o[p] = ri[d]
		}
	}))
	return one(r), nil
}

// evalGetDimensionSize returns the size of dimension `dimension` as a
// tensor<i32>.
func evalGetDimensionSize(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	d, err := attrInt(op, "dimension")
	if err != nil {
		return nil, err
	}
	if d < 0 || d >= int64(x.Type.Rank()) {
		return nil, errorAt(op, "dimension %d out of range for %s", d, x.Type)
	}
	return one(ir.Scalar(ir.I32, x.Type.Shape[d])), nil
}

func evalTuple(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	return []Value{Tuple(append([]Value{}, args...))}, nil
}

func evalGetTupleElement(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	if len(args) != 1 {
		return nil, errorAt(op, "expects 1 operand, got %d", len(args))
	}
	t, ok := args[0].(Tuple)
	if !ok {
		return nil, errorAt(op, "operand is %T, want a tuple", args[0])
	}
	i, err := attrInt(op, "index")
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= int64(len(t)) {
		return nil, errorAt(op, "index %d out of range for a tuple of %d", i, len(t))
	}
	return []Value{t[i]}, nil
}

// evalIdentity returns its operands (optimization_barrier).
func evalIdentity(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	return append([]Value{}, args...), nil
}
