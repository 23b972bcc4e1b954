package kernel

import "github.com/zmlc/zmlc/ir"

// creduce is the part k.part of one element of a reduce of one complex
// operand whose body is a single stablehlo.add or stablehlo.multiply of its
// two arguments (complex sums and products, jnp.sum / jnp.prod): the
// reduced dimensions are walked in row-major order as the real reduce
// does, accumulating both parts. Other bodies are a positioned error.
func (k *kgen) creduce(op *ir.Op, idx []*Node) (*Node, error) {
	b := k.b
	if len(op.Operands) != 2 || len(op.Regions) != 1 {
		return nil, errorf(op, "complex reduce: only one operand is supported")
	}
	kind, ok := complexFoldKind(op.Regions[0])
	if !ok {
		return nil, errorf(op, "complex reduce: only a body of one add or multiply of its arguments is supported")
	}
	dims := ints(op, "dimensions")
	in := shapeOf(op.Operands[0])
	red := map[int64]bool{}
	var redShape []int64
	for _, d := range dims {
		if d < 0 || int(d) >= len(in) {
			return nil, errorf(op, "dimension %d out of range", d)
		}
		red[d] = true
		redShape = append(redShape, in[d])
	}
	et := op.Results[0].Tensor().Elem.ComplexPart()
	ir0, ii0 := k.parts(op.Operands[1], nil)
	re, im := b.Var(b.Convert(ir0, et)), b.Var(b.Convert(ii0, et))
	b.Nest(redShape, 0, func(r []*Node) {
		full := reduceInputIndex(len(in), red, idx, r)
		xr, xi := k.parts(op.Operands[0], full)
		xr, xi = b.Convert(xr, et), b.Convert(xi, et)
		ar, ai := b.Get(re), b.Get(im)
		var nr, ni *Node
		if kind == Add {
			nr, ni = b.Bin(Add, ar, xr), b.Bin(Add, ai, xi)
		} else {
			nr, ni = k.cmul(ar, ai, xr, xi)
		}
		b.Set(re, nr)
		b.Set(im, ni)
	})
	if k.part == 1 {
		return b.Get(im), nil
	}
	return b.Get(re), nil
}

// complexFoldKind recognises a reduction body `return op(arg0, arg1)` (or
// op(arg1, arg0)) with op stablehlo.add or stablehlo.multiply.
func complexFoldKind(r *ir.Region) (Kind, bool) {
	blk := r.Entry()
	if blk == nil || len(blk.Args) != 2 || len(blk.Ops) != 2 {
		return 0, false
	}
	f, ret := blk.Ops[0], blk.Ops[1]
	if len(f.Operands) != 2 || len(f.Results) != 1 || len(ret.Operands) != 1 || ret.Operands[0] != f.Results[0] {
		return 0, false
	}
	a, c := f.Operands[0], f.Operands[1]
	if !(a == blk.Args[0] && c == blk.Args[1] || a == blk.Args[1] && c == blk.Args[0]) {
		return 0, false
	}
	switch f.Name {
	case "stablehlo.add":
		return Add, true
	case "stablehlo.multiply":
		return Mul, true
	}
	return 0, false
}
