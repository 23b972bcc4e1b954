package interp

// stablehlo.reduce (spec: reduce): N inputs and N init values reduced along
// `dimensions` by a body of 2N scalars, giving N results whose shapes are the
// inputs' without the reduced dimensions.
//
// The spec lets the implementation choose the reduction tree; this one is
// the left fold that starts from the init values and takes the input
// elements in ascending lexicographic order of their index:
// acc = body(acc..., x...). A body such as argmax, which keeps the lower index
// on ties, therefore sees candidates in index order. A one-operand float or
// complex add of more than 32 elements is the exception: a blocked tree
// (reduce_tree.go) whose rounding error grows like log n.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.reduce", evalReduce) }

// reduceArgs splits the operands of reduce and reduce_window into N inputs
// of one shape and N init values, and checks for the one body region.
func reduceArgs(op *ir.Op, args []Value) (inputs, inits []*ir.Tensor, err error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 || len(ts)%2 != 0 {
		return nil, nil, errorAt(op, "expects N inputs and N init values, got %d operands", len(ts))
	}
	n := len(ts) / 2
	inputs, inits = ts[:n], ts[n:]
	if err := checkSameShape(op, inputs...); err != nil {
		return nil, nil, err
	}
	if len(op.Regions) != 1 {
		return nil, nil, errorAt(op, "expects one body region")
	}
	return inputs, inits, nil
}

func evalReduce(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	inputs, inits, err := reduceArgs(op, args)
	if err != nil {
		return nil, err
	}
	n := len(inputs)
	dims, err := attrInts(op, "dimensions")
	if err != nil {
		return nil, err
	}
	shape := inputs[0].Type.Shape
	reduced := make([]bool, len(shape))
	for _, d := range dims {
		if d < 0 || d >= int64(len(shape)) || reduced[d] {
			return nil, errorAt(op, "dimensions %v must be unique dimensions of rank %d", dims, len(shape))
		}
		reduced[d] = true
	}
	var keptShape, redShape, keptStrides, redStrides []int64
	strides := ir.Strides(shape)
	for d, sz := range shape {
		if reduced[d] {
			redShape = append(redShape, sz)
			redStrides = append(redStrides, strides[d])
		} else {
			keptShape = append(keptShape, sz)
			keptStrides = append(keptStrides, strides[d])
		}
	}
	results := make([]*ir.Tensor, n)
	for i := range results {
		if inits[i].Len() != 1 || inits[i].Type.Rank() != 0 {
			return nil, errorAt(op, "init value %d must be a rank-0 tensor, got %s", i, inits[i].Type)
		}
		if results[i], err = newResult(op, i); err != nil {
			return nil, err
		}
		if !sameShape(results[i].Type.Shape, keptShape) {
			return nil, errorAt(op, "result %d has type %s, want shape %v", i, results[i].Type, keptShape)
		}
	}
	acc, err := newAccumulator(in, op, op.Regions[0], results, inputs)
	if err != nil {
		return nil, err
	}
	// Offsets of the reduced positions relative to a result's base offset,
	// in lexicographic order.
	offs := make([]int, 0, numElements(redShape))
	forEachIndex(redShape, func(idx []int64, _ int) {
		offs = append(offs, int(linearIndex(idx, redStrides)))
	})
	e := inputs[0].Type.Elem
	if n == 1 && (e.IsFloat() || e.IsComplex()) && inits[0].Type.Elem == e && results[0].Type.Elem == e && len(offs) > treeBranch && isAddBody(op.Regions[0], e) {
		scratch := make([]float64, len(offs))
		forEachIndex(keptShape, func(idx []int64, j int) {
			treeReduce(results[0], inputs[0], inits[0], j, int(linearIndex(idx, keptStrides)), offs, scratch)
		})
		return []Value{results[0]}, nil
	}
	var ferr error
	forEachIndex(keptShape, func(idx []int64, j int) {
		if ferr != nil {
			return
		}
		for i := range results {
			castElem(results[i], j, inits[i], 0)
		}
		base := int(linearIndex(idx, keptStrides))
		for _, o := range offs {
			if err := acc.fold(j, inputs, base+o); err != nil {
				ferr = err
				return
			}
		}
	})
	if ferr != nil {
		return nil, ferr
	}
	out := make([]Value, n)
	for i, r := range results {
		out[i] = r
	}
	return out, nil
}
