package interp

// stablehlo.dot_general and the legacy stablehlo.dot (spec: dot_general).
//
// Batching and contracting dimensions may be in any position. Each operand is
// transposed into (batch, free, contracting) order and packed into a
// contiguous buffer, then gemmNT computes every batch with a blocked kernel.
// The result's dimensions are batch, lhs free, rhs free, as the spec says.
//
// Numerics: floats are multiplied and accumulated in float64 and rounded
// once to the result type with ir.RoundFloat; XLA accumulates f32 (and
// narrower) dots in f32, so results can differ from XLA's in the last bits of
// an f32 (ours are the more precise). Integers wrap (two's complement) to the
// result type; i1 multiplies with AND and adds with OR (the spec's boolean
// multiply and add). The result element type may differ from the operands'
// (JAX's preferred_element_type: bf16 x bf16 -> f32, i8 x i8 -> i32); integer
// operands of a float or complex result are converted exactly.
// precision_config and algorithm are accepted and ignored: the interpreter
// always computes at its highest precision.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.dot_general", evalDotGeneral)
	Register("stablehlo.dot", evalDot)
}

func evalDotGeneral(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	dn, ok := op.Attr("dot_dimension_numbers").(*ir.DotDimensionNumbersAttr)
	if !ok {
		return nil, errorAt(op, "missing or malformed attribute dot_dimension_numbers")
	}
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if err := dotGeneral(op, ts[0], ts[1], dn.LhsBatchingDimensions, dn.RhsBatchingDimensions,
		dn.LhsContractingDimensions, dn.RhsContractingDimensions, res); err != nil {
		return nil, err
	}
	return one(res), nil
}

// evalDot is the legacy `dot`: vector·vector, matrix·vector, vector·matrix
// or matrix·matrix, contracting the last dimension of lhs with the first of
// rhs.
func evalDot(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	lr, rr := ts[0].Type.Rank(), ts[1].Type.Rank()
	if lr < 1 || lr > 2 || rr < 1 || rr > 2 {
		return nil, errorAt(op, "operands must have rank 1 or 2, got %s and %s", ts[0].Type, ts[1].Type)
	}
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if err := dotGeneral(op, ts[0], ts[1], nil, nil, []int64{int64(lr - 1)}, []int64{0}, res); err != nil {
		return nil, err
	}
	return one(res), nil
}

// dotFreeDims checks that batch and contract are in-range, unique dimensions
// of a rank-r operand and returns the remaining (free) dimensions in order.
func dotFreeDims(op *ir.Op, side string, r int, batch, contract []int64) ([]int64, error) {
	used := make([]bool, r)
	for _, list := range [][]int64{batch, contract} {
		for _, d := range list {
			if d < 0 || d >= int64(r) {
				return nil, errorAt(op, "%s dimension %d is out of range for rank %d", side, d, r)
			}
			if used[d] {
				return nil, errorAt(op, "%s dimension %d is used twice in the dimension numbers", side, d)
			}
			used[d] = true
		}
	}
	var free []int64
	for d := 0; d < r; d++ {
		if !used[d] {
			free = append(free, int64(d))
		}
	}
	return free, nil
}

// dotGeneral computes the dot_general of lhs and rhs into res, whose type
// must be the inferred one (batch, lhs free, rhs free dimensions).
func dotGeneral(op *ir.Op, lhs, rhs *ir.Tensor, lb, rb, lc, rc []int64, res *ir.Tensor) error {
	if len(lb) != len(rb) {
		return errorAt(op, "lhs has %d batching dimensions, rhs %d", len(lb), len(rb))
	}
	if len(lc) != len(rc) {
		return errorAt(op, "lhs has %d contracting dimensions, rhs %d", len(lc), len(rc))
	}
	ls, rs := lhs.Type.Shape, rhs.Type.Shape
	lf, err := dotFreeDims(op, "lhs", len(ls), lb, lc)
	if err != nil {
		return err
	}
	rf, err := dotFreeDims(op, "rhs", len(rs), rb, rc)
	if err != nil {
		return err
	}
	var want []int64
	nb, m, n, k := 1, 1, 1, 1
	for i := range lb {
		if ls[lb[i]] != rs[rb[i]] {
			return errorAt(op, "batching dimension sizes differ: lhs dim %d is %d, rhs dim %d is %d", lb[i], ls[lb[i]], rb[i], rs[rb[i]])
		}
		want = append(want, ls[lb[i]])
		nb *= int(ls[lb[i]])
	}
	for i := range lc {
		if ls[lc[i]] != rs[rc[i]] {
			return errorAt(op, "contracting dimension sizes differ: lhs dim %d is %d, rhs dim %d is %d", lc[i], ls[lc[i]], rc[i], rs[rc[i]])
		}
		k *= int(ls[lc[i]])
	}
	for _, d := range lf {
		want = append(want, ls[d])
		m *= int(ls[d])
	}
	for _, d := range rf {
		want = append(want, rs[d])
		n *= int(rs[d])
	}
	if !sameShape(want, res.Type.Shape) {
		return errorAt(op, "result type %s does not match the inferred shape %v", res.Type, want)
	}
	lperm := intPerm(lb, lf, lc)
	rperm := intPerm(rb, rf, rc)
	re := res.Type.Elem
	switch storageKind(re) {
	case kindFloat:
		a, err := packOperand(op, lhs, lperm, asFloat64s)
		if err != nil {
			return err
		}
		b, err := packOperand(op, rhs, rperm, asFloat64s)
		if err != nil {
			return err
		}
		batchedGemm(a, b, res.F, nb, m, n, k)
		for i, v := range res.F {
			res.F[i] = ir.RoundFloat(v, re)
		}
	case kindComplex:
		a, err := packOperand(op, lhs, lperm, asComplex128s)
		if err != nil {
			return err
		}
		b, err := packOperand(op, rhs, rperm, asComplex128s)
		if err != nil {
			return err
		}
		batchedGemm(a, b, res.C, nb, m, n, k)
		p := re.ComplexPart()
		for i, v := range res.C {
			res.C[i] = complex(ir.RoundFloat(real(v), p), ir.RoundFloat(imag(v), p))
		}
	default:
		a, err := packOperand(op, lhs, lperm, asInt64s)
		if err != nil {
			return err
		}
		b, err := packOperand(op, rhs, rperm, asInt64s)
		if err != nil {
			return err
		}
		batchedGemm(a, b, res.I, nb, m, n, k)
		wrapDotInts(res.I, re)
	}
	return nil
}

// wrapDotInts reduces int64 accumulations to element type e: i1 results
// are the OR of the AND products (non-zero sum), others wrap.
func wrapDotInts(v []int64, e ir.ElementType) {
	for i, x := range v {
		if e == ir.I1 {
			if x != 0 {
				v[i] = 1
			}
			continue
		}
		v[i] = e.WrapInt(x)
	}
}

// batchedGemm computes nb independent products c_b = a_b · bt_bᵀ with a_b
// m×k and bt_b n×k.
func batchedGemm[T dotNum](a, bt, c []T, nb, m, n, k int) {
	for b := 0; b < nb; b++ {
		gemmNT(a[b*m*k:(b+1)*m*k], bt[b*n*k:(b+1)*n*k], c[b*m*n:(b+1)*m*n], m, n, k)
	}
}

// intPerm concatenates dimension lists into a permutation.
func intPerm(lists ...[]int64) []int {
	var p []int
	for _, l := range lists {
		for _, d := range l {
			p = append(p, int(d))
		}
	}
	return p
}

// packOperand returns x's elements, read as the kernel type by conv,
// transposed by perm into a new contiguous buffer.
func packOperand[T any](op *ir.Op, x *ir.Tensor, perm []int, conv func(*ir.Tensor) ([]T, bool)) ([]T, error) {
	src, ok := conv(x)
	if !ok {
		return nil, errorAt(op, "cannot compute with operand of type %s for this result type", x.Type)
	}
	dst := make([]T, len(src))
	permuteInto(dst, src, x.Type.Shape, perm)
	return dst, nil
}

// asFloat64s returns x's elements as float64s: its own storage for a float
// tensor, a converted copy for an integer one; false for complex.
func asFloat64s(x *ir.Tensor) ([]float64, bool) {
	e := x.Type.Elem
	switch storageKind(e) {
	case kindFloat:
		return x.F, true
	case kindInt:
		v := make([]float64, len(x.I))
		for i, a := range x.I {
			v[i] = convertIntToFloat(a, e.IsUnsigned(), ir.F64)
		}
		return v, true
	}
	return nil, false
}

// asInt64s returns x's integer storage; false for float or complex.
func asInt64s(x *ir.Tensor) ([]int64, bool) {
	if storageKind(x.Type.Elem) == kindInt {
		return x.I, true
	}
	return nil, false
}

// asComplex128s returns x's elements as complex128s (real tensors are
// converted with a zero imaginary part).
func asComplex128s(x *ir.Tensor) ([]complex128, bool) {
	e := x.Type.Elem
	switch storageKind(e) {
	case kindComplex:
		return x.C, true
	case kindFloat:
		v := make([]complex128, len(x.F))
		for i, a := range x.F {
			v[i] = complex(a, 0)
		}
		return v, true
	}
	v := make([]complex128, len(x.I))
	for i, a := range x.I {
		v[i] = complex(convertIntToFloat(a, e.IsUnsigned(), ir.F64), 0)
	}
	return v, true
}
