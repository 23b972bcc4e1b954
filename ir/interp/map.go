package interp

// stablehlo.map (spec: map): result[i] = computation(inputs...[i]) for
// every index, with `dimensions` covering all dimensions in order (C3).
// Bodies that are one add, multiply, maximum, minimum, and, or or xor of
// the two arguments run without calling the region.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.map", evalMap) }

func evalMap(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	inputs, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, errorAt(op, "expects at least one input")
	}
	if err := checkSameShape(op, inputs...); err != nil {
		return nil, err
	}
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "expects one computation region")
	}
	r := inputs[0].Type.Rank()
	dims, err := attrIntsOr(op, "dimensions", nil)
	if err != nil {
		return nil, err
	}
	if op.Attr("dimensions") != nil {
		ok := len(dims) == r
		for i, d := range dims {
			ok = ok && d == int64(i)
		}
		if !ok {
			return nil, errorAt(op, "dimensions %v must be 0..%d in order", dims, r-1)
		}
	}
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if !sameShape(res.Type.Shape, inputs[0].Type.Shape) {
		return nil, errorAt(op, "result type %s must have the inputs' shape", res.Type)
	}
	body, err := newScalarBody(in, op, op.Regions[0], len(inputs))
	if err != nil {
		return nil, err
	}
	if f := body.fast; f != nil && f.pick == 0 && body.fastElem == inputs[0].Type.Elem &&
		body.fastElem == inputs[1].Type.Elem && body.fastElem == res.Type.Elem {
		x, y := inputs[0], inputs[1]
		for i := 0; i < res.Len(); i++ {
			switch {
			case f.I != nil:
				res.I[i] = f.I(x.I[i], y.I[i])
			case f.F != nil:
				res.F[i] = f.F(x.F[i], y.F[i])
			default:
				res.C[i] = f.C(x.C[i], y.C[i])
			}
		}
		return one(res), nil
	}
	for i := 0; i < res.Len(); i++ {
		for k, x := range inputs {
			body.set(k, x, i)
		}
		out, err := body.call()
		if err != nil {
			return nil, err
		}
		if len(out) != 1 {
			return nil, errorAt(op, "computation returned %d values, want 1", len(out))
		}
		castElem(res, i, out[0], 0)
	}
	return one(res), nil
}
