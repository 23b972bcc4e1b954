package interp

// The chlo ops that JAX exports commonly: chlo.erf, chlo.erf_inv, chlo.tan
// and chlo.top_k (openxla/stablehlo ChloOps.td).
//
// erf, erf_inv and tan are computed in float64 (math.Erf, math.Erfinv,
// math.Tan; cmplx.Tan for complex tan) and rounded once to the element type.
// erf_inv(±1) is ±Inf and erf_inv outside [-1, 1] is NaN.
//
// top_k returns the k largest elements along the last dimension, in
// descending order, and their indices as i32. It follows the legalization
// that StableHLO ships (ChloLegalizeToStablehlo: a sort of (values, iota)
// with `compare GT` on the values, TOTALORDER for floats, then a slice), as
// XLA's TopK does: for floats the order is IEEE totalOrder, so +NaN ranks
// above +Inf, -NaN below -Inf, and +0.0 above -0.0; unsigned integers compare
// unsigned. Ties keep the lower index first (a stable sort), also when
// is_stable is false.

import (
	"math"
	"math/cmplx"
	"slices"

	"github.com/zmlc/zmlc/internal/fmath"
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("chlo.erf", chloUnary(elemFuncs{F: math.Erf}))
	Register("chlo.erf_inv", chloUnary(elemFuncs{F: math.Erfinv}))
	Register("chlo.tan", chloUnary(elemFuncs{F: fmath.Tan, C: cmplx.Tan}))
	Register("chlo.top_k", evalTopK)
}

// chloUnary is an elementwise evaluator for the kinds f supports.
func chloUnary(f elemFuncs) EvalFunc {
	return func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		ts, err := tensorArgs(op, args, 1)
		if err != nil {
			return nil, err
		}
		r, err := mapUnary(op, ts[0], f)
		if err != nil {
			return nil, err
		}
		return one(r), nil
	}
}

func evalTopK(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	e := x.Type.Elem
	if e.IsComplex() {
		return nil, errorAt(op, "operand type %s is not ordered", x.Type)
	}
	r := x.Type.Rank()
	if r < 1 {
		return nil, errorAt(op, "operand must have rank >= 1, got %s", x.Type)
	}
	k, err := attrInt(op, "k")
	if err != nil {
		return nil, err
	}
	n := x.Type.Shape[r-1]
	if k < 0 || k > n {
		return nil, errorAt(op, "k = %d must be in [0, %d] (the last dimension)", k, n)
	}
	if _, err := attrBool(op, "is_stable", true); err != nil {
		return nil, err
	}
	want := append(append([]int64{}, x.Type.Shape[:r-1]...), k)
	vals, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	idx, err := newResult(op, 1)
	if err != nil {
		return nil, err
	}
	if vals.Type.Elem != e || !sameShape(vals.Type.Shape, want) {
		return nil, errorAt(op, "values result has type %s, want shape %v of %s", vals.Type, want, e)
	}
	if !idx.Type.Elem.IsInteger() || !sameShape(idx.Type.Shape, want) {
		return nil, errorAt(op, "indices result has type %s, want shape %v of i32", idx.Type, want)
	}
	if n == 0 || k == 0 {
		return []Value{vals, idx}, nil
	}
	rows := x.Len() / int(n)
	keys := make([]int64, n)
	perm := make([]int, n)
	for row := 0; row < rows; row++ {
		base := row * int(n)
		for i := range keys {
			keys[i] = topKKey(x, base+i)
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(a, b int) int {
			switch {
			case keys[a] > keys[b]:
				return -1
			case keys[a] < keys[b]:
				return 1
			}
			return 0
		})
		for j := 0; j < int(k); j++ {
			copyElem(vals, row*int(k)+j, x, base+perm[j])
			idx.I[row*int(k)+j] = idx.Type.Elem.WrapInt(int64(perm[j]))
		}
	}
	return []Value{vals, idx}, nil
}

// topKKey maps element i of x to an int64 whose signed order is top_k's
// order: totalOrder for floats, unsigned order for unsigned integers.
func topKKey(x *ir.Tensor, i int) int64 {
	e := x.Type.Elem
	switch {
	case e.IsFloat():
		return totalOrderKey(x.F[i])
	case e.IsUnsigned() || e == ir.I1:
		return int64(unsignedBits(x.I[i], e) ^ 1<<63)
	}
	return x.I[i]
}
