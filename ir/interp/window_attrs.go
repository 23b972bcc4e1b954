package interp

// Attribute readers shared by convolution, reduce_window and
// select_and_scatter.

import "github.com/zmlc/zmlc/ir"

// windowPadding reads the padding attribute called name, a
// `dense<[[lo, hi], ...]> : tensor<Nx2xi64>`, as low and high padding per
// dimension (negative values crop). A missing attribute means no padding. It
// returns an error if the attribute is not an n x 2 integer tensor.
func windowPadding(op *ir.Op, name string, n int) (lo, hi []int64, err error) {
	lo, hi = make([]int64, n), make([]int64, n)
	a := op.Attr(name)
	if a == nil {
		return lo, hi, nil
	}
	var v []int64
	switch a := a.(type) {
	case *ir.DenseElementsAttr:
		t := a.Value
		if !t.Type.Elem.IsInteger() || t.Len() != 2*n || (t.Type.Rank() == 2 && t.Type.Shape[1] != 2) {
			return nil, nil, errorAt(op, "%s must be a %dx2 integer tensor, got %s", name, n, t.Type)
		}
		v = t.I
	default:
		// Also accept a flat integer list (lo0, hi0, lo1, hi1, ...).
		x, ok := ir.Int64s(a)
		if !ok || len(x) != 2*n {
			return nil, nil, errorAt(op, "%s must be a %dx2 integer tensor", name, n)
		}
		v = x
	}
	for d := 0; d < n; d++ {
		lo[d], hi[d] = v[2*d], v[2*d+1]
	}
	return lo, hi, nil
}

// windowInts reads the integer list attribute name of n entries, each at
// least 1, defaulting to all ones when absent.
func windowInts(op *ir.Op, name string, n int, required bool) ([]int64, error) {
	if op.Attr(name) == nil {
		if required {
			return nil, errorAt(op, "missing attribute %s", name)
		}
		v := make([]int64, n)
		for i := range v {
			v[i] = 1
		}
		return v, nil
	}
	v, err := attrInts(op, name)
	if err != nil {
		return nil, err
	}
	if len(v) != n {
		return nil, errorAt(op, "%s has %d entries, want %d", name, len(v), n)
	}
	for _, x := range v {
		if x < 1 {
			return nil, errorAt(op, "%s must be positive, got %v", name, v)
		}
	}
	return v, nil
}
