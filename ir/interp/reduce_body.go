package interp

// Running the scalar computations of reduce, reduce_window, scatter,
// select_and_scatter, sort, map and the collectives: a region whose block
// arguments are rank-0 tensors, called once per element.
//
// Calling a region through the interpreter costs a few allocations per call,
// so the common bodies are recognised and evaluated directly on the element
// storage: a single add, multiply, maximum, minimum, and, or or xor of the
// two block arguments, and bodies that return one of their arguments
// unchanged (scatter's "replace"). The fast path gives bit-identical results
// to running the region (same rounding, wrapping and NaN rules, the spec's
// semantics of those ops); reduceFastDisabled turns it off for tests that
// compare the two.

import (
	"github.com/zmlc/zmlc/ir"
)

// reduceFastDisabled forces every body through the interpreter (tests).
var reduceFastDisabled = false

// scalarBody calls a region on scalar arguments, reusing its argument
// tensors between calls.
type scalarBody struct {
	in     *Interpreter
	op     *ir.Op
	region *ir.Region
	args   []Value
	argT   []*ir.Tensor
	// fast is set when the body is a recognised binary op on (arg0, arg1)
	// or returns one of them; then fastElem is its element type.
	fast     *fastBinary
	fastElem ir.ElementType
}

// fastBinary is a recognised body of two scalars of one element type; pick
// is 1 or 2 when the body returns arg0 or arg1 unchanged, else 0 and the
// functions apply the op.
type fastBinary struct {
	pick int
	I    func(a, b int64) int64
	F    func(a, b float64) float64
	C    func(a, b complex128) complex128
}

// newScalarBody prepares region r of op for calls with nargs rank-0 tensor
// arguments; it returns an error if the region's block arguments are not
// nargs rank-0 tensors.
func newScalarBody(in *Interpreter, op *ir.Op, r *ir.Region, nargs int) (*scalarBody, error) {
	b := r.Entry()
	if b == nil {
		return nil, errorAt(op, "region is empty")
	}
	if len(b.Args) != nargs {
		return nil, errorAt(op, "region takes %d arguments, want %d", len(b.Args), nargs)
	}
	sb := &scalarBody{in: in, op: op, region: r, args: make([]Value, nargs), argT: make([]*ir.Tensor, nargs)}
	for i, a := range b.Args {
		t := a.Tensor()
		if t == nil || t.Rank() != 0 {
			return nil, errorAt(op, "region argument %d has type %s, want a rank-0 tensor", i, a.Type)
		}
		x, err := newTensor(op, t)
		if err != nil {
			return nil, err
		}
		sb.argT[i] = x
		sb.args[i] = x
	}
	if nargs == 2 && !reduceFastDisabled {
		sb.fast, sb.fastElem = detectFastBinary(b)
	}
	return sb, nil
}

// argElem returns the element type of block argument i.
func (sb *scalarBody) argElem(i int) ir.ElementType { return sb.argT[i].Type.Elem }

// set stores element si of src, converted to the argument's element type,
// as argument i of the next call.
func (sb *scalarBody) set(i int, src *ir.Tensor, si int) {
	castElem(sb.argT[i], 0, src, si)
}

// call runs the region and returns its results, each checked to be a
// rank-0 tensor. The returned tensors may be argument tensors that the next
// set overwrites: read them before the next call.
func (sb *scalarBody) call() ([]*ir.Tensor, error) {
	res, err := sb.in.RunRegion(sb.region, sb.args)
	if err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, len(res))
	for i, v := range res {
		t, ok := v.(*ir.Tensor)
		if !ok || t.Type.Rank() != 0 || t.Len() != 1 {
			return nil, errorAt(sb.op, "region result %d is not a rank-0 tensor", i)
		}
		out[i] = t
	}
	return out, nil
}

// detectFastBinary recognises a block `^bb(%a: tensor<E>, %b: tensor<E>)`
// whose body is `return %a`, `return %b`, or `%r = OP %a, %b` (either
// operand order) then `return %r`, for OP one of add, multiply, maximum,
// minimum, and, or, xor.
func detectFastBinary(b *ir.Block) (*fastBinary, ir.ElementType) {
	e := b.Args[0].Tensor().Elem
	if b.Args[1].Tensor().Elem != e {
		return nil, ir.Invalid
	}
	switch len(b.Ops) {
	case 1:
		ret := b.Ops[0]
		if !isReturn(ret) || len(ret.Operands) != 1 {
			return nil, ir.Invalid
		}
		switch ret.Operands[0] {
		case b.Args[0]:
			return &fastBinary{pick: 1}, e
		case b.Args[1]:
			return &fastBinary{pick: 2}, e
		}
	case 2:
		x, ret := b.Ops[0], b.Ops[1]
		if !isReturn(ret) || len(ret.Operands) != 1 || len(x.Results) != 1 || ret.Operands[0] != x.Results[0] {
			return nil, ir.Invalid
		}
		if len(x.Operands) != 2 || len(x.Regions) != 0 {
			return nil, ir.Invalid
		}
		a0, a1 := x.Operands[0], x.Operands[1]
		if !((a0 == b.Args[0] && a1 == b.Args[1]) || (a0 == b.Args[1] && a1 == b.Args[0])) {
			return nil, ir.Invalid
		}
		rt := x.Results[0].Tensor()
		if rt == nil || rt.Rank() != 0 || rt.Elem != e {
			return nil, ir.Invalid
		}
		if f := fastBinaryFuncs(x.Name, e); f != nil {
			return f, e
		}
	}
	return nil, ir.Invalid
}

func isReturn(op *ir.Op) bool { return op.Name == "stablehlo.return" || op.Name == "func.return" }

// fastBinaryFuncs returns the scalar functions of the commutative op name
// for element type e, or nil when there is no fast path. They are the
// functions the elementwise evaluators use (booleans: add and maximum are
// OR, multiply and minimum are AND; floats: IEEE-754 maximum/minimum, NaN
// propagating, -0 < +0; complex maximum/minimum lexicographic), followed by
// the same wrapping and rounding as mapBinary.
func fastBinaryFuncs(name string, e ir.ElementType) *fastBinary {
	var g elemFuncs2
	switch name {
	case "stablehlo.add":
		if e == ir.I1 {
			g.I = func(a, b int64) int64 { return a | b }
		} else {
			g = elemFuncs2{
				I: func(a, b int64) int64 { return a + b },
				F: func(a, b float64) float64 { return a + b },
				C: func(a, b complex128) complex128 { return a + b },
			}
		}
	case "stablehlo.multiply":
		if e == ir.I1 {
			g.I = func(a, b int64) int64 { return a & b }
		} else {
			g = elemFuncs2{
				I: func(a, b int64) int64 { return a * b },
				F: func(a, b float64) float64 { return a * b },
				C: func(a, b complex128) complex128 { return a * b },
			}
		}
	case "stablehlo.maximum":
		g = minMaxFuncs(e, true)
	case "stablehlo.minimum":
		g = minMaxFuncs(e, false)
	case "stablehlo.and":
		g.I = func(a, b int64) int64 { return a & b }
	case "stablehlo.or":
		g.I = func(a, b int64) int64 { return a | b }
	case "stablehlo.xor":
		g.I = func(a, b int64) int64 { return a ^ b }
	default:
		return nil
	}
	f := &fastBinary{}
	switch storageKind(e) {
	case kindInt:
		if g.I == nil {
			return nil
		}
		gi := g.I
		f.I = func(a, b int64) int64 { return e.WrapInt(gi(a, b)) }
	case kindFloat:
		if g.F == nil {
			return nil
		}
		gf := g.F
		f.F = func(a, b float64) float64 { return ir.RoundFloat(gf(a, b), e) }
	case kindComplex:
		if g.C == nil {
			return nil
		}
		gc := g.C
		p := e.ComplexPart()
		f.C = func(a, b complex128) complex128 {
			c := gc(a, b)
			return complex(ir.RoundFloat(real(c), p), ir.RoundFloat(imag(c), p))
		}
	}
	return f
}

// castElem stores element si of src into element di of dst, converting to
// dst's element type: integers wrap, floats round to nearest-even, real to
// complex takes a zero imaginary part, complex to real keeps the real part,
// float to integer truncates toward zero (saturating at the type's range;
// NaN gives 0), as convert does. Reduce,
// scatter and the collectives use it for the spec's to_destination_type,
// which only ever widens.
func castElem(dst *ir.Tensor, di int, src *ir.Tensor, si int) {
	de, se := dst.Type.Elem, src.Type.Elem
	switch storageKind(de) {
	case kindInt:
		switch storageKind(se) {
		case kindInt:
			dst.I[di] = de.WrapInt(src.I[si])
		case kindFloat:
			dst.I[di] = convertFloatToInt(src.F[si], de)
		case kindComplex:
			dst.I[di] = convertFloatToInt(real(src.C[si]), de)
		}
	case kindFloat:
		switch storageKind(se) {
		case kindInt:
			dst.F[di] = convertIntToFloat(src.I[si], se.IsUnsigned(), de)
		case kindFloat:
			dst.F[di] = ir.RoundFloat(src.F[si], de)
		case kindComplex:
			dst.F[di] = ir.RoundFloat(real(src.C[si]), de)
		}
	case kindComplex:
		p := de.ComplexPart()
		var c complex128
		switch storageKind(se) {
		case kindInt:
			c = complex(convertIntToFloat(src.I[si], se.IsUnsigned(), ir.F64), 0)
		case kindFloat:
			c = complex(src.F[si], 0)
		case kindComplex:
			c = src.C[si]
		}
		dst.C[di] = complex(ir.RoundFloat(real(c), p), ir.RoundFloat(imag(c), p))
	}
}

// accumulator folds values into result elements with a body of 2n scalar
// arguments: acc[j] = body(acc[j], x[k]) for n accumulated tensors at once
// (reduce, reduce_window, scatter, select_and_scatter, all_reduce). The
// first n body arguments receive the accumulated values, the last n the new
// ones; both are converted to the body's argument types and the body's
// results to the accumulators' element types.
type accumulator struct {
	sb   *scalarBody
	n    int
	acc  []*ir.Tensor // accumulators, updated in place
	vals []*ir.Tensor // the values folded in
	fast *fastBinary  // n == 1 and one element type throughout
}

// newAccumulator prepares region r of op to fold vals into acc (n tensors
// each).
func newAccumulator(in *Interpreter, op *ir.Op, r *ir.Region, acc, vals []*ir.Tensor) (*accumulator, error) {
	n := len(acc)
	if len(vals) != n {
		return nil, errorAt(op, "%d accumulators for %d inputs", n, len(vals))
	}
	sb, err := newScalarBody(in, op, r, 2*n)
	if err != nil {
		return nil, err
	}
	a := &accumulator{sb: sb, n: n, acc: acc, vals: vals}
	if n == 1 && sb.fast != nil && sb.fastElem == acc[0].Type.Elem && sb.fastElem == vals[0].Type.Elem {
		a.fast = sb.fast
	}
	return a, nil
}

// fold sets acc[j] = body(acc[j], src[k]) where src is vals, or other
// tensors of the same element types (the init values of reduce_window's
// padding).
func (a *accumulator) fold(j int, src []*ir.Tensor, k int) error {
	if f := a.fast; f != nil {
		acc, x := a.acc[0], src[0]
		switch f.pick {
		case 1:
		case 2:
			copyElem(acc, j, x, k)
		default:
			switch {
			case acc.I != nil:
				acc.I[j] = f.I(acc.I[j], x.I[k])
			case acc.F != nil:
				acc.F[j] = f.F(acc.F[j], x.F[k])
			case acc.C != nil:
				acc.C[j] = f.C(acc.C[j], x.C[k])
			}
		}
		return nil
	}
	for i := 0; i < a.n; i++ {
		a.sb.set(i, a.acc[i], j)
		a.sb.set(a.n+i, src[i], k)
	}
	out, err := a.sb.call()
	if err != nil {
		return err
	}
	if len(out) != a.n {
		return errorAt(a.sb.op, "body returned %d values, want %d", len(out), a.n)
	}
	for i, o := range out {
		castElem(a.acc[i], j, o, 0)
	}
	return nil
}
